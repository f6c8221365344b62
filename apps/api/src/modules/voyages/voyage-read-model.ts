import { APPLICATION_STATUS_RANKING, type SegmentResponse, type VoyageListQuery, type VoyageResponse } from '@crew/contracts';
import { EDITABLE_STATUSES, berthsOpenOnLeg, skillLabel, type Segment } from '@crew/domain';
import type { ApplicationViewRow, VoyageSummaryRow } from '@crew/projections';
import type { DataSource } from 'typeorm';

/**
 * The one SELECT every voyage query shares: the summary row, the skipper and
 * boat as they are now (state tables, so a renamed boat shows at once), and the
 * skipper's count of published voyages. Dates come out as YYYY-MM-DD text so
 * no time zone can shift them.
 */
export const VOYAGE_SELECT = `
  SELECT v.voyage_id, v.skipper_id, v.status, v.title, v.description,
         to_char(v.start_date, 'YYYY-MM-DD') AS start_date, to_char(v.end_date, 'YYYY-MM-DD') AS end_date,
         v.duration_days, v.total_distance_nm, v.crew_needed, v.current_crew_count, v.pending_count, v.application_count,
         v.contribution_type, v.contribution_amount::float8 AS contribution_amount, v.contribution_currency, v.contribution_details,
         v.is_custom, v.custom_notes, v.includes_food, v.min_experience, v.skills, v.segments, v.departure_port, v.arrival_port,
         v.longitude, v.latitude, v.created_at, v.updated_at, v.whole_voyage_crew, v.leg_crew, v.revision, v.suspended, v.owner_suspended, v.archived, v.longest_leg_nm,
         coalesce(u.first_name, '') AS skipper_first_name, coalesce(u.last_name, '') AS skipper_last_name, u.profile_photo_url AS skipper_photo,
         (SELECT count(*)::int FROM voyage_summaries c WHERE c.skipper_id = v.skipper_id AND c.status <> 'draft' AND c.status <> 'cancelled') AS skipper_voyage_count,
         b.id AS boat_id, b.name AS boat_name, b.boat_type, b.make_model AS boat_make_model, b.length_feet::float8 AS boat_length_feet,
         b.year_built AS boat_year_built, b.max_crew AS boat_max_crew, b.berths AS boat_berths, b.boat_photo_url, b.boat_photo_thumbnail_url,
         b.equipment AS boat_equipment
    FROM voyage_summaries v
    LEFT JOIN users u ON u.id = v.skipper_id
    LEFT JOIN boats b ON b.id = v.boat_id`;

/** A summary row as VOYAGE_SELECT reads it, with its skipper and boat as they are now. */
export interface VoyageRow extends Pick<
  VoyageSummaryRow,
  | 'voyage_id'
  | 'suspended'
  | 'owner_suspended'
  | 'archived'
  | 'longest_leg_nm'
  | 'skipper_id'
  | 'status'
  | 'title'
  | 'description'
  | 'start_date'
  | 'end_date'
  | 'duration_days'
  | 'total_distance_nm'
  | 'crew_needed'
  | 'current_crew_count'
  | 'pending_count'
  | 'application_count'
  | 'contribution_type'
  | 'contribution_amount'
  | 'contribution_currency'
  | 'contribution_details'
  | 'is_custom'
  | 'custom_notes'
  | 'includes_food'
  | 'min_experience'
  | 'skills'
  | 'segments'
  | 'departure_port'
  | 'arrival_port'
  | 'longitude'
  | 'latitude'
  | 'created_at'
  | 'updated_at'
  | 'whole_voyage_crew'
  | 'leg_crew'
  | 'revision'
> {
  skipper_first_name: string;
  skipper_last_name: string;
  skipper_photo: string | null;
  skipper_voyage_count: number;
  boat_id: string | null;
  boat_name: string | null;
  boat_type: NonNullable<VoyageResponse['boat']>['boat_type'] | null;
  boat_make_model: string | null;
  boat_length_feet: number | null;
  boat_year_built: number | null;
  boat_max_crew: number | null;
  boat_berths: number | null;
  boat_photo_url: string | null;
  boat_photo_thumbnail_url: string | null;
  boat_equipment: { safety: string[]; navigation: string[]; comfort: string[] } | null;
}

