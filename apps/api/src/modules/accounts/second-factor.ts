/**
 * The second factor a member's own account deletion asks for when two-step
 * sign-in is on for the account (DELETE /api/users/me takes `code`).
 *
 * The accounts module binds SECOND_FACTOR_CHECK to two-step sign-in's service
 * (TwoFactor: is it on for this account, and is this code, or an unused
 * recovery code, right). NO_SECOND_FACTOR is the check of a process without
 * two-step sign-in: no account has it on, so `code` is accepted and not needed.
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
