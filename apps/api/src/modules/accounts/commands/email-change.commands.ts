import { EMAIL_CHANGE_CODES, EMAIL_CHANGE_MESSAGES, TOO_MANY_SIGN_IN_ATTEMPTS_CODE, type ConfirmEmailChangeResponse, type UndoEmailChangeResponse } from '@crew/contracts';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../../../platform/http/api-error';
import { EMAIL_TAKEN_MESSAGE } from '../../../platform/http/error-mapping';
import { sendEmailJob, TO_TOKEN_ADDRESS } from '../../../platform/mail/send-email.job';
import type { AccountsDeps } from '../accounts-deps';
import { consumeTokenRow, issueToken, retireTokens, type IssuedToken } from '../auth-tokens';
import { verifyPassword } from '../password-hasher';
import type { User } from '../user.entity';

/*
 * Changing the sign-in email. A stolen session alone must not be enough to
 * take an account over, and a typo must not lock the owner out:
 * 1. the change needs the current password (wrong guesses count like sign-in
 *    failures, so they are throttled the same way);
 * 2. the address does not change yet: the new one waits in `pending_email`
 *    and gets a link (24 h) that switches to it and marks it verified;
 * 3. the old address is told at once, with a link (7 days) that undoes the
 *    change, whether or not it went through, and signs the account out
 *    everywhere, so whoever made it loses their session; the owner then
 *    chooses a new password.
 * Token rows name the address their mail goes to, so each link acts only on
 * the address it was mailed about.
 */

const CONFIRM_PAGE = '/confirm-email-change';
const UNDO_PAGE = '/undo-email-change';

const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The mail about a token, sent to the address its row names rather than the account's current one. */
const tokenMail = (deps: AccountsDeps, userId: string, template: string, page: string, issued: IssuedToken) =>
  sendEmailJob(issued.id, {
    template,
    recipientId: userId,
    params: { link: `${deps.baseUrl}${page}?token=${encodeURIComponent(issued.token)}`, [TO_TOKEN_ADDRESS]: issued.id },
  });

const otherAccountHas = async (manager: EntityManager, email: string, userId: string): Promise<boolean> =>
  (await manager.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, userId])).length > 0;

/**
 * Checks the current password and starts an email change: the new address is
 * kept as pending and mailed a confirmation link, the old one a notice with an
 * undo link. Throws 400 without the password, 429 while sign-in to the
 * account is throttled for this client, 403 for a wrong password, 409 when
 * another account uses the address, 429 after 3 changes in an hour.
 */
export async function requestEmailChange(deps: AccountsDeps, user: User, newEmail: string, currentPassword: string | undefined, ip: string): Promise<void> {
  if (!currentPassword) {
    throw new ApiError(400, EMAIL_CHANGE_CODES.passwordRequired, EMAIL_CHANGE_MESSAGES.passwordRequired, [
      { path: 'current_password', message: EMAIL_CHANGE_MESSAGES.passwordRequired },
    ]);
  }
  const wait = await deps.signInThrottle.retryAfter(user.email, ip);
  if (wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    throw new ApiError(429, TOO_MANY_SIGN_IN_ATTEMPTS_CODE, `Too many wrong passwords. Please wait ${wait < 60 ? `${wait} seconds` : `${minutes} minutes`} and try again.`);
  }
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await deps.signInThrottle.recordFailure(user.email, ip);
    throw new ApiError(403, EMAIL_CHANGE_CODES.wrongPassword, EMAIL_CHANGE_MESSAGES.wrongPassword, [{ path: 'current_password', message: EMAIL_CHANGE_MESSAGES.wrongPassword }]);
  }
  await deps.signInThrottle.recordSuccess(user.email, ip);
  if (await otherAccountHas(deps.dataSource.manager, newEmail, user.id)) throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
  if (!(await deps.mailThrottle.allow(user.id, 'confirm_email_change', null))) {
    throw new ApiError(429, EMAIL_CHANGE_CODES.tooMany, EMAIL_CHANGE_MESSAGES.tooMany);
  }
  const key = await deps.linkKey();
  await deps.dataSource.transaction(async (manager) => {
    const [row] = await manager.query<{ email: string }[]>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [user.id]);
    if (!row) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in again');
    const now = deps.now();
    // A newer request replaces an older one: only the latest new address can be confirmed.
    await retireTokens(manager, user.id, ['confirm_email_change'], now);
    await manager.query('UPDATE users SET pending_email = $2, updated_at = now() WHERE id = $1', [user.id, newEmail]);
    const confirm = await issueToken(manager, user.id, 'confirm_email_change', now, { key, email: newEmail });
    const undo = await issueToken(manager, user.id, 'undo_email_change', now, { key, email: row.email });
    await deps.jobQueue.enqueue(
      [tokenMail(deps, user.id, 'confirm-email-change', CONFIRM_PAGE, confirm), tokenMail(deps, user.id, 'email-change-notice', UNDO_PAGE, undo)],
      manager,
    );
  });
}