/** Marker colours: distinct on a chart, readable on land and sea. */
const MARKER_COLOURS = ['#1565c0', '#c62828', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457', '#4e342e'] as const;

/** A stable colour per voyage, so its marker and route keep their colour between visits. */
export function voyageColour(voyageId: string): string {
  let hash = 0;
  for (let i = 0; i < voyageId.length; i++) hash = (hash * 31 + voyageId.charCodeAt(i)) >>> 0;
  return MARKER_COLOURS[hash % MARKER_COLOURS.length] ?? MARKER_COLOURS[0];
}

const toSegment = (row: VoyageRow, segment: Segment): SegmentResponse => ({
  id: `${row.voyage_id}:${segment.order}`,
  segment_order: segment.order,
  departure_port: segment.departure.name,
  arrival_port: segment.arrival.name,
  departure_port_id: segment.departure.portId,
  arrival_port_id: segment.arrival.portId,
  departure_custom_location: row.is_custom ? segment.departure.name : null,
  arrival_custom_location: row.is_custom ? segment.arrival.name : null,
  departure_coordinates: segment.departure.coordinates,
  arrival_coordinates: segment.arrival.coordinates,
  distance_nm: segment.distanceNm,
  distance_manual_override: segment.distanceManualOverride,
  crew_needed: segment.crewNeeded,
  berths_open: berthsOpenOnLeg(row.crew_needed, row.whole_voyage_crew, row.leg_crew[String(segment.order)] ?? 0),
  crosses_land: segment.crossesLand === true,
  estimated_duration_hours: segment.estimatedDurationHours,
  estimated_departure_date: segment.estimatedDepartureDate,
  estimated_arrival_date: segment.estimatedArrivalDate,
  description: '',
});

export type MyApplication = VoyageResponse['my_application'];

/**
 * The viewer's application to each of `voyageIds`, the highest ranked when
 * there are several (accepted, then pending, rejected, withdrawn).
 */
export async function myApplicationsFor(dataSource: DataSource, viewerId: string | null, voyageIds: readonly string[]): Promise<Map<string, NonNullable<MyApplication>>> {
  if (!viewerId || voyageIds.length === 0) return new Map();
  const rows = await dataSource.query<Pick<ApplicationViewRow, 'voyage_id' | 'application_id' | 'status'>[]>(
    `SELECT DISTINCT ON (voyage_id) voyage_id, application_id, status
       FROM applications
      WHERE crew_id = $1 AND voyage_id = ANY($2::uuid[])
      ORDER BY voyage_id, array_position($3::text[], status), created_at DESC`,
    [viewerId, voyageIds, APPLICATION_STATUS_RANKING],
  );
  return new Map(rows.map((row) => [row.voyage_id, { id: row.application_id, status: row.status }]));
}

export function toVoyageResponse(row: VoyageRow, viewerId: string | null, myApplication: MyApplication = null): VoyageResponse {
  return {
    id: row.voyage_id,
    title: row.title,
    description: row.description,
    status: row.status,
    estimated_start_date: row.start_date,
    estimated_end_date: row.end_date,
    estimated_duration_days: row.duration_days,
    total_distance_nm: row.total_distance_nm,
    total_crew_needed: row.crew_needed,
    current_crew_count: row.current_crew_count,
    pending_count: row.pending_count,
    application_count: row.application_count,
    contribution_type: row.contribution_type,
    contribution_amount: row.contribution_amount,
    contribution_currency: row.contribution_currency,
    contribution_details: row.contribution_details,
    is_custom_voyage: row.is_custom,
    includes_food: row.includes_food,
    custom_voyage_notes: row.custom_notes,
    coordinates: row.longitude === null || row.latitude === null ? null : [row.longitude, row.latitude],
    color: voyageColour(row.voyage_id),
    departure_port: row.departure_port,
    arrival_port: row.arrival_port,
    skipper: {
      id: row.skipper_id,
      first_name: row.skipper_first_name,
      last_name: row.skipper_last_name,
      profile_photo_url: row.skipper_photo,
      voyage_count: row.skipper_voyage_count,
    },
    boat:
      row.boat_id && row.boat_name !== null && row.boat_type !== null
        ? {
            id: row.boat_id,
            name: row.boat_name,
            boat_type: row.boat_type,
            make_model: row.boat_make_model ?? '',
            length_feet: row.boat_length_feet ?? 0,
            year_built: row.boat_year_built,
            max_crew: row.boat_max_crew ?? 0,
            berths: row.boat_berths,
            boat_photo_url: row.boat_photo_url,
            boat_photo_thumbnail_url: row.boat_photo_thumbnail_url,
            equipment: row.boat_equipment ?? { safety: [], navigation: [], comfort: [] },
          }
        : null,
    // Stored as taxonomy keys; shown by their labels (an older word naming no skill as it was written).
    requirements: { crew_needed: row.crew_needed, skills: row.skills.map(skillLabel), min_experience: row.min_experience },
    segments: row.segments.map((segment) => toSegment(row, segment)),
    is_owner: viewerId !== null && viewerId === row.skipper_id,
    suspended: row.suspended,
    archived: row.archived,
    my_application: myApplication,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Duration buckets of the browse filter (1-7 days, 1-4 weeks, 1+ months). */
const DURATION_BUCKETS = { days: [1, 7], weeks: [8, 28], months: [29, null] } as const;
const CONTRIBUTION_KINDS = { free: 'free', shared: 'shared_costs', paid: 'paid' } as const;

/**
 * The search words as prefix terms: each word must start a word of the
 * voyage ("cherb fal" finds "Cherbourg to Falmouth"), accents ignored. Empty
 * when nothing searchable is left.
 */
export function prefixTerms(search: string): string[] {
  return search
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `${word}:*`);
}

export type ParsedListQuery = Omit<VoyageListQuery, 'limit' | 'offset'> & { limit: number; offset: number };

/** Voyages still open to crew (planning or active, not suspended or archived): the predicate of `voyage_summaries_open_skippers_idx`. */
const OPEN_TO_CREW = `v.status IN ('planning', 'active') AND NOT v.suspended AND NOT v.archived AND NOT v.owner_suspended`;

/**
 * For each search term, the skippers whose name has a word starting with it
 * (`skipper_name_words`, a prefix range of its index: no member row is
 * read). Names stay in users (the read model copies no personal data), so
 * this is asked on every search. With `openOnly`, only skippers with a
 * voyage still open to crew: browse without a status filter shows no other,
 * and a common name prefix among a million members names thousands of
 * skippers, most of them with nothing to browse.
 */
export async function skippersNamed(dataSource: DataSource, terms: readonly string[], openOnly: boolean): Promise<string[][]> {
  if (terms.length === 0) return [];
  // Terms are lower-case letters and digits followed by ':*' (prefixTerms): a LIKE prefix with nothing to escape,
  // one subquery per term so that the planner sees each prefix and ranges the index on it.
  const patterns = terms.map((term) => `${term.slice(0, -':*'.length)}%`);
  const open = openOnly ? ` AND EXISTS (SELECT 1 FROM voyage_summaries v WHERE v.skipper_id = w.user_id AND ${OPEN_TO_CREW})` : '';
  const [row] = await dataSource.query<Record<string, string[]>[]>(
    `SELECT ${patterns.map((_, i) => `ARRAY(SELECT DISTINCT w.user_id FROM skipper_name_words w WHERE w.word LIKE $${i + 1}${open}) AS t${i}`).join(', ')}`,
    patterns,
  );
  return patterns.map((_, i) => row?.[`t${i}`] ?? []);
}

/** The browse filters of a query, with the skipper names its search words match looked up first. */
export async function voyageWhere(dataSource: DataSource, query: ParsedListQuery): Promise<{ where: string; params: unknown[] }> {
  const terms = query.search ? prefixTerms(query.search) : [];
  // Without a status filter browse shows only voyages open to crew (voyageFilters); a status filter may show others.
  return voyageFilters(query, await skippersNamed(dataSource, terms, !query.status));
}

/** Today as voyage dates are written (YYYY-MM-DD, UTC, as the Voyage aggregate's clock rules read them). */
export const utcToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/**
 * WHERE clause and parameters for the browse filters (list, map, quick search and their totals).
 *
 * Without a status filter, browse shows only voyages that can still be joined, by the rules the Voyage
 * aggregate applies to an application:
 * - planning or active: applications are taken only then (EDITABLE_STATUSES; a full voyage refuses them
 *   until a berth frees up, and an in-progress, completed or cancelled one for good); drafts never show;
 * - not suspended by an administrator, its skipper's account not suspended, not archived (its departure
 *   date passed without it being started);
 * - departing after today (UTC): a pending application expires at the start of the departure day, so one
 *   made on that day or later can never be accepted. (A published voyage always has a departure date, and
 *   its return date is after it: the aggregate refuses anything else.)
 * A status filter shows that status instead: full, in progress, completed or cancelled voyages whatever
 * their dates; planning or active ones still only while they can be joined.
 * `voyage_summaries_open_idx` holds exactly the joinable flags in its predicate and the departure date as
 * its key: the date is a range of the scan, and the default page and its total are index-only scans.
 */
export function voyageFilters(query: ParsedListQuery, named: readonly (readonly string[])[] = [], today: string = utcToday()): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  // A voyage an administrator suspended is out of browse, map and search.
  // A voyage that departed without being started is archived: kept for its skipper and crew, out of browse.
  // A suspended member's voyages are out too, until they are reinstated (owner_suspended, set by the projector).
  const clauses = [`v.status <> 'draft'`, 'NOT v.suspended', 'NOT v.archived', 'NOT v.owner_suspended'];
  // Spelled as the open index's predicate spells it, so the planner matches the two.
  clauses.push(query.status ? `v.status = ${add(query.status)}` : `v.status IN ('planning', 'active')`);
  if (!query.status || (EDITABLE_STATUSES as readonly string[]).includes(query.status)) {
    clauses.push(`v.start_date > ${add(today)}::date`);
  }
  const terms = query.search ? prefixTerms(query.search) : [];
  if (query.search && terms.length === 0) clauses.push('false');
  // Each word starts a word of the voyage's text or of its skipper's name (`named`: the skippers each
  // word names). Words that name nobody go into one text query, the GIN index's fast path; a word that
  // names skippers also takes their voyages, through the skipper index.
  const textOnly = terms.filter((_, i) => !named[i]?.length);
  if (textOnly.length > 0) clauses.push(`v.search @@ to_tsquery('simple', ${add(textOnly.join(' & '))})`);
  terms.forEach((term, i) => {
    const skippers = named[i];
    if (skippers?.length) clauses.push(`(v.search @@ to_tsquery('simple', ${add(term)}) OR v.skipper_id = ANY (${add(skippers)}::uuid[]))`);
  });
  if (query.departure_from) clauses.push(`v.start_date >= ${add(query.departure_from)}::date`);
  if (query.departure_to) clauses.push(`v.start_date <= ${add(query.departure_to)}::date`);
  if (query.duration) {
    const [min, max] = DURATION_BUCKETS[query.duration];
    clauses.push(`v.duration_days >= ${add(min)}`);
    if (max !== null) clauses.push(`v.duration_days <= ${add(max)}`);
  }
  if (query.contribution) clauses.push(`v.contribution_type = ${add(CONTRIBUTION_KINDS[query.contribution])}`);
  if (query.skipper_id) clauses.push(`v.skipper_id = ${add(query.skipper_id)}::uuid`);
  if (query.bbox) {
    const [west, south, east, north] = query.bbox.split(',').map(Number) as [number, number, number, number];
    clauses.push(`v.latitude BETWEEN ${add(south)} AND ${add(north)}`);
    // A view across the antimeridian has west > east: it is two longitude ranges.
    clauses.push(west <= east ? `v.longitude BETWEEN ${add(west)} AND ${add(east)}` : `(v.longitude >= ${add(west)} OR v.longitude <= ${add(east)})`);
  }
  return { where: clauses.join(' AND '), params };
}
