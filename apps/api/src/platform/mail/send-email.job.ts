import type { JsonObject } from '@crew/domain';
import type { DataSource } from 'typeorm';
import type { JobHandler } from '../jobs/job-queue.port';
import { renderEmail } from './email-templates';
import type { MailTransport } from './mail-transport';

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
  /** Template values that are no personal data: titles, links, ids for the template's resolver. */
  params: JsonObject;
}

/**
 * Reads the personal values a template shows (other people's names, an
 * applicant's message) from the ids in its params, when the mail is sent.
 */
export type MailParamResolver = (dataSource: DataSource, params: JsonObject) => Promise<JsonObject>;

/** Builds the deterministic job (`<source id>:<recipient user id>:<template>`) for one recipient of one event or token. */
export const sendEmailJob = (sourceId: string, data: SendEmailJobData): { id: string; name: string; data: SendEmailJobData } => ({
  id: `${sourceId}:${data.recipientId}:${data.template}`,
  name: SEND_EMAIL_JOB,
  data,
});

/** A job whose recipient is not (yet) visible: it is tried once more before it counts as erased. */
export class RecipientNotFoundError extends Error {
  constructor(readonly recipientId: string) {
    super(`Recipient ${recipientId} not found; trying once more in case their account is still being committed`);
    this.name = 'RecipientNotFoundError';
  }
}

interface Recipient {
  id: string;
  email: string;
  first_name: string;
}

/**
 * Sends one email and records it (template, recipient, subject, status,
 * time) for the admin Communications tab. A message already recorded as sent
 * (or skipped) under the same job id is not sent again, so a replayed event or
 * a retried job never mails twice. A recipient missing on the second try
 * (their account was erased) is recorded as skipped and nothing is sent; the
 * first try retries instead, since BullMQ may hand out a job before the
 * transaction that created its recipient commits.
 */
export const createSendEmailHandler = (
  dataSource: DataSource,
  transport: MailTransport,
  from: string,
  resolvers: Readonly<Record<string, MailParamResolver>> = {},
): JobHandler =>
  async (raw, { jobId, attempt }) => {
    const data = raw as SendEmailJobData;
    const done: { id: string }[] = await dataSource.query(
      `SELECT id FROM email_messages WHERE dedupe_key = $1 AND status IN ('sent', 'skipped')`,
      [jobId],
    );
    if (done.length > 0) return;
    const [recipient] = await dataSource.query<Recipient[]>('SELECT id, email, first_name FROM users WHERE id = $1', [data.recipientId]);
    if (!recipient) {
      if (attempt < 2) throw new RecipientNotFoundError(data.recipientId);
      await record(dataSource, jobId, data, null, transport.kind, { status: 'skipped', error: 'the recipient account no longer exists', attempt });
      return;
    }
    const personal = (await resolvers[data.template]?.(dataSource, data.params)) ?? {};
    const email = renderEmail(data.template, { ...data.params, ...personal, firstName: recipient.first_name });
    let error: unknown = null;
    try {
      await transport.send({ from, to: recipient.email, subject: email.subject, text: email.text, html: email.html });
    } catch (caught) {
      error = caught;
    }
    await record(dataSource, jobId, data, { recipient, ...email }, transport.kind, {
      status: error ? 'failed' : 'sent',
      error: error ? (error instanceof Error ? error.message : String(error)).slice(0, 2000) : null,
      attempt,
    });
    if (error) throw error;
  };

const record = (
  dataSource: DataSource,
  jobId: string,
  data: SendEmailJobData,
  message: { recipient: Recipient; subject: string; text: string; html: string } | null,
  transport: MailTransport['kind'],
  outcome: { status: 'sent' | 'failed' | 'skipped'; error: string | null; attempt: number },
): Promise<unknown> =>
  dataSource.query(
    `INSERT INTO email_messages (dedupe_key, template, recipient, recipient_id, subject, text_body, html_body, transport, status, error, attempts, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, CASE WHEN $9 = 'sent' THEN now() END)
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
    ],
  );
