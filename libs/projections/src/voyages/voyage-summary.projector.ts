import { accountSuspensionOf, comparePositions, isVoyageEvent, voyageIdOfStream, type LogPosition, type RecordedEvent, type VoyageEvent, type VoyageSnapshot } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import type { Written } from '../row-forms';
import { countriesOf, placesOf, type CountryOf, type Route } from './voyage-places';
import type { VoyageOwnerSuspensionRow, VoyageSummaryRow } from './voyage-summary.rows';

const dayCount = (start: string, end: string): number | null =>
  start && end ? Math.max(1, Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000)) : null;

/**
 * One voyage_summaries row as this projector writes it: every column but the
 * generated search vector. Values are kept in the form PostgreSQL printed or
 * the event carried (dates and timestamps as text; skills, segments and
 * leg_crew as the parsed JSON they are written back as), so a row read and
 * written back is the row it was.
 */
type SummaryRow = Written<VoyageSummaryRow>;

/** Columns in write order with their SQL types. */
const COLUMNS: readonly (readonly [keyof SummaryRow, string])[] = [
  ['voyage_id', 'uuid'],
  ['skipper_id', 'uuid'],
  ['status', 'text'],
  ['title', 'text'],
  ['description', 'text'],
  ['start_date', 'date'],
  ['end_date', 'date'],
  ['duration_days', 'int'],
  ['total_distance_nm', 'int'],
  ['crew_needed', 'int'],
  ['contribution_type', 'text'],
  ['contribution_amount', 'numeric'],
  ['contribution_currency', 'text'],
  ['contribution_details', 'text'],
  ['is_custom', 'boolean'],
  ['includes_food', 'boolean'],
  ['custom_notes', 'text'],
  ['boat_id', 'uuid'],
  ['min_experience', 'text'],
  ['skills', 'jsonb'],
  ['segments', 'jsonb'],
  ['departure_port', 'text'],
  ['arrival_port', 'text'],
  ['places', 'text'],
  ['longitude', 'float8'],
  ['latitude', 'float8'],
  ['application_count', 'int'],
  ['pending_count', 'int'],
  ['current_crew_count', 'int'],
  ['whole_voyage_crew', 'int'],
  ['leg_crew', 'jsonb'],
  ['suspended', 'boolean'],
  ['owner_suspended', 'boolean'],
  ['flagged_for_review', 'boolean'],
  ['flag_notes', 'text'],
  ['archived', 'boolean'],
  ['longest_leg_nm', 'int'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['last_commit', 'bigint'],
  ['last_prepare', 'bigint'],
  ['revision', 'bigint'],
];

const TYPES = new Map(COLUMNS);

/** New rows per INSERT: a batch's inserts are sent in chunks, each worked out while the one before is written. */
const INSERT_CHUNK = 2_000;

/** What the fold needs of a stored row: its position (the replay guard) and its counters. */
const SELECT_SQL = `SELECT voyage_id, last_commit::text AS last_commit, last_prepare::text AS last_prepare,
       application_count, pending_count, current_crew_count, whole_voyage_crew, leg_crew
  FROM voyage_summaries WHERE voyage_id = ANY($1::uuid[])`;
type StoredPart = Pick<SummaryRow, 'voyage_id' | 'last_commit' | 'last_prepare' | 'application_count' | 'pending_count' | 'current_crew_count' | 'whole_voyage_crew' | 'leg_crew'>;

/**
 * The rows of a statement travel as one JSON array of objects, one key per
 * column (JSON.stringify is native and PostgreSQL reads the array in one
 * pass, where an array parameter per column costs an escaping pass over every
 * value in JavaScript). A jsonb column's value is nested in the document as it
 * is, and PostgreSQL takes it as it stands.
 */
const recordset = (columns: readonly (keyof SummaryRow)[]): string => `json_to_recordset($1::json) AS u(${columns.map((c) => `${c} ${TYPES.get(c)}`).join(', ')})`;
const fromRecordset = (column: keyof SummaryRow): string => `u.${column}`;

const names = COLUMNS.map(([name]) => name);
// The stored position guards every write: a row never goes back to an older event.
const INSERT_SQL = `INSERT INTO voyage_summaries (${names.join(', ')})
SELECT ${names.map(fromRecordset).join(', ')} FROM ${recordset(names)}
ON CONFLICT (voyage_id) DO UPDATE SET ${names
  .filter((name) => name !== 'voyage_id')
  .map((name) => `${name} = EXCLUDED.${name}`)
  .join(', ')}
WHERE (voyage_summaries.last_commit, voyage_summaries.last_prepare) < (EXCLUDED.last_commit, EXCLUDED.last_prepare)`;

/**
 * One UPDATE for every stored row whose batch changed the same columns. Only
 * those columns are written, so a counter or status change does not compute
 * the generated search vector again.
 */
const updateSql = new Map<string, string>();
const updateSqlFor = (columns: readonly (keyof SummaryRow)[]): string => {
  const key = columns.join(',');
  let sql = updateSql.get(key);
  if (sql === undefined) {
    const all = ['voyage_id', ...columns] as const;
    sql = `UPDATE voyage_summaries v SET ${columns.map((c) => `${c} = ${fromRecordset(c)}`).join(', ')}
  FROM ${recordset(all)}
 WHERE v.voyage_id = u.voyage_id AND (v.last_commit, v.last_prepare) < (u.last_commit, u.last_prepare)`;
    updateSql.set(key, sql);
  }
  return sql;
};

/** The JSON parameter of INSERT_SQL or an updateSqlFor statement: the given columns of each row. */
const rowsJson = (rows: readonly Partial<SummaryRow>[], columns: readonly (keyof SummaryRow)[]): string =>
  JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const column of columns) out[column] = row[column];
      return out;
    }),
  );

