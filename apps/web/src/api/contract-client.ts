import type { routes } from '@crew/contracts';
import type { z } from 'zod';
import { apiRequest, apiRequestWithEtag, lazySchema } from '../lib/api-client';

/**
 * The API as the contracts describe it, at type level only: a route's method
 * and path pick its path parameters, query, body and answer types from
 * `libs/contracts/src/routes.ts`, so a renamed path or field fails the web
 * build. Nothing of the contracts is imported at run time (paths come from
 * the zod-free `paths` entry); the answer's schema is looked up in the
 * contracts chunk, loaded while the request is in flight.
 */
type Routes = typeof routes;
type Route = Routes[keyof Routes];

export type ApiMethod = Route['method'];
/** Every path the API serves with this method. */
export type ApiPath<M extends ApiMethod> = Extract<Route, { method: M }>['path'];
/** The contract of one method and path. */
export type RouteAt<M extends ApiMethod, P> = Extract<Route, { method: M; path: P }>;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
export type PathParams<P extends string> = { readonly [Name in ParamNames<P>]: string };
type SchemaAt<R, K extends string> = R extends { readonly [key in K]: infer S extends z.ZodType } ? S : never;

/** What the route answers, as its schema parses it. */
export type ApiResponse<M extends ApiMethod, P extends string> = [SchemaAt<RouteAt<M, P>, 'response'>] extends [never] ? void : z.output<SchemaAt<RouteAt<M, P>, 'response'>>;
/** The body the route takes (what its schema accepts). */
export type ApiBody<M extends ApiMethod, P extends string> = z.input<SchemaAt<RouteAt<M, P>, 'body'>>;
/** The query the route reads. */
export type ApiQuery<M extends ApiMethod, P extends string> = z.input<SchemaAt<RouteAt<M, P>, 'query'>>;

type ParamsArg<P extends string> = [ParamNames<P>] extends [never] ? { readonly params?: undefined } : { readonly params: PathParams<P> };
type BodyArg<M extends ApiMethod, P extends string> = [SchemaAt<RouteAt<M, P>, 'body'>] extends [never]
  ? { readonly body?: undefined; readonly form?: FormData }
  : { readonly body: ApiBody<M, P>; readonly form?: undefined };
type QueryArg<M extends ApiMethod, P extends string> = [SchemaAt<RouteAt<M, P>, 'query'>] extends [never]
  ? { readonly query?: undefined }
  : { readonly query?: Partial<Record<keyof ApiQuery<M, P> & string, string | number | boolean | null | undefined>> };

export type ApiCall<M extends ApiMethod, P extends string> = ParamsArg<P> &
  BodyArg<M, P> &
  QueryArg<M, P> & {
    readonly signal?: AbortSignal;
    /** Extra request headers (If-Match). */
    readonly headers?: Readonly<Record<string, string>>;
    /**
     * `false` for the public reads of first-visit pages (voyages, the home page's figures, a member, help,
     * the session): their answers are not checked in the browser, so those pages never load and evaluate
     * the schema library (a long task on a phone); the API's own tests check every answer against the contract.
     */
    readonly check?: false;
  };

/** Optional when the route needs none of params, body or query. */
type CallArgs<M extends ApiMethod, P extends string> = [ParamNames<P>] extends [never]
  ? [SchemaAt<RouteAt<M, P>, 'body'>] extends [never]
    ? [call?: ApiCall<M, P>]
    : [call: ApiCall<M, P>]
  : [call: ApiCall<M, P>];

/** The path with its `{name}` parameters filled in (each encoded) and the query appended (empty values left out). */
export function urlOf(path: string, params?: Readonly<Record<string, string>>, query?: Readonly<Record<string, unknown>>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** An answer with no documented body (204): nothing to check. */
const NOTHING_TO_CHECK = { parse: (value: unknown) => value } as unknown as z.ZodType;

/** The contract's answer schema for this method and path, from the lazily loaded contracts. */
const responseSchema = (method: ApiMethod, path: string) =>
  lazySchema((contracts) => {
    const route = Object.values(contracts.routes).find((candidate) => candidate.method === method && candidate.path === path) as { response?: z.ZodType } | undefined;
    return route?.response ?? NOTHING_TO_CHECK;
  });

function request<M extends ApiMethod, P extends string>(method: M, path: P, call: ApiCall<M, P> | undefined) {
  const options = {
    method,
    body: call?.body,
    form: call?.form,
    signal: call?.signal,
    headers: call?.headers,
    schema: call?.check === false ? undefined : responseSchema(method, path),
  };
  return { url: urlOf(path, call?.params as Record<string, string> | undefined, call?.query as Record<string, unknown> | undefined), options };
}

/** Calls a route of the contract; resolves with its checked answer, rejects with the API's error. */
export function callApi<M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, ...[call]: CallArgs<M, P>): Promise<ApiResponse<M, P>> {
  const { url, options } = request(method, path, call);
  return apiRequest<ApiResponse<M, P>>(url, options as never);
}

/** Like callApi, with the answer's ETag (the version read, for If-Match). */
export function callApiWithEtag<M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[call]: CallArgs<M, P>
): Promise<{ data: ApiResponse<M, P>; etag: string | null }> {
  const { url, options } = request(method, path, call);
  return apiRequestWithEtag<ApiResponse<M, P>>(url, options as never);
}

/**
 * The one cache-key scheme: the path as the contract names it, then its
 * parameters and query. Invalidating `[path]` reaches every entry of a route,
 * `[path, params]` every query of one resource.
 */
export function apiKey<P extends string>(path: P, params?: Readonly<Record<string, string>> | null, query?: Readonly<Record<string, unknown>> | null) {
  return [path, params ?? {}, query ?? {}] as const;
}

/**
 * The query options of a GET route: its key in the one scheme and a fetcher
 * that passes React Query's abort signal on. Endpoint factories in this folder
 * build on it, so every feature caches the same answer under the same key.
 */
export function apiQueryOptions<P extends ApiPath<'GET'>>(path: P, ...[call]: CallArgs<'GET', P>) {
  const args = (call ?? {}) as ApiCall<'GET', P>;
  return {
    queryKey: apiKey(path, args.params as Readonly<Record<string, string>> | undefined, args.query as Readonly<Record<string, unknown>> | undefined),
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<ApiResponse<'GET', P>> => {
      const { url, options } = request('GET', path, { ...args, signal });
      return apiRequest<ApiResponse<'GET', P>>(url, options as never);
    },
  };
}
