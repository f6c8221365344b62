import { isVoyageEvent, Voyage, voyageIdOfStream, type JsonObject, type RecordedEvent, type VoyageEvent, type VoyageState } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { EventStore } from '../../../platform/event-store/event-store.port';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';

const NOTICE_TYPES = new Set<VoyageEvent['type']>(['ApplicationSubmitted', 'ApplicationAccepted', 'ApplicationRejected', 'VoyageCancelled']);

/** How many voyages' folded state the reactor keeps between batches. */
const REMEMBERED_VOYAGES = 1_000;

interface Folded {
  /** Revision of the last event folded in; -1 for none. */
  readonly revision: bigint;
  readonly state: VoyageState;
}

/**
 * The voyage as it stood at each event, folded from the voyage's own stream:
 * the reactor depends on the events alone, never on another projection's
 * rows or progress, so it can run ahead of `voyage-summaries` and still
 * mail. The folded state is kept between batches, so each batch reads only
 * the events of a stream it has not folded yet (a replay folds again).
 */
class VoyageHistory {
  private readonly folded = new Map<string, Folded>();
  private readonly pending = new Map<string, { events: RecordedEvent[]; next: number }>();

  constructor(private readonly store: EventStore) {}

  /** Reads, once per stream, what the batch's events need; `earliest` is each stream's first revision in the batch. */
  async load(earliest: ReadonlyMap<string, bigint>): Promise<void> {
    this.pending.clear();
    for (const [streamId, revision] of earliest) {
      let folded = this.folded.get(streamId);
      if (!folded || folded.revision > revision) folded = { revision: -1n, state: Voyage.initialState() };
      this.folded.set(streamId, folded);
      this.pending.set(streamId, { events: await this.store.readStream(streamId, folded.revision + 1n), next: 0 });
    }
  }

  /** The voyage right after `recorded` (events of one stream must be asked for in log order). */
  at(recorded: RecordedEvent): VoyageState {
    const stream = this.pending.get(recorded.streamId);
    let folded = this.folded.get(recorded.streamId);
    if (!stream || !folded) throw new Error(`stream ${recorded.streamId} was not loaded`);
    for (let next = stream.events[stream.next]; next && next.revision <= recorded.revision; next = stream.events[++stream.next]) {
      const event = { type: next.type, data: next.data };
      folded = { revision: next.revision, state: Voyage.isEvent(event) ? Voyage.evolve(folded.state, event) : folded.state };
    }
    // Most recently used last: the oldest is forgotten first.
    this.folded.delete(recorded.streamId);
    this.folded.set(recorded.streamId, folded);
    for (const oldest of this.folded.keys()) {
      if (this.folded.size <= REMEMBERED_VOYAGES) break;
      this.folded.delete(oldest);
    }
    return folded.state;
  }
}

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
