import { sharedText } from './shared-texts';

/**
 * The lists and limits of a voyage and its applications (docs/features/voyages.md,
 * docs/features/applications.md), stated once: the Voyage aggregate enforces them, the contracts'
 * schemas check them at the door and the web client's forms show them.
 */

/** A published voyage's statuses (a draft is not one of them). */
export const VOYAGE_STATUSES = ['planning', 'active', 'full', 'in_progress', 'completed', 'cancelled'] as const;
export const CONTRIBUTION_TYPES = ['free', 'shared_costs', 'paid'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;

/** Crew a voyage asks for, and the form's starting value. */
export const CREW_NEEDED = { min: 1, max: 20, default: 4 } as const;
/** A custom voyage's manual distance, at most 50,000 nm. */
export const MAX_MANUAL_DISTANCE_NM = 50_000;
/** A title that can be published has at least this many characters. */
export const TITLE_MIN_LENGTH = 5;
/** Longest texts of a voyage, in characters (create and edit, the contribution editor, browse search, cancelling). */
export const VOYAGE_TEXT_LIMITS = {
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
  cancelReason: 2000,
} as const;
export const MAX_VOYAGE_SKILLS = 8;
/** A voyage has at most this many legs (so one more stop). */
export const MAX_VOYAGE_LEGS = 30;
/** The largest contribution amount a voyage may ask, in its currency (numeric(10, 2) holds less than 10^8). */
export const MAX_CONTRIBUTION_AMOUNT = 1_000_000;

/** An application's statuses. expired: nobody answered within 14 days, or the voyage departed first. */
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn', 'expired'] as const;
/** The apply message needs at least 10 characters, and at most 2,000. */
export const APPLICATION_MESSAGE = { min: 10, max: 2000 } as const;

/**
 * The voyage form's messages: the Voyage aggregate refuses
 * with them, the contracts' schemas say them at the door and the form shows
 * them before sending.
 */
export const VOYAGE_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooShort: sharedText('Title must be at least {min} characters', { min: TITLE_MIN_LENGTH }),
  titleTooLong: sharedText('Title must be at most {max} characters', { max: VOYAGE_TEXT_LIMITS.title }),
  departureDateRequired: 'Departure date is required',
  returnDateRequired: 'Return date is required',
  returnBeforeDeparture: 'Return date must be after departure date',
  departurePortRequired: 'Departure port is required',
  destinationPortRequired: 'Destination port is required',
  departureLocationRequired: 'Departure location is required',
  destinationLocationRequired: 'Destination location is required',
  portsInvalid: 'Please select valid ports from the dropdown suggestions',
  distanceNotPositive: 'Distance must be greater than 0',
  distanceTooLarge: sharedText('Distance seems unreasonably large (max {max, number} nm)', { max: MAX_MANUAL_DISTANCE_NM }),
  boatRequired: 'Please select a boat',
  crewNeededRange: sharedText('Crew needed must be between {min} and {max}', CREW_NEEDED),
  contributionNotNumber: 'Contribution amount must be a number',
  contributionNegative: 'Contribution amount cannot be negative',
  stopDatesOutsideVoyage: 'Dates must lie between the departure date and the return date',
  stopLeavesBeforeArriving: 'Departure from this stop cannot be before arrival',
  stopBeforePreviousStop: 'This stop cannot come before the stop before it',
  tooManyLegs: sharedText('At most {max} legs', { max: MAX_VOYAGE_LEGS }),
  tooManySkills: sharedText('At most {max} skills', { max: MAX_VOYAGE_SKILLS }),
} as const;

/** The apply message's refusals, as the aggregate and the apply schema word them. */
export const APPLICATION_MESSAGE_TEXTS = {
  tooShort: sharedText('Please provide a message of at least {min} characters to the skipper.', APPLICATION_MESSAGE),
  tooLong: sharedText('Please keep your message under {max} characters', APPLICATION_MESSAGE),
} as const;
