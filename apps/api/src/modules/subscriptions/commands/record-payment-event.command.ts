import { DomainError, isUuid, paymentStanding, Subscription, subscriptionStreamId, type LogPosition, type SubscriptionCommand, type SubscriptionState } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApplicationError } from '../../../platform/application-error';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { PAYMENT_GATEWAY } from '../payments/payment-gateway';
import { atProvider, requirePayments } from '../payments/payment-errors';
import { InvalidPaymentEventError, InvalidSignatureError, type PaymentEvent, type PaymentGateway, type PaymentParty } from '../payments/payment-gateway';

export class RecordPaymentEvent {
  constructor(
    readonly rawBody: Buffer,
    readonly signature: string | undefined,
    /** The HTTP request id, to correlate the events with the delivery. */
    readonly correlationId: string,
  ) {}
}

export type PaymentEventOutcome =
  | { readonly outcome: 'recorded'; readonly eventId: string; readonly streamId: string; readonly appended: number; readonly position: LogPosition | null }
  | { readonly outcome: 'ignored'; readonly eventId: string; readonly type: string }
  /** Signed by the provider but about nobody we know (a deleted account, another system's customer). */
  | { readonly outcome: 'unknown_member'; readonly eventId: string; readonly kind: PaymentEvent['kind'] };

const invalidSignature = (message: string): ApplicationError => new ApplicationError('validation', 'INVALID_SIGNATURE', message);

type PaidEvent = Extract<PaymentEvent, { kind: 'checkout_completed' | 'renewal_paid' }>;
const isPaid = (event: PaymentEvent): event is PaidEvent => event.kind === 'checkout_completed' || event.kind === 'renewal_paid';
/** The provider's references of a paid event, as the aggregate deduplicates them. */
const referenceOf = (event: PaidEvent) => ({
  providerEventId: event.eventId,
  checkoutSessionId: event.kind === 'checkout_completed' ? event.checkoutSessionId : null,
  // A session without an invoice is its own reference.
  invoiceId: event.kind === 'checkout_completed' ? (event.invoiceId ?? event.checkoutSessionId) : event.invoiceId,
  providerSubscriptionId: event.subscriptionId,
});

/**
 * A signed delivery from the payment provider, turned into one command on the
 * member's Subscription stream. The provider's event id, checkout session
 * and invoice travel with it: the aggregate ignores a payment it has seen
 * under any of them, so a retried or doubled delivery changes nothing. A
 * payment for a second provider subscription while another of the member's
 * is live (two checkouts paid) is never a second activation: that
 * subscription is cancelled and its payment refunded at the provider first,
 * then recorded as a refunded duplicate. Who the event is about comes from
 * our user id in its metadata, else from the billing account the
 * subscriptions read model knows.
 */
@CommandHandler(RecordPaymentEvent)
export class RecordPaymentEventHandler implements ICommandHandler<RecordPaymentEvent, PaymentEventOutcome> {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly payments: PaymentGateway | null,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async execute({ rawBody, signature, correlationId }: RecordPaymentEvent): Promise<PaymentEventOutcome> {
    const gateway = requirePayments(this.payments);
    const event = this.parse(gateway, rawBody, signature);
    if (event.kind === 'ignored') return { outcome: 'ignored', eventId: event.eventId, type: event.type };
    const userId = await this.memberOf(event.party);
    if (!userId) return { outcome: 'unknown_member', eventId: event.eventId, kind: event.kind };
    const streamId = subscriptionStreamId(userId);
    const metadata: CommandMetadata = { userId: null, correlationId, causationId: event.eventId };
    const recorded = (outcome: { appended: number; position: LogPosition | null }): PaymentEventOutcome => ({
      outcome: 'recorded',
      eventId: event.eventId,
      streamId,
      appended: outcome.appended,
      position: outcome.position,
    });
    const nothing = recorded({ appended: 0, position: null });
    // A delivery seen before changes nothing: skip the provider round trip too.
    const { state } = await this.repository.load(Subscription, streamId);
    if (state.providerEvents.includes(event.eventId)) return nothing;
    if (isPaid(event)) {
      const standing = paymentStanding(state, referenceOf(event), new Date());
      if (standing === 'recorded') return nothing;
      if (standing === 'duplicate') return recorded(await this.refundDuplicate(gateway, event, streamId, metadata));
    }
    const command = await this.commandFor(gateway, event);
    try {
      return recorded(await this.repository.execute(Subscription, streamId, command, metadata));
    } catch (error) {
      // Another subscription's payment was recorded while this one was read (both checkouts' webhooks at once).
      if (isPaid(event) && error instanceof DomainError && error.code === 'DUPLICATE_SUBSCRIPTION') {
        return recorded(await this.refundDuplicate(gateway, event, streamId, metadata));
      }
      throw error;
    }
  }

