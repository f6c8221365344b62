import type { ApplicationStatus } from '@crew/contracts/constants';
import { APPLICATION_STATUSES } from '@crew/rules';
import { plural } from '../../../lib/format';

// The shared date, duration and name rules, re-exported so this feature keeps one import path.
export { formatDate, formatDateTime, formatDuration, humanize, initials } from '../../../lib/format';

/*
 * Display rules for the application screens. Pure and
 * zod-free; the rules every feature shares come from lib/format.
 */

/** The badge and filter names of the application statuses (expired: unanswered for 14 days, or the voyage departed). */
export const APPLICATION_STATUS_NAMES: Readonly<Record<ApplicationStatus, string>> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

export type StatusFilterValue = 'all' | ApplicationStatus;
export const STATUS_FILTERS: readonly StatusFilterValue[] = ['all', ...APPLICATION_STATUSES];
export const filterName = (value: StatusFilterValue): string => (value === 'all' ? 'All' : APPLICATION_STATUS_NAMES[value]);

/** How many applications each filter shows: all of them, and each status. */
export function countByStatus(applications: readonly { status: ApplicationStatus }[]): Record<StatusFilterValue, number> {
  const counts: Record<StatusFilterValue, number> = { all: applications.length, pending: 0, accepted: 0, rejected: 0, withdrawn: 0, expired: 0 };
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

export const formatYearsSailing = (years: number): string => plural(years, 'year');

/** The ports of the legs applied for, in order ("Portsmouth → Cherbourg, Cherbourg → Guernsey"); '' for the whole voyage or unknown legs. */
export function describeLegPorts(orders: readonly number[], segments: readonly { order: number; departure_port: string; arrival_port: string }[]): string {
  return [...new Set(orders)]
    .sort((a, b) => a - b)
    .map((order) => segments.find((segment) => segment.order === order))
    .filter((segment) => segment !== undefined)
    .map((segment) => formatRoute(segment.departure_port, segment.arrival_port))
    .join(', ');
}
