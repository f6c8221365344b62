import type { BoatRequest, BoatResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { Boat } from '../boat.entity';
import { boatNotFound } from '../boat-not-found';
import { boatColumnsOf, toBoatResponse } from '../boat.mapper';

const NO_EQUIPMENT = { safety: [], navigation: [], comfort: [] };

/** Adds a boat to its owner's list (`boatId` null) or saves one of theirs. */
export class SaveBoat {
  constructor(
    readonly ownerId: string,
    readonly boatId: string | null,
    readonly request: BoatRequest,
  ) {}
}

/**
 * Writes only the columns the form sets, scoped to the owner: another user's
 * boat answers 404 as if it did not exist, and a photo uploaded meanwhile is kept.
 */
@CommandHandler(SaveBoat)
export class SaveBoatHandler implements ICommandHandler<SaveBoat, BoatResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ ownerId, boatId, request }: SaveBoat): Promise<BoatResponse> {
    const boats = this.dataSource.getRepository(Boat);
    const columns = boatColumnsOf(request);
    let id = boatId;
    if (id === null) {
      id = (await boats.insert({ equipment: NO_EQUIPMENT, ...columns, ownerId })).identifiers[0]!['id'] as string;
    } else {
      const { affected } = await boats.update({ id, ownerId }, { ...columns, updatedAt: new Date() });
      if (!affected) throw boatNotFound();
    }
    return toBoatResponse(await boats.findOneByOrFail({ id }));
  }
}