  /**
   * The member already has another live provider subscription: this one is
   * cancelled (never charged again) and what it took refunded, at the
   * provider first, so a failure there answers 503 and the provider's retry
   * finishes the job (both calls are safe to repeat). Then it is recorded.
   */
  private async refundDuplicate(
    gateway: PaymentGateway,
    event: PaidEvent,
    streamId: string,
    metadata: CommandMetadata,
  ): Promise<{ appended: number; position: LogPosition | null; state: SubscriptionState }> {
    const reference = referenceOf(event);
    await atProvider(() => gateway.cancelSubscription(event.subscriptionId));
    const refund = await atProvider(() => gateway.refundPayment({ invoiceId: event.invoiceId, subscriptionId: event.subscriptionId }));
    return this.repository.execute(
      Subscription,
      streamId,
      {
        type: 'RecordDuplicateRefund',
        providerEventId: event.eventId,
        checkoutSessionId: reference.checkoutSessionId,
        invoiceId: reference.invoiceId,
        providerSubscriptionId: event.subscriptionId,
        amountPaid: event.amountPaid,
        currency: event.currency,
        refund: refund ? { refundId: refund.refundId, amount: refund.amount } : null,
      },
      metadata,
    );
  }

  private parse(gateway: PaymentGateway, rawBody: Buffer, signature: string | undefined): PaymentEvent {
    try {
      return gateway.parseWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof InvalidSignatureError) throw invalidSignature(error.message);
      if (error instanceof InvalidPaymentEventError) throw new ApplicationError('validation', 'INVALID_EVENT', error.message);
      throw error;
    }
  }

  private async commandFor(gateway: PaymentGateway, event: Exclude<PaymentEvent, { kind: 'ignored' }>): Promise<SubscriptionCommand> {
    const providerEventId = event.eventId;
    switch (event.kind) {
      case 'checkout_completed': {
        // The session does not carry the paid period: the subscription it created does.
        const period = await atProvider(() => gateway.retrieveSubscriptionPeriod(event.subscriptionId)).catch((error: unknown) => {
          throw error instanceof InvalidPaymentEventError ? new ApplicationError('validation', 'INVALID_EVENT', error.message) : error;
        });
        return {
          type: 'RecordPayment',
          providerEventId,
          kind: 'activation',
          checkoutSessionId: event.checkoutSessionId,
          invoiceId: referenceOf(event).invoiceId,
          providerCustomerId: event.customerId,
          providerSubscriptionId: event.subscriptionId,
          amountPaid: event.amountPaid,
          currency: event.currency,
          periodStart: period.start,
          periodEnd: period.end,
        };
      }
      case 'renewal_paid':
        return {
          type: 'RecordPayment',
          providerEventId,
          kind: 'renewal',
          invoiceId: event.invoiceId,
          providerCustomerId: event.customerId,
          providerSubscriptionId: event.subscriptionId,
          amountPaid: event.amountPaid,
          currency: event.currency,
          periodStart: event.period.start,
          periodEnd: event.period.end,
        };
      case 'payment_failed':
        return { type: 'RecordPaymentFailure', providerEventId, invoiceId: event.invoiceId, providerSubscriptionId: event.subscriptionId };
      case 'cancellation_changed':
        return {
          type: 'RecordCancellationChange',
          providerEventId,
          cancelAtPeriodEnd: event.cancelAtPeriodEnd,
          periodEnd: event.periodEnd,
          providerSubscriptionId: event.subscriptionId,
        };
      case 'subscription_ended':
        return { type: 'RecordProviderEnded', providerEventId, providerSubscriptionId: event.subscriptionId };
    }
  }

  /** Our member the event is about: the user id we gave the provider, else the owner of its billing account; null if neither is known. */
  private async memberOf(party: PaymentParty): Promise<string | null> {
    if (party.userId !== null && isUuid(party.userId)) {
      const [user] = await this.dataSource.query<{ id: string }[]>(`SELECT id FROM users WHERE id = $1`, [party.userId]);
      if (user) return user.id;
    }
    if (party.customerId === null) return null;
    const [owner] = await this.dataSource.query<{ user_id: string }[]>(
      `SELECT s.user_id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stripe_customer_id = $1 LIMIT 1`,
      [party.customerId],
    );
    return owner?.user_id ?? null;
  }
}
