import type { VoyageListResponse, VoyageResponse } from '@crew/contracts';
import { OFFSHORE_LEG_NM } from '@crew/domain';
import { Inject, Optional } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { ProjectionProgress } from '../../../platform/projections/projection-progress';
import { encodeOnce, type ContentEncoding, type EncodedBody } from '../../../platform/http/compression';
import { ReadModelCache } from '../../../platform/projections/read-model-cache';
import { DATA_SOURCE, PROJECTION_PROGRESS } from '../../../platform/tokens';
import { crewProfile, scoreFor, type RequirementsRow, type ViewerProfile } from '../../member-standing/match-score';
import { responsivenessOf, type Responsiveness } from '../../member-standing/responsiveness';
import { VOYAGE_SELECT, myApplicationsFor, toVoyageResponse, voyageWhere, type ParsedListQuery, type VoyageRow } from '../voyage-read-model';

export class ListVoyages {
  constructor(
    readonly query: ParsedListQuery,
    readonly viewerId: string | null,
  ) {}
}

interface CachedPage {
  readonly rows: VoyageRow[];
  readonly total: number;
  /** Each skipper's responsiveness for the cards ("Usually answers within 2 days"). */
  readonly responsiveness: Map<string, Responsiveness>;
  /** The guest's JSON answer, made on first use, and once per encoding asked for. */
  guestBody?: Buffer;
  readonly encoded: Partial<Record<ContentEncoding, EncodedBody>>;
}

/**
 * Every open voyage the filters let through, with what its match score reads:
 * the match order ranks them all. Skills stay JSON text: voyages asking the
 * same are scored once (a fleet has far fewer requirement sets than voyages).
 */
interface Candidate {
  readonly voyage_id: string;
  readonly start_date: string | null;
  readonly skills: string;
  readonly min_experience: string;
  readonly longest_leg_nm: number;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const withSkipper = (voyage: VoyageResponse, responsiveness: Map<string, Responsiveness>): VoyageResponse => {
  const figures = responsiveness.get(voyage.skipper.id);
  return figures ? { ...voyage, skipper: { ...voyage.skipper, ...figures } } : voyage;
};

/** Browse list: server-side filters, stable order by departure date (or by match score for a crew member), one page. */
@QueryHandler(ListVoyages)
export class ListVoyagesHandler implements IQueryHandler<ListVoyages, VoyageListResponse> {
  /** Pages as every viewer sees them; the viewer's own applications are added per request. */
  private readonly pages: ReadModelCache<CachedPage> | null;
  /** The filtered voyages' requirements, for ranking by match score (scored per viewer, per request). */
  private readonly candidates: ReadModelCache<Candidate[]> | null;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Optional() @Inject(PROJECTION_PROGRESS) progress?: ProjectionProgress,
  ) {
    this.pages = progress ? new ReadModelCache(progress, 'voyage-summaries') : null;
    this.candidates = progress ? new ReadModelCache(progress, 'voyage-summaries') : null;
  }

