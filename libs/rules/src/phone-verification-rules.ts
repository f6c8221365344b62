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

export const PHONE_VERIFICATION_MESSAGES = {
  noPhoneNumber: 'Add a phone number to your profile first, then ask for a code',
  alreadyVerified: 'Your phone number is already verified',
  throttled: (seconds: number) => `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before asking for another code`,
  unavailable: 'Phone verification is not available on this site',
  notSent: 'We could not send the text message. Please try again later.',
  codeFormat: `Enter the ${PHONE_VERIFICATION.codeLength}-digit code from the text message`,
  noCode: 'Ask for a code first: none is waiting for your phone number',
  wrongCode: (triesLeft: number) => `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  expired: 'This code has expired. Ask for a new one.',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
  sent: (maskedPhone: string) => `We sent a ${PHONE_VERIFICATION.codeLength}-digit code to ${maskedPhone}. It works for ${PHONE_VERIFICATION.codeTtlMinutes} minutes.`,
  verified: 'Your phone number is verified',
  /** The text message itself. */
  sms: (code: string) => `Your Crew Finder verification code is ${code}. It expires in ${PHONE_VERIFICATION.codeTtlMinutes} minutes. Never share it.`,
} as const;

/** A phone number with all but its last 3 digits hidden: "+44 ••• ••• 456". */
export const maskPhoneNumber = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 3) return '•••';
  return `${phone.trim().startsWith('+') ? '+' : ''}${'•'.repeat(Math.min(digits.length - 3, 8))}${digits.slice(-3)}`;
};
