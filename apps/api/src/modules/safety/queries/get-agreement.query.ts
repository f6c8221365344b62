import type { AgreementResponse } from '@crew/contracts';
import type { AgreementTerms } from '@crew/domain';
import type { CrewAgreementRow, VoyageSummaryRow } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetAgreement {
  constructor(
    readonly agreementId: string,
    readonly viewerId: string,
  ) {}
}

/** An agreement (the whole row) with its voyage's title and skipper, and both people's names as they are now. */
interface AgreementRow extends CrewAgreementRow, Pick<VoyageSummaryRow, 'title' | 'skipper_id'> {
  crew_first: string | null;
  crew_last: string | null;
  skipper_first: string | null;
  skipper_last: string | null;
}

export const agreementNotFound = (): ApplicationError => new ApplicationError('not_found', 'AGREEMENT_NOT_FOUND', 'Agreement not found');

const termsOf = (terms: AgreementTerms): AgreementResponse['terms'] => ({
  contribution_amount: terms.contributionAmount,
  contribution_currency: terms.contributionCurrency,
  contribution_covers: terms.contributionCovers,
  duties: terms.duties,
  watch_system: terms.watchSystem,
  house_rules: terms.houseRules,
  leaving_early: terms.leavingEarly,
  insurance: terms.insurance,
});

/** A crew agreement: the current version and the accepted one, for its crew member and the voyage's skipper only. */
@QueryHandler(GetAgreement)
export class GetAgreementHandler implements IQueryHandler<GetAgreement, AgreementResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ agreementId, viewerId }: GetAgreement): Promise<AgreementResponse> {
    if (!isUuid(agreementId)) throw agreementNotFound();
    const [row] = await this.dataSource.query<AgreementRow[]>(
      `SELECT g.*, v.title, v.skipper_id, c.first_name AS crew_first, c.last_name AS crew_last, s.first_name AS skipper_first, s.last_name AS skipper_last
         FROM crew_agreements g
         JOIN voyage_summaries v ON v.voyage_id = g.voyage_id
         LEFT JOIN users c ON c.id = g.crew_id
         LEFT JOIN users s ON s.id = v.skipper_id
        WHERE g.agreement_id = $1`,
      [agreementId],
    );
    if (!row) throw agreementNotFound();
    if (viewerId !== row.crew_id && viewerId !== row.skipper_id)
      throw new ApplicationError('forbidden', 'NOT_AGREEMENT_PARTY', 'Only the skipper and the crew member it is for can read this agreement');
    return {
      id: row.agreement_id,
      voyage_id: row.voyage_id,
      voyage_title: row.title,
      crew_id: row.crew_id,
      crew_name: `${row.crew_first ?? ''} ${row.crew_last ?? ''}`.trim(),
      skipper_name: `${row.skipper_first ?? ''} ${row.skipper_last ?? ''}`.trim(),
      version: row.version,
      terms: termsOf(row.terms),
      issued_at: new Date(row.issued_at).toISOString(),
      accepted_version: row.accepted_version,
      accepted_terms: row.accepted_terms ? termsOf(row.accepted_terms) : null,
      accepted_at: row.accepted_at ? new Date(row.accepted_at).toISOString() : null,
      accepted: row.accepted_version === row.version,
      share_emergency_contact: row.share_emergency_contact,
    };
  }
}
