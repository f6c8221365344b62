import type { SavedSearchFilters } from '@crew/contracts';
import { isIsoDate, type VoyageSnapshot } from '@crew/domain';
import { placesOfRoutes, type SqlRunner } from '@crew/projections';
import type { DataSource } from 'typeorm';
import { utcToday, voyageWhere } from '../voyages/voyage-read-model';
import { browseQueryOf, CONTRIBUTION_RANKS } from './saved-search-rows';

/** A voyage as a new match is judged: what browse filters on, from the voyage's events. */
export interface VoyageToMatch {
  readonly voyageId: string;
  readonly snapshot: VoyageSnapshot;
  /** Its status right after the event (browse without a status filter shows planning and active ones). */
  readonly status: string;
  /** When the event was recorded: searches saved after it are not matched with it, and "today" is its day. */
  readonly at: Date;
  readonly logCommit: bigint;
}

/** A saved search with an instant alert, matched for the first time: its member gets a mail. */
export interface InstantHit {
  readonly search_id: string;
  readonly user_id: string;
}

const dayCount = (start: string, end: string): number | null =>
  start && end ? Math.max(1, Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000)) : null;

/**
 * Records, once per (search, voyage), every saved search a voyage matches, by
 * the rules browse applies (GET /api/voyages/ with the search's filters and
 * map view).
 *
 * The voyage's searchable text is built as `voyage_summaries.search` is (title,
 * ports and places, description; the skipper's name too, as browse's search
 * finds a skipper's voyages by name), and its words' prefixes are what a
 * search's words must all be among. Searches without words come from the
 * GiST index over their ranges (map view, dates, duration, contribution);
 * those with words by their first word, one B-tree lookup per prefix of the
 * voyage's words; every other filter is checked on the few rows found. Answers the
 * searches with an instant alert among those recorded now (the others wait
 * for their digest, which reads the rows).
 */
