import type { TicketPriorityValue, TicketStatusValue } from '@crew/contracts';

export const STATUS_LABELS: Record<TicketStatusValue, string> = { open: 'Open', pending: 'Pending', resolved: 'Resolved', closed: 'Closed' };
export const PRIORITY_LABELS: Record<TicketPriorityValue, string> = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' };

/** "Last reply {n}h/d ago" or "just now": under an hour is just now, under a day in hours, then in days. */
export function lastReplyText(iso: string | null, now: number = Date.now()): string {
  if (!iso) return 'No replies yet';
  const hours = Math.floor((now - Date.parse(iso)) / 3_600_000);
  if (hours < 1) return 'Last reply just now';
  if (hours < 24) return `Last reply ${hours}h ago`;
  return `Last reply ${Math.floor(hours / 24)}d ago`;
}
