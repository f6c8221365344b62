import type { ActivityItem } from '@crew/contracts';
import { plural, t } from '@lingui/core/macro';
import { formatCalendarDate } from '../../../lib/format';

/** A member who deleted their account: their name is gone from every screen. */
export const removedMember = (): string => t`A removed member`;

const nameOf = (item: ActivityItem): string => (item.actor ? (item.actor.name ?? removedMember()) : t`Someone`);

/** One line saying what happened, from the signed-in member's side ("You applied to …", "Anna Crew applied to …"). */
export function activityText(item: ActivityItem): string {
  const voyage = item.voyage.title ?? t`a voyage no longer listed`;
  const who = nameOf(item);
  switch (item.kind) {
    case 'application_sent':
      return t`You applied to ${voyage}`;
    case 'application_received':
      return t`${who} applied to ${voyage}`;
    case 'application_withdrawn':
      return item.actor ? t`${who} withdrew their application to ${voyage}` : t`You withdrew your application to ${voyage}`;
    case 'application_accepted':
      return t`Your application to ${voyage} was accepted`;
    case 'application_rejected':
      return t`Your application to ${voyage} was not selected this time`;
    case 'application_expired':
      return t`Your application to ${voyage} expired without an answer`;
    case 'agreement_issued':
      return t`${who} issued you a crew agreement for ${voyage}`;
    case 'agreement_accepted':
      return t`${who} accepted the crew agreement for ${voyage}`;
    case 'float_plan_filed':
      return t`${who} filed a float plan for ${voyage}`;
    case 'voyage_cancelled': {
      const cancelled = item.voyage.title;
      return cancelled === null ? t`A voyage was cancelled` : t`${cancelled} was cancelled`;
    }
    case 'review_received': {
      const rating = item.rating;
      return rating === null ? t`${who} reviewed you for ${voyage}` : t`${who} reviewed you (${plural(rating, { one: '# star', other: '# stars' })}) for ${voyage}`;
    }
    case 'messages': {
      const count = item.count ?? 1;
      return t`${plural(count, { 1: 'New message', other: '# new messages' })} from ${who} about ${voyage}`;
    }
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date ("May 2, 2030"). */
export function activityWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return t`just now`;
  if (ago < HOUR) {
    const minutes = Math.floor(ago / MINUTE);
    return t`${minutes} min ago`;
  }
  if (ago < DAY) {
    const hours = Math.floor(ago / HOUR);
    return t`${hours} h ago`;
  }
  if (ago < 7 * DAY) {
    const days = Math.floor(ago / DAY);
    return t`${plural(days, { one: '# day ago', other: '# days ago' })}`;
  }
  return formatCalendarDate(at);
}
