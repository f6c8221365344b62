import type { PhoneCodeSent } from '@crew/contracts';
import {
  isLocale,
  maskPhoneNumber,
  PHONE_VERIFICATION,
  PHONE_VERIFICATION_CODES as CODES,
  PHONE_VERIFICATION_MESSAGES as MESSAGES,
  PHONE_VERIFICATION_SMS,
  phoneVerificationSmsValues,
  SOURCE_LOCALE,
} from '@crew/rules';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import { translate } from '../../../platform/i18n/messages';
import type { Platform } from '../../../platform/platform';
import { SmsNotSentError, type SmsSender } from '../../../platform/sms/sms-sender';
import { PLATFORM, SMS_SENDER } from '../../../platform/tokens';
import { hashPhoneCode, newPhoneCode, PHONE_LOCK_SQL } from '../phone-codes';

/** Send a code by text message to the signed-in member's phone number. */
export class SendPhoneCode {
  constructor(readonly userId: string) {}
}

interface VerificationRow {
  sent_at: Date;
  window_started_at: Date;
  window_sends: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Draws a new code (the one waiting before stops working), keeps its hash and
 * sends it to the profile's phone number, in the member's saved language
 * (users.locale). One code a minute and five an hour
 * per member, counted whatever number they were sent to. The code is in the
 * text message only: never in a log, a job or an answer. A provider that
 * refuses the message leaves nothing saved and nothing counted (503).
 */
@CommandHandler(SendPhoneCode)
export class SendPhoneCodeHandler implements ICommandHandler<SendPhoneCode, PhoneCodeSent> {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    @Inject(SMS_SENDER) private readonly sms: SmsSender | null,
  ) {}

  async execute({ userId }: SendPhoneCode): Promise<PhoneCodeSent> {
    const sms = this.sms;
    if (!sms) throw new ApplicationError('unavailable', CODES.unavailable, MESSAGES.unavailable);
    const now = this.platform.clock.now();
    try {
      return await this.platform.dataSource.transaction(async (manager) => {
        await manager.query(PHONE_LOCK_SQL, [userId]);
        const [user] = await manager.query<{ phone_number: string | null; phone_verified: boolean; locale: string | null }[]>(
          'SELECT phone_number, phone_verified, locale FROM users WHERE id = $1',
          [userId],
        );
        if (!user) throw new ApplicationError('unauthenticated', 'INVALID_TOKEN', 'Your session has expired. Please log in again.');
        const phone = user.phone_number?.trim() ?? '';
        if (!phone) throw new ApplicationError('validation', CODES.noPhoneNumber, MESSAGES.noPhoneNumber);
        if (user.phone_verified) throw new ApplicationError('conflict', CODES.alreadyVerified, MESSAGES.alreadyVerified);

        const [previous] = await manager.query<VerificationRow[]>('SELECT sent_at, window_started_at, window_sends FROM phone_verifications WHERE user_id = $1', [userId]);
        const windowOpen = previous !== undefined && now.getTime() - previous.window_started_at.getTime() < HOUR_MS;
        if (previous) {
          const pauseLeftMs = previous.sent_at.getTime() + PHONE_VERIFICATION.resendAfterSeconds * 1000 - now.getTime();
          const windowLeftMs = windowOpen && previous.window_sends >= PHONE_VERIFICATION.maxSendsPerHour ? previous.window_started_at.getTime() + HOUR_MS - now.getTime() : 0;
          const waitMs = Math.max(pauseLeftMs, windowLeftMs);
          if (waitMs > 0) {
            const seconds = Math.ceil(waitMs / 1000);
            throw new ApplicationError('rate_limited', CODES.throttled, MESSAGES.throttled(seconds), { retryAfterS: seconds, extra: { retry_after_seconds: seconds } });
          }
        }

        const code = newPhoneCode();
        const expiresAt = new Date(now.getTime() + PHONE_VERIFICATION.codeTtlMinutes * 60_000);
        await manager.query(
          `INSERT INTO phone_verifications (user_id, phone_number, code_hash, expires_at, attempts, sent_at, window_started_at, window_sends)
           VALUES ($1, $2, $3, $4, 0, $5, $6, $7)
           ON CONFLICT (user_id) DO UPDATE SET phone_number = $2, code_hash = $3, expires_at = $4, attempts = 0, sent_at = $5, window_started_at = $6, window_sends = $7`,
          [userId, phone, hashPhoneCode(userId, phone, code), expiresAt, now, windowOpen ? previous.window_started_at : now, windowOpen ? previous.window_sends + 1 : 1],
        );
        // In the member's saved language, like their mail. Sent before the transaction commits: a message the provider refuses leaves no code and no count behind.
        const body = translate(isLocale(user.locale) ? user.locale : SOURCE_LOCALE, PHONE_VERIFICATION_SMS, phoneVerificationSmsValues(code));
        await sms.send({ to: phone, body, userId, purpose: 'phone verification' });
        return {
          message: MESSAGES.sent(maskPhoneNumber(phone)),
          sent_to: maskPhoneNumber(phone),
          expires_at: expiresAt.toISOString(),
          resend_after_seconds: PHONE_VERIFICATION.resendAfterSeconds,
        };
      });
    } catch (error) {
      if (!(error instanceof SmsNotSentError)) throw error;
      this.platform.logger.warn(`phone verification: ${error.message}`);
      throw new ApplicationError('unavailable', CODES.notSent, MESSAGES.notSent);
    }
  }
}
