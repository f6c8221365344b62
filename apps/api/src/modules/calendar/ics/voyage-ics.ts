import { CALENDAR_REFRESH_SECONDS } from '@crew/contracts';
import type { Segment } from '@crew/domain';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';

/**
 * iCalendar (RFC 5545) for voyages: one event per leg, its ports, dates and
 * the voyage's link. Pure: the callers read the voyages and pass the
 * translator and the site's links (docs/features/calendar.md).
 *
 * - Legs carry dates only (the route's estimated departure and arrival
 *   days, no time of day), so every event is an all-day event: DTSTART is
 *   the departure day and DTEND the day after arrival (RFC 5545 ends are
 *   exclusive). Dates are handed to ical-generator as UTC midnights with no
 *   calendar time zone, which it writes from their UTC fields, so the days
 *   never move with the server's time zone or a daylight-saving change.
 * - UID names the voyage and the leg's order, so a leg keeps its event
 *   across edits; SEQUENCE is the voyage stream's revision, which every
 *   change of the voyage (and every application to it) raises; DTSTAMP and
 *   LAST-MODIFIED are when the voyage last changed. The same data makes the
 *   same bytes.
 */

/** What a leg's event needs of a route segment. */
export type CalendarLeg = Pick<Segment, 'order' | 'departure' | 'arrival' | 'estimatedDepartureDate' | 'estimatedArrivalDate'>;

export interface CalendarVoyage {
  readonly id: string;
  readonly title: string;
  /** 'draft' or a voyage status; a cancelled voyage's events are CANCELLED. */
  readonly status: string;
  /** YYYY-MM-DD, or null while a draft has none. */
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly legs: readonly CalendarLeg[];
  /** The voyage stream's revision: SEQUENCE of every event. */
  readonly revision: number;
  readonly updatedAt: Date;
}

/** The member's own part in a voyage of their feed. */
export type CalendarRole = 'skipper' | 'crew' | 'applicant';

export interface FeedVoyage extends CalendarVoyage {
  readonly role: CalendarRole;
  /** The legs the member sails or applied for (orders); empty: the whole voyage. */
  readonly legOrders: readonly number[];
}

export interface CalendarOptions {
  readonly i18n: I18n;
  /** The voyage's page on the site, in the calendar's language. */
  readonly voyageUrl: (voyageId: string) => string;
}

