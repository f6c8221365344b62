import { formatEnglish, sharedText } from './shared-texts';

/**
 * Phone verification by a one-time code sent by text message (SMS): the
 * code's length and life, how many tries it allows and how often a member may
 * ask for one, with the messages every layer shows.
 */
export const PHONE_VERIFICATION = {
  /** Digits in a code. */
  codeLength: 6,
  /** A code works this long after it is sent. */
  codeTtlMinutes: 10,
  /** Wrong codes allowed before the code stops working. */
  maxAttempts: 5,
  /** Seconds between two codes to one member. */
  resendAfterSeconds: 60,
  /** Codes to one member in an hour. */
  maxSendsPerHour: 5,
} as const;

export const PHONE_VERIFICATION_CODES = {
  noPhoneNumber: 'PHONE_NUMBER_MISSING',
  alreadyVerified: 'PHONE_ALREADY_VERIFIED',
  throttled: 'PHONE_CODE_THROTTLED',
  unavailable: 'PHONE_VERIFICATION_UNAVAILABLE',
  notSent: 'SMS_NOT_SENT',
  noCode: 'PHONE_CODE_NOT_REQUESTED',
  wrongCode: 'PHONE_CODE_INVALID',
  expired: 'PHONE_CODE_EXPIRED',
  tooManyTries: 'PHONE_CODE_TOO_MANY_TRIES',
} as const;

/**
 * The text message with the code, as an ICU template (the shared catalogue's
 * id) and its values: the API sends it in the member's saved language.
 */
export const PHONE_VERIFICATION_SMS = 'Your Crew Finder verification code is {code}. It expires in {minutes} minutes. Never share it.';
export const phoneVerificationSmsValues = (code: string) => ({ code, minutes: PHONE_VERIFICATION.codeTtlMinutes });

export const PHONE_VERIFICATION_MESSAGES = {
  noPhoneNumber: 'Add a phone number to your profile first, then ask for a code',
  alreadyVerified: 'Your phone number is already verified',
  throttled: (seconds: number) => sharedText('Please wait {seconds, plural, one {# second} other {# seconds}} before asking for another code', { seconds }),
  unavailable: 'Phone verification is not available on this site',
  notSent: 'We could not send the text message. Please try again later.',
  codeFormat: sharedText('Enter the {digits}-digit code from the text message', { digits: PHONE_VERIFICATION.codeLength }),
  noCode: 'Ask for a code first: none is waiting for your phone number',
  wrongCode: (triesLeft: number) => sharedText('That code is not right. {triesLeft, plural, one {# try} other {# tries}} left.', { triesLeft }),
  expired: 'This code has expired. Ask for a new one.',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
  sent: (maskedPhone: string) =>
    sharedText('We sent a {digits}-digit code to {phone}. It works for {minutes} minutes.', {
      digits: PHONE_VERIFICATION.codeLength,
      phone: maskedPhone,
      minutes: PHONE_VERIFICATION.codeTtlMinutes,
    }),
  verified: 'Your phone number is verified',
  /** The text message itself in English (not remembered by sharedText: it holds the code). */
  sms: (code: string) => formatEnglish(PHONE_VERIFICATION_SMS, phoneVerificationSmsValues(code)),
} as const;

/** A phone number with all but its last 3 digits hidden: "+44 ••• ••• 456". */
export const maskPhoneNumber = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 3) return '•••';
  return `${phone.trim().startsWith('+') ? '+' : ''}${'•'.repeat(Math.min(digits.length - 3, 8))}${digits.slice(-3)}`;
};