const COUNTERS = ['application_count', 'pending_count', 'current_crew_count', 'whole_voyage_crew', 'leg_crew'] as const;
const STAMP = ['updated_at', 'last_commit', 'last_prepare', 'revision'] as const;
const longestLeg = (segments: readonly { distanceNm: number }[]): number => segments.reduce((longest, segment) => Math.max(longest, segment.distanceNm), 0);

/** Every column the browse list, the map, the detail page and the dashboard read, from a full snapshot. */
function snapshotColumns(snapshot: VoyageSnapshot): Partial<SummaryRow> {
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
    includes_food: details.includesFood === true,
    boat_id: details.boatId || null,
    min_experience: details.minExperience,
    skills: details.skills,
    segments: snapshot.segments,
    departure_port: first?.departure.name ?? null,
    arrival_port: last?.arrival.name ?? null,
    longitude: first?.departure.coordinates?.[0] ?? null,
    latitude: first?.departure.coordinates?.[1] ?? null,
    longest_leg_nm: longestLeg(snapshot.segments),
  };
}

/** The columns an event sets (counters aside); null: it changes nothing on this row. */
function columnsOf(event: VoyageEvent): Partial<SummaryRow> | null {
  switch (event.type) {
    case 'VoyageDraftSaved':
    case 'VoyagePublished':
      return { ...snapshotColumns(event.data), status: event.type === 'VoyagePublished' ? 'active' : 'draft', skipper_id: event.data.skipperId };
    case 'VoyageDetailsEdited': {
      const d = event.data.details;
      return {
        title: d.title,
        description: d.description,
        start_date: d.startDate || null,
        end_date: d.endDate || null,
        duration_days: dayCount(d.startDate, d.endDate),
        is_custom: d.isCustom,
        custom_notes: d.customNotes,
        includes_food: d.includesFood === true,
        boat_id: d.boatId || null,
        min_experience: d.minExperience,
        skills: d.skills,
      };
    }
    case 'VoyageRouteChanged': {
      const first = event.data.segments[0];
      const last = event.data.segments[event.data.segments.length - 1];
      return {
        segments: event.data.segments,
        total_distance_nm: event.data.totalDistanceNm,
        departure_port: first?.departure.name ?? null,
        arrival_port: last?.arrival.name ?? null,
        longitude: first?.departure.coordinates?.[0] ?? null,
        latitude: first?.departure.coordinates?.[1] ?? null,
        longest_leg_nm: longestLeg(event.data.segments),
      };
    }
    case 'VoyageCrewNeededChanged':
      return { crew_needed: event.data.crewNeeded };
    case 'VoyageContributionChanged':
      return {
        contribution_type: event.data.contribution.type,
        contribution_amount: event.data.contribution.amount,
        contribution_currency: event.data.contribution.currency,
        contribution_details: event.data.contribution.details,
      };
    case 'VoyageStatusChanged':
      // Started or sailed after all: no longer a voyage that departed without being started.
      return event.data.status === 'in_progress' || event.data.status === 'completed' ? { status: event.data.status, archived: false } : { status: event.data.status };
    case 'VoyageArchived':
      return { archived: true };
    case 'VoyageCancelled':
      return { status: 'cancelled' };
    // Admin moderation: a suspended voyage leaves browse, map and search (their queries read `suspended`).
    case 'VoyageSuspended':
      return { suspended: true };
    case 'VoyageReinstated':
      return { suspended: false };
    // The moderation queue: flagged for review until an administrator clears the flag.
    case 'VoyageFlaggedForReview':
      return { flagged_for_review: true, flag_notes: event.data.notes };
    case 'VoyageFlagCleared':
      return { flagged_for_review: false, flag_notes: '' };
    case 'VoyageCompleted': // the status came with its VoyageStatusChanged; who sailed is read from applications
    case 'VoyageDeleted': // the row goes: see project()
      return {};
    case 'ApplicationSubmitted':
    case 'ApplicationWithdrawn':
    case 'ApplicationRejected':
    case 'ApplicationAccepted':
    case 'ApplicationExpired':
      return {};
    // Trust and safety events live in their own read models.
    case 'SailingLogConfirmed':
    case 'SailingLogCrewRemoved':
    case 'CrewAgreementIssued':
    case 'CrewAgreementAccepted':
    case 'FloatPlanFiled':
    case 'CheckInRecorded':
    case 'FloatPlanOverdue':
      return null;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/**
 * The application counters: submitted counts an application and a pending one,
 * withdrawn takes both back, a decision ends the pending one, an acceptance
 * seats the crew member on the whole voyage or on its legs. current_crew_count
 * is the most crew aboard at once: whole-voyage crew sit on every leg, so it
 * is their count plus the fullest leg's.
 */
function count(row: Pick<SummaryRow, 'application_count' | 'pending_count' | 'current_crew_count' | 'whole_voyage_crew' | 'leg_crew'>, event: VoyageEvent): boolean {
  switch (event.type) {
    case 'ApplicationSubmitted':
      row.application_count++;
      row.pending_count++;
      break;
    case 'ApplicationWithdrawn':
      row.application_count--;
      row.pending_count--;
      break;
    case 'ApplicationRejected':
    case 'ApplicationExpired':
      row.pending_count--;
      break;
    case 'ApplicationAccepted': {
      row.pending_count--;
      if (event.data.segmentOrders.length === 0) row.whole_voyage_crew++;
      const legs = { ...row.leg_crew };
      for (const order of event.data.segmentOrders) legs[String(order)] = (legs[String(order)] ?? 0) + 1;
      row.leg_crew = legs;
      break;
    }
    default:
      return false;
  }
  row.current_crew_count = row.whole_voyage_crew + Math.max(0, ...Object.values(row.leg_crew));
  return true;
}

/** The legs an event sets, if it sets them. */
const routeOf = (event: VoyageEvent): Route | undefined =>
  event.type === 'VoyageDraftSaved' || event.type === 'VoyagePublished' || event.type === 'VoyageRouteChanged' ? event.data.segments : undefined;

const positionOf = (row: Pick<SummaryRow, 'last_commit' | 'last_prepare'>): LogPosition => ({ commit: BigInt(row.last_commit), prepare: BigInt(row.last_prepare) });

/**
 * Voyage summaries: one row per voyage with what browse, map, detail and
 * dashboard need, and a full-text search vector (a generated column over
 * title, description, ports and the places the route passes: countries,
 * seas, coasts and island groups; the skipper's name is personal data, kept
 * only in users and matched at read time). Each row remembers the last log
 * position applied, so a replayed event changes nothing, and the revision of
 * its stream (the ETag of the voyage).
 *
 * A batch costs a few statements whatever its size: the positions and
 * counters of the rows it touches are read in one query, its events are
 * folded into them in memory in log order (an event for a voyage without a
 * row, or at or before the row's position, changes nothing), new rows are
 * written in one multi-row insert and changed rows in one UPDATE per set of
 * changed columns (a handful). One event is the same fold with a batch of
 * one, so the per-event path that isolates a failing event writes exactly
 * the same rows.
 */
export const voyageSummaryProjector: Projector = {
  name: 'voyage-summaries',
  handles: (recorded) => isVoyageEvent(recorded) || accountSuspensionOf(recorded) !== null,
  tables: ['voyage_summaries', 'voyage_owner_suspensions'],
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const voyageEvents: { recorded: RecordedEvent; event: VoyageEvent; voyageId: string }[] = [];
    /** Skippers suspended (true) or reinstated (false) in this batch: the last word on each. */
    const owners = new Map<string, boolean>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (isVoyageEvent(event)) voyageEvents.push({ recorded, event, voyageId: voyageIdOfStream(recorded.streamId) });
      const suspension = accountSuspensionOf(event);
      if (suspension) owners.set(suspension.userId, suspension.suspended);
    }
    if (voyageEvents.length > 0) await projectVoyageEvents(voyageEvents, owners, manager);
    if (owners.size > 0) await projectOwners(owners, manager);
  },
};

