import type { MyVoyagesResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { VOYAGE_SELECT, toVoyageResponse, type VoyageRow } from '../voyage-read-model';

export class GetMyVoyages {
  constructor(readonly skipperId: string) {}
}

/** The skipper's dashboard list: drafts and cancelled voyages too, soonest departure first, undated last. */
@QueryHandler(GetMyVoyages)
export class GetMyVoyagesHandler implements IQueryHandler<GetMyVoyages, MyVoyagesResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ skipperId }: GetMyVoyages): Promise<MyVoyagesResponse> {
    const rows = await this.dataSource.query<VoyageRow[]>(`${VOYAGE_SELECT} WHERE v.skipper_id = $1 ORDER BY v.start_date ASC NULLS LAST, v.created_at DESC`, [skipperId]);
    return { voyages: rows.map((row) => toVoyageResponse(row, skipperId)) };
  }
}
