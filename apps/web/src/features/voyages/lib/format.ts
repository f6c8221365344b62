import type { VoyageResponse } from '@crew/contracts';
import { CONTRIBUTION_TYPE_LABELS, CURRENCY_SYMBOLS, EXPERIENCE_LEVEL_LABELS, VOYAGE_STATUS_LABELS } from '@crew/contracts/constants';
import { formatNumber, plural } from '../../../lib/format';

// The shared date, duration and name rules, re-exported so this feature keeps one import path.
export { formatDate, formatDuration, formatNumber, humanize, initials, parseCalendarDate } from '../../../lib/format';

/*
 * Display rules of voyages (money, dates, durations, relative time).
 * Pure and zod-free: the browse screen's first chunk and the voyage form import
 * these, so only types and the schema-free constants come from the contracts.
 */

export type ContributionType = VoyageResponse['contribution_type'];
export type Currency = VoyageResponse['contribution_currency'];
export type ExperienceLevel = VoyageResponse['requirements']['min_experience'];
export const CURRENCY_SYMBOL = CURRENCY_SYMBOLS;
export const STATUS_LABEL = VOYAGE_STATUS_LABELS;
export const CONTRIBUTION_TYPE_LABEL = CONTRIBUTION_TYPE_LABELS;
export const EXPERIENCE_LABEL = EXPERIENCE_LEVEL_LABELS;

export type BoatType = NonNullable<VoyageResponse['boat']>['boat_type'];

export const BOAT_TYPE_LABEL: Record<BoatType, string> = {
  monohull: 'Monohull',
  catamaran: 'Catamaran',
  trimaran: 'Trimaran',
  motor_yacht: 'Motor yacht',
  motorsailer: 'Motorsailer',
  other: 'Other',
};

/** £120, $1,250, €99.50: whole amounts without decimals. */
export function formatMoney(amount: number, currency: Currency): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return `${CURRENCY_SYMBOL[currency] ?? ''}${formatNumber(amount, digits)}`;
}

/** 'Free', 'Share costs (~amount)', the amount alone for paid, 'Paid' without an amount, 'TBD' when unknown. */
export function formatContribution(type: ContributionType | null | undefined, amount: number | null | undefined, currency: Currency | null | undefined): string {
  const hasAmount = typeof amount === 'number' && Number.isFinite(amount) && amount > 0;
  const money = hasAmount ? formatMoney(amount, currency ?? 'GBP') : null;
  switch (type) {
    case 'free':
      return 'Free';
    case 'shared_costs':
      return money ? `Share costs (~${money})` : 'Share costs';
    case 'paid':
      return money ?? 'Paid';
    default:
      return 'TBD';
  }
}

/** A leg's duration: hours / 24 rounded, in days. */
export function formatSegmentDuration(hours: number | null | undefined): string {
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours < 0) return 'TBD';
  const days = Math.round(hours / 24);
  // A short hop (or a leg that arrives the day it leaves) would round to "0 days", which reads as an error.
  if (days === 0) return 'Under a day';
  return plural(days, 'day');
}

export function formatDistance(nm: number | null | undefined): string {
  if (typeof nm !== 'number' || !Number.isFinite(nm)) return 'TBD';
  return `${formatNumber(Math.round(nm))} nm`;
}

/** Today, yesterday, days ago under 7, weeks ago under 30 days, then months. */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  if (days < 30) return `${plural(Math.floor(days / 7), 'week')} ago`;
  return `${plural(Math.max(1, Math.floor(days / 30)), 'month')} ago`;
}

/** Cut at a word boundary near `max` characters. */
export function truncate(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
