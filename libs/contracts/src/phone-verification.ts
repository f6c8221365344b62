import { PHONE_VERIFICATION, PHONE_VERIFICATION_CODES, PHONE_VERIFICATION_MESSAGES } from '@crew/rules';
import { z } from 'zod';
import { phoneVerificationPaths } from './paths';
import type { RouteContract } from './routes';

export { phoneVerificationPaths };

/** POST /api/profile/phone/verification/confirm: the code from the text message. */
export const confirmPhoneCodeRequestSchema = z
  .object({
    code: z
      .string({ error: PHONE_VERIFICATION_MESSAGES.codeFormat })
      .trim()
      .regex(new RegExp(`^\\d{${PHONE_VERIFICATION.codeLength}}$`), PHONE_VERIFICATION_MESSAGES.codeFormat),
  })
  .strict()
  .meta({ id: 'ConfirmPhoneCodeRequest' });
export type ConfirmPhoneCodeRequest = z.infer<typeof confirmPhoneCodeRequestSchema>;

export const phoneCodeSentSchema = z
  .object({
    message: z.string(),
    /** The phone number with all but its last digits hidden. */
    sent_to: z.string(),
    /** When the code stops working (10 minutes after it was sent). */
    expires_at: z.string(),
    /** Seconds before another code may be asked for. */
    resend_after_seconds: z.number().int().min(0),
  })
  .meta({ id: 'PhoneCodeSent' });
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

export const phoneVerifiedSchema = z.object({ phone_verified: z.literal(true), message: z.string() }).meta({ id: 'PhoneVerified' });
export type PhoneVerified = z.infer<typeof phoneVerifiedSchema>;

const C = PHONE_VERIFICATION_CODES;

export const phoneVerificationRoutes = {
  sendPhoneCode: {
    method: 'POST',
    path: phoneVerificationPaths.send,
    summary: `Send a ${PHONE_VERIFICATION.codeLength}-digit code by text message to the profile's phone number (one every ${PHONE_VERIFICATION.resendAfterSeconds} s, ${PHONE_VERIFICATION.maxSendsPerHour} an hour); 400 without a phone number, 503 where the site sends no text messages`,
    tag: 'profile',
    auth: 'user',
    response: phoneCodeSentSchema,
    errors: [409, 429, 503],
    errorCodes: { 400: [C.noPhoneNumber], 409: [C.alreadyVerified], 429: [C.throttled], 503: [C.unavailable, C.notSent] },
  },
  confirmPhoneCode: {
    method: 'POST',
    path: phoneVerificationPaths.confirm,
    summary: `Confirm the code sent by text message: the phone number becomes verified (${PHONE_VERIFICATION.maxAttempts} tries, ${PHONE_VERIFICATION.codeTtlMinutes} minutes)`,
    tag: 'profile',
    auth: 'user',
    body: confirmPhoneCodeRequestSchema,
    response: phoneVerifiedSchema,
    errors: [409, 410, 422, 429],
    errorCodes: { 409: [C.noCode, C.alreadyVerified], 410: [C.expired], 422: [C.wrongCode], 429: [C.tooManyTries] },
  },
} as const satisfies Record<string, RouteContract>;
