import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** A request id the client may send (`X-Request-Id`) is kept when it looks like one. */
const GIVEN_REQUEST_ID = /^[\w.-]{1,100}$/;

/**
 * Request ids: the client's own, else this process's random tag and a
 * counter. Unique across processes and restarts like a UUID, without asking
 * the random generator on every request.
 */
export const requestIdGenerator = (): ((request: IncomingMessage) => string) => {
  const tag = randomBytes(6).toString('base64url');
  let count = 0;
  return (request) => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && GIVEN_REQUEST_ID.test(given) ? given : `${tag}-${(++count).toString(36)}`;
  };
};

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Fastify gives every request a child of the server's logger, and a pino
 * child costs its bindings' serialisation and the rebinding of every level
 * method, on every request, though most requests log nothing. This child is
 * made on the first log call instead; until then the request holds three
 * references.
 */
class DeferredChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? (this.options.level || this.parent.level);
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.logger.child(...args);
  }
}

for (const level of LEVELS) {
  Object.defineProperty(DeferredChildLogger.prototype, level, {
    value(this: DeferredChildLogger, ...args: unknown[]): void {
      (this.logger[level] as (...logged: unknown[]) => void)(...args);
    },
  });
}

export const deferredChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new DeferredChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;

/** Query parameters that carry a secret: one-time links, stream tickets, unsubscribe tokens, second-factor codes. */
const SECRET_PARAMS = /^(token|ticket|code|challenge|secret|signature|sig|key|access_token|refresh_token)$/i;
/** Paths whose last segment is a capability: a float-plan link shown to shore contacts, a mail-open pixel. */
const SECRET_SEGMENTS = /^(\/(?:api\/)?float-plans\/|\/api\/mail\/open\/)[^/?#]+/;
export const REDACTED = '[redacted]';

/**
 * A request URL as the access log may keep it: the value of every
 * token-bearing query parameter and capability path segment replaced, so
 * a log reader (or a log shipped elsewhere) holds no working link.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_SEGMENTS, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a name that is not valid percent-encoding is kept as it came
      }
      return equals !== -1 && SECRET_PARAMS.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
