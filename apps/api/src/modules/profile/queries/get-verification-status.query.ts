import type { VerificationStatus } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import type { SmsSender } from '../../../platform/sms/sms-sender';
import { DATA_SOURCE, SMS_SENDER } from '../../../platform/tokens';
import { memberTrustOf, verificationStatusOf } from '../../member-standing/member-trust';

/** The signed-in member's trust checks, done and to do. */
export class GetVerificationStatus {
  constructor(readonly userId: string) {}
}

@QueryHandler(GetVerificationStatus)
export class GetVerificationStatusHandler implements IQueryHandler<GetVerificationStatus, VerificationStatus> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(SMS_SENDER) private readonly sms: SmsSender | null,
  ) {}

  async execute({ userId }: GetVerificationStatus): Promise<VerificationStatus> {
    const result = (await memberTrustOf(this.dataSource, [userId])).get(userId);
    if (!result) throw new ApplicationError('not_found', 'USER_NOT_FOUND', 'Member not found');
    return verificationStatusOf(result, this.sms !== null);
  }
}
