import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { MAP_TILE_URLS } from '@crew/contracts';
import type { FastifyInstance } from 'fastify';

/** The origins the web client loads map tiles from. */
export const TILE_ORIGINS = [...new Set(Object.values(MAP_TILE_URLS).map((url) => new URL(url.replace(/\{\w\}/g, '0')).origin))];

/**
 * The Content-Security-Policy of every response: scripts only from this
 * origin (no inline script anywhere, the API docs page included), images from
 * here (uploads), data: URIs and the tile servers, workers (the service
 * worker too) and the app manifest only from this origin, no framing by anyone.
 * Inline styles stay allowed: dialog and map libraries set them at run time.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', ...TILE_ORIGINS],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  // The map's offline world is decoded in a worker script served from here, and the service worker (/sw.js) is one too.
  'worker-src': ["'self'"],
  // The web app manifest (/manifest.webmanifest: docs/features/offline.md), said outright rather than left to default-src.
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** One year, subdomains included; sent only on HTTPS, where a browser heeds it. */
export const HSTS = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  strictTransportSecurity: false,
  // Map tiles come from other origins that send no CORP header.
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets, worked out once. Every value is constant, so
 * nothing needs computing per request (the Fastify plugin builds a new
 * helmet, CSP parsing included, on every request).
 */
export const securityHeaders = (): Readonly<Record<string, string>> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return response;
    },
    removeHeader: () => undefined,
  };
  let failure: unknown = null;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure !== null) throw failure;
  return Object.freeze(headers);
};

/**
 * Security headers on every response (API, pages, assets, uploads, errors):
 * helmet's set with our CSP, `nosniff`, `Referrer-Policy:
 * strict-origin-when-cross-origin` (tile servers ask for the origin), frames
 * refused. HSTS only when the request came over HTTPS, as seen directly or
 * through a proxy that TRUST_PROXY names.
 */
export function installSecurityHeaders(fastify: FastifyInstance): void {
  const headers = securityHeaders();
  // One synchronous hook for every header a response starts with (the request id too): each hook costs its dispatch on every request.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers).header('x-request-id', request.id);
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
}
