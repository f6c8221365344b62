import { comparePositions, isVoyageEvent, voyageIdOfStream, type LogPosition, type RecordedEvent, type VoyageEvent, type VoyageSnapshot } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';

const dayCount = (start: string, end: string): number | null =>
  start && end ? Math.max(1, Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000)) : null;

/** Every column the browse list, the map, the detail page and the dashboard read. */
function columnsOf(snapshot: VoyageSnapshot): Record<string, unknown> {
  const first = snapshot.segments[0];
  const last = snapshot.segments[snapshot.segments.length - 1];
  const { details, contribution } = snapshot;
  return {
    title: details.title,
    description: details.description,
    start_date: details.startDate || null,
    end_date: details.endDate || null,
    duration_days: dayCount(details.startDate, details.endDate),
    total_distance_nm: snapshot.totalDistanceNm,
    crew_needed: snapshot.crewNeeded,
    contribution_type: contribution.type,
    contribution_amount: contribution.amount,
    contribution_currency: contribution.currency,
    contribution_details: contribution.details,
    is_custom: details.isCustom,
    custom_notes: details.customNotes,
    boat_id: details.boatId || null,
    min_experience: details.minExperience,
    skills: JSON.stringify(details.skills),
    segments: JSON.stringify(snapshot.segments),
    departure_port: first?.departure.name ?? null,
    arrival_port: last?.arrival.name ?? null,
    longitude: first?.departure.coordinates?.[0] ?? null,
    latitude: first?.departure.coordinates?.[1] ?? null,
  };
}

/** UPDATE voyage_summaries SET <columns> for one voyage; the last-applied position guards replays. */
async function update(manager: EntityManager, recorded: RecordedEvent, columns: Record<string, unknown>): Promise<void> {
  const names = Object.keys(columns);
  const assignments = names.map((name, i) => `${name} = $${i + 6}`);
  await manager.query(
    `UPDATE voyage_summaries
        SET ${[...assignments, 'updated_at = $3', 'last_commit = $2', 'last_prepare = $4', 'revision = $5'].join(', ')}
      WHERE voyage_id = $1 AND (last_commit, last_prepare) < ($2::bigint, $4::bigint)`,
    [
      voyageIdOfStream(recorded.streamId),
      recorded.position.commit.toString(),
      recorded.metadata.timestamp,
      recorded.position.prepare.toString(),
      recorded.revision.toString(),
      ...names.map((name) => columns[name]),
    ],
  );
}