/** Drops a pending change: its confirmation link stops working and the address stays as it is. */
export async function cancelEmailChange(deps: AccountsDeps, userId: string): Promise<void> {
  await deps.dataSource.transaction(async (manager) => {
    await manager.query('UPDATE users SET pending_email = NULL, updated_at = now() WHERE id = $1 AND pending_email IS NOT NULL', [userId]);
    await retireTokens(manager, userId, ['confirm_email_change'], deps.now());
  });
}

/**
 * Opens the link mailed to the new address: the account switches to it, now
 * verified. Links that went to the old address for signing in or resetting
 * the password stop working. 409 when another account took the address since.
 */
export async function confirmEmailChange(deps: AccountsDeps, token: string): Promise<ConfirmEmailChangeResponse> {
  const email = await deps.dataSource.transaction(async (manager) => {
    const now = deps.now();
    const used = await consumeTokenRow(manager, token, 'confirm_email_change', now);
    if (!used?.email) throw new ApiError(400, 'INVALID_TOKEN', 'This confirmation link is invalid, used or expired. Change your email again from your profile to get a new one.');
    const [user] = await manager.query<{ pending_email: string | null }[]>('SELECT pending_email FROM users WHERE id = $1 FOR UPDATE', [used.userId]);
    if (!user?.pending_email || !sameAddress(user.pending_email, used.email)) {
      throw new ApiError(400, 'INVALID_TOKEN', 'This email change was cancelled or replaced by a newer one, so this link no longer works.');
    }
    if (await otherAccountHas(manager, used.email, used.userId)) {
      throw new ApiError(409, 'EMAIL_TAKEN', 'Another account now uses this email address, so your address was not changed. Please choose another one in your profile.');
    }
    await manager.query('UPDATE users SET email = $2, email_verified = true, pending_email = NULL, updated_at = now() WHERE id = $1', [used.userId, used.email]);
    await retireTokens(manager, used.userId, ['reset_password', 'sign_in_link', 'verify_email'], now);
    return used.email;
  });
  return { message: `Your email address is now ${email}. Use it to sign in from now on.`, email };
}

/**
 * Opens the undo link mailed to the old address: the old address comes back
 * (verified: the link proves it) if the change went through, a pending change
 * is dropped, every session is signed out (token version bumped, open message
 * streams ended) and links mailed since stop working. The answer carries a
 * password reset token so the owner can choose a new password at once.
 * 409 when the old address now belongs to another account (the sign-out stands).
 */
export async function undoEmailChange(deps: AccountsDeps, token: string): Promise<UndoEmailChangeResponse> {
  const key = await deps.linkKey();
  const outcome = await deps.dataSource.transaction(async (manager) => {
    const now = deps.now();
    const used = await consumeTokenRow(manager, token, 'undo_email_change', now);
    if (!used?.email)
      throw new ApiError(400, 'INVALID_TOKEN', 'This link is invalid, used or expired. If your account was taken over, ask for a password reset or contact support.');
    const [user] = await manager.query<{ email: string }[]>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [used.userId]);
    if (!user) throw new ApiError(400, 'INVALID_TOKEN', 'This link is invalid, used or expired.');
    const taken = !sameAddress(user.email, used.email) && (await otherAccountHas(manager, used.email, used.userId));
    await manager.query(
      `UPDATE users SET email = CASE WHEN $3 THEN email ELSE $2 END, email_verified = CASE WHEN $3 THEN email_verified ELSE true END,
              pending_email = NULL, token_version = token_version + 1, updated_at = now()
        WHERE id = $1`,
      [used.userId, used.email, taken],
    );
    await retireTokens(manager, used.userId, ['confirm_email_change', 'reset_password', 'sign_in_link', 'verify_email'], now);
    const reset = taken ? null : await issueToken(manager, used.userId, 'reset_password', now, { key });
    return { userId: used.userId, email: taken ? user.email : used.email, resetToken: reset?.token ?? null };
  });
  await deps.endLiveStreams([outcome.userId]);
  if (!outcome.resetToken) {
    throw new ApiError(
      409,
      'EMAIL_TAKEN',
      'Every session of your account is signed out, but your old address now belongs to another account, so it could not be restored. Please contact support.',
    );
  }
  return {
    message: `The email change is undone: your account uses ${outcome.email} again and every session is signed out. Choose a new password now.`,
    email: outcome.email,
    reset_token: outcome.resetToken,
  };
}
