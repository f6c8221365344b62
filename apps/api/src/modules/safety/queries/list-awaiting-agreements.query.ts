import type { AwaitingAgreementsResponse } from '@crew/contracts';
import type { CrewAgreementRow, VoyageSummaryRow } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class ListAwaitingAgreements {
  constructor(readonly viewerId: string) {}
}

/** An agreement with its voyage's title. */
interface AwaitingRow extends Pick<CrewAgreementRow, 'agreement_id' | 'voyage_id' | 'version' | 'accepted_version' | 'issued_at'> {
  title: VoyageSummaryRow['title'];
}

/**
 * The crew dashboard's "Agreements to accept": every crew agreement of the
 * viewer whose latest version they have not accepted, in one read instead of
 * one voyage-trust request per voyage. Only the viewer's own rows, and only
 * on voyages still ahead or under way (not cancelled, completed or archived)
 * where their application still stands accepted, as the voyage page counts crew.
 */
@QueryHandler(ListAwaitingAgreements)
export class ListAwaitingAgreementsHandler implements IQueryHandler<ListAwaitingAgreements, AwaitingAgreementsResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ viewerId }: ListAwaitingAgreements): Promise<AwaitingAgreementsResponse> {
    const rows = await this.dataSource.query<AwaitingRow[]>(
      `SELECT g.agreement_id, g.voyage_id, v.title, g.version, g.accepted_version, g.issued_at
         FROM crew_agreements g
         JOIN voyage_summaries v ON v.voyage_id = g.voyage_id
        WHERE g.crew_id = $1
          AND (g.accepted_version IS NULL OR g.accepted_version < g.version)
          AND v.status NOT IN ('cancelled', 'completed') AND NOT v.archived
          AND EXISTS (SELECT 1 FROM applications a WHERE a.voyage_id = g.voyage_id AND a.crew_id = $1 AND a.status = 'accepted')
        ORDER BY g.issued_at DESC, g.agreement_id`,
      [viewerId],
    );
    return {
      agreements: rows.map((row) => ({
        id: row.agreement_id,
        voyage_id: row.voyage_id,
        voyage_title: row.title,
        version: row.version,
        accepted_version: row.accepted_version,
        issued_at: new Date(row.issued_at).toISOString(),
      })),
    };
  }
}