async function apply(manager: EntityManager, recorded: RecordedEvent, event: VoyageEvent): Promise<void> {
  switch (event.type) {
    case 'VoyageDraftSaved':
    case 'VoyagePublished': {
      const columns = {
        ...columnsOf(event.data),
        status: event.type === 'VoyagePublished' ? 'active' : 'draft',
        skipper_id: event.data.skipperId,
        revision: recorded.revision.toString(),
      };
      const names = Object.keys(columns);
      const values = names.map((name) => (columns as Record<string, unknown>)[name]);
      // Insert the first time; later (a republished draft) update, unless this event was applied already.
      await manager.query(
        `INSERT INTO voyage_summaries (voyage_id, ${names.join(', ')}, created_at, updated_at, last_commit, last_prepare)
         VALUES ($1, ${names.map((_, i) => `$${i + 2}`).join(', ')}, $${names.length + 2}, $${names.length + 2}, $${names.length + 3}, $${names.length + 4})
         ON CONFLICT (voyage_id) DO UPDATE SET ${names.map((name) => `${name} = EXCLUDED.${name}`).join(', ')}, updated_at = EXCLUDED.updated_at,
              last_commit = EXCLUDED.last_commit, last_prepare = EXCLUDED.last_prepare
         WHERE (voyage_summaries.last_commit, voyage_summaries.last_prepare) < (EXCLUDED.last_commit, EXCLUDED.last_prepare)`,
        [voyageIdOfStream(recorded.streamId), ...values, recorded.metadata.timestamp, recorded.position.commit.toString(), recorded.position.prepare.toString()],
      );
      return;
    }
    case 'VoyageDetailsEdited': {
      const d = event.data.details;
      return update(manager, recorded, {
        title: d.title,
        description: d.description,
        start_date: d.startDate || null,
        end_date: d.endDate || null,
        duration_days: dayCount(d.startDate, d.endDate),
        is_custom: d.isCustom,
        custom_notes: d.customNotes,
        boat_id: d.boatId || null,
        min_experience: d.minExperience,
        skills: JSON.stringify(d.skills),
      });
    }
    case 'VoyageRouteChanged': {
      const first = event.data.segments[0];
      const last = event.data.segments[event.data.segments.length - 1];
      return update(manager, recorded, {
        segments: JSON.stringify(event.data.segments),
        total_distance_nm: event.data.totalDistanceNm,
        departure_port: first?.departure.name ?? null,
        arrival_port: last?.arrival.name ?? null,
        longitude: first?.departure.coordinates?.[0] ?? null,
        latitude: first?.departure.coordinates?.[1] ?? null,
      });
    }
    case 'VoyageCrewNeededChanged':
      return update(manager, recorded, { crew_needed: event.data.crewNeeded });
    case 'VoyageContributionChanged':
      return update(manager, recorded, {
        contribution_type: event.data.contribution.type,
        contribution_amount: event.data.contribution.amount,
        contribution_currency: event.data.contribution.currency,
        contribution_details: event.data.contribution.details,
      });
    case 'VoyageStatusChanged':
      return update(manager, recorded, { status: event.data.status });
    case 'VoyageCancelled':
      return update(manager, recorded, { status: 'cancelled' });
    // Admin moderation: a suspended voyage leaves browse, map and search (their queries read `suspended`).
    case 'VoyageSuspended':
      return update(manager, recorded, { suspended: true });
    case 'VoyageReinstated':
      return update(manager, recorded, { suspended: false });
    case 'VoyageFlaggedForReview':
      return update(manager, recorded, {});
    case 'VoyageDeleted':
      await manager.query('DELETE FROM voyage_summaries WHERE voyage_id = $1', [voyageIdOfStream(recorded.streamId)]);
      return;
    case 'ApplicationSubmitted':
    case 'ApplicationWithdrawn':
    case 'ApplicationRejected':
    case 'ApplicationAccepted':
      // Counted in batches, see countApplications.
      return;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

type ApplicationEvent = Extract<VoyageEvent, { type: 'ApplicationSubmitted' | 'ApplicationWithdrawn' | 'ApplicationAccepted' | 'ApplicationRejected' }>;
const isApplicationEvent = (event: VoyageEvent): event is ApplicationEvent => event.type.startsWith('Application');

/** What a run of application events does to one voyage's counters. */
interface CounterChange {
  applications: number;
  pending: number;
  wholeVoyageCrew: number;
  /** Accepted crew added per leg order. */
  legs: Record<string, number>;
  last: RecordedEvent;
}

function addToChange(change: CounterChange | undefined, recorded: RecordedEvent, event: ApplicationEvent): CounterChange {
  const next = change ?? { applications: 0, pending: 0, wholeVoyageCrew: 0, legs: {}, last: recorded };
  next.last = recorded;
  switch (event.type) {
    case 'ApplicationSubmitted':
      next.applications++;
      next.pending++;
      break;
    case 'ApplicationWithdrawn':
      next.applications--;
      next.pending--;
      break;
    case 'ApplicationRejected':
      next.pending--;
      break;
    case 'ApplicationAccepted':
      next.pending--;
      if (event.data.segmentOrders.length === 0) next.wholeVoyageCrew++;
      for (const order of event.data.segmentOrders) next.legs[String(order)] = (next.legs[String(order)] ?? 0) + 1;
      break;
  }
  return next;
}

/**
 * Applies one voyage's counter change in one statement (a crowd of
 * applications is a few updates of the wide summary row, not one each), then
 * the most crew aboard at once: whole-voyage crew sit on every leg, so it is
 * their count plus the fullest leg's.
 */
async function countApplications(manager: EntityManager, voyageId: string, change: CounterChange): Promise<void> {
  const { last } = change;
  await manager.query(
    `UPDATE voyage_summaries
        SET application_count = application_count + $5, pending_count = pending_count + $6, whole_voyage_crew = whole_voyage_crew + $7,
            leg_crew = (SELECT coalesce(jsonb_object_agg(k, coalesce((leg_crew ->> k)::int, 0) + coalesce(($8::jsonb ->> k)::int, 0)), '{}'::jsonb)
                          FROM (SELECT jsonb_object_keys(leg_crew) AS k UNION SELECT jsonb_object_keys($8::jsonb)) AS legs),
            updated_at = $3, last_commit = $2, last_prepare = $4, revision = $9
      WHERE voyage_id = $1 AND (last_commit, last_prepare) < ($2::bigint, $4::bigint)`,
    [
      voyageId,
      last.position.commit.toString(),
      last.metadata.timestamp,
      last.position.prepare.toString(),
      change.applications,
      change.pending,
      change.wholeVoyageCrew,
      JSON.stringify(change.legs),
      last.revision.toString(),
    ],
  );
  await manager.query(
    `UPDATE voyage_summaries SET current_crew_count = whole_voyage_crew + coalesce((SELECT max(value::int) FROM jsonb_each_text(leg_crew)), 0)
      WHERE voyage_id = $1`,
    [voyageId],
  );
}

/**
 * Voyage summaries: one row per voyage with what browse, map, detail and
 * dashboard need, and a full-text search vector (a generated column over
 * title, description and ports; the skipper's name is personal data, kept
 * only in users and matched at read time). Each row remembers the last log
 * position applied, so a replayed batch changes nothing, and the revision of
 * its stream (the ETag of the voyage).
 */
export const voyageSummaryProjector: Projector = {
  name: 'voyage-summaries',
  tables: ['voyage_summaries'],
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    // Where each row already is: a replayed event at or before it is skipped, so counters never count twice.
    const voyageIds = [...new Set(events.filter((e) => e.streamId.startsWith('voyage-')).map((e) => voyageIdOfStream(e.streamId)))];
    const applied = new Map<string, LogPosition>();
    if (voyageIds.length > 0) {
      const rows = await manager.query<{ voyage_id: string; last_commit: string; last_prepare: string }[]>(
        'SELECT voyage_id, last_commit, last_prepare FROM voyage_summaries WHERE voyage_id = ANY($1::uuid[])',
        [voyageIds],
      );
      for (const row of rows) applied.set(row.voyage_id, { commit: BigInt(row.last_commit), prepare: BigInt(row.last_prepare) });
    }
    const changes = new Map<string, CounterChange>();
    const flush = async (voyageId: string): Promise<void> => {
      const change = changes.get(voyageId);
      if (!change) return;
      changes.delete(voyageId);
      await countApplications(manager, voyageId, change);
    };
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (!isVoyageEvent(event)) continue;
      const voyageId = voyageIdOfStream(recorded.streamId);
      if (isApplicationEvent(event)) {
        const at = applied.get(voyageId);
        if (!at || comparePositions(recorded.position, at) > 0) changes.set(voyageId, addToChange(changes.get(voyageId), recorded, event));
        continue;
      }
      // Counters first, so every statement on the row stays in log order.
      await flush(voyageId);
      await apply(manager, recorded, event);
    }
    for (const voyageId of [...changes.keys()]) await flush(voyageId);
  },
};
