import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ApiError } from '../http/api-error';

/** What sharp finds by reading the bytes; the file name and declared type are ignored. */
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp']);
const MAX_SIDE = 1600;
const THUMB_SIDE = 320;

export const UPLOADS_PREFIX = '/uploads/';

/**
 * Photos are re-encoded as WebP (metadata such as GPS positions stripped,
 * at most 1600 px a side) with a 320 px thumbnail, under DATA_DIR/uploads.
 */
export class PhotoStore {
  constructor(readonly directory: string) {
    // Exists from the start so the static route that serves it can be registered.
    mkdirSync(directory, { recursive: true });
  }

  async save(input: Buffer): Promise<{ photo_url: string; thumbnail_url: string }> {
    let format: string | undefined;
    try {
      format = (await sharp(input).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!format || !ACCEPTED.has(format)) {
      throw new ApiError(415, 'UNSUPPORTED_IMAGE', 'Please upload a JPEG, PNG, GIF or WebP image');
    }
    const id = randomUUID();
    const image = sharp(input, { animated: false }).rotate();
    const [photo, thumbnail] = await Promise.all([
      image.clone().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      image.clone().resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' }).webp({ quality: 75 }).toBuffer(),
    ]);
    await mkdir(this.directory, { recursive: true });
    await Promise.all([writeFile(path.join(this.directory, `${id}.webp`), photo), writeFile(path.join(this.directory, `${id}-thumb.webp`), thumbnail)]);
    return { photo_url: `${UPLOADS_PREFIX}${id}.webp`, thumbnail_url: `${UPLOADS_PREFIX}${id}-thumb.webp` };
  }
}
