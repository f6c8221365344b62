/**
 * The second factor a member's own account deletion asks for when two-step
 * sign-in is on for the account (DELETE /api/users/me takes `code`).
 *
 * This is the hook two-step sign-in plugs into: bind SECOND_FACTOR_CHECK to
 * its service (is it on for this account, and is this code right). Until
 * then NO_SECOND_FACTOR answers that no account has it on, so `code` is
 * accepted and not needed.
 */
export interface SecondFactorCheck {
  /** Whether two-step sign-in is on for this account. */
  isEnabled(userId: string): Promise<boolean>;
  /** Whether this code (authenticator or recovery code) is right for this account now; a recovery code is used up. */
  verify(userId: string, code: string): Promise<boolean>;
}

export const SECOND_FACTOR_CHECK = Symbol('SECOND_FACTOR_CHECK');

export const NO_SECOND_FACTOR: SecondFactorCheck = {
  isEnabled: () => Promise.resolve(false),
  verify: () => Promise.resolve(false),
};