  async execute({ query, viewerId }: ListVoyages): Promise<VoyageListResponse> {
    const viewer = await crewProfile(this.dataSource, viewerId);
    const { rows, total, responsiveness } = viewer && query.sort === 'match' ? await this.matchPage(query, viewer) : await this.cachedPage(query);
    const mine = await myApplicationsFor(
      this.dataSource,
      viewerId,
      rows.map((row) => row.voyage_id),
    );
    return {
      voyages: rows.map((row) => {
        const voyage = withSkipper(toVoyageResponse(row, viewerId, mine.get(row.voyage_id) ?? null), responsiveness);
        return viewer ? { ...voyage, match_score: scoreFor(row, viewer) } : voyage;
      }),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  /**
   * The page as a guest sees it, serialised and compressed once per cached
   * page and encoding: the most requested answer of the site is then bytes
   * already made, not 20 cards mapped, stringified and compressed again for
   * every visitor.
   */
  async guestBody(query: ParsedListQuery, encoding: ContentEncoding): Promise<EncodedBody> {
    const page = await this.cachedPage(query);
    page.guestBody ??= Buffer.from(
      JSON.stringify({
        voyages: page.rows.map((row) => withSkipper(toVoyageResponse(row, null, null), page.responsiveness)),
        total: page.total,
        limit: query.limit,
        offset: query.offset,
      }),
    );
    return (page.encoded[encoding] ??= encodeOnce(page.guestBody, encoding));
  }

  private cachedPage(query: ParsedListQuery): Promise<CachedPage> {
    const { sort: _sort, ...byDeparture } = query;
    return this.pages ? this.pages.get(JSON.stringify(byDeparture), () => this.page(byDeparture)) : this.page(byDeparture);
  }

  private async page(query: ParsedListQuery): Promise<CachedPage> {
    const { where, params } = await voyageWhere(this.dataSource, query);
    // The page (a short index scan in date order) and the total (an index-only count) side by side;
    // a window count over every matching row would cost a scan and sort of them all per request.
    // The skippers' responsiveness is read as soon as the page names them, while the count still runs.
    const [{ rows, responsiveness }, total] = await Promise.all([
      this.dataSource
        .query<VoyageRow[]>(
          `WITH page AS (
             SELECT v.voyage_id, v.start_date
               FROM voyage_summaries v
              WHERE ${where}
              ORDER BY v.start_date ASC NULLS LAST, v.voyage_id
              LIMIT $${params.length + 1} OFFSET $${params.length + 2}
           )
           SELECT full_row.* FROM page
             JOIN LATERAL (${VOYAGE_SELECT} WHERE v.voyage_id = page.voyage_id) full_row ON true
            ORDER BY page.start_date ASC NULLS LAST, page.voyage_id`,
          [...params, query.limit, query.offset],
        )
        .then(async (rows) => ({ rows, responsiveness: await this.skippersResponsiveness(rows) })),
      this.count(where, params),
    ]);
    return { rows, total, responsiveness, encoded: {} };
  }

  /**
   * Best match first: every voyage the filters let through is scored for this
   * crew member (the requirements are cached between requests until the read
   * model moves), ties by departure date; then the page's rows are read.
   */
  private async matchPage(query: ParsedListQuery, viewer: ViewerProfile): Promise<CachedPage> {
    const { sort: _sort, limit: _limit, offset: _offset, ...filters } = query;
    const key = JSON.stringify(filters);
    const load = (): Promise<Candidate[]> => this.loadCandidates(query);
    const candidates = this.candidates ? await this.candidates.get(key, load) : await load();
    const scores = new Map<string, number>();
    const scoreOf = (candidate: Candidate): number => {
      const offshore = candidate.longest_leg_nm >= OFFSHORE_LEG_NM;
      const key = `${candidate.min_experience}|${offshore ? 1 : 0}|${candidate.skills}`;
      let score = scores.get(key);
      if (score === undefined) {
        const row: RequirementsRow = { skills: JSON.parse(candidate.skills) as string[], min_experience: candidate.min_experience, longest_leg_nm: candidate.longest_leg_nm };
        score = scoreFor(row, viewer).score;
        scores.set(key, score);
      }
      return score;
    };
    const ranked = candidates
      .map((candidate) => ({ candidate, score: scoreOf(candidate) }))
      .sort(
        (a, b) => b.score - a.score || compareText(a.candidate.start_date ?? '9999', b.candidate.start_date ?? '9999') || compareText(a.candidate.voyage_id, b.candidate.voyage_id),
      );
    const ids = ranked.slice(query.offset, query.offset + query.limit).map((entry) => entry.candidate.voyage_id);
    const found = ids.length > 0 ? await this.dataSource.query<VoyageRow[]>(`${VOYAGE_SELECT} WHERE v.voyage_id = ANY($1::uuid[])`, [ids]) : [];
    const byId = new Map(found.map((row) => [row.voyage_id, row]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    return { rows, total: candidates.length, responsiveness: await this.skippersResponsiveness(rows), encoded: {} };
  }

  /** The responsiveness of the page's skippers, for its cards. */
  private skippersResponsiveness(rows: readonly VoyageRow[]): Promise<Map<string, Responsiveness>> {
    return responsivenessOf(
      this.dataSource,
      rows.map((row) => row.skipper_id),
      new Date(),
    );
  }

  private async loadCandidates(query: ParsedListQuery): Promise<Candidate[]> {
    const { where, params } = await voyageWhere(this.dataSource, query);
    return this.dataSource.query<Candidate[]>(
      `SELECT v.voyage_id, v.start_date::text AS start_date, v.skills::text AS skills, v.min_experience, v.longest_leg_nm FROM voyage_summaries v WHERE ${where}`,
      params,
    );
  }

  private async count(where: string, params: unknown[]): Promise<number> {
    const [row] = await this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM voyage_summaries v WHERE ${where}`, params);
    return row?.total ?? 0;
  }
}
