import { sharedText } from './shared-texts';

/**
 * A member's self-service on their own account: changing the password,
 * downloading everything the site holds about them, and deleting the
 * account. Limits, codes and the messages every layer shows.
 */
export const ACCOUNT_SELF_SERVICE = {
  /** Data exports a member may download in an hour. */
  exportsPerHour: 3,
  /** The hour the export limit counts over, in seconds. */
  exportWindowS: 60 * 60,
  /** Longest second-factor code taken (an authenticator code, or a recovery code with its dashes and spaces). */
  secondFactorCodeMax: 32,
} as const;

export const ACCOUNT_SELF_SERVICE_CODES = {
  /** The current password given is not the account's. */
  wrongPassword: 'WRONG_PASSWORD',
  /** The new password is the one the account has. */
  samePassword: 'SAME_PASSWORD',
  /** Two-factor sign-in is on and no code (or a wrong one) was given. */
  secondFactorRequired: 'SECOND_FACTOR_REQUIRED',
  wrongSecondFactor: 'WRONG_SECOND_FACTOR',
  /** Too many wrong passwords: the sign-in throttle's code. */
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  /** Too many data exports in the hour. */
  tooManyExports: 'TOO_MANY_EXPORTS',
  /** Administrator accounts are not deleted from the profile. */
  adminAccount: 'ADMIN_ACCOUNT',
  /** The member skippers a voyage still to sail with accepted crew. */
  activeCrew: 'USER_HAS_ACTIVE_CREW',
} as const;

export const ACCOUNT_SELF_SERVICE_MESSAGES = {
  wrongPassword: 'Your current password is not correct.',
  passwordRequired: 'Please enter your password.',
  samePassword: 'Your new password must be different from your current password.',
  passwordChanged: 'Your password has been changed. Every other session of your account has been signed out.',
  secondFactorRequired: 'Two-factor sign-in is on for your account: please enter the code from your authenticator app.',
  wrongSecondFactor: 'That code is not right. Please enter the current code from your authenticator app.',
  tooManyExports: (minutes: number) =>
    sharedText('You have downloaded your data {exports} times in the last hour. Please try again in {minutes, plural, one {# minute} other {# minutes}}.', {
      exports: ACCOUNT_SELF_SERVICE.exportsPerHour,
      minutes,
    }),
  adminAccount: 'Administrator accounts cannot be deleted from the profile. Ask another administrator to remove your administrator rights first.',
  activeCrew: (voyages: number, crew: number) =>
    sharedText(
      'You skipper {voyages, plural, one {# voyage} other {# voyages}} still to sail with {crew, plural, one {# accepted crew member} other {# accepted crew members}}. Cancel or complete {voyages, plural, one {it} other {them}} first, so your crew are told.',
      { voyages, crew },
    ),
  accountDeleted: 'Your account has been deleted.',
} as const;
