import type { EntityManager } from 'typeorm';

/*
 * Changing the sign-in email (commands request-, cancel-, confirm- and
 * undo-email-change). A stolen session alone must not be enough to take an
 * account over, and a typo must not lock the owner out:
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

export const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether an account other than `userId` signs in with this address (any case). */
export const otherAccountHas = async (manager: EntityManager, email: string, userId: string): Promise<boolean> =>
  (await manager.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, userId])).length > 0;
