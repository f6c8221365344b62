import type { VoyageApplicationsResponse } from '@crew/contracts';
import type { Segment } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { APPLICATION_SELECT, toVoyageApplication, type ApplicationRow } from '../application-read-model';
import { isUuid } from '../../../platform/http/uuid';
import { ReviewClock } from '../../reviews/review-clock';
import { ratingSummaries } from '../../reviews/review-read-model';
import { crewProfiles, scoreFor } from '../../member-standing/match-score';
import { trustSummaries } from '../../member-standing/member-trust';

export class GetVoyageApplications {
  constructor(
    readonly voyageId: string,
    readonly viewerId: string,
  ) {}
}

interface VoyageFacts {
  voyage_id: string;
  title: string;
  skipper_id: string;
  departure_port: string | null;
  arrival_port: string | null;
  start_date: string | null;
  duration_days: number | null;
  status: VoyageApplicationsResponse['voyage']['status'] | 'draft';
  crew_needed: number;
  current_crew_count: number;
  segments: Segment[];
  skills: string[];
  min_experience: string;
  longest_leg_nm: number;
}

/** Spec "Voyage applications": the voyage summary and every application with the applicant's profile; its skipper only. */
@QueryHandler(GetVoyageApplications)
export class GetVoyageApplicationsHandler implements IQueryHandler<GetVoyageApplications, VoyageApplicationsResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ voyageId, viewerId }: GetVoyageApplications): Promise<VoyageApplicationsResponse> {
    const notFound = new ApplicationError('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
    if (!isUuid(voyageId)) throw notFound;
    const [voyage] = await this.dataSource.query<VoyageFacts[]>(
      `SELECT voyage_id, title, skipper_id, departure_port, arrival_port, to_char(start_date, 'YYYY-MM-DD') AS start_date, duration_days,
              status, crew_needed, current_crew_count, segments, skills, min_experience, longest_leg_nm
         FROM voyage_summaries WHERE voyage_id = $1`,
      [voyageId],
    );
    // A draft is nobody's business but its skipper's: the same 404 as no voyage.
    if (!voyage || (voyage.status === 'draft' && voyage.skipper_id !== viewerId)) throw notFound;
    if (voyage.skipper_id !== viewerId) throw new ApplicationError('forbidden', 'NOT_VOYAGE_OWNER', 'You are not authorized to view applications for this voyage');
    const rows = await this.dataSource.query<ApplicationRow[]>(`${APPLICATION_SELECT} WHERE a.voyage_id = $1 ORDER BY a.created_at ASC`, [voyageId]);
    // Every applicant's rating in one query (no query per card).
    const ratings = await ratingSummaries(
      this.dataSource,
      rows.map((row) => row.crew_id),
      this.clock.now(),
    );
    // Each applicant's match score against this voyage, as they see it on the voyage page.
    const profiles = await crewProfiles(
      this.dataSource,
      rows.map((row) => row.crew_id),
    );
    // Each applicant's trust, by the same rule as their own profile.
    const trust = await trustSummaries(
      this.dataSource,
      rows.map((row) => row.crew_id),
    );
    return {
      voyage: {
        id: voyage.voyage_id,
        title: voyage.title,
        skipper_id: voyage.skipper_id,
        departure_port: voyage.departure_port,
        arrival_port: voyage.arrival_port,
        estimated_start_date: voyage.start_date,
        estimated_duration_days: voyage.duration_days,
        status: voyage.status,
        crew_needed: voyage.crew_needed,
        current_crew_count: voyage.current_crew_count,
        segments: voyage.segments.map((segment) => ({
          order: segment.order,
          departure_port: segment.departure.name,
          arrival_port: segment.arrival.name,
          crew_needed: segment.crewNeeded,
        })),
      },
      applications: rows.map((row) => {
        const application = toVoyageApplication(row, ratings.get(row.crew_id) ?? { average: null, count: 0 });
        const profile = profiles.get(row.crew_id);
        const memberTrust = trust.get(row.crew_id);
        const crew_member = {
          ...application.crew_member,
          ...(profile ? { match_score: scoreFor(voyage, profile) } : {}),
          ...(memberTrust ? { trust: memberTrust } : {}),
        };
        return { ...application, crew_member };
      }),
    };
  }
}
