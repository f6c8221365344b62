import type { ActivityItem } from '@crew/contracts';

/** A member who deleted their account: their name is gone from every screen. */
export const REMOVED_MEMBER = 'A removed member';
const UNLISTED_VOYAGE = 'a voyage no longer listed';

const nameOf = (item: ActivityItem): string => (item.actor ? (item.actor.name ?? REMOVED_MEMBER) : 'Someone');

/** One line saying what happened, from the signed-in member's side ("You applied to …", "Anna Crew applied to …"). */
export function activityText(item: ActivityItem): string {
  const voyage = item.voyage.title ?? UNLISTED_VOYAGE;
  const who = nameOf(item);
  switch (item.kind) {
    case 'application_sent':
      return `You applied to ${voyage}`;
    case 'application_received':
      return `${who} applied to ${voyage}`;
    case 'application_withdrawn':
      return item.actor ? `${who} withdrew their application to ${voyage}` : `You withdrew your application to ${voyage}`;
    case 'application_accepted':
      return `Your application to ${voyage} was accepted`;
    case 'application_rejected':
      return `Your application to ${voyage} was not selected this time`;
    case 'application_expired':
      return `Your application to ${voyage} expired without an answer`;
    case 'agreement_issued':
      return `${who} issued you a crew agreement for ${voyage}`;
    case 'agreement_accepted':
      return `${who} accepted the crew agreement for ${voyage}`;
    case 'float_plan_filed':
      return `${who} filed a float plan for ${voyage}`;
    case 'voyage_cancelled':
      return `${item.voyage.title ?? 'A voyage'} was cancelled`;
    case 'review_received': {
      const stars = item.rating === null ? '' : ` (${item.rating} ${item.rating === 1 ? 'star' : 'stars'})`;
      return `${who} reviewed you${stars} for ${voyage}`;
    }
    case 'messages': {
      const count = item.count ?? 1;
      return `${count === 1 ? 'New message' : `${count} new messages`} from ${who} about ${voyage}`;
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
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 7 * DAY) {
    const days = Math.floor(ago / DAY);
    return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  }
  return at.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
