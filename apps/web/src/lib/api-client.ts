import type { ErrorResponse } from '@crew/contracts';
import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import { activeLocale } from '../i18n/i18n';
import { loadContracts, type Contracts } from './contracts-loader';
import { answeredByServer, deviceCopyOf } from './offline-hooks';
import { tokenStore } from './token-store';

/** How the session's token is sent (the Authorization header's scheme). */
const tokenType = 'Bearer';

/** Every request gives up after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** The API's one error shape, checked by hand so the critical path needs no schema library. */
const isErrorResponse = (value: unknown): value is ErrorResponse =>
  typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)['error'] === 'string' && typeof (value as Record<string, unknown>)['code'] === 'string';

/** A failed call, carrying the server's own message for the UI to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorResponse['details'] = undefined,
    /** The whole error body, for routes whose refusal carries more (e.g. counts). */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onUnauthorized: () => void = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** The router installs a client-side redirect so a 401 does not reload the page. */
export const setUnauthorizedHandler = (handler: () => void): void => {
  onUnauthorized = handler;
};

export interface RequestOptions<T> {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  /** Sent as multipart/form-data instead of JSON (file uploads). */
  readonly form?: FormData;
  /**
   * Checks the answer: a schema, or a loader of one (`lazySchema`), so that a
   * public page's first render never waits for the schema library.
   */
  readonly schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  readonly signal?: AbortSignal;
  /** Extra request headers (for example If-Match). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A contract schema loaded with the contracts chunk when a request needs it,
 * not with the page: the chunk downloads while the request is in flight.
 */
export const lazySchema =
  <T>(pick: (contracts: Contracts) => z.ZodType<T>): (() => Promise<z.ZodType<T>>) =>
  () =>
    loadContracts().then(pick);

/**
 * The one way the client talks to the API: same origin, bearer token, 10 s
 * timeout, the server's `error` text on failure, and a 401 to the session's own request ends it.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await send(path, options)).data;
}

/**
 * Like apiRequest, and also the response's ETag: the version of what was
 * read, to send back as If-Match so a save made on a stale copy is refused.
 */
export async function apiRequestWithEtag<T>(path: string, options: RequestOptions<T> = {}): Promise<{ data: T; etag: string | null }> {
  const { data, response } = await send(path, options);
  return { data, etag: response.headers.get('etag') };
}

async function send<T>(path: string, options: RequestOptions<T>): Promise<{ data: T; response: Response }> {
  const token = tokenStore.get();
  // The server says its messages in the page's language.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': activeLocale(), ...options.headers };
  if (token) headers['authorization'] = `${tokenType} ${token}`;
  if (options.body !== undefined && !options.form) headers['content-type'] = 'application/json';

  // Started with the request, so a lazily loaded schema arrives alongside the answer.
  const schema: Promise<z.ZodType<T> | undefined> = typeof options.schema === 'function' ? options.schema() : Promise.resolve(options.schema);
  // A chunk that fails to load shows when the answer is checked, not as an unhandled rejection before.
  schema.catch(() => undefined);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted && !timeout.aborted) throw error;
    // No network: a read of the signed-in member's voyage sailing soon answers from the copy kept on the device
    // (docs/features/offline.md), and the page says how old it is.
    if ((options.method ?? 'GET') === 'GET' && token) {
      const copy = await deviceCopyOf(path);
      if (copy) return { data: copy.data as T, response: new Response(null, { status: 200 }) };
    }
    if (timeout.aborted) throw new ApiError(0, 'TIMEOUT', t`The server took too long to answer. Please try again.`);
    throw new ApiError(0, 'NETWORK', t`Could not reach the server. Check your connection and try again.`);
  }
  if ((options.method ?? 'GET') === 'GET') answeredByServer(path);

  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    // Only the session this request carried ends: a request sent signed out (a screen still
    // leaving after Logout) or before another sign-in says nothing about the session now, and
    // one the member is ending themselves ends on the page they go to, not at /login.
    if (response.status === 401 && token !== null && tokenStore.get() === token && !tokenStore.isEnding(token)) {
      tokenStore.clear();
      onUnauthorized();
    }
    if (isErrorResponse(payload)) throw new ApiError(response.status, payload.code, payload.error, payload.details, payload as unknown as Record<string, unknown>);
    const status = response.status;
    throw new ApiError(status, 'HTTP_ERROR', t`The server answered ${status}. Please try again.`);
  }
  const checker = await schema;
  return { data: checker ? checker.parse(payload) : (payload as T), response };
}