/**
 * A skipper's suspension is a flag on all their voyages (whatever each
 * voyage's own events did), and a fact this projector keeps about the skipper
 * (`voyage_owner_suspensions`), so the rows of voyages written afterwards
 * start with it. Setting a flag to what it already is changes nothing, so a
 * replayed batch is harmless.
 */
async function projectOwners(owners: ReadonlyMap<string, boolean>, manager: EntityManager): Promise<void> {
  const suspended = [...owners].filter(([, flag]) => flag).map(([id]) => id);
  const reinstated = [...owners].filter(([, flag]) => !flag).map(([id]) => id);
  if (suspended.length > 0) {
    await manager.query('INSERT INTO voyage_owner_suspensions (user_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING', [suspended]);
    await manager.query('UPDATE voyage_summaries SET owner_suspended = true WHERE skipper_id = ANY($1::uuid[]) AND NOT owner_suspended', [suspended]);
  }
  if (reinstated.length > 0) {
    await manager.query('DELETE FROM voyage_owner_suspensions WHERE user_id = ANY($1::uuid[])', [reinstated]);
    await manager.query('UPDATE voyage_summaries SET owner_suspended = false WHERE skipper_id = ANY($1::uuid[]) AND owner_suspended', [reinstated]);
  }
}

async function projectVoyageEvents(
  voyageEvents: readonly { recorded: RecordedEvent; event: VoyageEvent; voyageId: string }[],
  owners: ReadonlyMap<string, boolean>,
  manager: EntityManager,
): Promise<void> {
  const voyageIds = [...new Set(voyageEvents.map((e) => e.voyageId))];
  const stored = await manager.query<StoredPart[]>(SELECT_SQL, [voyageIds]);
  /** Rows as the batch leaves them: stored ones hold only what was read and what changed. */
  /** `route`: the legs the batch last set, as the event carried them (so their places need no second parse). */
  const rows = new Map<string, { row: Partial<SummaryRow> & StoredPart; at: LogPosition; created: boolean; changed: Set<keyof SummaryRow>; route?: Route }>(
    stored.map((row) => [row.voyage_id, { row, at: positionOf(row), created: false, changed: new Set() }]),
  );

  /** Voyages an administrator deleted: their rows go; nothing follows a deletion in its stream. */
  const deleted = new Set<string>();
  for (const { recorded, event, voyageId } of voyageEvents) {
    const entry = rows.get(voyageId);
    if (entry && comparePositions(recorded.position, entry.at) <= 0) continue;
    if (event.type === 'VoyageDeleted') {
      rows.delete(voyageId);
      deleted.add(voyageId);
      continue;
    }
    const columns = columnsOf(event);
    if (columns === null) continue;
    const stamp = {
      updated_at: recorded.metadata.timestamp,
      last_commit: recorded.position.commit.toString(),
      last_prepare: recorded.position.prepare.toString(),
      revision: recorded.revision.toString(),
    };
    if (!entry) {
      // Only a draft or a publication creates the row; anything else for an unknown voyage changes nothing.
      if (event.type !== 'VoyageDraftSaved' && event.type !== 'VoyagePublished') continue;
      const row = {
        voyage_id: voyageId,
        application_count: 0,
        pending_count: 0,
        current_crew_count: 0,
        whole_voyage_crew: 0,
        leg_crew: {},
        suspended: false,
        owner_suspended: false,
        flagged_for_review: false,
        flag_notes: '',
        archived: false,
        created_at: recorded.metadata.timestamp,
        ...columns,
        ...stamp,
      };
      rows.set(voyageId, { row, at: recorded.position, created: true, changed: new Set(), route: routeOf(event) });
      continue;
    }
    Object.assign(entry.row, columns, stamp);
    entry.route = routeOf(event) ?? entry.route;
    entry.at = recorded.position;
    for (const name of Object.keys(columns) as (keyof SummaryRow)[]) entry.changed.add(name);
    for (const name of STAMP) entry.changed.add(name);
    if (count(entry.row, event)) for (const name of COUNTERS) entry.changed.add(name);
  }

  // Where a route was set or changed: its places, their countries read from the ports table in one go.
  const routed = [...rows.values()].filter((entry) => entry.created || entry.changed.has('segments'));
  const routes = new Map(routed.map((entry) => [entry, entry.route ?? entry.row.segments ?? []]));
  const countryOf: CountryOf =
    routed.length > 0
      ? await countriesOf(
          manager,
          [...routes.values()].flatMap((segments) => segments.flatMap((segment) => [segment.departure, segment.arrival])),
        )
      : () => null;
  const placeRow = (entry: (typeof routed)[number]): void => {
    entry.row.places = placesOf(routes.get(entry) ?? [], countryOf);
    entry.changed.add('places');
  };

  // One write at a time is in flight: PostgreSQL runs it (the search vector, the row) while the next
  // one's places and JSON are worked out here, then the next is sent when it is done.
  let inFlight: Promise<unknown> = Promise.resolve();
  const send = async (sql: string, parameters: unknown[]): Promise<void> => {
    await inFlight;
    inFlight = manager.query(sql, parameters);
  };
  try {
    const created = [...rows.values()].filter((entry) => entry.created);
    if (created.length > 0) {
      // A new row starts with its skipper's standing: as this batch leaves it, else as already known.
      const skippers = [...new Set(created.map((entry) => entry.row.skipper_id))].filter((id): id is string => id !== undefined && !owners.has(id));
      const known =
        skippers.length > 0 ? await manager.query<VoyageOwnerSuspensionRow[]>('SELECT user_id FROM voyage_owner_suspensions WHERE user_id = ANY($1::uuid[])', [skippers]) : [];
      const suspended = new Set(known.map((row) => row.user_id));
      for (const { row } of created) row.owner_suspended = owners.get(row.skipper_id ?? '') ?? suspended.has(row.skipper_id ?? '');
      for (let start = 0; start < created.length; start += INSERT_CHUNK) {
        const chunk = created.slice(start, start + INSERT_CHUNK);
        chunk.forEach(placeRow);
        // A new row holds every column and nothing else: it is the document's object as it stands.
        await send(INSERT_SQL, [JSON.stringify(chunk.map((entry) => entry.row))]);
      }
    }
    for (const entry of routed) if (!entry.created) placeRow(entry);
    const byShape = new Map<string, { columns: (keyof SummaryRow)[]; rows: Partial<SummaryRow>[] }>();
    for (const entry of rows.values()) {
      if (entry.created || entry.changed.size === 0) continue;
      const columns = names.filter((name) => entry.changed.has(name));
      const key = columns.join(',');
      const group = byShape.get(key) ?? { columns, rows: [] };
      group.rows.push(entry.row);
      byShape.set(key, group);
    }
    for (const { columns, rows: group } of byShape.values()) await send(updateSqlFor(columns), [rowsJson(group, ['voyage_id', ...columns])]);
    if (deleted.size > 0) await send('DELETE FROM voyage_summaries WHERE voyage_id = ANY($1::uuid[])', [[...deleted]]);
    await inFlight;
  } finally {
    // A write that failed is reported by the await above (or by the send after it); this only settles it.
    await inFlight.catch(() => undefined);
  }
}
