import { formatDateTime } from '../../../lib/format';

/** "14:05" today, else the date and time, as the rest of the site writes them. */
export function messageTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const sameDay = at.toDateString() === now.toDateString();
  if (sameDay) return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return formatDateTime(iso);
}
