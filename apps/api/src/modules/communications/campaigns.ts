import { createHash, randomUUID } from 'node:crypto';
import { CAMPAIGN_REPEAT_WINDOW_SECONDS, type CampaignAudience, type Communication } from '@crew/contracts';
import type { JsonObject } from '@crew/domain';
import type { Locale } from '@crew/rules';
import { t } from '@lingui/core/macro';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../platform/application-error';
import type { JobQueue } from '../../platform/jobs/job-queue.port';
import { layout, str, type MailRenderers, type RenderedEmail } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';
import { localeOf, mailI18n, mailLocale } from '../../platform/mail/mail-i18n';
import { localizedUrl, type MailLinks } from '../../platform/mail/mail-links';
import type { MailTemplateRegistry } from '../../platform/mail/mail-template-registry';
import type { MailTransport } from '../../platform/mail/mail-transport';
import { listUnsubscribeHeaders, sendEmailJob, withMarketingFooter, type MailParamResolver } from '../../platform/mail/send-email.job';
import { renderStoredTemplate, type TemplateStore } from '../../platform/mail/stored-templates';

/** Recipients queued per batch (one addBulk or one INSERT, and one cursor move). */
export const CAMPAIGN_BATCH = 1000;
/** Advisory-lock namespace: one process queues a given campaign at a time. */
const CAMPAIGN_LOCK_NAMESPACE = 7311;
/** Advisory-lock namespace: one request at a time creates the campaign of a given key (or content). */
const CAMPAIGN_IDEMPOTENCY_LOCK_NAMESPACE = 7312;

interface CampaignContent {
  readonly audience: CampaignAudience;
  readonly subject: string;
  readonly template: string;
  readonly message: string;
}

export interface CampaignInput extends CampaignContent {
  readonly createdBy: string | null;
  /** The request's Idempotency-Key, or null to recognise a repeat by its content. */
  readonly idempotencyKey: string | null;
}

/** What a campaign says, as one string: a repeat says exactly the same. */
const contentKey = (c: CampaignContent): string =>
  createHash('sha256')
    .update(JSON.stringify([c.audience, c.subject, c.template, c.message]))
    .digest('base64url');
const RESUME_EVERY_MS = 15_000;

/** The built-in campaign text, used when `email_templates` has no row for it. */
const renderers: MailRenderers = {};

renderers['campaign'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  return { subject: str(params, 'subject'), ...layout([t(i18n)`Hello ${firstName},`, ...str(params, 'message').split(/\n{2,}/)], undefined, localeOf(i18n)) };
};

/**
 * Who an audience is. Administrator-only accounts are never in it, and
 * neither is anyone who unsubscribed or turned campaign mail off, nor a
 * suspended member.
 */
const PREMIUM = `EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.state IN ('active', 'cancelling', 'payment_failed') AND s.end_date > now())`;
const AUDIENCE_SQL: Record<CampaignAudience, string> = {
  all_users: `u.user_type <> 'admin'`,
  skippers: `u.user_type IN ('skipper', 'both')`,
  crew: `u.user_type IN ('crew', 'both')`,
  premium: `u.user_type IN ('crew', 'both') AND ${PREMIUM}`,
  free: `u.user_type IN ('crew', 'both') AND NOT ${PREMIUM}`,
};
const audienceWhere = (audience: CampaignAudience): string =>
  `${AUDIENCE_SQL[audience]} AND NOT EXISTS (SELECT 1 FROM mail_preferences p WHERE p.user_id = u.id AND NOT p.marketing)
   AND NOT EXISTS (SELECT 1 FROM account_suspensions x WHERE x.user_id = u.id)`;

export const AUDIENCE_LABELS: Record<CampaignAudience, string> = {
  all_users: 'All users',
  skippers: 'Skippers',
  crew: 'Crew',
  premium: 'Premium crew',
  free: 'Free crew',
};

interface CampaignRow {
  id: string;
  audience: CampaignAudience;
  template: string;
  subject: string;
  status: 'queuing' | 'queued';
  recipients: number;
  queued: number;
  queue_cursor: string | null;
  created_at: Date;
  sent: number;
  failed: number;
  skipped: number;
  opened: number;
}

