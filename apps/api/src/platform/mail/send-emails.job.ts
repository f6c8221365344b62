import { isNotificationKind } from '@crew/contracts';
import type { JsonObject } from '@crew/domain';
import pLimit from 'p-limit';
import type { JobHandler } from '../jobs/job-queue.port';
import { str } from './email-templates';
import { mailLocale } from './mail-i18n';
import { membersWithNotificationOff } from './notification-preferences';
import {
  deliverMail,
  MailNoLongerDue,
  RecipientNotFoundError,
  RECIPIENT_WAIT_ATTEMPTS,
  recordMail,
  sendEmailJob,
  TO_TOKEN_ADDRESS,
  type MailDelivery,
  type MailRecipient,
  type SendEmailJobData,
} from './send-email.job';

export const SEND_EMAILS_JOB = 'send-emails';

/** Mails of one batch handed to the transport at a time: about the SMTP pool's connections. */
const IN_FLIGHT = 8;

/** One mail of a batch: its own job id (its dedupe key, the one it would have sent alone), recipient and params. */
export interface BatchedMail {
  readonly id: string;
  readonly recipientId: string;
  readonly params: JsonObject;
}

export interface SendEmailsJobData extends JsonObject {
  template: string;
  mails: { id: string; recipientId: string; params: JsonObject }[];
}

/**
 * One job for many mails of one template (a run of digests): the queue's
 * work and the reads are paid once per batch instead of once per mail. Ids
 * only, as in every mail job. `batchId` must name the same mails every time
 * it is queued (the queue drops a job id it has seen).
 */
export const sendEmailsJob = (
  batchId: string,
  template: string,
  mails: readonly { readonly sourceId: string; readonly recipientId: string; readonly params: JsonObject }[],
): { id: string; name: string; data: SendEmailsJobData } => ({
  id: batchId,
  name: SEND_EMAILS_JOB,
  data: {
    template,
    mails: mails.map(({ sourceId, recipientId, params }) => ({ id: sendEmailJob(sourceId, { template, recipientId, params }).id, recipientId, params })),
  },
});

/**
 * Sends a batch as the send-email job sends each mail, with the same rules
 * and records: a mail recorded as sent or skipped under its id is not sent
 * again; one whose recipient turned its kind off, or whose reason has gone,
 * is recorded as skipped; each is rendered in its recipient's language and
 * recorded as soon as it is sent, a few at a time over the transport's pool.
 * The reads (what was sent, the recipients, their switches, the template's
 * values) are one query each for the whole batch. A mail the transport
 * refused fails the job after the others went, so the retry sends only it.
 * Mails to a token's address (`toTokenAddress`) go one by one, never here.
 */
export const createSendEmailsHandler =
  (delivery: MailDelivery): JobHandler =>
  async (raw, { attempt }) => {
    const { template, mails } = raw as SendEmailsJobData;
    const { dataSource, transport, registry } = delivery;
    const sent = await dataSource.query<{ dedupe_key: string }[]>(`SELECT dedupe_key FROM email_messages WHERE dedupe_key = ANY($1::text[]) AND status IN ('sent', 'skipped')`, [
      mails.map((mail) => mail.id),
    ]);
    const done = new Set(sent.map((row) => row.dedupe_key));
    const due = mails.filter((mail) => !done.has(mail.id));
    if (due.length === 0) return;
    const recipients = new Map(
      (
        await dataSource.query<MailRecipient[]>('SELECT u.id, u.email, u.first_name, u.locale FROM users u WHERE u.id = ANY($1::uuid[])', [
          [...new Set(due.map((mail) => mail.recipientId))],
        ])
      ).map((recipient) => [recipient.id, recipient]),
    );
    const kind = registry.kindOf(template);
    const off = isNotificationKind(kind) ? await membersWithNotificationOff(dataSource, [...recipients.keys()], kind) : new Set<string>();
    const dataOf = (mail: BatchedMail): SendEmailJobData => ({ template, recipientId: mail.recipientId, params: mail.params });
    const skip = (mail: BatchedMail, recipient: MailRecipient | null, reason: string): Promise<unknown> =>
      recordMail(dataSource, mail.id, dataOf(mail), recipient ? { recipient, subject: '', text: '', html: '' } : null, transport.kind, {
        status: 'skipped',
        error: reason,
        attempt,
      });

    let notYetVisible = '';
    const ready: { mail: BatchedMail; recipient: MailRecipient }[] = [];
    for (const mail of due) {
      if (str(mail.params, TO_TOKEN_ADDRESS)) throw new Error(`A mail to a token's address is sent alone, never in a batch (${mail.id})`);
      const recipient = recipients.get(mail.recipientId);
      if (!recipient) {
        // As with a single mail: tried again in case the account is still being committed, then skipped.
        if (attempt < RECIPIENT_WAIT_ATTEMPTS) notYetVisible = mail.recipientId;
        else await skip(mail, null, 'the recipient account no longer exists');
      } else if (off.has(recipient.id)) await skip(mail, recipient, `turned off: ${kind}`);
      else ready.push({ mail, recipient });
    }
    const resolved = await registry.resolveMany(
      template,
      dataSource,
      ready.map(({ mail, recipient }) => ({ params: mail.params, locale: mailLocale(recipient.locale) })),
    );
    const failures: unknown[] = [];
    const inFlight = pLimit(IN_FLIGHT);
    await Promise.all(
      ready.map(({ mail, recipient }, index) =>
        inFlight(async () => {
          const personal = resolved[index];
          if (personal instanceof MailNoLongerDue) return skip(mail, recipient, personal.reason);
          return deliverMail(delivery, { jobId: mail.id, data: dataOf(mail), recipient, personal: personal ?? {}, attempt }).catch((caught: unknown) => {
            failures.push(caught);
          });
        }),
      ),
    );
    if (failures.length > 0) {
      const first = failures[0] instanceof Error ? failures[0].message : String(failures[0]);
      throw new Error(`${failures.length} of ${ready.length} mails of this batch were not sent (${first}); the next try sends only those`);
    }
    if (notYetVisible) throw new RecipientNotFoundError(notYetVisible);
  };
