import type { VoyageTrustResponse } from '@crew/contracts';
import type { CrewAgreementRow, OrNull, SailingLogRow } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';
import { loadFloatPlan, timelineOf } from '../safety-read-model';

export class GetVoyageTrust {
  constructor(
    readonly voyageId: string,
    readonly viewerId: string,
  ) {}
}

/** A crew member with their agreement and log entry (each LEFT JOINed: null when there is none). */
interface CrewRow extends OrNull<Pick<CrewAgreementRow, 'agreement_id' | 'version' | 'accepted_version'>> {
  crew_id: string;
  first_name: string | null;
  last_name: string | null;
  log_status: SailingLogRow['status'] | null;
}

/**
 * The voyage page's trust and safety panel: each accepted crew member's
 * agreement badge and log confirmation, the float plan and the timeline. The
 * skipper sees every crew member; a crew member sees their own row.
 */
@QueryHandler(GetVoyageTrust)
export class GetVoyageTrustHandler implements IQueryHandler<GetVoyageTrust, VoyageTrustResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ voyageId, viewerId }: GetVoyageTrust): Promise<VoyageTrustResponse> {
    const notFound = new ApplicationError('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
    if (!isUuid(voyageId)) throw notFound;
    const [voyage] = await this.dataSource.query<{ skipper_id: string; status: string }[]>('SELECT skipper_id, status FROM voyage_summaries WHERE voyage_id = $1', [voyageId]);
    if (!voyage || voyage.status === 'draft') throw notFound;
    const crew = await this.dataSource.query<CrewRow[]>(
      `SELECT c.crew_id, u.first_name, u.last_name, g.agreement_id, g.version, g.accepted_version, l.status AS log_status
         FROM (SELECT DISTINCT crew_id FROM applications WHERE voyage_id = $1 AND status = 'accepted'
               UNION SELECT crew_id FROM sailing_log WHERE voyage_id = $1) c
         LEFT JOIN users u ON u.id = c.crew_id
         LEFT JOIN crew_agreements g ON g.voyage_id = $1 AND g.crew_id = c.crew_id
         LEFT JOIN sailing_log l ON l.voyage_id = $1 AND l.crew_id = c.crew_id
        ORDER BY u.first_name, c.crew_id`,
      [voyageId],
    );
    const isSkipper = voyage.skipper_id === viewerId;
    if (!isSkipper && !crew.some((row) => row.crew_id === viewerId)) {
      throw new ApplicationError('forbidden', 'NOT_ABOARD', 'Only the skipper and the accepted crew of this voyage can see its crew agreements and safety plan');
    }
    return {
      role: isSkipper ? 'skipper' : 'crew',
      crew: crew
        .filter((row) => isSkipper || row.crew_id === viewerId)
        .map((row) => ({
          id: row.crew_id,
          name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
          agreement:
            row.agreement_id && row.version !== null
              ? { id: row.agreement_id, version: row.version, accepted: row.accepted_version === row.version, accepted_version: row.accepted_version }
              : null,
          sailing_log: row.log_status,
        })),
      // The skipper sees the emergency contacts crew agreed to share; a crew member only their own.
      float_plan: await loadFloatPlan(this.dataSource, voyageId, false, isSkipper ? undefined : viewerId),
      timeline: await timelineOf(this.dataSource, voyageId),
    };
  }
}