const CAMPAIGN_SELECT = `
  SELECT c.id, c.audience, c.template, c.subject, c.status, c.recipients, c.queued, c.queue_cursor, c.created_at,
         coalesce(m.sent, 0)::int AS sent, coalesce(m.failed, 0)::int AS failed, coalesce(m.skipped, 0)::int AS skipped, coalesce(m.opened, 0)::int AS opened
    FROM email_campaigns c
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE status = 'sent') AS sent, count(*) FILTER (WHERE status = 'failed') AS failed,
             count(*) FILTER (WHERE status = 'skipped') AS skipped, count(opened_at) AS opened
        FROM email_messages WHERE campaign_id = c.id) m ON true`;

export const toCommunication = (row: CampaignRow): Communication => {
  const processed = row.sent + row.failed + row.skipped;
  const status: Communication['status'] = row.status === 'queuing' ? 'queuing' : processed < row.queued ? 'sending' : row.sent === 0 && row.failed > 0 ? 'failed' : 'sent';
  return {
    id: row.id,
    subject: row.subject,
    template: row.template,
    audience: row.audience,
    recipient_info: `${AUDIENCE_LABELS[row.audience]} (${row.recipients.toLocaleString('en-GB')})`,
    sent_at: row.created_at.toISOString(),
    status,
    recipients: row.recipients,
    queued: row.queued,
    sent_count: row.sent,
    failed_count: row.failed,
    skipped_count: row.skipped,
    opened_count: row.opened,
  };
};

/** The campaign's subject and message, read when each mail is sent (jobs carry only the campaign's id). */
const campaignCache = new Map<string, { subject: string; message: string }>();
const campaignMailParams: Record<string, MailParamResolver> = {
  campaign: async (dataSource: DataSource, params: JsonObject): Promise<JsonObject> => {
    const id = str(params, 'campaignId');
    let campaign = campaignCache.get(id);
    if (!campaign) {
      const [row] = await dataSource.query<{ subject: string; message: string }[]>('SELECT subject, message FROM email_campaigns WHERE id = $1', [id]);
      if (!row) return {};
      campaign = row;
      if (campaignCache.size > 100) campaignCache.clear();
      campaignCache.set(id, campaign);
    }
    return { subject: campaign.subject, message: campaign.message };
  },
};

/** What the mail pipeline needs to render a campaign as a recipient receives it. */
export interface CampaignRendering {
  readonly templates: TemplateStore;
  readonly mailTemplates: MailTemplateRegistry;
  readonly links: MailLinks;
  readonly baseUrl: string;
}

/**
 * A campaign as one recipient receives it, rendered the way the send-email
 * job renders each campaign mail: the stored template in their language
 * (else the English one, else the built-in one) with the subject, message and
 * their first name, the site's links and the unsubscribe footer in their
 * language. A campaign's mails add its open-tracking image; a draft has none.
 */
export async function renderCampaignMail(
  rendering: CampaignRendering,
  draft: Pick<CampaignContent, 'template' | 'subject' | 'message'>,
  recipient: { readonly id: string; readonly firstName: string; readonly locale?: Locale | string },
): Promise<RenderedEmail> {
  const locale = mailLocale(recipient.locale);
  const params: JsonObject = {
    baseUrl: localizedUrl(rendering.baseUrl, rendering.baseUrl, locale),
    subject: draft.subject,
    message: draft.message,
    firstName: recipient.firstName,
  };
  const stored = await rendering.templates.load(draft.template, locale).catch(() => null);
  const rendered = stored ? renderStoredTemplate(stored, params, stored.locale) : rendering.mailTemplates.render(draft.template, params, locale);
  return withMarketingFooter(rendered, rendering.links, recipient.id, '', mailI18n(locale));
}

/** The template name a test send is recorded under: never a campaign's, so no campaign figure or template usage counts it. */
export const CAMPAIGN_TEST_TEMPLATE = 'campaign-test';

/**
 * "Send test to me": the campaign, subject marked [Test], to the signed-in
 * administrator only. No campaign row, no job, nothing queued for anyone
 * else; the message is kept in `email_messages` like any mail (so the dev
 * mailbox shows it) under CAMPAIGN_TEST_TEMPLATE with no campaign.
 */
