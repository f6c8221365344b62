import { errorBodyOf, errorResponseSchema, routes, statusesOf, type ErrorStatus, type HeaderContract, type RouteContract } from '@crew/contracts';
import { z } from 'zod';

const SCHEMA_REF = (id: string): string => `#/components/schemas/${id}`;

/** A named contract schema becomes a $ref into components; an unnamed one is inlined. */
const jsonSchema = (schema: z.ZodType): Record<string, unknown> => {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: SCHEMA_REF(id) };
  return z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
};

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Malformed request: invalid JSON, a schema violation, text with control characters or broken Unicode (INVALID_TEXT)',
  401: 'Missing, invalid or expired token (or, for sign-in, wrong credentials)',
  402: 'A crew subscription is needed (SUBSCRIPTION_REQUIRED): the access policy refused; the body says why',
  403: 'Not allowed for this user',
  404: 'Nothing with this id (or one this user may not see)',
  408: 'An upload whose body stopped arriving (UPLOAD_TIMEOUT); try again',
  409: 'Conflicts with the current state, or a concurrent change; reload and retry',
  410: 'A link that worked once and no longer does (an expired or replaced float-plan link)',
  412: 'If-Match names a revision that is no longer current',
  413: 'Body too large',
  414: 'A path segment longer than any id',
  415: 'Unsupported content type',
  422: 'The content was understood but refused (for example an image too large to decode)',
  429: 'Too many attempts; wait (Retry-After) or use another way in',
  503: 'A dependency or projection is unhealthy, or (after a change) the read model the answer waits for cannot show it yet; the change is saved',
};

/** Query parameters of an object schema, one OpenAPI parameter per property. */
const queryParameters = (schema: z.ZodType): Record<string, unknown>[] => {
  type ObjectSchema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as ObjectSchema & {
    $ref?: string;
    $defs?: Record<string, ObjectSchema>;
  };
  // A named schema comes back as a $ref into its own $defs.
  const json = generated.$ref ? (generated.$defs?.[generated.$ref.split('/').pop() ?? ''] ?? {}) : generated;
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
};

const pathParameters = (route: RouteContract): Record<string, unknown>[] =>
  [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: m[1] === 'id' ? { type: 'string', format: 'uuid' } : { type: 'string' },
  }));

const headerSchema = (header: HeaderContract): Record<string, unknown> => (header.schema ? jsonSchema(header.schema) : { type: 'string' });

/** Request headers as OpenAPI header parameters. */
const headerParameters = (route: RouteContract): Record<string, unknown>[] =>
  Object.entries(route.requestHeaders ?? {}).map(([name, header]) => ({
    name,
    in: 'header',
    required: header.required ?? false,
    description: header.description,
    schema: headerSchema(header),
  }));

/** Response headers as an OpenAPI headers object (none: undefined). */
const responseHeaders = (route: RouteContract): Record<string, unknown> | undefined => {
  const entries = Object.entries(route.responseHeaders ?? {});
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([name, header]) => [name, { description: header.description, required: header.required ?? false, schema: headerSchema(header) }]));
};

const multipartBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: { type: 'object', properties: { photo: { type: 'string', format: 'binary' } }, required: ['photo'] },
    },
  },
};

/** Every named contract schema, as OpenAPI 3.1 components (JSON Schema 2020-12, so `null` is a type like any other). */
const componentSchemas = (): Record<string, unknown> => {
  const generated = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input', uri: SCHEMA_REF }).schemas;
  // Components are parts of the document, not documents of their own.
  return Object.fromEntries(Object.entries(generated).map(([id, schema]) => [id, (({ $schema: _s, $id: _i, ...rest }) => rest)(schema as Record<string, unknown>)]));
};

/** The OpenAPI document, generated from the route contracts: the same zod schemas that validate requests, and every status each route answers. */
export const buildOpenApiDocument = (version: string): Record<string, unknown> => {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorContent = { 'application/json': { schema: jsonSchema(errorResponseSchema) } };
  for (const [operationId, route] of Object.entries(routes) as [string, RouteContract][]) {
    const { success, errors } = statusesOf(route);
    const headers = responseHeaders(route);
    const responses: Record<string, unknown> = {
      [String(success)]: {
        description: success === 201 ? 'Created' : 'OK',
        ...(headers ? { headers } : {}),
        ...(route.response ? { content: { 'application/json': { schema: jsonSchema(route.response) } } } : {}),
      },
    };
    for (const status of errors) {
      const body = errorBodyOf(route, status);
      const codes = route.errorCodes?.[status];
      const description = codes?.length ? `${ERROR_DESCRIPTIONS[status]}; on this route also ${codes.join(', ')}` : ERROR_DESCRIPTIONS[status];
      responses[String(status)] = { description, content: body ? { 'application/json': { schema: jsonSchema(body) } } : errorContent };
    }
    const parameters = [...pathParameters(route), ...headerParameters(route), ...(route.query ? queryParameters(route.query) : [])];
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId,
      summary: route.summary,
      tags: [route.tag],
      ...(route.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.multipart
        ? { requestBody: multipartBody }
        : route.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } }
          : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Crew Finder API', version },
    components: {
      schemas: componentSchemas(),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
};
