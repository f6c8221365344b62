import type { DataSource } from 'typeorm';
import { AccountErasureStep, type AccountErasure } from '../../../platform/contributions';
import type { Platform } from '../../../platform/platform';
import { removePhotoFiles } from '../../../platform/uploads/photo-files';
import type { PhotoStore } from '../../../platform/uploads/photo-store';

/**
 * The boats context's part in erasing an account (it keeps the members'
 * photos): their profile photo and their boats' photos leave the uploads
 * folder, read before the rows that name them go with the account row (the
 * boats themselves go by ON DELETE CASCADE). Reports how many boats they had.
 */
export const removePhotos = (dataSource: DataSource, photos: PhotoStore): AccountErasure => ({
  async erase({ userId }) {
    const files = await dataSource.query<{ url: string | null }[]>(
      `SELECT profile_photo_url AS url FROM users WHERE id = $1
       UNION ALL SELECT boat_photo_url FROM boats WHERE owner_id = $1
       UNION ALL SELECT boat_photo_thumbnail_url FROM boats WHERE owner_id = $1`,
      [userId],
    );
    const [{ boats }] = await dataSource.query<{ boats: number }[]>('SELECT count(*)::int AS boats FROM boats WHERE owner_id = $1', [userId]);
    await removePhotoFiles(
      photos.directory,
      files.map((file) => file.url),
    );
    return { boats };
  },
});

export const removePhotosStep = (platform: Platform): AccountErasureStep => new AccountErasureStep('boats', 'records', removePhotos(platform.dataSource, platform.photos));
