import type { JsonObject } from '@crew/domain';
import type { DataSource } from 'typeorm';
import type { JobHandler } from '../jobs/job-queue.port';
import { renderEmail } from './email-templates';
import type { MailTransport } from './mail-transport';

export const SEND_EMAIL_JOB = 'send-email';

export interface SendEmailJobData extends JsonObject {
  template: string;
  to: string;
  params: JsonObject;
}

/** Builds the deterministic job for one recipient of one event. */
export const sendEmailJob = (eventId: string, data: SendEmailJobData): { id: string; name: string; data: SendEmailJobData } => ({
  id: `${eventId}:${data.to}:${data.template}`,
  name: SEND_EMAIL_JOB,
  data,
});

/**
 * Sends one email and records it (template, recipient, subject, status,
 * time) for the admin Communications tab. A message already recorded as sent
 * under the same job id is not sent again, so a replayed event or a retried
 * job never mails twice.
 */
export const createSendEmailHandler = (dataSource: DataSource, transport: MailTransport, from: string): JobHandler =>
  async (raw, { jobId, attempt }) => {
    const data = raw as SendEmailJobData;
    const sent: { id: string }[] = await dataSource.query(
      `SELECT id FROM email_messages WHERE dedupe_key = $1 AND status = 'sent'`,
      [jobId],
    );
    if (sent.length > 0) return;
    const email = renderEmail(data.template, data.params);
    let error: unknown = null;
    try {
      await transport.send({ from, to: data.to, subject: email.subject, text: email.text, html: email.html });
    } catch (caught) {
      error = caught;
    }
    await dataSource.query(
      `INSERT INTO email_messages (dedupe_key, template, recipient, subject, text_body, html_body, transport, status, error, attempts, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $8 = 'sent' THEN now() END)
       ON CONFLICT (dedupe_key) DO UPDATE SET status = EXCLUDED.status, error = EXCLUDED.error,
         attempts = EXCLUDED.attempts, sent_at = EXCLUDED.sent_at`,
      [
        jobId,
        data.template,
        data.to,
        email.subject,
        email.text,
        email.html,
        transport.kind,
        error ? 'failed' : 'sent',
        error ? (error instanceof Error ? error.message : String(error)).slice(0, 2000) : null,
        attempt,
      ],
    );
    if (error) throw error;
  };
