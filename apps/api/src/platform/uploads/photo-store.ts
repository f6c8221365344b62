import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { ApiError } from '../http/api-error';
import { ApplicationError } from '../application-error';

/** What sharp finds by reading the bytes; the file name and declared type are ignored. */
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp']);
const MAX_SIDE = 1600;
const THUMB_SIDE = 320;
/**
 * At most 40 megapixels decoded (a 7,700 × 5,200 camera photo fits). A file
 * of a few KB can declare 16,000 × 16,000 pixels; its size is read from the
 * header, before any decoding, and refused at once.
 */
export const MAX_DECODED_PIXELS = 40_000_000;
/** Photos re-encoded at once per process; the others wait their turn. */
export const IMAGE_CONCURRENCY = 2;

// Image work runs on libuv's thread pool, off the event loop; one thread per
// image and two images at a time keep uploads from starving other requests.
sharp.concurrency(1);
sharp.cache(false);
const imageQueue = pLimit(IMAGE_CONCURRENCY);

export const UPLOADS_PREFIX = '/uploads/';

/** The thumbnail the store made beside a photo it saved (`/uploads/<id>.webp` → `/uploads/<id>-thumb.webp`); null for any other address. */
export const thumbnailUrlOf = (photoUrl: string | null): string | null => {
  const match = photoUrl ? /^\/uploads\/([0-9a-f-]+)\.webp$/i.exec(photoUrl) : null;
  return match ? `${UPLOADS_PREFIX}${match[1]}-thumb.webp` : null;
};

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
    let metadata: Metadata | undefined;
    try {
      metadata = await sharp(input).metadata();
    } catch {
      metadata = undefined;
    }
    if (!metadata?.format || !ACCEPTED.has(metadata.format)) {
      throw new ApiError(415, 'UNSUPPORTED_IMAGE', 'Please upload a JPEG, PNG, GIF or WebP image');
    }
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    if (pixels > MAX_DECODED_PIXELS || pixels === 0) {
      throw new ApplicationError('rule', 'IMAGE_TOO_LARGE', 'The image is {width} × {height} pixels; photos may have at most 40 megapixels. Please resize it and try again.', {
        values: { width: metadata.width ?? '?', height: metadata.height ?? '?' },
      });
    }
    const [photo, thumbnail] = await imageQueue(() => {
      const image = sharp(input, { animated: false, limitInputPixels: MAX_DECODED_PIXELS }).rotate();
      return Promise.all([
        image.clone().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
        image.clone().resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' }).webp({ quality: 75 }).toBuffer(),
      ]);
    }).catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      throw new ApiError(422, 'IMAGE_UNREADABLE', 'The image could not be read. Please try another file.');
    });
    const id = randomUUID();
    await mkdir(this.directory, { recursive: true });
    await Promise.all([writeFile(path.join(this.directory, `${id}.webp`), photo), writeFile(path.join(this.directory, `${id}-thumb.webp`), thumbnail)]);
    return { photo_url: `${UPLOADS_PREFIX}${id}.webp`, thumbnail_url: `${UPLOADS_PREFIX}${id}-thumb.webp` };
  }
}
