import type { PhoneVerified } from '@crew/contracts';
import { PHONE_VERIFICATION, PHONE_VERIFICATION_CODES as CODES, PHONE_VERIFICATION_MESSAGES as MESSAGES } from '@crew/rules';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { PHONE_LOCK_SQL, phoneCodeMatches, phoneKey } from '../phone-codes';

/** The code from the text message, typed in by the signed-in member. */
export class ConfirmPhoneCode {
  constructor(
    readonly userId: string,
    readonly code: string,
  ) {}
}

type Outcome = { kind: 'verified' } | { kind: 'refused'; error: ApplicationError };

/**
 * A right code, within 10 minutes and 5 tries, for the number the profile
 * has now: the phone number becomes verified and the code is spent. A wrong
 * try is counted (and kept when the answer is a refusal); the fifth wrong one
 * ends the code.
 */
@CommandHandler(ConfirmPhoneCode)
export class ConfirmPhoneCodeHandler implements ICommandHandler<ConfirmPhoneCode, PhoneVerified> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ userId, code }: ConfirmPhoneCode): Promise<PhoneVerified> {
    const now = this.platform.clock.now();
    const outcome = await this.platform.dataSource.transaction(async (manager): Promise<Outcome> => {
      const refuse = (error: ApplicationError): Outcome => ({ kind: 'refused', error });
      await manager.query(PHONE_LOCK_SQL, [userId]);
      const [user] = await manager.query<{ phone_number: string | null; phone_verified: boolean }[]>('SELECT phone_number, phone_verified FROM users WHERE id = $1', [userId]);
      if (!user) return refuse(new ApplicationError('unauthenticated', 'INVALID_TOKEN', 'Your session has expired. Please log in again.'));
      if (user.phone_verified) return refuse(new ApplicationError('conflict', CODES.alreadyVerified, MESSAGES.alreadyVerified));
      const [pending] = await manager.query<{ phone_number: string; code_hash: string; expires_at: Date; attempts: number }[]>(
        'SELECT phone_number, code_hash, expires_at, attempts FROM phone_verifications WHERE user_id = $1',
        [userId],
      );
      // No code, a code already spent, or one sent to a number the profile no longer has.
      if (!pending || pending.code_hash === '' || phoneKey(pending.phone_number) !== phoneKey(user.phone_number)) {
        return refuse(new ApplicationError('conflict', CODES.noCode, MESSAGES.noCode));
      }
      if (pending.attempts >= PHONE_VERIFICATION.maxAttempts) return refuse(new ApplicationError('rate_limited', CODES.tooManyTries, MESSAGES.tooManyTries));
      if (pending.expires_at.getTime() <= now.getTime()) return refuse(new ApplicationError('gone', CODES.expired, MESSAGES.expired));
      if (!phoneCodeMatches(pending.code_hash, userId, pending.phone_number, code)) {
        const attempts = pending.attempts + 1;
        await manager.query('UPDATE phone_verifications SET attempts = $2 WHERE user_id = $1', [userId, attempts]);
        const left = PHONE_VERIFICATION.maxAttempts - attempts;
        return refuse(
          left > 0
            ? new ApplicationError('rule', CODES.wrongCode, MESSAGES.wrongCode(left), { extra: { tries_left: left } })
            : new ApplicationError('rate_limited', CODES.tooManyTries, MESSAGES.tooManyTries),
        );
      }
      // Spent: the row stays for the hourly count of codes sent.
      await manager.query(`UPDATE phone_verifications SET code_hash = '', attempts = 0 WHERE user_id = $1`, [userId]);
      // Only while the profile still has that number: a change saved meanwhile wins.
      const [, changed] = await manager.query<[unknown, number]>(
        'UPDATE users SET phone_verified = true, updated_at = now() WHERE id = $1 AND phone_number IS NOT DISTINCT FROM $2',
        [userId, user.phone_number],
      );
      return changed === 1 ? { kind: 'verified' } : refuse(new ApplicationError('conflict', CODES.noCode, MESSAGES.noCode));
    });
    if (outcome.kind === 'refused') throw outcome.error;
    return { phone_verified: true, message: MESSAGES.verified };
  }
}
