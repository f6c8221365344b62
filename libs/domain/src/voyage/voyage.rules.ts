import { APPLICATION_MESSAGE, APPLICATION_STATUSES, CONTRIBUTION_TYPES, CURRENCIES, EXPERIENCE_LEVELS, VOYAGE_STATUSES } from '@crew/rules';
import { isCalendarDate, isNumberBetween } from '../shared/values';

/*
 * The numbers and lists the Voyage aggregate enforces. Those the contracts and
 * the web share (statuses, currencies, text limits, the form's messages) are
 * stated once in libs/rules (voyage-rules.ts); the domain's index re-exports them.
 */
export const EARTH_RADIUS_NM = 3440.065;
export const CUSTOM_SEGMENT_DEFAULTS = {
  distanceNm: 100,
  durationHours: 24,
  departure: 'Unknown Departure',
  destination: 'Unknown Destination',
} as const;

export type VoyageStatus = (typeof VOYAGE_STATUSES)[number];
/** A voyage can be edited (and applied to) only while planning or active. */
export const EDITABLE_STATUSES: readonly VoyageStatus[] = ['planning', 'active'];

export type ContributionType = (typeof CONTRIBUTION_TYPES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

/** [longitude, latitude] in degrees, as GeoJSON orders coordinates. */
export type Coordinates = [number, number];

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine) in nautical miles. */
export function greatCircleNm([lon1, lat1]: Coordinates, [lon2, lat2]: Coordinates): number {
  const dLat = radians(lat2 - lat1);
  const dLon = radians(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A segment needs half the voyage's crew, rounded up. */
export const segmentCrewNeeded = (totalCrewNeeded: number): number => Math.ceil(totalCrewNeeded / 2);

export const isValidCoordinates = (coordinates: Coordinates): boolean =>
  Array.isArray(coordinates) && coordinates.length === 2 && isNumberBetween(coordinates[0], -180, 180) && isNumberBetween(coordinates[1], -90, 90);

/**
/**
 * Calendar dates as YYYY-MM-DD: real days only (not 2027-02-30) within the
 * years every date column holds. Compared as strings, which orders them correctly.
 */
export const isIsoDate = isCalendarDate;

/** Whole days from one calendar date to another. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** Pending and accepted applications are live: a crew member holds at most one per voyage. */
export const LIVE_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['pending', 'accepted'];
/** The apply message needs at least 10 characters. */
export const APPLICATION_MESSAGE_MIN_LENGTH = APPLICATION_MESSAGE.min;
export const APPLICATION_MESSAGE_MAX_LENGTH = APPLICATION_MESSAGE.max;
/** Who can apply: crew accounts; "both" accounts are crew too. */
export const APPLICANT_USER_TYPES = ['crew', 'both'] as const;

/** The earliest time zone (UTC+14): its day starts this long before the same day in UTC. */
const EARLIEST_ZONE_MS = 14 * 3_600_000;

/**
 * Whether a voyage's departure date has begun (somewhere on Earth, so a
 * skipper east of Greenwich is never refused on their own departure morning).
 * Before it, a voyage has not sailed: it takes no check-ins and cannot be
 * completed. A voyage without a start date has no such limit.
 */
export function hasDepartureDayBegun(startDate: string, now: Date): boolean {
  if (!startDate || !isCalendarDate(startDate)) return true;
  return now.getTime() >= Date.parse(`${startDate}T00:00:00Z`) - EARLIEST_ZONE_MS;
}

/** The refusal of a check-in or a completion before the departure date: a stable code, and the date in words (`day`: the departure date). */
export const NOT_DEPARTED = {
  code: 'VOYAGE_NOT_DEPARTED',
  messages: {
    'check-ins': 'This voyage departs on {day, date, calendar}: check-ins open on its departure date',
    completion: 'This voyage departs on {day, date, calendar}: it can be marked completed once it has sailed, from its departure date',
  },
} as const;
