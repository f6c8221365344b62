import { isVoyageEvent, Voyage, voyageIdOfStream, type JsonObject, type RecordedEvent, type VoyageEvent, type VoyageState } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { EventStore } from '../../../platform/event-store/event-store.port';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';

const longDate = (isoDate: string): string =>
  isoDate ? new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : 'on a date to be confirmed';

const NOTICE_TYPES = new Set<VoyageEvent['type']>(['ApplicationSubmitted', 'ApplicationAccepted', 'ApplicationRejected', 'VoyageCancelled']);

/**
 * The voyage as it stood at each event, folded from the voyage's own stream
 * (read once per stream and batch): the reactor depends on the events alone,
 * never on another projection's rows or progress, so it can run ahead of
 * `voyage-summaries` and still mail.
 */
class VoyageHistory {
  private readonly streams = new Map<string, { events: RecordedEvent[]; next: number; state: VoyageState }>();

  constructor(private readonly store: EventStore) {}

  async load(streamIds: Iterable<string>): Promise<void> {
    for (const streamId of streamIds) {
      this.streams.set(streamId, { events: await this.store.readStream(streamId), next: 0, state: Voyage.initialState() });
    }
  }

  /** The voyage after `recorded` (events of one stream must be asked for in log order). */
  at(recorded: RecordedEvent): VoyageState {
    const stream = this.streams.get(recorded.streamId);
    if (!stream) throw new Error(`stream ${recorded.streamId} was not loaded`);
    for (let next = stream.events[stream.next]; next && next.revision <= recorded.revision; next = stream.events[++stream.next]) {
      const event = { type: next.type, data: next.data };
      if (Voyage.isEvent(event)) stream.state = Voyage.evolve(stream.state, event);
    }
    return stream.state;
  }
}

/**
 * Mails about applications: the skipper on each new application; the crew
 * member when accepted or rejected, and everyone still applying when the
 * voyage is cancelled. Jobs have deterministic ids (event id, recipient's
 * user id, template) and the sender skips what it has sent, so a replay or a
 * restarted reactor never mails twice. Jobs carry ids only: addresses, names
 * and the applicant's message are read when the mail is sent, so an erased
 * account gets nothing and leaves nothing in the queue.
 */
export const applicationNoticesReactor = (queue: JobQueue, baseUrl: string, store: EventStore): LogConsumer => ({
  name: 'reactor:application-notices',
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const relevant = events.flatMap((recorded) => {
      const event = { type: recorded.type, data: recorded.data };
      return isVoyageEvent(event) && NOTICE_TYPES.has(event.type) ? [{ recorded, event }] : [];
    });
    if (relevant.length === 0) return;
    const history = new VoyageHistory(store);
    await history.load(new Set(relevant.map(({ recorded }) => recorded.streamId)));

    const jobs: JobSpec[] = [];
    for (const { recorded, event } of relevant) {
      const voyage = history.at(recorded).snapshot;
      if (!voyage) throw new Error(`${event.type} ${recorded.id}: its voyage has no published or draft event before it`);
      const voyageId = voyageIdOfStream(recorded.streamId);
      const common: JsonObject = { baseUrl, voyageId, voyageTitle: voyage.details.title, departure: longDate(voyage.details.startDate) };
      const mail = (recipientId: string, template: string, params: JsonObject = {}): void => {
        jobs.push(sendEmailJob(recorded.id, { template, recipientId, params: { ...common, ...params } }));
      };
      switch (event.type) {
        case 'ApplicationSubmitted':
          mail(voyage.skipperId, 'application-received', {
            applicantId: event.data.crewId,
            applicationId: event.data.applicationId,
            legs: event.data.segmentOrders.length === 0 ? 'the whole voyage' : `leg ${event.data.segmentOrders.join(', ')}`,
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
});
