import type { PhotoResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { PhotoStore } from '../../../platform/uploads/photo-store';
import { DATA_SOURCE, PHOTO_STORE } from '../../../platform/tokens';

/** The signed-in member's profile photo: the image as uploaded. */
export class SetProfilePhoto {
  constructor(
    readonly userId: string,
    readonly photo: Buffer,
  ) {}
}

/** Stores the image (with its thumbnail, found beside it) and shows it on the profile. */
@CommandHandler(SetProfilePhoto)
export class SetProfilePhotoHandler implements ICommandHandler<SetProfilePhoto, PhotoResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PHOTO_STORE) private readonly photos: PhotoStore,
  ) {}

  async execute({ userId, photo }: SetProfilePhoto): Promise<PhotoResponse> {
    const stored = await this.photos.save(photo);
    await this.dataSource.query('UPDATE users SET profile_photo_url = $2, updated_at = now() WHERE id = $1', [userId, stored.photo_url]);
    return stored;
  }
}
