import { isNotificationKind } from '@crew/contracts';
import { createHash } from 'node:crypto';
import type { JsonObject } from '@crew/domain';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { DataSource } from 'typeorm';
import type { JobHandler } from '../jobs/job-queue.port';
import { isTransientFailure } from '../projections/parked-events';
import { str, type RenderedEmail } from './email-templates';
import type { MailTemplateRegistry } from './mail-template-registry';
import { localeOf, mailI18n, mailLocale } from './mail-i18n';
import { localizedLinks, type MailLinks } from './mail-links';
import type { MailTransport } from './mail-transport';
import { withNotificationFooter } from './notification-footer';
import { notificationIsOn } from './notification-preferences';
import { renderStoredTemplate, type TemplateStore } from './stored-templates';

export const SEND_EMAIL_JOB = 'send-email';

/**
 * A mail job names people by user id only: job ids and payloads stay in the
 * queue (BullMQ keeps finished jobs for days), so they must hold no address
 * or name that an erased account would leave behind. The address, first name
 * and any other personal value are read when the mail is sent.
 */
export interface SendEmailJobData extends JsonObject {
  template: string;
  /** The user the mail is for. */
  recipientId: string;
  /**
   * Template values that are no personal data: titles, links, ids for the template's resolver.
   * `campaignId` names the campaign a mail belongs to: its progress and opens are counted by it.
   */
  params: JsonObject;
}

/**
 * The param naming the auth_tokens row whose address a mail goes to: mail
 * about an email change goes to the new address, or the one being replaced,
 * not the account's current one.
 */
export const TO_TOKEN_ADDRESS = 'toTokenAddress';

/** Where the mail pipeline finds stored templates and signs the links marketing mail carries. */
export interface SendEmailOptions {
  readonly templates?: TemplateStore;
  readonly links?: MailLinks;
}

/**
 * Reads the personal values a template shows (other people's names, an
 * applicant's message) from the ids in its params, when the mail is sent;
 * values it words itself (a date, "A crew member" for someone erased) are
 * in the recipient's language, the translator's.
 */
export type MailParamResolver = (dataSource: DataSource, params: JsonObject, i18n: I18n) => Promise<JsonObject>;

/**
 * Reads the personal values of many mails of one template in one go (a
 * batch of digests): for each mail, in order, its values, or why it is no
 * longer due.
 */
export type MailBatchResolver = (dataSource: DataSource, mails: readonly { readonly params: JsonObject; readonly i18n: I18n }[]) => Promise<(JsonObject | MailNoLongerDue)[]>;

/**
 * Builds the deterministic job (`<source id>:<recipient user id>:<template>`) for one recipient of one event or token.
 * The source id holds no colon: BullMQ refuses a custom job id of more than three colon-separated parts.
 */
export const sendEmailJob = (sourceId: string, data: SendEmailJobData): { id: string; name: string; data: SendEmailJobData } => ({
  id: `${sourceId}:${data.recipientId}:${data.template}`,
  name: SEND_EMAIL_JOB,
  data,
});

/**
 * The Message-ID of a job's mail, the same on every attempt: a job retried
 * after its mail was handed to the SMTP server but before it was recorded
 * as sent (a worker killed in between) sends a copy that receivers and the
 * test suites recognise as the same message. A hash, so the header names
 * neither the recipient nor the event. The domain is the sender's.
 */
export const mailMessageId = (jobId: string, from: string): string => {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'crew-finder.local';
  return `<${createHash('sha256').update(jobId).digest('hex').slice(0, 40)}@${domain}>`;
};

/**
 * Thrown by a template's resolver when the mail no longer has a reason to go
 * (the saved search was deleted or its alert turned off, the voyage no longer
 * matches): the job is recorded as skipped with `reason` and not retried.
 */
export class MailNoLongerDue extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'MailNoLongerDue';
  }
}

/**
 * The tries that find a job's recipient missing before the account counts as erased. BullMQ may hand out a job before
 * the transaction that created its recipient commits (a registration queues its verification mail inside it), and a
 * commit held up by load must not cost a new member that mail: with the queue's backoff (1 s, then 2 s) the account has
 * about 3 s to appear. A mail to an erased account is recorded as skipped that much later, which costs nothing.
 */
export const RECIPIENT_WAIT_ATTEMPTS = 3;

/** A job whose recipient is not (yet) visible: it is tried again, up to RECIPIENT_WAIT_ATTEMPTS, before it counts as erased. */
export class RecipientNotFoundError extends Error {
  constructor(readonly recipientId: string) {
    super(`Recipient ${recipientId} not found; trying again in case their account is still being committed`);
    this.name = 'RecipientNotFoundError';
  }
}

