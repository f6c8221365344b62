import { PASSWORD_MESSAGES } from '@crew/contracts';
import passwordsByFrequency from '@zxcvbn-ts/language-common/src/passwords.json';
import { ApplicationError } from '../../platform/application-error';

/**
 * The 10,000 most used passwords, most frequent first, from the password
 * dictionary of zxcvbn-ts (compiled from leaked password lists). Compared
 * without regard to case.
 */
export const COMMON_PASSWORD_COUNT = 10_000;
const common = new Set((passwordsByFrequency as string[]).slice(0, COMMON_PASSWORD_COUNT).map((password) => password.toLowerCase()));

export const isCommonPassword = (password: string): boolean => common.has(password.toLowerCase());

/** Refuses a common password with the same 400 shape as the other password rules. */
export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new ApplicationError('validation', 'VALIDATION_FAILED', PASSWORD_MESSAGES.common, { details: [{ path: field, message: PASSWORD_MESSAGES.common }] });
  }
}
