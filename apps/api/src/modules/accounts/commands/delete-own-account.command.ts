import { ACCOUNT_SELF_SERVICE_CODES, ACCOUNT_SELF_SERVICE_MESSAGES, type DeleteAccountRequest, type DeleteAccountResponse, type Locale } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { AccountErasures } from '../../../platform/account-erasures';
import { ApplicationError } from '../../../platform/application-error';
import type { CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { mailLocale } from '../../../platform/mail/mail-i18n';
import { MailTemplateRegistry } from '../../../platform/mail/mail-template-registry';
import type { Platform } from '../../../platform/platform';
import { DATA_SOURCE, PLATFORM } from '../../../platform/tokens';
import { EndSubscriptionAtProvider } from '../../subscriptions/commands/end-subscription-at-provider.command';
import { FindCrewedVoyages, type CrewedVoyages } from '../../voyages/queries/find-crewed-voyages.query';
import { confirmOwnPassword } from '../password-check';
import { SECOND_FACTOR_CHECK, type SecondFactorCheck } from '../second-factor';
import { User } from '../user.entity';

/** The signed-in member deletes their own account, with their password (and second factor when it is on). */
export class DeleteOwnAccount {
  constructor(
    readonly userId: string,
    readonly request: DeleteAccountRequest,
    readonly ip: string,
    readonly metadata: CommandMetadata,
  ) {}
}

/** The confirmation's template (account-mail.ts). */
export const ACCOUNT_DELETED_TEMPLATE = 'account-deleted';

const signInAgain = (): ApplicationError => new ApplicationError('unauthenticated', 'UNAUTHORIZED', 'Please sign in again');

/**
 * Erases the member's own account the way an administrator's deletion does
 * (AccountErasures: every context's step), after:
 * - the password (throttled like sign-in) and, when two-step sign-in is on
 *   for the account, a code from the authenticator app (SecondFactorCheck);
 * - refusing administrators, and a skipper with accepted crew on a voyage
 *   still to sail (the same rule as the administrator's deletion);
 * - ending the subscription at the payment provider first, so that a
 *   provider that cannot be reached refuses the deletion before anything is
 *   erased (the subscriptions step of the erasure then finds it done).
 *
 * Every session is signed out before the erasure starts (token version
 * bumped), so no other session acts on a half-erased account; once the row is
 * gone no token names an account, and the messaging step ends the open streams.
 *
 * The confirmation mail: jobs name people by id only and are sent after the
 * commit that queued them, when this account no longer exists, and the mail
 * pipeline's own record of a sent mail (email_messages) keeps the address.
 * So the address and first name are read into memory before the erasure,
 * and, once it has finished, this command renders the mail and hands it to
 * the mail transport itself: nothing is queued or recorded, and the address
 * is dropped when the request ends. A transport that fails, and the local
 * mailbox of a server without SMTP (whose mailbox is the record this avoids),
 * answer `confirmation_mailed: false`; the erasure stands.
 */
@CommandHandler(DeleteOwnAccount)
export class DeleteOwnAccountHandler implements ICommandHandler<DeleteOwnAccount, DeleteAccountResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PLATFORM) private readonly platform: Platform,
    @Inject(SECOND_FACTOR_CHECK) private readonly secondFactor: SecondFactorCheck,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly erasures: AccountErasures,
    private readonly mailTemplates: MailTemplateRegistry,
  ) {}

  async execute({ userId, request, ip, metadata }: DeleteOwnAccount): Promise<DeleteAccountResponse> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw signInAgain();
    await confirmOwnPassword(this.platform.signInThrottle, user, request.password, ip, 'password');
    await this.confirmSecondFactor(userId, request.code);
    if (user.isAdmin || user.userType === 'admin') {
      throw new ApplicationError('conflict', ACCOUNT_SELF_SERVICE_CODES.adminAccount, ACCOUNT_SELF_SERVICE_MESSAGES.adminAccount);
    }
    const crewed = await this.queries.execute<FindCrewedVoyages, CrewedVoyages>(new FindCrewedVoyages(userId));
    if (crewed.voyages > 0) {
      throw new ApplicationError('conflict', ACCOUNT_SELF_SERVICE_CODES.activeCrew, ACCOUNT_SELF_SERVICE_MESSAGES.activeCrew(crewed.voyages, crewed.acceptedCrew), {
        extra: { active_voyages: crewed.voyages, accepted_applications: crewed.acceptedCrew },
      });
    }
    await this.commands.execute(new EndSubscriptionAtProvider(userId));

    // Held in memory only, for the confirmation below (in the member's language).
    const recipient = { email: user.email, firstName: user.firstName, locale: user.locale };
    await this.dataSource.query('UPDATE users SET token_version = token_version + 1, updated_at = now() WHERE id = $1', [userId]);
    const erased = await this.erasures.erase({ userId, erasedBy: userId, metadata, at: this.platform.clock.now() });
    const confirmationMailed = await this.confirm(recipient);
    return {
      message: ACCOUNT_SELF_SERVICE_MESSAGES.accountDeleted,
      confirmation_mailed: confirmationMailed,
      deleted_records: {
        applications: erased['applications'] ?? 0,
        voyages: erased['voyages'] ?? 0,
        boats: erased['boats'] ?? 0,
        support_tickets: erased['tickets'] ?? 0,
      },
    };
  }

  /** When two-step sign-in is on for the account, its code is needed too. */
  private async confirmSecondFactor(userId: string, code: string | undefined): Promise<void> {
    if (!(await this.secondFactor.isEnabled(userId))) return;
    if (!code) {
      throw new ApplicationError('forbidden', ACCOUNT_SELF_SERVICE_CODES.secondFactorRequired, ACCOUNT_SELF_SERVICE_MESSAGES.secondFactorRequired, {
        details: [{ path: 'code', message: ACCOUNT_SELF_SERVICE_MESSAGES.secondFactorRequired }],
      });
    }
    if (!(await this.secondFactor.verify(userId, code))) {
      throw new ApplicationError('forbidden', ACCOUNT_SELF_SERVICE_CODES.wrongSecondFactor, ACCOUNT_SELF_SERVICE_MESSAGES.wrongSecondFactor, {
        details: [{ path: 'code', message: ACCOUNT_SELF_SERVICE_MESSAGES.wrongSecondFactor }],
      });
    }
  }

  /** Renders and sends the confirmation now, to the address read before the erasure; true when the mail server took it. */
  private async confirm(recipient: { readonly email: string; readonly firstName: string; readonly locale: Locale }): Promise<boolean> {
    // The local mailbox (no SMTP server configured) is the mail pipeline's record itself, which must not keep the address.
    if (this.platform.mail.kind !== 'smtp') return false;
    try {
      const email = this.mailTemplates.render(ACCOUNT_DELETED_TEMPLATE, { firstName: recipient.firstName }, mailLocale(recipient.locale));
      await this.platform.mail.send({ from: this.platform.config.mailFrom, to: recipient.email, subject: email.subject, text: email.text, html: email.html });
      return true;
    } catch (error) {
      // Logged without the mail server's text, which may quote the address of an account that is gone.
      const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
      this.platform.logger.warn(`account deletion: the confirmation mail could not be sent (${code})`);
      return false;
    }
  }
}
