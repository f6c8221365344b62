import { ACCOUNT_SELF_SERVICE_CODES, ACCOUNT_SELF_SERVICE_MESSAGES } from '@crew/contracts';
import { ApplicationError } from '../../platform/application-error';
import type { SignInThrottle } from '../../platform/security/sign-in-throttle';
import { verifyPassword } from './password-hasher';

/**
 * The signed-in member proves it is them with their password (changing it,
 * deleting the account). Counted like sign-in (SIGN_IN_POLICY, per account and
 * client address): while sign-in to the account is throttled for this client
 * nothing is checked (429 with Retry-After), a wrong password counts as a
 * failed sign-in (403 WRONG_PASSWORD on `field`), the right one clears this
 * client's failures.
 */
export async function confirmOwnPassword(
  throttle: SignInThrottle,
  account: { readonly email: string; readonly passwordHash: string },
  password: string,
  ip: string,
  field: string,
): Promise<void> {
  const wait = await throttle.retryAfter(account.email, ip);
  if (wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    throw new ApplicationError(
      'rate_limited',
      ACCOUNT_SELF_SERVICE_CODES.tooManyAttempts,
      wait < 60
        ? 'Too many wrong passwords. Please wait {wait, plural, other {{wait} seconds}} and try again.'
        : 'Too many wrong passwords. Please wait {minutes, plural, other {{minutes} minutes}} and try again.',
      { retryAfterS: wait, values: { wait, minutes } },
    );
  }
  if (!(await verifyPassword(account.passwordHash, password))) {
    await throttle.recordFailure(account.email, ip);
    throw new ApplicationError('forbidden', ACCOUNT_SELF_SERVICE_CODES.wrongPassword, ACCOUNT_SELF_SERVICE_MESSAGES.wrongPassword, {
      details: [{ path: field, message: ACCOUNT_SELF_SERVICE_MESSAGES.wrongPassword }],
    });
  }
  await throttle.recordSuccess(account.email, ip);
}
