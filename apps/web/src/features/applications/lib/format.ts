import type { ApplicationStatus } from '@crew/contracts/constants';
import { APPLICATION_STATUSES } from '@crew/rules';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { toBeDecided } from '../../../lib/format';

// The shared date, duration and name rules, re-exported so this feature keeps one import path.
export { formatDate, formatDateTime, formatDuration, humanize, initials } from '../../../lib/format';

/*
 * Display rules for the application screens. Pure and
 * zod-free; the rules every feature shares come from lib/format.
 */

/** The badge and filter names of the application statuses (expired: unanswered for 14 days, or the voyage departed). */
export const APPLICATION_STATUS_NAMES: Readonly<Record<ApplicationStatus, MessageDescriptor>> = {
  pending: msg`Pending`,
  accepted: msg`Accepted`,
  rejected: msg`Rejected`,
  withdrawn: msg`Withdrawn`,
  expired: msg`Expired`,
};

export type StatusFilterValue = 'all' | ApplicationStatus;
export const STATUS_FILTERS: readonly StatusFilterValue[] = ['all', ...APPLICATION_STATUSES];
export const filterName = (value: StatusFilterValue): string => (value === 'all' ? t`All` : i18n._(APPLICATION_STATUS_NAMES[value]));

/** What a filter that lets nothing through says ("No pending applications."). */
const NONE_UNDER_FILTER: Readonly<Record<StatusFilterValue, MessageDescriptor>> = {
  all: msg`No applications.`,
  pending: msg`No pending applications.`,
  accepted: msg`No accepted applications.`,
  rejected: msg`No rejected applications.`,
  withdrawn: msg`No withdrawn applications.`,
  expired: msg`No expired applications.`,
};
export const noneUnderFilter = (value: StatusFilterValue): string => i18n._(NONE_UNDER_FILTER[value]);

/** How many applications each filter shows: all of them, and each status. */
export function countByStatus(applications: readonly { status: ApplicationStatus }[]): Record<StatusFilterValue, number> {
  const counts: Record<StatusFilterValue, number> = { all: applications.length, pending: 0, accepted: 0, rejected: 0, withdrawn: 0, expired: 0 };
  for (const { status } of applications) counts[status] += 1;
  return counts;
}

export const applyFilter = <T extends { status: ApplicationStatus }>(applications: readonly T[], filter: StatusFilterValue): T[] =>
  filter === 'all' ? [...applications] : applications.filter((application) => application.status === filter);

/** "Portsmouth → Cherbourg"; a missing end reads "TBD". */
export const formatRoute = (from: string | null, to: string | null): string => `${from || toBeDecided()} → ${to || toBeDecided()}`;

/** "Whole voyage" when no legs were chosen, else "Leg 2" or "Legs 1, 3" in order. */
export function formatLegs(orders: readonly number[]): string {
  if (orders.length === 0) return t`Whole voyage`;
  const sorted = [...new Set(orders)].sort((a, b) => a - b);
  const legs = sorted.join(', ');
  const count = sorted.length;
  return t`${plural(count, { one: `Leg ${legs}`, other: `Legs ${legs}` })}`;
}

/** "1 year", "5 years". */
export const formatYearsSailing = (years: number): string => t`${plural(years, { one: '# year', other: '# years' })}`;

/** The ports of the legs applied for, in order ("Portsmouth → Cherbourg, Cherbourg → Guernsey"); '' for the whole voyage or unknown legs. */
export function describeLegPorts(orders: readonly number[], segments: readonly { order: number; departure_port: string; arrival_port: string }[]): string {
  return [...new Set(orders)]
    .sort((a, b) => a - b)
    .map((order) => segments.find((segment) => segment.order === order))
    .filter((segment) => segment !== undefined)
    .map((segment) => formatRoute(segment.departure_port, segment.arrival_port))
    .join(', ');
}
