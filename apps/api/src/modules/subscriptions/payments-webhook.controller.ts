import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { rawBodyOf } from '../../platform/http/raw-body';
import { RecordPaymentEvent, type PaymentEventOutcome } from './commands/record-payment-event.command';

/**
 * The payment provider's signed events. Public: the signature over the raw
 * body is the authentication. An event about nobody we know is acknowledged
 * (a retry would not change that) and logged for the operators.
 */
@Controller('api/payments')
export class PaymentsWebhookController {
  constructor(private readonly commands: CommandBus) {}

  @Post('webhook')
  @HttpCode(200)
  async receive(@Req() request: FastifyRequest, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    const result: PaymentEventOutcome = await this.commands.execute(new RecordPaymentEvent(rawBodyOf(request) ?? Buffer.alloc(0), signature, String(request.id)));
    if (result.outcome === 'unknown_member') {
      request.log.warn({ providerEventId: result.eventId, kind: result.kind }, 'payment event for no known member: acknowledged, nothing recorded');
    }
    return { received: true };
  }
}
