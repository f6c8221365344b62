import { isVoyageEvent, voyageIdOfStream, type JsonObject, type RecordedEvent, type VoyageEvent, type VoyageState } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { EventStore } from '../../../platform/event-store/event-store.port';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import { sendEmailsJob } from '../../../platform/mail/send-emails.job';
import type { LogConsumer } from '../../../platform/projections/projection-runner';
import { VoyageHistory } from '../../voyages/voyage-history';
import { recordMatches } from '../voyage-matching';

export const ALERT_TEMPLATE = 'saved-search-alert';
export const DIGEST_TEMPLATE = 'saved-search-digest';
export const BERTH_TEMPLATE = 'berth-opened';

const TYPES = new Set<string>(['VoyagePublished', 'VoyageStatusChanged', 'VoyageReinstated']);
const JOINABLE = new Set<string>(['planning', 'active']);

/**
 * A voyage becomes public: published (straight away or from a draft), or
 * reinstated after an administrator suspended it. (A cancelled voyage stays
 * cancelled: the Voyage aggregate refuses to reopen it.)
 */
const becomesPublic = (event: VoyageEvent): boolean => event.type === 'VoyagePublished' || event.type === 'VoyageReinstated';

/**
 * A berth opens: a full voyage takes crew again (its skipper raised the crew
 * needed, or reopened it). Crew withdraw only pending applications, so an
 * accepted member's place frees up only this way; a voyage that stays full
 * takes no application, and its watchers hear nothing yet.
 */
const berthOpens = (event: VoyageEvent): boolean => event.type === 'VoyageStatusChanged' && event.data.previous === 'full' && JOINABLE.has(event.data.status);

/** Instant alerts of one voyage are split over at most this many jobs. */
const ALERT_BUCKETS = 16;
const alertBucket = (searchId: string): number => parseInt(searchId.replace(/-/g, '').slice(-6), 16) % ALERT_BUCKETS;

const visible = (state: VoyageState): boolean => JOINABLE.has(state.status) && !state.suspended && !state.deleted;

/**
 * Saved-search alerts and berth watch, from the voyage log.
 *
 * When a voyage becomes public, every saved search it matches is recorded
 * once in `saved_search_matches` (key: search, voyage), in the transaction
 * that moves this reactor's checkpoint, and each search with an `instant`
 * alert gets a mail whose id names the search and the voyage, sent in a
 * batch with others of the same voyage (send-emails jobs). A replay, a
 * crash before the commit or the same voyage published again finds the row
 * and queues nothing new; the sender skips a job id it has sent. The mail is
 * judged again when it is sent (voyage-matching.ts `stillMatches`): a voyage
 * edited out of the search in the meantime sends nothing. Digests read the
 * same rows (alert-digests.ts).
 *
 * When a berth opens on a full voyage, each member watching it gets one mail
 * and their watch ends with it.
 */
export const voyageAlertsReactor = (queue: JobQueue, baseUrl: string, store: EventStore): LogConsumer => {
  const history = new VoyageHistory(store);
  return {
    name: 'reactor:voyage-alerts',
    handles: (recorded) => TYPES.has(recorded.type),
    async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
      const relevant = events.flatMap((recorded) => {
        const event = { type: recorded.type, data: recorded.data };
        return isVoyageEvent(event) && TYPES.has(event.type) && (becomesPublic(event) || berthOpens(event)) ? [{ recorded, event }] : [];
      });
      if (relevant.length === 0) return;
      await history.loadFor(relevant.map(({ recorded }) => recorded));
      const jobs: JobSpec[] = [];
      for (const { recorded, event } of relevant) {
        const state = history.at(recorded);
        const voyageId = voyageIdOfStream(recorded.streamId);
        if (!state.snapshot || !visible(state)) continue;
        if (becomesPublic(event)) {
          const hits = await recordMatches(manager, { voyageId, snapshot: state.snapshot, status: state.status, at: recorded.recordedAt, logCommit: recorded.position.commit });
          const logCommit = recorded.position.commit.toString();
          // A popular voyage alerts hundreds of searches: their mails go in a few send-emails jobs (each mail
          // keeps its own id, `alert.<search>.<voyage>:…`). A search's job is its bucket (a hash of its id), so
          // a replay that finds other searches (one deleted meanwhile) never puts a search in a second job.
          const buckets = new Map<number, { sourceId: string; recipientId: string; params: JsonObject }[]>();
          for (const hit of hits) {
            const bucket = alertBucket(hit.search_id);
            const mails = buckets.get(bucket) ?? [];
            mails.push({ sourceId: `alert.${hit.search_id}.${voyageId}`, recipientId: hit.user_id, params: { baseUrl, searchId: hit.search_id, voyageId, logCommit } });
            buckets.set(bucket, mails);
          }
          for (const [bucket, mails] of buckets) jobs.push(sendEmailsJob(`alerts.${voyageId}.${logCommit}.${bucket}`, ALERT_TEMPLATE, mails));
        }
        if (berthOpens(event)) {
          const watchers = await manager.query<{ user_id: string }[]>(
            'WITH ended AS (DELETE FROM voyage_watches WHERE voyage_id = $1 AND created_at <= $2 AND user_id <> $3 RETURNING user_id) SELECT user_id FROM ended',
            [voyageId, recorded.recordedAt, state.snapshot.skipperId],
          );
          for (const { user_id } of watchers) {
            jobs.push(sendEmailJob(recorded.id, { template: BERTH_TEMPLATE, recipientId: user_id, params: { baseUrl, voyageId, voyageTitle: state.snapshot.details.title } }));
          }
        }
      }
      if (jobs.length > 0) await queue.enqueue(jobs, manager);
    },
  };
};
