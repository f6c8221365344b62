import { sharedText } from '@crew/rules';

/**
 * Limits of the account forms, stated once: the contract's zod schemas and the
 * web client's fields (maxLength, counters) both read them. Zod-free, so the
 * client can use them without loading the schema library.
 */

/** A person's name: an account's first and last name, an emergency contact's full name. */
export const PERSON_NAME_MAX = 100;
/** An email address (RFC 5321's longest path). */
export const EMAIL_MAX = 254;
/** A phone number as typed (digits, spaces, +, brackets and dashes). */
export const PHONE_MAX = 30;
/** An emailed link's token (verification, reset, sign-in, email change). */
export const LINK_TOKEN_MAX = 200;

/** Sailing experience: whole years, and the free text beside the ticks. */
export const YEARS_SAILING = { min: 0, max: 80 } as const;
export const YEARS_SAILING_MESSAGE = sharedText('Years sailing must be between {min} and {max}', { min: YEARS_SAILING.min, max: YEARS_SAILING.max });
/** One certification's name, and how many a profile lists. */
export const CERTIFICATION_MAX = 100;
export const CERTIFICATIONS_MAX_COUNT = 30;
/** "In your own words". */
export const EXPERIENCE_DESCRIPTION_MAX = 2000;

/** The emergency contact's relationship ("partner", "brother"). */
export const RELATIONSHIP_MAX = 50;

/** The details a skipper adds to one crew expectation. */
export const EXPECTATION_DETAILS_MAX = 500;
