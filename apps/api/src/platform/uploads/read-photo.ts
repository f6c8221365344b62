import { MAX_PHOTO_BYTES } from '@crew/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';

/** The bytes of the multipart field "photo" (or the first file), at most 5 MB. */
export async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data');
  const file = await request.file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } });
  if (!file) throw new ApiError(400, 'PHOTO_REQUIRED', 'Please choose a photo to upload');
  const buffer = await file.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'PHOTO_TOO_LARGE', 'The photo is larger than 5 MB');
    throw error;
  });
  if (file.file.truncated) throw new ApiError(413, 'PHOTO_TOO_LARGE', 'The photo is larger than 5 MB');
  return buffer;
}