export async function sendCampaignTest(
  dataSource: DataSource,
  transport: MailTransport,
  from: string,
  rendering: CampaignRendering,
  draft: Pick<CampaignContent, 'template' | 'subject' | 'message'>,
  admin: { readonly id: string; readonly email: string; readonly firstName: string; readonly locale?: Locale | string },
): Promise<void> {
  const rendered = await renderCampaignMail(rendering, draft, admin);
  const email = { ...rendered, subject: `[Test] ${rendered.subject}` };
  let failure: string | null = null;
  try {
    await transport.send({ from, to: admin.email, subject: email.subject, text: email.text, html: email.html, headers: listUnsubscribeHeaders(rendering.links, admin.id) });
  } catch (error) {
    failure = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  }
  await dataSource.query(
    `INSERT INTO email_messages (dedupe_key, template, recipient, recipient_id, subject, text_body, html_body, transport, status, error, attempts, sent_at, campaign_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, CASE WHEN $9 = 'sent' THEN now() END, NULL)`,
    [`campaign-test:${randomUUID()}`, CAMPAIGN_TEST_TEMPLATE, admin.email, admin.id, email.subject, email.text, email.html, transport.kind, failure ? 'failed' : 'sent', failure],
  );
  if (failure)
    throw new ApplicationError(
      'unavailable',
      'MAIL_UNAVAILABLE',
      'The test mail could not be sent: the mail server did not take it. Nothing was sent to anyone else; please try again.',
    );
}

/**
 * Email campaigns: one send-email job per recipient, with a deterministic id
 * (`campaign-<campaign id>:<user id>:<template>`), so queuing a batch again
 * (a retry, a resumed campaign) never mails anyone twice. Recipients are
 * queued in batches in user-id order behind a cursor kept on the campaign;
 * a process that dies while queuing leaves the cursor where it got to, and
 * the worker role's clock resumes from there.
 */
