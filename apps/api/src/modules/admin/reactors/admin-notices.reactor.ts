import { ACCOUNT_SUSPENDED_ACTION, accountSuspensionOf, isAdminActionEvent, isVoyageEvent, Voyage, voyageIdOfStream, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { EventStore } from '../../../platform/event-store/event-store.port';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';

/** The voyage's title as it stood at `recorded`, folded from its own stream (the reactor reads no read model). */
async function titleAt(store: EventStore, recorded: RecordedEvent): Promise<string> {
  const events = (await store.readStream(recorded.streamId)).filter((event) => event.revision <= recorded.revision);
  let state = Voyage.initialState();
  for (const next of events) {
    const event = { type: next.type, data: next.data };
    if (Voyage.isEvent(event)) state = Voyage.evolve(state, event);
  }
  return state.snapshot?.details.title ?? '';
}

/**
 * Mails that administrator actions cause: the skipper of a suspended (or
 * reinstated) voyage, with the administrator's reason; a suspended (or
 * reinstated) member, with the reason; and the user an
 * administrator wrote to (the text is read from `admin_messages` when sent).
 * Deterministic job ids (event id, recipient id, template): a replay never mails twice.
 */
export const adminNoticesReactor = (queue: JobQueue, baseUrl: string, store: EventStore): LogConsumer => ({
  name: 'reactor:admin-notices',
  handles: (recorded) => recorded.type === 'VoyageSuspended' || recorded.type === 'VoyageReinstated' || isAdminActionEvent(recorded),
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const jobs: JobSpec[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (isVoyageEvent(event) && (event.type === 'VoyageSuspended' || event.type === 'VoyageReinstated')) {
        const voyageId = voyageIdOfStream(recorded.streamId);
        jobs.push(
          sendEmailJob(recorded.id, {
            template: event.type === 'VoyageSuspended' ? 'voyage-suspended' : 'voyage-reinstated',
            recipientId: event.data.skipperId,
            params: { baseUrl, voyageId, voyageTitle: await titleAt(store, recorded), reason: event.data.reason },
          }),
        );
      } else if (isAdminActionEvent(event) && accountSuspensionOf(event)) {
        // A suspended member is told why; a reinstated one that they can sign in again.
        const suspended = event.data.action === ACCOUNT_SUSPENDED_ACTION;
        jobs.push(
          sendEmailJob(recorded.id, {
            template: suspended ? 'account-suspended' : 'account-reinstated',
            recipientId: event.data.subjectId,
            params: { baseUrl, reason: event.data.reason },
          }),
        );
      } else if (isAdminActionEvent(event) && event.data.action === 'user.emailed' && event.data.subjectType === 'user') {
        const template = event.data.details['template'];
        const messageId = event.data.details['message_id'];
        if ((template !== 'admin_contact' && template !== 'admin_voyage_contact') || typeof messageId !== 'string') continue;
        jobs.push(sendEmailJob(recorded.id, { template, recipientId: event.data.subjectId, params: { baseUrl, messageId } }));
      }
    }
    if (jobs.length > 0) await queue.enqueue(jobs, manager);
  },
});
