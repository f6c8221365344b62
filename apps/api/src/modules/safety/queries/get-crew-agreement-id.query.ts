import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { agreementNotFound } from './get-agreement.query';

/** The agreement a crew member has on a voyage (the answer to issuing or changing it). */
export class GetCrewAgreementId {
  constructor(
    readonly voyageId: string,
    readonly crewId: string,
  ) {}
}

@QueryHandler(GetCrewAgreementId)
export class GetCrewAgreementIdHandler implements IQueryHandler<GetCrewAgreementId, string> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ voyageId, crewId }: GetCrewAgreementId): Promise<string> {
    const [row] = await this.dataSource.query<{ agreement_id: string }[]>('SELECT agreement_id FROM crew_agreements WHERE voyage_id = $1 AND crew_id = $2', [voyageId, crewId]);
    if (!row) throw agreementNotFound();
    return row.agreement_id;
  }
}
