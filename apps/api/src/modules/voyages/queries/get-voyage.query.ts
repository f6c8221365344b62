import type { VoyageResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApiError } from '../../../platform/http/api-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { VOYAGE_SELECT, toVoyageResponse, type VoyageRow } from '../voyage-read-model';

export class GetVoyage {
  constructor(
    readonly voyageId: string,
    readonly viewerId: string | null,
  ) {}
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const voyageNotFound = (): ApiError => new ApiError(404, 'VOYAGE_NOT_FOUND', 'Voyage not found');

/** One voyage; a draft exists only for its skipper, everyone else gets the same 404 as for no voyage. */
@QueryHandler(GetVoyage)
export class GetVoyageHandler implements IQueryHandler<GetVoyage, VoyageResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ voyageId, viewerId }: GetVoyage): Promise<VoyageResponse> {
    if (!UUID.test(voyageId)) throw voyageNotFound();
    const [row] = await this.dataSource.query<VoyageRow[]>(`${VOYAGE_SELECT} WHERE v.voyage_id = $1`, [voyageId]);
    if (!row || (row.status === 'draft' && row.skipper_id !== viewerId)) throw voyageNotFound();
    return toVoyageResponse(row, viewerId);
  }
}
