import { TWO_FACTOR, TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES } from '@crew/rules';
import { z } from 'zod';
import { loginResponseSchema } from './auth';
import { twoFactorPaths } from './paths';
import type { RouteContract } from './routes';
import { safeText } from './text';

export { twoFactorPaths };

/** A code from an authenticator app (6 digits) or a recovery code; spaces and dashes are ignored. */
const code = safeText()
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(TWO_FACTOR.codeMaxLength, TWO_FACTOR_MESSAGES.codeFormat)
  .regex(/^[A-Za-z0-9 -]+$/, TWO_FACTOR_MESSAGES.codeFormat);

/** POST /api/auth/2fa/setup: a new secret for the authenticator app (shown once; nothing is on until it is confirmed with a code). */
export const twoFactorSetupResponseSchema = z
  .object({
    secret: z.string().describe('Base32 secret to type into an authenticator app'),
    otpauth_url: z.string().describe('otpauth://totp/ URI with the same secret (what a QR code would hold)'),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorCodeRequestSchema = z.object({ code }).strict().meta({ id: 'TwoFactorCodeRequest' });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequestSchema>;

export const twoFactorEnabledResponseSchema = z
  .object({
    message: z.string(),
    recovery_codes: z.array(z.string()).describe(`${TWO_FACTOR.recoveryCodes} single-use codes, shown this once (only their hashes are kept)`),
  })
  .meta({ id: 'TwoFactorEnabled' });
export type TwoFactorEnabledResponse = z.infer<typeof twoFactorEnabledResponseSchema>;

/** A password sign-in of an account with two-step sign-in: no session yet, a challenge to answer with a code. */
export const twoFactorChallengeSchema = z
  .object({
    two_factor_required: z.literal(true),
    challenge: z.string().describe(`Answer it at POST ${twoFactorPaths.verify} within ${TWO_FACTOR.challengeMinutes} minutes; it works once`),
    expires_at: z.string(),
  })
  .meta({ id: 'TwoFactorChallenge' });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** What a password sign-in (or a sign-in link) answers: a session, or the code step. */
export const signInResponseSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]).meta({ id: 'SignInResponse' });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const twoFactorVerifyRequestSchema = z
  .object({ challenge: safeText().min(1, TWO_FACTOR_MESSAGES.challengeExpired).max(200, TWO_FACTOR_MESSAGES.challengeExpired), code })
  .strict()
  .meta({ id: 'TwoFactorVerifyRequest' });
export type TwoFactorVerifyRequest = z.infer<typeof twoFactorVerifyRequestSchema>;

export const isTwoFactorChallenge = (answer: SignInResponse): answer is TwoFactorChallenge => 'two_factor_required' in answer && answer.two_factor_required === true;

const C = TWO_FACTOR_CODES;

export const twoFactorRoutes = {
  twoFactorSetup: {
    method: 'POST',
    path: twoFactorPaths.setup,
    summary:
      'Start turning on two-step sign-in: a new TOTP secret (base32) and its otpauth URL, shown once; it is not in force until confirmed with a code at /api/auth/2fa/enable. Asking again replaces an unconfirmed secret',
    tag: 'auth',
    auth: 'user',
    response: twoFactorSetupResponseSchema,
    errors: [409],
    errorCodes: { 409: [C.alreadyEnabled] },
  },
  twoFactorEnable: {
    method: 'POST',
    path: twoFactorPaths.enable,
    summary: `Turn on two-step sign-in with a code from the authenticator app; answers ${TWO_FACTOR.recoveryCodes} single-use recovery codes, shown once. Throttled like sign-in`,
    tag: 'auth',
    auth: 'user',
    body: twoFactorCodeRequestSchema,
    response: twoFactorEnabledResponseSchema,
    errors: [409, 422, 429],
    errorCodes: { 409: [C.alreadyEnabled, C.notSetUp], 422: [C.invalidCode] },
  },
  twoFactorVerify: {
    method: 'POST',
    path: twoFactorPaths.verify,
    summary: `The code step of a sign-in: the challenge a password sign-in answered and a current authenticator code (each accepted once) or an unused recovery code. Challenges last ${TWO_FACTOR.challengeMinutes} minutes and work once. Throttled like sign-in`,
    tag: 'auth',
    auth: 'public',
    body: twoFactorVerifyRequestSchema,
    response: loginResponseSchema,
    errors: [401, 403, 429],
    errorCodes: { 401: [C.invalidCode, C.challengeExpired], 403: ['ACCOUNT_SUSPENDED'] },
  },
} as const satisfies Record<string, RouteContract>;
