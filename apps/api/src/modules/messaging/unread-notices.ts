import { MESSAGE_LIMITS } from '@crew/contracts';
import type { JsonObject } from '@crew/domain';
import { t } from '@lingui/core/macro';
import type { DataSource, EntityManager } from 'typeorm';
import type { JobHandler, JobQueue, JobSpec } from '../../platform/jobs/job-queue.port';
import { layout, str, type MailRenderers } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';
import { localeOf } from '../../platform/mail/mail-i18n';
import { sendEmailJob, type MailParamResolver } from '../../platform/mail/send-email.job';
import type { Clock } from '../../platform/clock';

export const UNREAD_CHECK_JOB = 'message-unread-check';
export const UNREAD_NOTICE_TEMPLATE = 'message-unread';
const UNREAD_AFTER_MS = MESSAGE_LIMITS.unreadNoticeMinutes * 60_000;
const NOTICE_INTERVAL_MS = MESSAGE_LIMITS.noticeIntervalMinutes * 60_000;

/**
 * The delayed check behind the unread notice: queued when a message is the
 * first its recipient has not read in a conversation, due 15 minutes after
 * it was sent. Ids name the message and the recipient by id (BullMQ takes
 * `:` only as two separators): `<messageId>:<recipientId>:message-unread-check`,
 * and a check moved later carries the time it waits for,
 * `<messageId>-<ms>:<recipientId>:message-unread-check`. Queued twice, it runs once.
 */
export const unreadCheckJob = (check: { messageId: string; recipientId: string; conversationId: string }, delayMs: number, waitsUntil?: Date): JobSpec => ({
  id: `${check.messageId}${waitsUntil ? `-${waitsUntil.getTime()}` : ''}:${check.recipientId}:${UNREAD_CHECK_JOB}`,
  name: UNREAD_CHECK_JOB,
  data: { messageId: check.messageId, recipientId: check.recipientId, conversationId: check.conversationId },
  delayMs,
});

/** Queues the check for a message just sent (call in the message's transaction). */
export const scheduleUnreadCheck = (queue: JobQueue, manager: EntityManager, check: { messageId: string; recipientId: string; conversationId: string }): Promise<void> =>
  queue.enqueue([unreadCheckJob(check, UNREAD_AFTER_MS)], manager);

/** The rows of an UPDATE ... RETURNING (the driver answers `[rows, count]`). */
export const returned = (result: unknown): unknown[] => (Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as unknown[]) : Array.isArray(result) ? result : []);

interface CheckRow {
  created_at: Date;
  unread: boolean;
  last_notified_at: Date | null;
  blocked: boolean;
}

/**
 * When the check comes due: nothing if the message has been read (or erased,
 * or either side has blocked the other); if a notice for this conversation
 * went out less than an hour ago, the check waits for the hour to end; else
 * the recipient is emailed once (the notice time is claimed with a
 * compare-and-set, so two workers never both mail) with a link to the thread.
 * Time is read from the messaging clock, which tests move by hand.
 */
export const createUnreadCheckHandler =
  (dataSource: DataSource, queue: JobQueue, clock: Clock, baseUrl: string): JobHandler =>
  async (raw) => {
    const check = { messageId: String(raw['messageId']), recipientId: String(raw['recipientId']), conversationId: String(raw['conversationId']) };
    const now = clock.now();
    const [row] = await dataSource.query<CheckRow[]>(
      `SELECT m.created_at, cm.last_read_seq < m.seq AS unread, cm.last_notified_at,
              EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = cm.user_id AND b.blocked_id = cm.other_user_id)
                                                   OR (b.blocker_id = cm.other_user_id AND b.blocked_id = cm.user_id)) AS blocked
         FROM messages m JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = $2
        WHERE m.id = $1`,
      [check.messageId, check.recipientId],
    );
    if (!row || !row.unread || row.blocked) return;
    const dueAt = new Date(row.created_at.getTime() + UNREAD_AFTER_MS);
    const nextAllowed = row.last_notified_at ? new Date(row.last_notified_at.getTime() + NOTICE_INTERVAL_MS) : null;
    const waitUntil = [dueAt, nextAllowed].filter((at): at is Date => at !== null && at.getTime() > now.getTime()).sort((a, b) => b.getTime() - a.getTime())[0];
    if (waitUntil) {
      await queue.enqueue([unreadCheckJob(check, waitUntil.getTime() - now.getTime(), waitUntil)], dataSource.manager);
      return;
    }
    await dataSource.transaction(async (manager) => {
      const claimed = returned(
        await manager.query(
          `UPDATE conversation_members SET last_notified_at = $3
            WHERE conversation_id = $1 AND user_id = $2
              AND (last_notified_at IS NULL OR last_notified_at <= $3::timestamptz - interval '${MESSAGE_LIMITS.noticeIntervalMinutes} minutes')
          RETURNING user_id`,
          [check.conversationId, check.recipientId, now],
        ),
      );
      if (claimed.length === 0) return;
      await queue.enqueue(
        [
          sendEmailJob(`unread-${check.messageId}`, {
            template: UNREAD_NOTICE_TEMPLATE,
            recipientId: check.recipientId,
            params: { baseUrl, conversationId: check.conversationId, messageId: check.messageId },
          }),
        ],
        manager,
      );
    });
  };

/** The sender's name and the voyage's title, read when the notice is sent (the job holds ids only). */
const messagingMailParams: Record<string, MailParamResolver> = {
  [UNREAD_NOTICE_TEMPLATE]: async (dataSource, params, i18n): Promise<JsonObject> => {
    const [row] = await dataSource.query<{ sender_name: string; title: string | null }[]>(
      `SELECT u.first_name || ' ' || u.last_name AS sender_name, v.title
         FROM messages m JOIN users u ON u.id = m.sender_id
         JOIN conversations c ON c.id = m.conversation_id
         LEFT JOIN voyage_summaries v ON v.voyage_id = c.voyage_id
        WHERE m.id = $1`,
      [params['messageId']],
    );
    return { senderName: row?.sender_name ?? t(i18n)`A member`, voyageTitle: row?.title ?? t(i18n)`a voyage` };
  },
};

const renderers: MailRenderers = {};

renderers[UNREAD_NOTICE_TEMPLATE] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const senderName = str(params, 'senderName');
  const voyageTitle = str(params, 'voyageTitle');
  return {
    subject: t(i18n)`You have an unread message from ${senderName}`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(i18n)`${senderName} sent you a message about "${voyageTitle}" that you have not read yet.`,
        t(i18n)`We send at most one reminder an hour for each conversation.`,
      ],
      { label: t(i18n)`Read and reply`, url: `${str(params, 'baseUrl')}/messages/${str(params, 'conversationId')}` },
      localeOf(i18n),
    ),
  };
};

/** The context's templates, the personal values they read when each mail is sent, and their kind of mail. */
export const messagingMail = new MailTemplates(renderers, messagingMailParams, { [UNREAD_NOTICE_TEMPLATE]: 'messages' });
