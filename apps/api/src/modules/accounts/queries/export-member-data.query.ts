import { ACCOUNT_SELF_SERVICE, ACCOUNT_SELF_SERVICE_CODES, ACCOUNT_SELF_SERVICE_MESSAGES } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DataSource, QueryRunner } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { streamJson, type JsonValue } from '../../../platform/json-stream';
import type { Platform } from '../../../platform/platform';
import { DATA_SOURCE, PLATFORM } from '../../../platform/tokens';

/** Everything the site holds about the signed-in member, as one JSON document. */
export class ExportMemberData {
  constructor(readonly userId: string) {}
}

export interface MemberDataExport {
  /** The attachment's file name. */
  readonly filename: string;
  /** The document's text, written section by section as it is read. */
  readonly chunks: AsyncIterable<string>;
}

/** Rows read from a cursor at a time. */
const FETCH_ROWS = 500;

/**
 * The sections of the export and the read models and tables they come from,
 * each a query of one parameter (the member's id). Read-model columns that
 * only the projections need (log positions, search vectors) are left out;
 * the account's credentials (password hash, token version, second-factor
 * secrets) are never read.
 */
const SECTIONS = {
  boats: `SELECT to_jsonb(b) AS row FROM boats b WHERE b.owner_id = $1 ORDER BY b.created_at, b.id`,
  voyages_skippered: `SELECT to_jsonb(v) - 'search' - 'last_commit' - 'last_prepare' - 'skipper_name' AS row
      FROM voyage_summaries v WHERE v.skipper_id = $1 ORDER BY v.created_at, v.voyage_id`,
  applications: `SELECT jsonb_build_object('application_id', a.application_id, 'voyage_id', a.voyage_id, 'voyage_title', v.title, 'status', a.status,
        'segment_orders', a.segment_orders, 'message', m.message, 'created_at', a.created_at, 'updated_at', a.updated_at, 'decided_at', a.decided_at) AS row
      FROM applications a LEFT JOIN application_messages m ON m.application_id = a.application_id LEFT JOIN voyage_summaries v ON v.voyage_id = a.voyage_id
     WHERE a.crew_id = $1 ORDER BY a.created_at, a.application_id`,
  crew_agreements: `SELECT (to_jsonb(c) - 'last_commit' - 'last_prepare') || jsonb_build_object('role', CASE WHEN c.crew_id = $1 THEN 'crew' ELSE 'skipper' END) AS row
      FROM crew_agreements c
     WHERE c.crew_id = $1 OR c.voyage_id IN (SELECT voyage_id FROM voyage_summaries WHERE skipper_id = $1)
     ORDER BY c.issued_at, c.agreement_id`,
  float_plans_filed: `SELECT to_jsonb(f) - 'last_commit' - 'last_prepare' AS row
      FROM float_plans f JOIN voyage_summaries v ON v.voyage_id = f.voyage_id WHERE v.skipper_id = $1 ORDER BY f.filed_at, f.voyage_id`,
  float_plan_contacts: `SELECT to_jsonb(c) - 'link_key' - 'created_by' AS row FROM float_plan_contacts c WHERE c.created_by = $1 ORDER BY c.created_at, c.id`,
  messages_sent: `SELECT jsonb_build_object('id', m.id, 'conversation_id', m.conversation_id, 'voyage_id', c.voyage_id,
        'to_user_id', CASE WHEN c.user_low = $1 THEN c.user_high ELSE c.user_low END, 'body', m.body, 'created_at', m.created_at) AS row
      FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE m.sender_id = $1 ORDER BY m.seq`,
  reviews_written: `SELECT jsonb_build_object('id', r.id, 'voyage_id', r.voyage_id, 'reviewee_id', r.reviewee_id, 'as', r.reviewer_role, 'rating', r.rating,
        'body', r.body, 'created_at', r.created_at, 'updated_at', r.updated_at, 'visible_from', r.visible_from, 'hidden_at', r.hidden_at) AS row
      FROM reviews r WHERE r.reviewer_id = $1 ORDER BY r.created_at, r.id`,
  // Only the reviews already shown: one still sealed (until both sides have written or the window closes) stays sealed.
  reviews_received: `SELECT jsonb_build_object('id', r.id, 'voyage_id', r.voyage_id, 'reviewer_id', r.reviewer_id, 'reviewer_role', r.reviewer_role, 'rating', r.rating,
        'body', r.body, 'created_at', r.created_at, 'visible_from', r.visible_from, 'hidden_at', r.hidden_at) AS row
      FROM reviews r WHERE r.reviewee_id = $1 AND r.visible_from <= now() ORDER BY r.created_at, r.id`,
  support_tickets: `SELECT to_jsonb(t) - 'last_commit' - 'last_prepare' - 'assignee_id' - 'requester_id' AS row
      FROM support_tickets t WHERE t.requester_id = $1 ORDER BY t.created_at, t.ticket_id`,
  support_ticket_replies: `SELECT jsonb_build_object('reply_id', r.reply_id, 'ticket_id', r.ticket_id, 'from', CASE WHEN r.from_staff THEN 'support' ELSE 'you' END,
        'message', r.message, 'created_at', r.created_at) AS row
      FROM support_ticket_replies r JOIN support_tickets t ON t.ticket_id = r.ticket_id WHERE t.requester_id = $1 ORDER BY r.created_at, r.reply_id`,
  blocked_members: `SELECT jsonb_build_object('user_id', b.blocked_id, 'blocked_at', b.created_at) AS row FROM user_blocks b WHERE b.blocker_id = $1 ORDER BY b.created_at`,
  saved_searches: `SELECT jsonb_build_object('id', s.id, 'name', s.name, 'filters', s.filters, 'bbox', s.bbox, 'alert', s.alert, 'time_zone', s.time_zone,
        'created_at', s.created_at, 'updated_at', s.updated_at, 'last_opened_at', s.last_opened_at) AS row
      FROM saved_searches s WHERE s.user_id = $1 ORDER BY s.created_at, s.id`,
  watched_voyages: `SELECT jsonb_build_object('voyage_id', w.voyage_id, 'watching_since', w.created_at) AS row FROM voyage_watches w WHERE w.user_id = $1 ORDER BY w.created_at`,
} as const;