export class CampaignDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly baseUrl: string,
    private readonly onError: (message: string) => void,
  ) {}

  async countAudience(audience: CampaignAudience): Promise<number> {
    const [row] = await this.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM users u WHERE ${audienceWhere(audience)}`);
    return row?.n ?? 0;
  }

  /**
   * Records the campaign and starts queuing it in the background; answers at
   * once. A repeat of a request answers the campaign the first one created
   * (`replayed`) and queues nothing: the same Idempotency-Key from the same
   * administrator, or, without a key, the same audience, subject, template
   * and message from them within CAMPAIGN_REPEAT_WINDOW_SECONDS. Repeats
   * arriving together wait on one advisory lock, so only one of them inserts.
   */
  async create(input: CampaignInput): Promise<{ campaign: Communication; replayed: boolean }> {
    const lockKey = `${input.createdBy ?? ''}:${input.idempotencyKey ?? contentKey(input)}`;
    const outcome = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CAMPAIGN_IDEMPOTENCY_LOCK_NAMESPACE, lockKey]);
      const [earlier] =
        input.idempotencyKey !== null
          ? await manager.query<(CampaignContent & { id: string })[]>(
              'SELECT id, audience, subject, template, message FROM email_campaigns WHERE created_by = $1 AND idempotency_key = $2',
              [input.createdBy, input.idempotencyKey],
            )
          : await manager.query<(CampaignContent & { id: string })[]>(
              `SELECT id, audience, subject, template, message FROM email_campaigns
                WHERE created_by = $1 AND idempotency_key IS NULL AND audience = $2 AND subject = $3 AND template = $4 AND message = $5
                  AND created_at > now() - make_interval(secs => $6)
                ORDER BY created_at LIMIT 1`,
              [input.createdBy, input.audience, input.subject, input.template, input.message, CAMPAIGN_REPEAT_WINDOW_SECONDS],
            );
      if (earlier) {
        if (contentKey(earlier) !== contentKey(input)) {
          throw new ApplicationError('conflict', 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different campaign; send a new key for a new campaign');
        }
        return { id: earlier.id, replayed: true };
      }
      const [{ n: recipients }] = (await manager.query(`SELECT count(*)::int AS n FROM users u WHERE ${audienceWhere(input.audience)}`)) as { n: number }[];
      const id = randomUUID();
      await manager.query(
        'INSERT INTO email_campaigns (id, audience, template, subject, message, created_by, recipients, idempotency_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [id, input.audience, input.template, input.subject, input.message, input.createdBy, recipients, input.idempotencyKey],
      );
      return { id, replayed: false };
    });
    if (!outcome.replayed) this.dispatch(outcome.id);
    const campaign = await this.find(outcome.id);
    if (!campaign) throw new Error(`campaign ${outcome.id} vanished after it was written`);
    return { campaign, replayed: outcome.replayed };
  }

  async find(id: string): Promise<Communication | null> {
    const [row] = await this.dataSource.query<CampaignRow[]>(`${CAMPAIGN_SELECT} WHERE c.id = $1`, [id]);
    return row ? toCommunication(row) : null;
  }

  async recent(limit = 20): Promise<Communication[]> {
    const rows = await this.dataSource.query<CampaignRow[]>(`${CAMPAIGN_SELECT} ORDER BY c.created_at DESC LIMIT $1`, [limit]);
    return rows.map(toCommunication);
  }

  /** Queues the rest of a campaign (no-op while this or another process is at it). */
  dispatch(id: string): Promise<void> {
    const current = this.running.get(id);
    if (current) return current;
    const run = this.queueAll(id)
      .catch((error: unknown) => this.onError(`campaign ${id}: queuing stopped: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
    return run;
  }

  private async queueAll(id: string): Promise<void> {
    const lock = this.dataSource.createQueryRunner();
    await lock.connect();
    try {
      const [{ locked }] = (await lock.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [CAMPAIGN_LOCK_NAMESPACE, id])) as { locked: boolean }[];
      if (!locked) return;
      try {
        while (!this.stopped) {
          const [campaign] = await this.dataSource.query<{ audience: CampaignAudience; template: string; status: string; queue_cursor: string | null }[]>(
            'SELECT audience, template, status, queue_cursor FROM email_campaigns WHERE id = $1',
            [id],
          );
          if (!campaign || campaign.status !== 'queuing') return;
          const batch = await this.dataSource.query<{ id: string }[]>(
            `SELECT u.id FROM users u WHERE ${audienceWhere(campaign.audience)} AND ($1::uuid IS NULL OR u.id > $1::uuid) ORDER BY u.id LIMIT ${CAMPAIGN_BATCH}`,
            [campaign.queue_cursor],
          );
          const jobs = batch.map((user) =>
            sendEmailJob(`campaign-${id}`, { template: campaign.template, recipientId: user.id, params: { campaignId: id, baseUrl: this.baseUrl } }),
          );
          await this.dataSource.transaction(async (manager) => {
            // The PostgreSQL queue writes the jobs in this transaction; BullMQ adds them at once (their ids make a repeat harmless).
            await this.queue.enqueue(jobs, manager);
            if (batch.length === CAMPAIGN_BATCH) {
              await manager.query('UPDATE email_campaigns SET queue_cursor = $2, queued = queued + $3 WHERE id = $1', [id, batch.at(-1)!.id, batch.length]);
            } else {
              await manager.query(
                `UPDATE email_campaigns SET queue_cursor = $2, queued = queued + $3, recipients = queued + $3, status = 'queued', queued_at = now() WHERE id = $1`,
                [id, batch.at(-1)?.id ?? campaign.queue_cursor, batch.length],
              );
            }
          });
          if (batch.length < CAMPAIGN_BATCH) return;
        }
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1, hashtext($2))', [CAMPAIGN_LOCK_NAMESPACE, id]);
      }
    } finally {
      await lock.release();
    }
  }

  /** Resumes every campaign still queuing (its process may have died). */
  async resume(): Promise<void> {
    const rows = await this.dataSource.query<{ id: string }[]>(`SELECT id FROM email_campaigns WHERE status = 'queuing' ORDER BY created_at`);
    await Promise.all(rows.map((row) => this.dispatch(row.id)));
  }

  /** Waits until every campaign this process is queuing is queued. */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()]);
  }

  start(): void {
    if (this.timer) return;
    const run = (): void => void this.resume().catch((error: unknown) => this.onError(`campaign resume: ${error instanceof Error ? error.message : String(error)}`));
    run();
    this.timer = setInterval(run, RESUME_EVERY_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.settled();
  }
}

/** The context's templates, the personal values they read when each mail is sent, and their kind of mail (campaigns are news: the switch unsubscribe links turn off). */
export const campaignMail = new MailTemplates(renderers, campaignMailParams, { campaign: 'news' });
