import type { BoatResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { Boat } from '../boat.entity';
import { toBoatResponse } from '../boat.mapper';

/** A skipper's own boats. */
export class ListMyBoats {
  constructor(readonly ownerId: string) {}
}

/** In the order they were added. */
@QueryHandler(ListMyBoats)
export class ListMyBoatsHandler implements IQueryHandler<ListMyBoats, { boats: BoatResponse[] }> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ ownerId }: ListMyBoats): Promise<{ boats: BoatResponse[] }> {
    const boats = await this.dataSource.getRepository(Boat).find({ where: { ownerId }, order: { createdAt: 'ASC' } });
    return { boats: boats.map(toBoatResponse) };
  }
}
