import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n/i18n';

/*
 * A trust level's and a trust check's name in the page's language, by their
 * codes: the API's `label` is the English name (libs/rules, member-trust.ts).
 */
const LEVELS: Readonly<Record<string, MessageDescriptor>> = {
  new: msg`New member`,
  email_confirmed: msg`Email confirmed`,
  established: msg`Established`,
  verified: msg`Verified`,
};

const CHECKS: Readonly<Record<string, MessageDescriptor>> = {
  email_verified: msg`Email address confirmed`,
  phone_verified: msg`Phone number verified`,
  profile_photo: msg`Profile photo added`,
  emergency_contact: msg`Emergency contact added`,
  sailing_experience: msg`Sailing experience filled in or logged`,
  identity_verified: msg`Identity checked by our team`,
};

/** "Email confirmed", "E-mail confirmé"; the API's English name for a level this list does not know. */
export const trustLevelName = (level: string, english: string): string => (LEVELS[level] ? i18n._(LEVELS[level]) : english);

/** "Emergency contact added"; the API's English name for a check this list does not know. */
export const trustCheckName = (key: string, english: string): string => (CHECKS[key] ? i18n._(CHECKS[key]) : english);