const PROFILE = `SELECT jsonb_build_object('id', u.id, 'email', u.email, 'pending_email', u.pending_email, 'first_name', u.first_name, 'last_name', u.last_name,
    'user_type', u.user_type, 'email_verified', u.email_verified, 'phone_number', u.phone_number, 'phone_verified', u.phone_verified,
    'identity_verified', u.identity_verified, 'profile_complete', u.profile_complete, 'profile_photo_url', u.profile_photo_url,
    'sailing_experience', u.sailing_experience, 'emergency_contact', u.emergency_contact, 'crew_skills', u.crew_skills,
    'crew_expectations', u.crew_expectations, 'locale', u.locale, 'created_at', u.created_at, 'updated_at', u.updated_at) AS row
  FROM users u WHERE u.id = $1`;

const SUBSCRIPTION = `SELECT to_jsonb(s) - 'last_commit' - 'last_prepare' - 'user_id' AS row FROM subscriptions s WHERE s.user_id = $1`;

/**
 * Consent records: whether news and campaign mail may be sent, and when it
 * was turned off; and the other notification switches the member set
 * (`notifications`, by kind; a kind not listed is on). Null when they never chose.
 */
const MAIL_PREFERENCES = `SELECT jsonb_build_object('marketing', coalesce(p.marketing, true), 'unsubscribed_at', p.unsubscribed_at, 'updated_at', p.updated_at,
    'notifications', coalesce(n.kinds, '{}'::jsonb)) AS row
  FROM (SELECT $1::uuid AS id) m
  LEFT JOIN mail_preferences p ON p.user_id = m.id
  LEFT JOIN LATERAL (SELECT jsonb_object_agg(kind, jsonb_build_object('enabled', enabled, 'updated_at', updated_at)) AS kinds
                       FROM notification_preferences WHERE user_id = m.id) n ON true
  WHERE p.user_id IS NOT NULL OR n.kinds IS NOT NULL`;

