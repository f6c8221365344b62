import { APPLICATION_STATUSES, type ApplicationStatus } from '@crew/contracts/constants';

/*
 * Display rules for the application screens (spec sections 4 and 9). Pure and
 * zod-free; small copies of the voyages feature's helpers, since features do
 * not import each other.
 */

/** The badge and filter names of the four application statuses. */
export const APPLICATION_STATUS_NAMES: Readonly<Record<ApplicationStatus, string>> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

export type StatusFilterValue = 'all' | ApplicationStatus;
export const STATUS_FILTERS: readonly StatusFilterValue[] = ['all', ...APPLICATION_STATUSES];
export const filterName = (value: StatusFilterValue): string => (value === 'all' ? 'All' : APPLICATION_STATUS_NAMES[value]);

/** How many applications each filter shows: all of them, and each status. */
export function countByStatus(applications: readonly { status: ApplicationStatus }[]): Record<StatusFilterValue, number> {
  const counts: Record<StatusFilterValue, number> = { all: applications.length, pending: 0, accepted: 0, rejected: 0, withdrawn: 0 };
  for (const { status } of applications) counts[status] += 1;
  return counts;
}

export const applyFilter = <T extends { status: ApplicationStatus }>(applications: readonly T[], filter: StatusFilterValue): T[] =>
  filter === 'all' ? [...applications] : applications.filter((application) => application.status === filter);

/** "Portsmouth → Cherbourg"; a missing end reads "TBD". */
export const formatRoute = (from: string | null, to: string | null): string => `${from || 'TBD'} → ${to || 'TBD'}`;

/** "Whole voyage" when no legs were chosen, else "Leg 2" or "Legs 1, 3" in order. */
export function formatLegs(orders: readonly number[]): string {
  if (orders.length === 0) return 'Whole voyage';
  const sorted = [...new Set(orders)].sort((a, b) => a - b);
  return `${sorted.length === 1 ? 'Leg' : 'Legs'} ${sorted.join(', ')}`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})/;

/** en-US long form ("June 5, 2026") of a calendar date, read as local so it never shifts a day; 'TBD' when missing. */
export function formatDate(value: string | null | undefined): string {
  const match = value ? DATE_ONLY.exec(value) : null;
  if (!match) return 'TBD';
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? 'TBD' : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A moment in full for a tooltip ("May 8, 2026, 10:30 AM"); '' when unreadable. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Days under 7, otherwise weeks and days ("2 weeks 3 days"); 'TBD' when unknown. */
export function formatDuration(days: number | null | undefined): string {
  if (typeof days !== 'number' || !Number.isFinite(days) || days < 0) return 'TBD';
  const whole = Math.round(days);
  if (whole < 7) return plural(whole, 'day');
  const weeks = Math.floor(whole / 7);
  const rest = whole % 7;
  return rest === 0 ? plural(weeks, 'week') : `${plural(weeks, 'week')} ${plural(rest, 'day')}`;
}

export const formatYearsSailing = (years: number): string => plural(years, 'year');

/** "celestial_navigation" → "Celestial navigation". */
export const humanize = (code: string): string => code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const initials = (first: string, last: string): string => `${first.trim()[0] ?? ''}${last.trim()[0] ?? ''}`.toUpperCase() || '?';

/** The ports of the legs applied for, in order ("Portsmouth → Cherbourg, Cherbourg → Guernsey"); '' for the whole voyage or unknown legs. */
export function describeLegPorts(orders: readonly number[], segments: readonly { order: number; departure_port: string; arrival_port: string }[]): string {
  return [...new Set(orders)]
    .sort((a, b) => a - b)
    .map((order) => segments.find((segment) => segment.order === order))
    .filter((segment) => segment !== undefined)
    .map((segment) => formatRoute(segment.departure_port, segment.arrival_port))
    .join(', ');
}