/** One all-day span: the first day and the last day (both sailed), YYYY-MM-DD. */
export interface LegDays {
  readonly first: string;
  readonly last: string;
  /** A date was not set for the leg and is taken from the legs around it, or the voyage's dates. */
  readonly estimated: boolean;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as the UTC midnight ical-generator writes back as that same date. */
const utcMidnight = (isoDate: string): Date => new Date(`${isoDate}T00:00:00Z`);
const dayAfter = (isoDate: string): Date => new Date(utcMidnight(isoDate).getTime() + DAY_MS);
const dateOrNull = (value: string | null | undefined): string | null => (value && ISO_DATE.test(value) ? value : null);

/**
 * The days of each leg. A leg without a departure date leaves when the leg
 * before it arrived (or the voyage starts); one without an arrival date
 * arrives when the next leg leaves (or the voyage ends), as the route form
 * shows such legs between their neighbours. A leg with no date at all and no
 * voyage dates gets no event.
 */
export function legDays(voyage: Pick<CalendarVoyage, 'startDate' | 'endDate' | 'legs'>): Map<number, LegDays> {
  const legs = [...voyage.legs].sort((a, b) => a.order - b.order);
  const days = new Map<number, LegDays>();
  let previousEnd = dateOrNull(voyage.startDate);
  legs.forEach((leg, index) => {
    const departure = dateOrNull(leg.estimatedDepartureDate);
    const arrival = dateOrNull(leg.estimatedArrivalDate);
    const next = legs.slice(index + 1).find((later) => dateOrNull(later.estimatedDepartureDate) ?? dateOrNull(later.estimatedArrivalDate));
    const nextStart = next ? (dateOrNull(next.estimatedDepartureDate) ?? dateOrNull(next.estimatedArrivalDate)) : dateOrNull(voyage.endDate);
    const first = departure ?? previousEnd ?? arrival;
    const lastGuess = arrival ?? nextStart ?? first;
    if (first && lastGuess) {
      const last = lastGuess < first ? first : lastGuess;
      days.set(leg.order, { first, last, estimated: departure === null || arrival === null });
      previousEnd = last;
    }
  });
  return days;
}

const roleLabel = (role: CalendarRole, i18n: I18n): string => {
  switch (role) {
    case 'skipper':
      return t(i18n)`Skipper`;
    case 'crew':
      return t(i18n)`Accepted crew`;
    case 'applicant':
      return t(i18n)`Application pending`;
  }
};

/** The event's one-line title: the voyage, which leg of how many, and its ports. */
const legSummary = (voyage: CalendarVoyage, leg: CalendarLeg, legCount: number, i18n: I18n): string => {
  const { title } = voyage;
  const from = leg.departure.name;
  const to = leg.arrival.name;
  if (legCount === 1) return t(i18n)`${title}: ${from} → ${to}`;
  const order = leg.order;
  return t(i18n)`${title} (leg ${order} of ${legCount}): ${from} → ${to}`;
};

const legDescription = (voyage: CalendarVoyage, leg: CalendarLeg, days: LegDays, url: string, i18n: I18n, role: CalendarRole | null): string => {
  const from = leg.departure.name;
  const to = leg.arrival.name;
  const lines = [voyage.title, t(i18n)`From ${from} to ${to}.`];
  if (role) {
    const part = roleLabel(role, i18n);
    lines.push(t(i18n)`Your part: ${part}`);
  }
  if (voyage.status === 'cancelled') lines.push(t(i18n)`This voyage was cancelled.`);
  if (days.estimated) lines.push(t(i18n)`The skipper has not set this leg's dates yet: they are taken from the legs around it.`);
  lines.push(url);
  return lines.join('\n');
};

const uidOf = (voyageId: string, order: number): string => `voyage-${voyageId}-leg-${order}@crew-finder`;

/** Adds one all-day event per leg of `voyage` (only the legs `legOrders` names, when it names any). */
function addLegEvents(calendar: ICalCalendar, voyage: CalendarVoyage, options: CalendarOptions, role: CalendarRole | null, legOrders: readonly number[] = []): void {
  const { i18n } = options;
  const days = legDays(voyage);
  const url = options.voyageUrl(voyage.id);
  const legCount = voyage.legs.length;
  for (const leg of [...voyage.legs].sort((a, b) => a.order - b.order)) {
    if (legOrders.length > 0 && !legOrders.includes(leg.order)) continue;
    const span = days.get(leg.order);
    if (!span) continue;
    const summary = legSummary(voyage, leg, legCount, i18n);
    const coordinates = leg.departure.coordinates;
    calendar.createEvent({
      id: uidOf(voyage.id, leg.order),
      sequence: voyage.revision,
      stamp: voyage.updatedAt,
      lastModified: voyage.updatedAt,
      allDay: true,
      start: utcMidnight(span.first),
      end: dayAfter(span.last),
      summary: role === 'applicant' ? t(i18n)`Application pending: ${summary}` : summary,
      location: coordinates ? { title: leg.departure.name, geo: { lon: coordinates[0], lat: coordinates[1] } } : leg.departure.name,
      description: legDescription(voyage, leg, span, url, i18n, role),
      url,
      status: voyage.status === 'cancelled' ? ICalEventStatus.CANCELLED : role === 'applicant' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
}

const newCalendar = (name: string): ICalCalendar => ical({ prodId: { company: 'Crew Finder', product: 'Voyages', language: 'EN' }, name });

/** The .ics of one voyage: every leg, for anyone who may see the voyage. */
export function buildVoyageCalendar(voyage: CalendarVoyage, options: CalendarOptions): string {
  const calendar = newCalendar(voyage.title);
  addLegEvents(calendar, voyage, options, null);
  return calendar.toString();
}

/**
 * A member's feed: the legs of each voyage they skipper, crew or applied to,
 * with their own part in it and nothing about anyone else. Calendar apps are
 * asked to fetch it again every hour (REFRESH-INTERVAL, X-PUBLISHED-TTL).
 */
export function buildFeedCalendar(voyages: readonly FeedVoyage[], options: CalendarOptions): string {
  const { i18n } = options;
  const calendar = newCalendar(t(i18n)`Crew Finder voyages`);
  calendar.description(t(i18n)`The voyages you skipper, sail on or applied to on Crew Finder.`);
  calendar.ttl(CALENDAR_REFRESH_SECONDS);
  for (const voyage of voyages) addLegEvents(calendar, voyage, options, voyage.role, voyage.role === 'skipper' ? [] : voyage.legOrders);
  return calendar.toString();
}
