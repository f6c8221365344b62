import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { UPLOADS_PREFIX } from './photo-store';

/** The files of a stored photo (`/uploads/<id>.webp` and its `-thumb`), inside the uploads folder only. */
export function photoFiles(directory: string, url: string | null): string[] {
  if (!url?.startsWith(UPLOADS_PREFIX)) return [];
  const name = path.basename(url);
  if (!/^[0-9a-f-]{36}(-thumb)?\.webp$/.test(name)) return [];
  const base = name.replace(/(-thumb)?\.webp$/, '');
  return [path.join(directory, `${base}.webp`), path.join(directory, `${base}-thumb.webp`)];
}

/** Removes the stored photos at these addresses (and their thumbnails); a file already gone is no failure. */
export async function removePhotoFiles(directory: string, urls: readonly (string | null)[]): Promise<void> {
  const files = [...new Set(urls.flatMap((url) => photoFiles(directory, url)))];
  await Promise.all(files.map((file) => unlink(file).catch(() => undefined)));
}
