import type { MessageResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { AccountLinkMailer, findAccount, VERIFY_LINK } from '../account-link-mailer';

/** Mail the verification link of an unverified account again. */
export class ResendVerification {
  constructor(
    readonly email: string,
    readonly ip: string,
  ) {}
}

/**
 * Answers the same whether or not the address has an unverified account, and
 * whether or not the mail limits let a mail go, so it reveals nothing. The
 * live link is mailed again while there is one.
 */
@CommandHandler(ResendVerification)
export class ResendVerificationHandler implements ICommandHandler<ResendVerification, MessageResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly links: AccountLinkMailer,
  ) {}

  async execute({ email, ip }: ResendVerification): Promise<MessageResponse> {
    const user = await findAccount(this.dataSource.manager, email);
    if (user && !user.emailVerified) await this.links.mail(user.id, VERIFY_LINK, ip, (row) => !row.email_verified);
    return { message: 'If this address has an account waiting for verification, a new link is on its way.' };
  }
}
