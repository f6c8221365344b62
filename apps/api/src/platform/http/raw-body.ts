import { PassThrough } from 'node:stream';
import { errorCodes, type FastifyInstance, type FastifyRequest, type preParsingHookHandler } from 'fastify';

/** Bodies exactly as received, for the routes that check a signature over them. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The bytes a raw-body route received (empty when none came); undefined on other routes. */
export const rawBodyOf = (request: FastifyRequest): Buffer | undefined => rawBodies.get(request);

/**
 * Keeps the exact bytes of the request body on the named routes (a payment
 * provider's webhook signs them; re-serialised JSON would not match). A
 * route-level preParsing hook reads the body once, remembers it, and hands
 * the same bytes on, so JSON parsing, limits and errors everywhere else stay
 * as they are and no other route pays for a copy. Call before the routes
 * are registered (Nest adds them at init).
 */
export function keepRawBody(fastify: FastifyInstance, paths: readonly string[], limit: number): void {
  const capture: preParsingHookHandler = (request, _reply, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer | string) => {
      if (failed) return;
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limit) {
        failed = true;
        payload.destroy();
        done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      chunks.push(bytes);
    });
    payload.on('error', (error) => {
      if (failed) return;
      failed = true;
      done(error);
    });
    payload.on('end', () => {
      if (failed) return;
      const body = Buffer.concat(chunks);
      rawBodies.set(request, body);
      const replay: PassThrough & { receivedEncodedLength?: number } = new PassThrough();
      // Fastify compares this with Content-Length, as it would have for the original stream.
      replay.receivedEncodedLength = body.length;
      replay.end(body);
      done(null, replay);
    });
  };
  fastify.addHook('onRoute', (route) => {
    if (!paths.includes(route.url ?? route.path)) return;
    const existing = route.preParsing === undefined ? [] : Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing];
    route.preParsing = [...existing, capture];
  });
}
