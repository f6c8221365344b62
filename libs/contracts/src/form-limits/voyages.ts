/**
 * Limits of the voyages forms, stated once: the contract's zod schemas and the
 * web client's fields (maxLength, counters) both read them. Zod-free, so the
 * client can use them without loading the schema library. The numbers are the
 * shared rules' (libs/rules), under the names the forms read.
 */
import { MAX_CONTRIBUTION_AMOUNT, MAX_VOYAGE_LEGS, TITLE_MIN_LENGTH, VOYAGE_MESSAGES, VOYAGE_TEXT_LIMITS } from '@crew/rules';

/** Longest texts of a voyage, in characters (create and edit, the contribution editor, browse search). */
export const VOYAGE_TEXT_MAX = VOYAGE_TEXT_LIMITS;

/** A title that can be published has at least this many characters. */
export const VOYAGE_TITLE_MIN = TITLE_MIN_LENGTH;
/** A voyage has at most this many legs (so one more stop). */
export { MAX_VOYAGE_LEGS };
/** The largest contribution amount a voyage may ask, in its currency. */
export const CONTRIBUTION_AMOUNT_MAX = MAX_CONTRIBUTION_AMOUNT;

/** The voyage form's messages, as the API words them (the domain's own). */
export { VOYAGE_MESSAGES };
