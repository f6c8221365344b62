import { Negotiator } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * JSON answers travel compressed (brotli, else gzip, as the client accepts):
 * a browse page of 20 voyages is ~46 KB of JSON and a few KB on the wire.
 *
 * Most answers are compressed per response by @fastify/compress. Bytes that
 * are served many times (the guest's cached list pages) are compressed once,
 * with `encodeOnce`, and sent with their Content-Encoding already set, which
 * the plugin leaves as they are.
 */

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Brotli at 5: within a few percent of the best size for JSON, at a small fraction of the time of 11. */
const BROTLI_QUALITY = 5;
/** Below this, compression costs more than the bytes it saves. */
const THRESHOLD_BYTES = 1024;

const negotiator = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

export const registerCompression = async (fastify: FastifyInstance): Promise<void> => {
  await fastify.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Answers only: no client of this API sends compressed bodies, and request
    // decompression would add a hook to every request for nothing.
    globalDecompression: false,
    threshold: THRESHOLD_BYTES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
};

/** The encoding to answer `request` with, of the ones this server makes. */
export const acceptedEncoding = (request: FastifyRequest): ContentEncoding => {
  const header = request.headers['accept-encoding'];
  return (typeof header === 'string' && header.length > 0 && negotiator.negotiate(header)) || 'identity';
};

/** Bytes and the encoding they are in. */
export interface EncodedBody {
  readonly body: Buffer;
  readonly encoding: ContentEncoding;
}

/** `body` in `encoding`; small bodies stay plain. */
export const encodeOnce = (body: Buffer, encoding: ContentEncoding): EncodedBody => {
  if (encoding === 'identity' || body.length < THRESHOLD_BYTES) return { body, encoding: 'identity' };
  const encoded =
    encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body);
  return { body: encoded, encoding };
};

/** Sends JSON bytes made by `encodeOnce` with the headers that say what they are. */
export const sendEncoded = (reply: FastifyReply, { body, encoding }: EncodedBody): Buffer => {
  void reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  return body;
};
