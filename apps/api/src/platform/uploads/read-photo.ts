import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { MAX_PHOTO_BYTES } from '@crew/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';

const MULTIPART = 'multipart/form-data';

/**
 * Lets multipart requests reach the routes with their body unread, for
 * readPhoto to stream. (The multipart plugin would do the same, but it also
 * adds two asynchronous hooks to every request of every route, for temporary
 * files this API never writes.)
 */
export const acceptMultipart = (fastify: FastifyInstance): void => {
  fastify.addContentTypeParser(MULTIPART, (_request, _payload, done) => done(null));
};

const tooLarge = (): ApiError => new ApiError(413, 'PHOTO_TOO_LARGE', 'The photo is larger than 5 MB');

/** The bytes of the multipart field "photo" (or the first file), at most 5 MB. */
export function readPhoto(request: FastifyRequest): Promise<Buffer> {
  const contentType = request.headers['content-type'];
  if (typeof contentType !== 'string' || !contentType.toLowerCase().startsWith(MULTIPART)) {
    return Promise.reject(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data'));
  }
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const fail = (error: ApiError): void => {
      if (settled) return;
      settled = true;
      request.raw.unpipe();
      request.raw.resume(); // drain what is left, so the answer can be sent on this connection
      reject(error);
    };
    let parser: BusboyInstance;
    try {
      parser = new Busboy({ headers: { ...request.headers, 'content-type': contentType }, limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5, parts: 10 } });
    } catch {
      return reject(new ApiError(400, 'INVALID_MULTIPART', 'The upload is not valid multipart/form-data'));
    }
    let photo: Buffer | null = null;
    parser.on('file', (_field, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        if (!stream.truncated) photo ??= Buffer.concat(chunks);
      });
    });
    parser.on('error', () => fail(new ApiError(400, 'INVALID_MULTIPART', 'The upload is not valid multipart/form-data')));
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      if (photo === null) reject(new ApiError(400, 'PHOTO_REQUIRED', 'Please choose a photo to upload'));
      else resolve(photo);
    });
    request.raw.on('error', () => fail(new ApiError(400, 'INVALID_MULTIPART', 'The upload was interrupted')));
    request.raw.pipe(parser);
  });
}
