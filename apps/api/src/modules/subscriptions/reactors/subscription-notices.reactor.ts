import { isSubscriptionEvent, userIdOfSubscriptionStream, type JsonObject, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';
import '../subscription-mail';

/** The mail each subscription event sends its member, and what the template shows. */
const noticeOf = (recorded: RecordedEvent): { template: string; params: JsonObject } | null => {
  const event = { type: recorded.type, data: recorded.data };
  if (!isSubscriptionEvent(event)) return null;
  switch (event.type) {
    case 'SubscriptionActivated':
    case 'SubscriptionRenewed': {
      const { amountPaid, currency, periodStart, periodEnd } = event.data;
      return { template: 'subscription-confirmed', params: { amountPaid, currency, periodStart, periodEnd, renewal: event.type === 'SubscriptionRenewed' } };
    }
    case 'SubscriptionDuplicateRefunded': {
      const { amountPaid, amountRefunded, currency, refundId } = event.data;
      return { template: 'subscription-duplicate-refunded', params: { amountPaid, amountRefunded, currency, refunded: refundId !== null } };
    }
    case 'SubscriptionRenewalFailed':
      return { template: 'subscription-renewal-failed', params: {} };
    case 'SubscriptionExpired':
      return { template: 'subscription-expired', params: {} };
    case 'SubscriptionGranted':
      return { template: 'subscription-granted', params: { periodEnd: event.data.periodEnd } };
    case 'SubscriptionRevoked':
      return { template: 'subscription-revoked', params: {} };
    default:
      return null;
  }
};

/**
 * Mails of a member's subscription: confirmed (with the receipt), a second
 * subscription paid by mistake cancelled and refunded, renewal failed, ended, granted or revoked by an administrator. Deterministic job
 * ids (event id, member, template): a replay never mails twice.
 */
export const subscriptionNoticesReactor = (queue: JobQueue, baseUrl: string): LogConsumer => ({
  name: 'reactor:subscription-notices',
  handles: (recorded) => noticeOf(recorded) !== null,
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const jobs: JobSpec[] = [];
    for (const recorded of events) {
      const notice = noticeOf(recorded);
      if (!notice) continue;
      const recipientId = userIdOfSubscriptionStream(recorded.streamId);
      jobs.push(sendEmailJob(recorded.id, { template: notice.template, recipientId, params: { baseUrl, ...notice.params } }));
    }
    if (jobs.length > 0) await queue.enqueue(jobs, manager);
  },
});
