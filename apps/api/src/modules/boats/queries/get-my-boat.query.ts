import type { BoatResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { Boat } from '../boat.entity';
import { toBoatResponse } from '../boat.mapper';
import { boatNotFound } from '../boat-not-found';

/** One of a skipper's own boats. */
export class GetMyBoat {
  constructor(
    readonly ownerId: string,
    readonly boatId: string,
  ) {}
}

/** Another member's boat, or none: not found. */
@QueryHandler(GetMyBoat)
export class GetMyBoatHandler implements IQueryHandler<GetMyBoat, BoatResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ ownerId, boatId }: GetMyBoat): Promise<BoatResponse> {
    const boat = await this.dataSource.getRepository(Boat).findOneBy({ id: boatId, ownerId });
    if (!boat) throw boatNotFound();
    return toBoatResponse(boat);
  }
}
