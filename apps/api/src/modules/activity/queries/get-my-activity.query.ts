import { ACTIVITY_PAGE, type ActivityItem, type ActivityKind, type ActivityPage } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { ReviewClock } from '../../reviews/review-clock';

export class GetMyActivity {
  constructor(
    readonly memberId: string,
    readonly limit: number = ACTIVITY_PAGE.default,
    /** `<microseconds>.<key>`: items strictly older than it (in feed order). */
    readonly before?: string,
  ) {}
}

interface ActivityRow {
  key: string;
  at: Date;
  at_us: string;
  kind: ActivityKind;
  voyage_id: string;
  actor_id: string | null;
  subject_id: string | null;
  count: number | null;
  rating: number | null;
  first_name: string | null;
  last_name: string | null;
  actor_exists: boolean;
  title: string | null;
}

/** A branch's rows after the cursor: `(at, key) < (cursor time, cursor key)`, in a form that lets the index range on `at`. */
const after = (at: string, key: string): string => `($2::bigint IS NULL OR (${at} <= timestamptz 'epoch' + $2::bigint * interval '1 microsecond'
  AND (${at} < timestamptz 'epoch' + $2::bigint * interval '1 microsecond' OR ${key} < $3::text)))`;

/**
 * Three sources, each cut at the cursor and limited before they are merged:
 * - the projected feed (`activity_feed`, events about the member), by its
 *   (member, time) index;
 * - reviews of the member that are visible now (double-blind: both sides
 *   wrote, or the 14 days are over; not hidden by an administrator), at the
 *   moment they became visible: reviews are state, not events;
 * - conversations with unread messages, one item each at its latest message
 *   with the unread count (never one per message): messages are state too.
 * Then names and titles are joined from `users` and `voyage_summaries` for
 * the page only: an erased member's name is gone (shown as removed).
 */
const ACTIVITY_SQL = `
  WITH feed AS (
    SELECT 'e:' || f.event_id::text AS key, f.at, f.kind, f.voyage_id, f.actor_id, f.subject_id, NULL::int AS count, NULL::int AS rating
      FROM activity_feed f
     WHERE f.member_id = $1 AND ${after('f.at', `'e:' || f.event_id::text`)}
     ORDER BY f.at DESC, f.event_id DESC
     LIMIT $4
  ), received AS (
    SELECT 'r:' || r.id::text AS key, r.visible_from AS at, 'review_received'::text AS kind, r.voyage_id, r.reviewer_id AS actor_id, r.id AS subject_id, NULL::int AS count, r.rating::int AS rating
      FROM reviews r
     WHERE r.reviewee_id = $1 AND r.hidden_at IS NULL AND r.visible_from <= $5 AND ${after('r.visible_from', `'r:' || r.id::text`)}
     ORDER BY r.visible_from DESC, r.id DESC
     LIMIT $4
  ), unread AS (
    SELECT 'm:' || cm.conversation_id::text AS key, cm.last_message_at AS at, 'messages'::text AS kind, c.voyage_id, cm.other_user_id AS actor_id, cm.conversation_id AS subject_id, cm.unread_count AS count, NULL::int AS rating
      FROM conversation_members cm
      JOIN conversations c ON c.id = cm.conversation_id
     WHERE cm.user_id = $1 AND cm.unread_count > 0
       AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = cm.user_id AND b.blocked_id = cm.other_user_id)
       AND ${after('cm.last_message_at', `'m:' || cm.conversation_id::text`)}
     ORDER BY cm.last_message_at DESC, cm.conversation_id DESC
     LIMIT $4
  ), page AS (
    SELECT * FROM (SELECT * FROM feed UNION ALL SELECT * FROM received UNION ALL SELECT * FROM unread) merged
     ORDER BY at DESC, key DESC
     LIMIT $4
  )
  SELECT p.key, p.at, (extract(epoch FROM p.at) * 1000000)::bigint::text AS at_us, p.kind, p.voyage_id, p.actor_id, p.subject_id, p.count, p.rating,
         u.first_name, u.last_name, (u.id IS NOT NULL) AS actor_exists, v.title
    FROM page p
    LEFT JOIN users u ON u.id = p.actor_id
    LEFT JOIN voyage_summaries v ON v.voyage_id = p.voyage_id
   ORDER BY p.at DESC, p.key DESC`;

const enc = encodeURIComponent;

/** The screen an item opens in the web client. */
export function activityLink(kind: ActivityKind, voyageId: string, subjectId: string | null, actorIsOther: boolean): string {
  const voyage = `/voyages/${enc(voyageId)}`;
  switch (kind) {
    case 'application_received':
      return `${voyage}/applications`;
    case 'application_withdrawn':
      // The skipper sees who withdrew among the voyage's applications; the crew member sees the voyage.
      return actorIsOther ? `${voyage}/applications` : voyage;
    case 'agreement_issued':
    case 'agreement_accepted':
      return subjectId ? `/agreements/${enc(subjectId)}` : voyage;
    case 'review_received':
      return `${voyage}#reviews`;
    case 'messages':
      return subjectId ? `/messages/${enc(subjectId)}` : '/messages';
    default:
      return voyage;
  }
}

const toItem = (row: ActivityRow): ActivityItem => {
  // No actor: the member did it themselves (you applied, you withdrew).
  const actorId = row.actor_id;
  const other = actorId !== null;
  const subject = row.subject_id;
  return {
    id: row.key,
    kind: row.kind,
    at: new Date(row.at).toISOString(),
    voyage: { id: row.voyage_id, title: row.title },
    actor: actorId !== null ? { id: actorId, name: row.actor_exists ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() : null } : null,
    application_id: row.kind.startsWith('application_') ? subject : null,
    agreement_id: row.kind.startsWith('agreement_') ? subject : null,
    conversation_id: row.kind === 'messages' ? subject : null,
    review_id: row.kind === 'review_received' ? subject : null,
    count: row.kind === 'messages' ? row.count : null,
    rating: row.kind === 'review_received' ? row.rating : null,
    link: activityLink(row.kind, row.voyage_id, subject, other),
  };
};

/**
 * GET /api/users/me/activity: the signed-in member's recent activity, newest
 * first, a page at a time (`next_cursor` names the last item shown). Only the
 * member's own rows are ever read: their feed, reviews of them, their
 * conversations.
 */
@QueryHandler(GetMyActivity)
export class GetMyActivityHandler implements IQueryHandler<GetMyActivity, ActivityPage> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ memberId, limit, before }: GetMyActivity): Promise<ActivityPage> {
    let micros: string | null = null;
    let key: string | null = null;
    if (before) {
      const dot = before.indexOf('.');
      micros = before.slice(0, dot);
      key = before.slice(dot + 1);
    }
    const rows = await this.dataSource.query<ActivityRow[]>(ACTIVITY_SQL, [memberId, micros, key, limit + 1, this.clock.now()]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { items: page.map(toItem), next_cursor: rows.length > limit && last ? `${last.at_us}.${last.key}` : null };
  }
}