/** Whether the member has a calendar feed on, and since when: never its token (only a hash is kept, and it is no data about them). */
const CALENDAR_FEED = `SELECT jsonb_build_object('active', true, 'created_at', f.created_at) AS row FROM calendar_feeds f WHERE f.user_id = $1`;

const isRefusal = (error: unknown): error is RateLimiterRes => error instanceof RateLimiterRes;

/**
 * The member's data export (GET /api/users/me/export), limited to
 * ACCOUNT_SELF_SERVICE.exportsPerHour downloads an hour per member (429 with
 * Retry-After beyond). Every section is read in one read-only transaction at
 * one snapshot (REPEATABLE READ), through cursors of FETCH_ROWS rows, and
 * written as it is read (streamJson), so a member with thousands of messages
 * costs a few round trips and never one giant string. The connection is held
 * only while the document is being written, and given back when it ends or
 * the client goes away.
 */
@QueryHandler(ExportMemberData)
export class ExportMemberDataHandler implements IQueryHandler<ExportMemberData, MemberDataExport> {
  private readonly limit: RateLimiterAbstract;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {
    this.limit = platform.signInThrottle.create({ keyPrefix: 'member_export', points: ACCOUNT_SELF_SERVICE.exportsPerHour, duration: ACCOUNT_SELF_SERVICE.exportWindowS });
  }

  async execute({ userId }: ExportMemberData): Promise<MemberDataExport> {
    await this.count(userId);
    const now = this.platform.clock.now();
    return { filename: `crew-finder-data-${now.toISOString().slice(0, 10)}.json`, chunks: this.write(userId, now) };
  }

  private async count(userId: string): Promise<void> {
    try {
      await this.limit.consume(userId);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      const retryAfterS = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new ApplicationError('rate_limited', ACCOUNT_SELF_SERVICE_CODES.tooManyExports, ACCOUNT_SELF_SERVICE_MESSAGES.tooManyExports(Math.ceil(retryAfterS / 60)), {
        retryAfterS,
      });
    }
  }

  private async *write(userId: string, now: Date): AsyncGenerator<string> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      await runner.query('SET TRANSACTION READ ONLY');
      const one = async (sql: string): Promise<JsonValue> => ((await runner.query(sql, [userId])) as { row: JsonValue }[])[0]?.row ?? null;
      const profile = await one(PROFILE);
      if (profile === null) throw new ApplicationError('unauthenticated', 'UNAUTHORIZED', 'Please sign in again');
      const sections = Object.fromEntries(Object.entries(SECTIONS).map(([name, sql], index) => [name, rows(runner, `export_${index}`, sql, userId)]));
      yield* streamJson({
        format: 'crew-finder-member-export',
        version: 1,
        exported_at: now.toISOString(),
        profile,
        ...sections,
        subscription: () => one(SUBSCRIPTION),
        mail_preferences: () => one(MAIL_PREFERENCES),
        calendar_feed: () => one(CALENDAR_FEED),
      });
      await runner.commitTransaction();
    } finally {
      // A client that went away (or a failed read) leaves the transaction open.
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    }
  }
}

/** The rows of one section, read through a cursor of the snapshot's transaction. */
async function* rows(runner: QueryRunner, cursor: string, sql: string, userId: string): AsyncGenerator<JsonValue> {
  await runner.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`, [userId]);
  for (;;) {
    const batch = (await runner.query(`FETCH ${FETCH_ROWS} FROM ${cursor}`)) as { row: JsonValue }[];
    for (const { row } of batch) yield row;
    if (batch.length < FETCH_ROWS) break;
  }
  await runner.query(`CLOSE ${cursor}`);
}
