import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { MAX_PHOTO_BYTES } from '@crew/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';

const MULTIPART = 'multipart/form-data';

/**
 * A body that stops arriving for this long is given up: a client that sends
 * the headers and then trickles (or nothing) must not hold a request, its
 * buffers and an image slot for the server's 5-minute request timeout.
 */
export const UPLOAD_IDLE_TIMEOUT_MS = 15_000;

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
const invalid = (): ApiError => new ApiError(400, 'INVALID_MULTIPART', 'The upload is not valid multipart/form-data');
const interrupted = (): ApiError => new ApiError(400, 'INVALID_MULTIPART', 'The upload was interrupted before it ended. Please try again.');

/**
 * The bytes of the multipart field "photo" (or the first file), at most 5 MB.
 * Every stream involved (the socket, the parser and the file part) has an
 * `error` listener: an emitter's `error` with no listener throws from the
 * event loop and ends the whole process, so one truncated body would stop
 * every request, projector and worker with it.
 */
export function readPhoto(request: FastifyRequest, idleTimeoutMs = UPLOAD_IDLE_TIMEOUT_MS): Promise<Buffer> {
  const contentType = request.headers['content-type'];
  if (typeof contentType !== 'string' || !contentType.toLowerCase().startsWith(MULTIPART)) {
    return Promise.reject(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data'));
  }
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    let idle: NodeJS.Timeout | undefined;
    const raw = request.raw;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(idle);
      raw.off('data', onActivity);
      return true;
    };
    const fail = (error: ApiError): void => {
      if (!settle()) return;
      raw.unpipe();
      raw.resume(); // drain what is left, so the answer can be sent on this connection
      reject(error);
    };
    const onActivity = (): void => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        fail(new ApiError(408, 'UPLOAD_TIMEOUT', 'The upload stalled. Please check your connection and try again.'));
        // A stalled client may never send the rest: close its connection once the answer is out.
        raw.socket?.setTimeout(1_000, () => raw.socket?.destroy());
      }, idleTimeoutMs);
    };
    let parser: BusboyInstance;
    try {
      parser = new Busboy({ headers: { ...request.headers, 'content-type': contentType }, limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5, parts: 10 } });
    } catch {
      return reject(invalid());
    }
    let photo: Buffer | null = null;
    parser.on('file', (_field, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      // A body that ends inside this part (no closing boundary) errors here.
      stream.on('error', () => fail(interrupted()));
      stream.on('end', () => {
        if (!stream.truncated) photo ??= Buffer.concat(chunks);
      });
    });
    parser.on('error', () => fail(invalid()));
    parser.on('finish', () => {
      if (!settle()) return;
      if (photo === null) reject(new ApiError(400, 'PHOTO_REQUIRED', 'Please choose a photo to upload'));
      else resolve(photo);
    });
    raw.on('error', () => fail(interrupted()));
    raw.on('aborted', () => fail(interrupted()));
    raw.on('data', onActivity);
    onActivity();
    raw.pipe(parser);
  });
}