export async function recordMatches(db: SqlRunner, voyage: VoyageToMatch): Promise<InstantHit[]> {
  const { snapshot } = voyage;
  const { details } = snapshot;
  // A voyage no read model can hold (a date that is no day, a route that is no list: an old bug or a hand-made
  // import; voyage-summaries parks it) is in no browse list, so it matches nothing, and this reactor goes on.
  if (!isIsoDate(details.startDate) || (details.endDate && !isIsoDate(details.endDate)) || !Array.isArray(snapshot.segments)) return [];
  // Browse shows a voyage without a status filter only while it can be joined and before its departure day.
  const today = utcToday(voyage.at);
  if (details.startDate <= today) return [];
  const first = snapshot.segments[0];
  const last = snapshot.segments[snapshot.segments.length - 1];
  const [places = ''] = await placesOfRoutes(db, [snapshot.segments]);
  const given: unknown = first?.departure?.coordinates;
  const coordinates = Array.isArray(given) && given.length === 2 && given.every((n) => typeof n === 'number' && Number.isFinite(n)) ? (given as [number, number]) : null;
  const params: unknown[] = [
    details.title,
    `${first?.departure?.name ?? ''} ${last?.arrival?.name ?? ''} ${places}`,
    details.description,
    snapshot.skipperId,
    coordinates?.[0] ?? null,
    coordinates?.[1] ?? null,
    details.startDate,
    // No duration (no return date) is in no duration bucket, as in browse; -1 is in none but the unbounded range.
    dayCount(details.startDate, details.endDate) ?? -1,
    CONTRIBUTION_RANKS[snapshot.contribution?.type ?? ''] ?? 0,
    voyage.status,
    voyage.at,
    voyage.voyageId,
    voyage.logCommit.toString(),
  ];
  // A voyage without a position matches only searches without a map view (browse's bbox needs one).
  const area = coordinates ? 's.area @> v.spot' : 's.bbox IS NULL';
  const wrap = coordinates ? 's.area_wrap @> v.spot AND NOT s.area @> v.spot' : 'false';
  const rest = `s.departure @> $7::date AND s.duration @> $8::int AND s.contribution @> $9::int
    AND ((s.status IS NULL AND $10::text IN ('planning', 'active')) OR s.status = $10::text)
    AND (s.skipper_id IS NULL OR s.skipper_id = $4::uuid) AND s.created_at <= $11::timestamptz`;
  return db.query<InstantHit[]>(
    `WITH v AS (
       SELECT setweight(to_tsvector('simple', crew_unaccent(coalesce($1::text, ''))), 'A')
           || setweight(to_tsvector('simple', crew_unaccent($2::text)), 'B')
           || setweight(to_tsvector('simple', crew_unaccent(coalesce($3::text, ''))), 'C')
           || coalesce((SELECT crew_person_name_vector(u.first_name, u.last_name) FROM users u
                         WHERE u.id = $4::uuid AND u.user_type IN ('skipper', 'both')), ''::tsvector) AS vector,
              box(point($5::float8, $6::float8), point($5::float8, $6::float8)) AS spot
     ),
     p AS (
       SELECT coalesce(array_agg(DISTINCT left(l.lexeme, n.n)), '{}') AS prefixes
         FROM v, unnest(v.vector) l, generate_series(1, length(l.lexeme)) n(n)
     ),
     hits AS (
       SELECT s.id, s.user_id, s.alert FROM saved_searches s, v WHERE s.words = '{}' AND ${area} AND ${rest}
       UNION ALL
       SELECT s.id, s.user_id, s.alert FROM saved_searches s, v WHERE s.words = '{}' AND ${wrap} AND ${rest}
       UNION ALL
       SELECT s.id, s.user_id, s.alert FROM saved_searches s, v, p
        WHERE s.words <> '{}' AND s.first_word = ANY (p.prefixes) AND s.words <@ p.prefixes AND (${area} OR ${coordinates ? 's.area_wrap @> v.spot' : 'false'}) AND ${rest}
     ),
     suspended AS (SELECT 1 FROM voyage_owner_suspensions WHERE user_id = $4::uuid),
     -- A voyage matched for the first time has no match recorded yet: noting it answers whether to look.
     first_time AS (INSERT INTO saved_search_voyages_matched (voyage_id) VALUES ($12::uuid) ON CONFLICT DO NOTHING RETURNING 1),
     -- Searches already matched with this voyage are left out before the insert rather than by ON CONFLICT:
     -- its speculative insertion costs about 40% more buffer reads per row, and one reactor writes these rows
     -- (the key still refuses a duplicate, failing the batch, which is then read again).
     recorded AS (
       INSERT INTO saved_search_matches (search_id, voyage_id, matched_at, log_commit)
       SELECT id, $12::uuid, $11::timestamptz, $13::bigint FROM hits
        WHERE NOT EXISTS (SELECT 1 FROM suspended)
          AND (EXISTS (SELECT 1 FROM first_time)
               OR NOT EXISTS (SELECT 1 FROM saved_search_matches m WHERE m.search_id = hits.id AND m.voyage_id = $12::uuid))
       RETURNING search_id
     )
     -- Only the instant alerts go back (a third of the matches): digests read the rows where they are.
     SELECT h.id AS search_id, h.user_id FROM hits h JOIN recorded r ON r.search_id = h.id WHERE h.alert = 'instant'`,
    params,
  );
}

/** A matched voyage as its alert mail names it. */
export interface MatchedVoyage {
  readonly voyage_id: string;
  readonly title: string;
  readonly departure_port: string | null;
  readonly start_date: string | null;
}

/**
 * Whether a voyage still matches a saved search now, by browse's own query
 * over `voyage_summaries` (an edit since the match may have taken it out),
 * with what the mail shows of it, in one read. `behind` when the read model
 * has not yet caught up with the match.
 */
export async function stillMatches(
  dataSource: DataSource,
  search: { readonly filters: SavedSearchFilters; readonly bbox: number[] | null },
  voyageId: string,
  logCommit: string,
): Promise<{ readonly verdict: 'yes' | 'no' | 'behind'; readonly voyage: MatchedVoyage | null }> {
  const { where, params } = await voyageWhere(dataSource, browseQueryOf(search.filters, search.bbox));
  const [row] = await dataSource.query<(MatchedVoyage & { last_commit: string; matches: boolean })[]>(
    `SELECT v.voyage_id, v.title, v.departure_port, v.start_date::text AS start_date, v.last_commit, (${where}) AS matches
       FROM voyage_summaries v WHERE v.voyage_id = $${params.length + 1}`,
    [...params, voyageId],
  );
  if (!row || BigInt(row.last_commit) < BigInt(logCommit)) return { verdict: 'behind', voyage: null };
  return { verdict: row.matches ? 'yes' : 'no', voyage: row };
}
