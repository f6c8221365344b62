import { FORGOT_PASSWORD_MESSAGE, type MessageResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { AccountLinkMailer, findAccount, RESET_LINK } from '../account-link-mailer';

/** Forgot password: mail a reset link to this address. */
export class RequestPasswordReset {
  constructor(
    readonly email: string,
    readonly ip: string,
  ) {}
}

/**
 * Mails a 1-hour, single-use reset link, re-sending the live one when there
 * is one, within the mail limits. The answer never says whether the account
 * exists or whether a mail went.
 */
@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset, MessageResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly links: AccountLinkMailer,
  ) {}

  async execute({ email, ip }: RequestPasswordReset): Promise<MessageResponse> {
    const user = await findAccount(this.dataSource.manager, email);
    if (user) await this.links.mail(user.id, RESET_LINK, ip);
    return { message: FORGOT_PASSWORD_MESSAGE };
  }
}
