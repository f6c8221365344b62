import { routes, type RouteContract } from '@crew/contracts';
import Ajv from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { buildOpenApiDocument } from '../../src/platform/http/openapi';

/**
 * Checks every response an API test receives against the OpenAPI document the
 * API serves: the status must be one the document lists for that operation,
 * the headers it gives for that status must match their schemas (and be there
 * when it says they always are), and a JSON body must match the schema it
 * gives for that status. Installed
 * on every app the tests build (see contract-check.setup.ts), so a route that
 * answers something its contract does not say fails whichever test meets it.
 */

interface Operation {
  readonly id: string;
  readonly method: string;
  readonly pattern: RegExp;
  readonly params: number;
  readonly statuses: ReadonlyMap<number, string | null>;
  /** The headers the document gives each status: name (lower case), whether always sent, and a ref to its schema. */
  readonly headers: ReadonlyMap<number, readonly { name: string; required: boolean; ref: string }[]>;
}

const document = buildOpenApiDocument('test') as {
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema: unknown }>; headers?: Record<string, { required?: boolean }> }> }>
  >;
};
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document as object, 'openapi.json');

const pointer = (...parts: string[]): string => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const operations: Operation[] = Object.entries(document.paths)
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      id: operation.operationId,
      method: method.toUpperCase(),
      // Trailing slashes are optional (the router ignores them); a path parameter is one segment.
      pattern: new RegExp(`^${path.replace(/\/$/, '').replace(/\{\w+\}/g, '[^/]+')}/?$`),
      params: (path.match(/\{/g) ?? []).length,
      statuses: new Map(
        Object.entries(operation.responses).map(([status, response]) => [
          Number(status),
          response.content?.['application/json'] ? `openapi.json#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}` : null,
        ]),
      ),
      headers: new Map(
        Object.entries(operation.responses).map(([status, response]) => [
          Number(status),
          Object.entries(response.headers ?? {}).map(([name, header]) => ({
            name: name.toLowerCase(),
            required: header.required ?? false,
            ref: `openapi.json#/${pointer('paths', path, method, 'responses', status, 'headers', name, 'schema')}`,
          })),
        ]),
      ),
    })),
  )
  // Static segments win over parameters (/api/voyages/map before /api/voyages/{id}).
  .sort((a, b) => a.params - b.params);

const validators = new Map<string, ValidateFunction>();
const validatorFor = (ref: string): ValidateFunction => {
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
};

/** The contract operation a request reaches, or null outside the API (pages, uploads, docs, the dev mailbox). */
export function operationOf(method: string, url: string): Operation | null {
  const path = decodeURIComponentSafe(url.split('?')[0] ?? '/');
  return operations.find((operation) => operation.method === method && operation.pattern.test(path)) ?? null;
}

const decodeURIComponentSafe = (value: string): string => {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
};

/** Problems of one response against the document, or an empty list. */
export function contractProblems(method: string, url: string, response: LightMyRequestResponse): string[] {
  const operation = operationOf(method, url);
  const path = url.split('?')[0] ?? '/';
  // Outside the contract (pages, uploads, docs, unknown paths) only a server error is a violation.
  if (!operation) return response.statusCode >= 500 ? [`${method} ${path} answered ${response.statusCode}: ${decodedBody(response).slice(0, 300)}`] : [];
  if (method === 'HEAD') return [];
  if (!operation.statuses.has(response.statusCode)) {
    return [
      `${operation.id} (${method} ${path}) answered ${response.statusCode}, which the OpenAPI document does not list (${[...operation.statuses.keys()].join(', ')}): ${decodedBody(response).slice(0, 300)}`,
    ];
  }
  const headerProblems = (operation.headers.get(response.statusCode) ?? []).flatMap((header) => {
    const value = response.headers[header.name];
    if (value === undefined) return header.required ? [`${operation.id} answered ${response.statusCode} without its ${header.name} header`] : [];
    const validate = validatorFor(header.ref);
    return validate(String(value)) ? [] : [`${operation.id} answered ${response.statusCode} with header ${header.name} breaking its schema: ${String(value)}`];
  });
  if (headerProblems.length > 0) return headerProblems;
  const ref = operation.statuses.get(response.statusCode);
  if (!ref) return [];
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return [`${operation.id} answered ${response.statusCode} with content-type "${type}", not JSON`];
  let body: unknown;
  try {
    body = JSON.parse(decodedBody(response));
  } catch {
    return [`${operation.id} answered ${response.statusCode} with a body that is not JSON`];
  }
  const validate = validatorFor(ref);
  if (validate(body)) return [];
  return [
    `${operation.id} (${method} ${path}) answered ${response.statusCode} with a body that breaks its schema: ${ajv.errorsText(validate.errors, { separator: '; ' })}: ${decodedBody(response).slice(0, 300)}`,
  ];
}

/** The body as sent before compression (answers are compressed by Accept-Encoding). */
const decodedBody = (response: LightMyRequestResponse): string => {
  const decode = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }[String(response.headers['content-encoding'] ?? '')];
  try {
    return decode ? decode(response.rawPayload).toString('utf8') : response.body;
  } catch {
    return response.body;
  }
};

export class ContractViolation extends Error {
  constructor(problems: string[]) {
    super(`Response breaks the API contract:\n  ${problems.join('\n  ')}`);
    this.name = 'ContractViolation';
  }
}

/** Makes `inject` on this instance check each response; a violation rejects the call. */
export function checkResponsesAgainstContract(fastify: FastifyInstance): void {
  const inject = fastify.inject.bind(fastify) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const response = await inject(options);
    const method = typeof options === 'string' ? 'GET' : String(options.method ?? 'GET').toUpperCase();
    const url = typeof options === 'string' ? options : String(options.url ?? options.path ?? '/');
    const problems = contractProblems(method, url, response);
    if (problems.length > 0) throw new ContractViolation(problems);
    return response;
  };
  (fastify as unknown as { inject: typeof checked }).inject = checked;
}

/** Every route of the contracts, for tests that walk them. */
export const contractRoutes = routes as Record<string, RouteContract>;
