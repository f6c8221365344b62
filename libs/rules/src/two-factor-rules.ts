/**
 * Two-step sign-in (TOTP, RFC 6238): the codes, limits and refusals the API,
 * the contracts and the web share. Every administrator must turn it on before
 * using the administrator pages; any member may.
 */
export const TWO_FACTOR = {
  /** Digits of an authenticator code. */
  codeDigits: 6,
  /** Seconds a code lasts (the authenticator apps' default). */
  periodSeconds: 30,
  /** A code of the step before or after the current one is still taken (clocks drift). */
  toleranceSeconds: 30,
  /** Minutes a sign-in challenge (password accepted, code still to give) stays valid. */
  challengeMinutes: 5,
  /** Recovery codes handed out when two-step sign-in is turned on; each works once. */
  recoveryCodes: 10,
  /** Longest code accepted at the door (a recovery code with its dashes and spaces). */
  codeMaxLength: 32,
  /** The issuer authenticator apps show beside the account. */
  issuer: 'Crew Finder',
} as const;

export const TWO_FACTOR_CODES = {
  setupRequired: 'TWO_FACTOR_SETUP_REQUIRED',
  alreadyEnabled: 'TWO_FACTOR_ALREADY_ENABLED',
  notSetUp: 'TWO_FACTOR_NOT_SET_UP',
  invalidCode: 'INVALID_TWO_FACTOR_CODE',
  challengeExpired: 'TWO_FACTOR_CHALLENGE_EXPIRED',
  codeRequired: 'TWO_FACTOR_CODE_REQUIRED',
} as const;

export const TWO_FACTOR_MESSAGES = {
  setupRequired: 'Administrators must turn on two-step sign-in before using the administrator pages. Set it up on the administrator dashboard.',
  alreadyEnabled: 'Two-step sign-in is already turned on for this account.',
  notSetUp: 'Start the set-up first: ask for a new secret, add it to your authenticator app, then enter its code.',
  invalidCode: 'That code is not valid. Enter the current 6-digit code from your authenticator app, or one of your unused recovery codes.',
  challengeExpired: 'This sign-in has expired. Please sign in again with your email and password.',
  codeRequired: 'Enter the current code from your authenticator app, or one of your recovery codes.',
  codeFormat: 'Enter the 6-digit code from your authenticator app, or a recovery code',
} as const;
