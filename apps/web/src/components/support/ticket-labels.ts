import type { TicketPriorityValue, TicketStatusValue } from '@crew/contracts';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

/**
 * Labels read in the page's language each time a screen reads one (getters),
 * so `STATUS_LABELS[status]` stays a plain string for every screen that shows it.
 */
const translated = <K extends string>(names: Readonly<Record<K, MessageDescriptor>>): Readonly<Record<K, string>> =>
  Object.defineProperties({}, Object.fromEntries(Object.entries<MessageDescriptor>(names).map(([key, name]) => [key, { enumerable: true, get: () => i18n._(name) }]))) as Readonly<
    Record<K, string>
  >;

const STATUS_NAMES: Readonly<Record<TicketStatusValue, MessageDescriptor>> = { open: msg`Open`, pending: msg`Pending`, resolved: msg`Resolved`, closed: msg`Closed` };
const PRIORITY_NAMES: Readonly<Record<TicketPriorityValue, MessageDescriptor>> = { low: msg`Low`, medium: msg`Medium`, high: msg`High`, urgent: msg`Urgent` };

export const STATUS_LABELS: Readonly<Record<TicketStatusValue, string>> = translated(STATUS_NAMES);
export const PRIORITY_LABELS: Readonly<Record<TicketPriorityValue, string>> = translated(PRIORITY_NAMES);

/** "Last reply {n}h/d ago" or "just now": under an hour is just now, under a day in hours, then in days. */
export function lastReplyText(iso: string | null, now: number = Date.now()): string {
  if (!iso) return t`No replies yet`;
  const hours = Math.floor((now - Date.parse(iso)) / 3_600_000);
  if (hours < 1) return t`Last reply just now`;
  if (hours < 24) return t`Last reply ${hours}h ago`;
  const days = Math.floor(hours / 24);
  return t`Last reply ${days}d ago`;
}
