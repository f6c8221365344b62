import { isSafeNextPath, SIGN_IN_LINK_MESSAGE, type MessageResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { AccountLinkMailer, findAccount, SIGN_IN_LINK } from '../account-link-mailer';

/** Mail me a one-time sign-in link; `next` is the same-site path to land on once signed in. */
export class RequestSignInLink {
  constructor(
    readonly email: string,
    readonly ip: string,
    readonly next?: string,
  ) {}
}

/**
 * Mails a one-time sign-in link (15 minutes). It is how an owner gets in while
 * password sign-in is throttled: only the mailbox owner can use it. The live
 * link is re-sent while there is one, within the mail limits (3 an hour per
 * account), so the endpoint cannot flood an inbox. The answer never says
 * whether the account exists. `next` (a same-site path, checked by the
 * contract) rides on the link, so the member lands on the page they were
 * going to once signed in.
 */
@CommandHandler(RequestSignInLink)
export class RequestSignInLinkHandler implements ICommandHandler<RequestSignInLink, MessageResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly links: AccountLinkMailer,
  ) {}

  async execute({ email, ip, next }: RequestSignInLink): Promise<MessageResponse> {
    const user = await findAccount(this.dataSource.manager, email);
    if (user) await this.links.mail(user.id, SIGN_IN_LINK, ip, undefined, isSafeNextPath(next) ? { next } : {});
    return { message: SIGN_IN_LINK_MESSAGE };
  }
}
