import { isVoyageEvent, type RecordedEvent, type VoyageEvent, type VoyageSnapshot } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';

const voyageIdOf = (streamId: string): string => streamId.slice('voyage-'.length);

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
  const assignments = names.map((name, i) => `${name} = $${i + 5}`);
  await manager.query(
    `UPDATE voyage_summaries
        SET ${[...assignments, 'updated_at = $3', 'last_commit = $2', 'last_prepare = $4'].join(', ')}
      WHERE voyage_id = $1 AND (last_commit, last_prepare) < ($2::bigint, $4::bigint)`,
    [
      voyageIdOf(recorded.streamId),
      recorded.position.commit.toString(),
      recorded.metadata.timestamp,
      recorded.position.prepare.toString(),
      ...names.map((name) => columns[name]),
    ],
  );
}

/**
 * Application counters: `changes` are SQL expressions over the row's current
 * values. Crew per leg: whole-voyage crew sit on every leg, so the most crew
 * aboard at once is the whole-voyage count plus the fullest leg's count.
 */
async function adjust(manager: EntityManager, recorded: RecordedEvent, changes: string, params: unknown[] = []): Promise<void> {
  await manager.query(
    `UPDATE voyage_summaries
        SET ${changes}, updated_at = $3, last_commit = $2, last_prepare = $4
      WHERE voyage_id = $1 AND (last_commit, last_prepare) < ($2::bigint, $4::bigint)`,
    [voyageIdOf(recorded.streamId), recorded.position.commit.toString(), recorded.metadata.timestamp, recorded.position.prepare.toString(), ...params],
  );
}

const CURRENT_CREW = `coalesce((SELECT max(value::int) FROM jsonb_each_text(leg_crew)), 0)`;

async function apply(manager: EntityManager, recorded: RecordedEvent, event: VoyageEvent): Promise<void> {
  switch (event.type) {
    case 'VoyageDraftSaved':
    case 'VoyagePublished': {
      const columns = { ...columnsOf(event.data), status: event.type === 'VoyagePublished' ? 'active' : 'draft', skipper_id: event.data.skipperId };
      const names = Object.keys(columns);
      const values = names.map((name) => (columns as Record<string, unknown>)[name]);
      // Insert the first time; later (a republished draft) update, unless this event was applied already.
      await manager.query(
        `INSERT INTO voyage_summaries (voyage_id, ${names.join(', ')}, created_at, updated_at, last_commit, last_prepare, skipper_name)
         SELECT $1, ${names.map((_, i) => `$${i + 2}`).join(', ')}, $${names.length + 2}, $${names.length + 2}, $${names.length + 3}, $${names.length + 4},
                coalesce((SELECT first_name || ' ' || last_name FROM users WHERE id = $${names.length + 5}::uuid), '')
         ON CONFLICT (voyage_id) DO UPDATE SET ${names.map((name) => `${name} = EXCLUDED.${name}`).join(', ')}, updated_at = EXCLUDED.updated_at,
              last_commit = EXCLUDED.last_commit, last_prepare = EXCLUDED.last_prepare
         WHERE (voyage_summaries.last_commit, voyage_summaries.last_prepare) < (EXCLUDED.last_commit, EXCLUDED.last_prepare)`,
        [
          voyageIdOf(recorded.streamId),
          ...values,
          recorded.metadata.timestamp,
          recorded.position.commit.toString(),
          recorded.position.prepare.toString(),
          event.data.skipperId,
        ],
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
    case 'ApplicationSubmitted':
      return adjust(manager, recorded, 'application_count = application_count + 1, pending_count = pending_count + 1');
    case 'ApplicationWithdrawn':
      return adjust(manager, recorded, 'application_count = application_count - 1, pending_count = pending_count - 1');
    case 'ApplicationRejected':
      return adjust(manager, recorded, 'pending_count = pending_count - 1');
    case 'ApplicationAccepted': {
      if (event.data.segmentOrders.length === 0) {
        return adjust(
          manager,
          recorded,
          `pending_count = pending_count - 1, whole_voyage_crew = whole_voyage_crew + 1, current_crew_count = whole_voyage_crew + 1 + ${CURRENT_CREW}`,
        );
      }
      // One more aboard each leg applied for; the SET sees the old leg_crew, so the new maximum is worked out from it.
      const legs = `leg_crew || (SELECT jsonb_object_agg(o::text, coalesce((leg_crew ->> o::text)::int, 0) + 1) FROM unnest($5::int[]) o)`;
      return adjust(
        manager,
        recorded,
        `pending_count = pending_count - 1, leg_crew = ${legs},
         current_crew_count = whole_voyage_crew + coalesce((SELECT max(value::int) FROM jsonb_each_text(${legs})), 0)`,
        [event.data.segmentOrders],
      );
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/**
 * Voyage summaries: one row per voyage with what browse, map, detail and
 * dashboard need, and a full-text search vector (a generated column over
 * title, description, ports and skipper name). Each row remembers the last
 * log position applied, so a replayed batch changes nothing.
 */
export const voyageSummaryProjector: Projector = {
  name: 'voyage-summaries',
  tables: ['voyage_summaries'],
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (isVoyageEvent(event)) await apply(manager, recorded, event);
    }
  },
};
