import type { PhotoResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { PhotoStore } from '../../../platform/uploads/photo-store';
import { DATA_SOURCE, PHOTO_STORE } from '../../../platform/tokens';
import { Boat } from '../boat.entity';
import { boatNotFound } from '../boat-not-found';

/** The photo of one of a skipper's own boats: the image as uploaded. */
export class SetBoatPhoto {
  constructor(
    readonly ownerId: string,
    readonly boatId: string,
    readonly photo: Buffer,
  ) {}
}

/** Stores the image (with its thumbnail) and shows it on the boat; another member's boat is not found. */
@CommandHandler(SetBoatPhoto)
export class SetBoatPhotoHandler implements ICommandHandler<SetBoatPhoto, PhotoResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PHOTO_STORE) private readonly photos: PhotoStore,
  ) {}

  async execute({ ownerId, boatId, photo }: SetBoatPhoto): Promise<PhotoResponse> {
    if (!(await this.dataSource.getRepository(Boat).existsBy({ id: boatId, ownerId }))) throw boatNotFound();
    const stored = await this.photos.save(photo);
    await this.dataSource.query('UPDATE boats SET boat_photo_url = $2, boat_photo_thumbnail_url = $3, updated_at = now() WHERE id = $1', [
      boatId,
      stored.photo_url,
      stored.thumbnail_url,
    ]);
    return stored;
  }
}
