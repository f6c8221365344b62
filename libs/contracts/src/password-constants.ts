import { sharedText } from '@crew/rules';

/**
 * The one password rule (at least 6 characters) without any
 * schema code, so a form can show it as the user types before zod loads
 * (imported there through `@crew/contracts/constants`). auth.ts builds the
 * schema from it; the server adds the common-password list.
 */
/** The one password rule, at registration, at reset and wherever a password is set: at least 6 characters. */
export const PASSWORD_LENGTH = { min: 6, max: 200 } as const;

/** Messages of the password rule, the same wherever a password is set. */
export const PASSWORD_MESSAGES = {
  tooShort: sharedText('Password must be at least {min} characters', { min: PASSWORD_LENGTH.min }),
  tooLong: sharedText('Password must be at most {max} characters', { max: PASSWORD_LENGTH.max }),
  blank: 'Password cannot be only spaces',
  common: 'This password is one of the most common passwords and is easy to guess. Please choose another.',
  pattern: 'This password is a repeated character or a keyboard run (like aaaaaa, 123456 or qwerty) and is easy to guess. Please choose another.',
} as const;

/**
 * Runs a guesser tries first: the alphabet, the digits, and keyboard rows
 * (QWERTY, AZERTY and QWERTZ, the letter rows read one after another).
 */
const PASSWORD_RUNS = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiopasdfghjklzxcvbnm', 'azertyuiopqsdfghjklmwxcvbn', 'qwertzuiopasdfghjklyxcvbnm'];

/**
 * A password that is one character (or a pair) repeated, such as `aaaaaa` or
 * `ababab`, or a run of the alphabet, the digits or a keyboard row, forwards
 * or backwards, such as `123456`, `abcdef`, `qwerty`, `asdfgh`, `654321` or
 * `zyxwvu`. Compared without regard to case.
 */
export function isPatternPassword(password: string): boolean {
  // Only spaces is refused with its own message.
  if (password.trim() === '') return false;
  const chars = [...password.toLowerCase()];
  for (const unit of [1, 2]) {
    if (chars.length >= unit * 2 && chars.every((char, i) => char === chars[i % unit])) return true;
  }
  if (chars.length < 3) return false;
  const forwards = chars.join('');
  const backwards = [...chars].reverse().join('');
  return PASSWORD_RUNS.some((run) => run.includes(forwards) || run.includes(backwards));
}

/**
 * The password rule as a checklist, for forms that show it while the user
 * types (the reset page): the same checks, in the same words, as the schema.
 * The common-password list is checked by the server when the form is sent.
 */
export const PASSWORD_CHECKLIST: readonly { readonly label: string; readonly test: (password: string) => boolean }[] = [
  {
    label: sharedText('At least {min} characters, not only spaces', { min: PASSWORD_LENGTH.min }),
    test: (p) => p.length >= PASSWORD_LENGTH.min && p.length <= PASSWORD_LENGTH.max && p.trim().length > 0,
  },
  { label: 'Not a repeated character or a keyboard run (like 123456 or qwerty)', test: (p) => p.length > 0 && !isPatternPassword(p) },
];

/** The rule in one sentence, for a field's hint. */
export const PASSWORD_HINT = `At least ${PASSWORD_LENGTH.min} characters, not a repeated character or a keyboard run (like 123456 or qwerty), and not one of the most common passwords.`;
