import { isVoyageEvent, voyageIdOfStream, type JsonObject, type RecordedEvent, type VoyageEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { EventStore } from '../../../platform/event-store/event-store.port';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';
import { VoyageHistory } from '../../voyages/voyage-history';

const NOTICE_TYPES = new Set<VoyageEvent['type']>(['ApplicationSubmitted', 'ApplicationAccepted', 'ApplicationRejected', 'VoyageCancelled']);

/**
 * Mails about applications: the skipper on each new application; the crew
 * member when accepted or rejected, and everyone still applying when the
 * voyage is cancelled. Jobs have deterministic ids (event id, recipient's
 * user id, template) and the sender skips what it has sent, so a replay or a
 * restarted reactor never mails twice. Jobs carry ids only: addresses, names
 * and the applicant's message are read when the mail is sent, so an erased
 * account gets nothing and leaves nothing in the queue. The departure day and
 * the legs go as raw values, worded in the recipient's language when the mail
 * is sent (application-mail.ts).
 */
export const applicationNoticesReactor = (queue: JobQueue, baseUrl: string, store: EventStore): LogConsumer => {
  const history = new VoyageHistory(store);
  return {
    name: 'reactor:application-notices',
    handles: (recorded) => isVoyageEvent(recorded) && NOTICE_TYPES.has(recorded.type as VoyageEvent['type']),
    async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
      const relevant = events.flatMap((recorded) => {
        const event = { type: recorded.type, data: recorded.data };
        return isVoyageEvent(event) && NOTICE_TYPES.has(event.type) ? [{ recorded, event }] : [];
      });
      if (relevant.length === 0) return;
      const earliest = new Map<string, bigint>();
      for (const { recorded } of relevant) {
        const seen = earliest.get(recorded.streamId);
        if (seen === undefined || recorded.revision < seen) earliest.set(recorded.streamId, recorded.revision);
      }
      await history.load(earliest);

      const jobs: JobSpec[] = [];
      for (const { recorded, event } of relevant) {
        const voyage = history.at(recorded).snapshot;
        if (!voyage) throw new Error(`${event.type} ${recorded.id}: its voyage has no published or draft event before it`);
        const voyageId = voyageIdOfStream(recorded.streamId);
        const common: JsonObject = { baseUrl, voyageId, voyageTitle: voyage.details.title, departureDate: voyage.details.startDate };
        const mail = (recipientId: string, template: string, params: JsonObject = {}): void => {
          jobs.push(sendEmailJob(recorded.id, { template, recipientId, params: { ...common, ...params } }));
        };
        switch (event.type) {
          case 'ApplicationSubmitted':
            mail(voyage.skipperId, 'application-received', {
              applicantId: event.data.crewId,
              applicationId: event.data.applicationId,
              legOrders: [...event.data.segmentOrders],
            });
            break;
          case 'ApplicationAccepted':
            mail(event.data.crewId, 'application-accepted', { skipperId: voyage.skipperId });
            break;
          case 'ApplicationRejected':
            // A cancellation rejects pending applications; the cancellation mail says so once.
            if (event.data.reason === 'skipper') mail(event.data.crewId, 'application-rejected');
            break;
          case 'VoyageCancelled':
            for (const crewId of event.data.notifiedCrewIds ?? []) mail(crewId, 'voyage-cancelled');
            break;
          default:
            break;
        }
      }
      if (jobs.length > 0) await queue.enqueue(jobs, manager);
    },
  };
};
