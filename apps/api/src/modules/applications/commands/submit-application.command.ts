import { Voyage, voyageStreamId, type ApplicantUserType } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { PAYMENT_GATEWAY } from '../../subscriptions/payments/payment-gateway';
import type { PaymentGateway } from '../../subscriptions/payments/payment-gateway';
import { assertMayApply } from '../../subscriptions/subscription-access';
import type { ApplicationCommandResult } from './decide-on-application.command';

/**
 * A crew member applies to a voyage, whole or some legs. The Voyage aggregate
 * decides (who may apply, one live application each, capacity); the message is
 * kept in `application_messages`, outside the immutable event, so that
 * deleting the account really erases it.
 */
export class SubmitApplication {
  constructor(
    readonly applicationId: string,
    readonly voyageId: string,
    readonly applicant: { readonly id: string; readonly userType: ApplicantUserType },
    readonly message: string,
    readonly segmentOrders: readonly number[],
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(SubmitApplication)
export class SubmitApplicationHandler implements ICommandHandler<SubmitApplication, ApplicationCommandResult> {
  constructor(
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PAYMENT_GATEWAY) private readonly payments: PaymentGateway | null,
  ) {}

  async execute({ applicationId, voyageId, applicant, message, segmentOrders, metadata }: SubmitApplication): Promise<ApplicationCommandResult> {
    // The access policy (monetization, rollout, lists, trial, subscription) is asked while the message is
    // written (first, so the mail to the skipper can quote it); a refusal by either removes the message again.
    const written = await Promise.allSettled([
      assertMayApply(this.dataSource, applicant.id, new Date(), this.payments !== null),
      this.dataSource.query(`INSERT INTO application_messages (application_id, voyage_id, crew_id, message) VALUES ($1, $2, $3, $4) ON CONFLICT (application_id) DO NOTHING`, [
        applicationId,
        voyageId,
        applicant.id,
        message.trim(),
      ]),
    ]);
    const failed = written.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) {
      await this.dataSource.query(`DELETE FROM application_messages WHERE application_id = $1`, [applicationId]);
      throw failed.reason;
    }
    try {
      const outcome = await this.repository.execute(
        Voyage,
        voyageStreamId(voyageId),
        { type: 'SubmitApplication', actorId: applicant.id, actorUserType: applicant.userType, applicationId, message, segmentOrders },
        metadata,
      );
      return { applicationId, voyageId, position: outcome.position };
    } catch (error) {
      await this.dataSource.query(`DELETE FROM application_messages WHERE application_id = $1`, [applicationId]);
      throw error;
    }
  }
}