export interface MailRecipient {
  id: string;
  email: string;
  first_name: string;
  /** The recipient's saved language, read when the mail is sent: the mail is written in it. */
  locale: string;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Campaign mail: the unsubscribe link (text and HTML, to the page in the mail's language) and the per-message tracking image (HTML only), in the mail's language. */
export const withMarketingFooter = (email: RenderedEmail, links: MailLinks, recipientId: string, campaignId: string, i18n: I18n = mailI18n('en')): RenderedEmail => {
  const unsubscribe = links.unsubscribeUrl(recipientId, localeOf(i18n));
  const note = t(i18n)`You receive this because you have a Crew Finder account and news mail is on.`;
  const label = t(i18n)`Unsubscribe`;
  const footer = `<p style="color:#5b6b7b;font-size:12px">${escapeHtml(note)} <a href="${escapeHtml(unsubscribe)}">${escapeHtml(label)}</a></p>
${campaignId ? `<img src="${escapeHtml(links.openPixelUrl(campaignId, recipientId))}" width="1" height="1" alt="" style="display:block;border:0">` : ''}`;
  return {
    subject: email.subject,
    text: `${email.text}\n\n${note}\n${label}: ${unsubscribe}`,
    html: email.html.replace('</body></html>', `${footer}</body></html>`),
  };
};

/**
 * Campaign mail's list headers (RFC 2369 and RFC 8058): mail clients show
 * their own Unsubscribe button, which posts to the one-click URL without
 * opening a page or needing a session.
 */
export const listUnsubscribeHeaders = (links: MailLinks, recipientId: string): Record<string, string> => ({
  'List-Unsubscribe': `<${links.oneClickUnsubscribeUrl(recipientId)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * Sends one email, in the recipient's saved language (read when it is sent;
 * English when none), its links to the site's pages in that language too
 * (`/fr/verify-email?token=…`; English links have no prefix), and records it
 * (template, recipient, subject, status, time) for the admin Communications
 * tab. A message already recorded as sent (or skipped) under the same job id
 * is not sent again, so a replayed event or a retried job never mails twice.
 * A mail of a kind its recipient turned off (their notification switches,
 * read when it is sent) is recorded as skipped, with the reason
 * (`turned off: messages`), and is not retried; mail of an always-sent kind
 * is never held back.
 * A recipient still missing on the last of RECIPIENT_WAIT_ATTEMPTS tries
 * (their account was erased) is recorded as skipped and nothing is sent; the
 * tries before retry instead, since BullMQ may hand out a job before the
 * transaction that created its recipient commits.
 */
export const createSendEmailHandler =
  (dataSource: DataSource, transport: MailTransport, from: string, registry: MailTemplateRegistry, options: SendEmailOptions = {}): JobHandler =>
  async (raw, { jobId, attempt }) => {
    const data = raw as SendEmailJobData;
    const done: { id: string }[] = await dataSource.query(`SELECT id FROM email_messages WHERE dedupe_key = $1 AND status IN ('sent', 'skipped')`, [jobId]);
    if (done.length > 0) return;
    const [recipient] = await dataSource.query<MailRecipient[]>('SELECT u.id, u.email, u.first_name, u.locale FROM users u WHERE u.id = $1', [data.recipientId]);
    if (!recipient) {
      if (attempt < RECIPIENT_WAIT_ATTEMPTS) throw new RecipientNotFoundError(data.recipientId);
      await recordMail(dataSource, jobId, data, null, transport.kind, { status: 'skipped', error: 'the recipient account no longer exists', attempt });
      return;
    }
    // The recipient's switch for this kind of mail, read now: a choice (or an unsubscribe) made after the
    // mail was queued holds. Always-sent kinds (verification, password reset, security...) have no switch.
    const kind = registry.kindOf(data.template);
    if (isNotificationKind(kind) && !(await notificationIsOn(dataSource, recipient.id, kind))) {
      await recordMail(dataSource, jobId, data, { recipient, subject: '', text: '', html: '' }, transport.kind, { status: 'skipped', error: `turned off: ${kind}`, attempt });
      return;
    }
    const tokenAddress = str(data.params, TO_TOKEN_ADDRESS);
    if (tokenAddress) {
      const [token] = await dataSource.query<{ email: string | null }[]>('SELECT email FROM auth_tokens WHERE id = $1 AND user_id = $2', [tokenAddress, recipient.id]);
      if (!token?.email) {
        await recordMail(dataSource, jobId, data, null, transport.kind, { status: 'skipped', error: 'the address of this mail is no longer known', attempt });
        return;
      }
      recipient.email = token.email;
    }
    const locale = mailLocale(recipient.locale);
    let personal: JsonObject;
    try {
      personal = await registry.resolve(data.template, dataSource, data.params, locale);
    } catch (caught) {
      if (!(caught instanceof MailNoLongerDue)) throw caught;
      await recordMail(dataSource, jobId, data, null, transport.kind, { status: 'skipped', error: caught.reason, attempt });
      return;
    }
    await deliverMail({ dataSource, transport, from, registry, options }, { jobId, data, recipient, personal, attempt });
  };

/** What sending a mail needs besides the mail: the database, the transport, the sender, the templates. */
export interface MailDelivery {
  readonly dataSource: DataSource;
  readonly transport: MailTransport;
  readonly from: string;
  readonly registry: MailTemplateRegistry;
  readonly options: SendEmailOptions;
}

/** One mail whose recipient is read and whose personal values are resolved. */
export interface ResolvedMail {
  readonly jobId: string;
  readonly data: SendEmailJobData;
  readonly recipient: MailRecipient;
  readonly personal: JsonObject;
  readonly attempt: number;
}

/**
 * Renders a mail in its recipient's language (the stored template of that
 * language, else the built-in text), adds the footer its kind carries, sends
 * it and records it under its job id; a mail the transport refused is
 * recorded as failed and the error thrown, so its job is tried again.
 */
export const deliverMail = async ({ dataSource, transport, from, registry, options }: MailDelivery, { jobId, data, recipient, personal, attempt }: ResolvedMail): Promise<void> => {
  const kind = registry.kindOf(data.template);
  // Campaign mail is the news kind (the registry holds them to it): it carries the unsubscribe link.
  const marketing = kind === 'news';
  const locale = mailLocale(recipient.locale);
  // The site's addresses the job names (its `baseUrl`, a one-time `link`) open the pages in the mail's language.
  const site = options.links?.baseUrl ?? str(data.params, 'baseUrl');
  const params = { ...localizedLinks(data.params, site, locale), ...personal, firstName: recipient.first_name };
  // The recipient's language's version of an editable template, else the English one, else the built-in text in their language.
  const stored = await options.templates?.load(data.template, locale).catch(() => null);
  const rendered = stored ? renderStoredTemplate(stored, params, stored.locale) : registry.render(data.template, params, locale);
  const email =
    marketing && options.links
      ? withMarketingFooter(rendered, options.links, recipient.id, str(data.params, 'campaignId'), mailI18n(locale))
      : isNotificationKind(kind) && site
        ? withNotificationFooter(rendered, kind, site, mailI18n(locale))
        : rendered;
  let error: unknown = null;
  try {
    // A template may name its own list headers (a saved search's alert unsubscribes from that search alone).
    const headers = rendered.headers ?? (marketing && options.links ? listUnsubscribeHeaders(options.links, recipient.id) : undefined);
    await transport.send({
      from,
      to: recipient.email,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: mailMessageId(jobId, from),
      ...(headers ? { headers } : {}),
    });
  } catch (caught) {
    error = caught;
  }
  const outcome = {
    status: error ? ('failed' as const) : ('sent' as const),
    error: error ? (error instanceof Error ? error.message : String(error)).slice(0, 2000) : null,
    attempt,
  };
  if (error) {
    await recordMail(dataSource, jobId, data, { recipient, ...email }, transport.kind, outcome);
    throw error;
  }
  await untilRecorded(() => recordMail(dataSource, jobId, data, { recipient, ...email }, transport.kind, outcome));
};

/** How long a mail the SMTP server took is kept trying to be recorded while the database is away. */
export const RECORD_SENT_RETRY_MS = 30_000;

/**
 * Writes the record of a mail the SMTP server has already taken, through a
 * database restart or failover: were the record given up, the job would be
 * retried and the recipient mailed twice. Only a failure of the platform
 * (a lost connection, the server shutting down) is waited out, with a
 * growing pause, for at most RECORD_SENT_RETRY_MS; anything else is thrown.
 */
export const untilRecorded = async (write: () => Promise<unknown>, retryMs = RECORD_SENT_RETRY_MS): Promise<void> => {
  const deadline = Date.now() + retryMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 2_000)) {
    try {
      await write();
      return;
    } catch (error) {
      if (!isTransientFailure(error) || Date.now() + pause > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
};

/** Records a mail's outcome under its job id (what /dev/mailbox and the admin's Communications tab show). */
export const recordMail = (
  dataSource: DataSource,
  jobId: string,
  data: SendEmailJobData,
  message: { recipient: MailRecipient; subject: string; text: string; html: string } | null,
  transport: MailTransport['kind'],
  outcome: { status: 'sent' | 'failed' | 'skipped'; error: string | null; attempt: number },
): Promise<unknown> =>
  dataSource.query(
    // A recipient erased while this job ran (after the erasure scrubbed their mails) leaves no address, subject or text here.
    `INSERT INTO email_messages (dedupe_key, template, recipient, recipient_id, subject, text_body, html_body, transport, status, error, attempts, sent_at, campaign_id)
     SELECT $1::text, $2::text, CASE WHEN g.gone THEN '' ELSE $3::text END, $4::uuid, CASE WHEN g.gone THEN '' ELSE $5::text END,
            CASE WHEN g.gone THEN '' ELSE $6::text END, CASE WHEN g.gone THEN '' ELSE $7::text END, $8::text, $9::text, $10::text, $11::int,
            CASE WHEN $9::text = 'sent' THEN now() END, $12::uuid
       FROM (SELECT $4::uuid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = $4::uuid) AS gone) g
     ON CONFLICT (dedupe_key) DO UPDATE SET status = EXCLUDED.status, error = EXCLUDED.error,
       attempts = EXCLUDED.attempts, sent_at = EXCLUDED.sent_at`,
    [
      jobId,
      data.template,
      message?.recipient.email ?? '',
      data.recipientId,
      message?.subject ?? '',
      message?.text ?? '',
      message?.html ?? '',
      transport,
      outcome.status,
      outcome.error,
      outcome.attempt,
      typeof data.params['campaignId'] === 'string' ? data.params['campaignId'] : null,
    ],
  );
