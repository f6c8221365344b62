/**
 * Limits of the voyages forms, stated once: the contract's zod schemas and the
 * web client's fields (maxLength, counters) both read them. Zod-free, so the
 * client can use them without loading the schema library.
 */

/** Longest texts of a voyage, in characters (create and edit, the contribution editor, browse search). */
export const VOYAGE_TEXT_MAX = {
  title: 200,
  description: 10_000,
  contributionDetails: 2000,
  customNotes: 5000,
  /** A port's or a free-text location's name. */
  placeName: 200,
  legDescription: 2000,
  /** One skill, from the list or free text. */
  skill: 60,
  /** The browse screen's search words. */
  search: 200,
} as const;

/** Spec section 5: a title that can be published has at least this many characters. */
export const VOYAGE_TITLE_MIN = 5;
/** A voyage has at most this many legs (so one more stop). */
export const MAX_VOYAGE_LEGS = 30;
/** The largest contribution amount a voyage may ask, in its currency. */
export const CONTRIBUTION_AMOUNT_MAX = 1_000_000;

/**
 * Spec section 5's messages of the voyage form, as the API words them: the
 * contract's schemas and the form's publishing rules both read them.
 */
export const VOYAGE_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooShort: `Title must be at least ${VOYAGE_TITLE_MIN} characters`,
  titleTooLong: `Title must be at most ${VOYAGE_TEXT_MAX.title} characters`,
  departureDateRequired: 'Departure date is required',
  returnDateRequired: 'Return date is required',
  returnBeforeDeparture: 'Return date must be after departure date',
  departurePortRequired: 'Departure port is required',
  destinationPortRequired: 'Destination port is required',
  departureLocationRequired: 'Departure location is required',
  destinationLocationRequired: 'Destination location is required',
  portsInvalid: 'Please select valid ports from the dropdown suggestions',
  distanceNotPositive: 'Distance must be greater than 0',
  distanceTooLarge: 'Distance seems unreasonably large (max 50,000 nm)',
  boatRequired: 'Please select a boat',
  crewNeededRange: 'Crew needed must be between 1 and 20',
  contributionNotNumber: 'Contribution amount must be a number',
  contributionNegative: 'Contribution amount cannot be negative',
  stopDatesOutsideVoyage: 'Dates must lie between the departure date and the return date',
  stopLeavesBeforeArriving: 'Departure from this stop cannot be before arrival',
  stopBeforePreviousStop: 'This stop cannot come before the stop before it',
  tooManyLegs: `At most ${MAX_VOYAGE_LEGS} legs`,
} as const;
