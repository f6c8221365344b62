import { isVoyageEvent, voyageIdOfStream, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';
import '../review-mail';

/**
 * Invitations to review, one per person the completion invites (the skipper
 * and the crew on the first completion, crew not recorded before on a later
 * one: the domain decides, so flipping the status back and forth invites
 * nobody twice). Deterministic job ids (event id, recipient's user id,
 * template) and the sender's record of what it sent make a replay send nothing.
 * The jobs carry ids only; the voyage's title is read when the mail is sent.
 */
export const reviewInvitationsReactor = (queue: JobQueue, baseUrl: string): LogConsumer => ({
  name: 'reactor:review-invitations',
  handles: (recorded) => recorded.type === 'VoyageCompleted',
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const jobs: JobSpec[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (!isVoyageEvent(event) || event.type !== 'VoyageCompleted') continue;
      const voyageId = voyageIdOfStream(recorded.streamId);
      for (const recipientId of event.data.invited) {
        jobs.push(sendEmailJob(recorded.id, { template: 'review-invitation', recipientId, params: { baseUrl, voyageId, recipientId } }));
      }
    }
    if (jobs.length > 0) await queue.enqueue(jobs, manager);
  },
});
