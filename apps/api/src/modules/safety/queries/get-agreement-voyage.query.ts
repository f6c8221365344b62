import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';
import { agreementNotFound } from './get-agreement.query';

/** Where an agreement lives (its voyage and crew member), for the command that accepts it. */
export class GetAgreementVoyage {
  constructor(readonly agreementId: string) {}
}

@QueryHandler(GetAgreementVoyage)
export class GetAgreementVoyageHandler implements IQueryHandler<GetAgreementVoyage, { voyageId: string; crewId: string }> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ agreementId }: GetAgreementVoyage): Promise<{ voyageId: string; crewId: string }> {
    if (!isUuid(agreementId)) throw agreementNotFound();
    const [row] = await this.dataSource.query<{ voyage_id: string; crew_id: string }[]>('SELECT voyage_id, crew_id FROM crew_agreements WHERE agreement_id = $1', [agreementId]);
    if (!row) throw agreementNotFound();
    return { voyageId: row.voyage_id, crewId: row.crew_id };
  }
}
