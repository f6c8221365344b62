import { routes, errorResponseSchema, type RouteContract } from '@crew/contracts';
import { z } from 'zod';

const SCHEMA_REF = (id: string): string => `#/components/schemas/${id}`;

/** A named contract schema becomes a $ref into components; an unnamed one is inlined. */
const jsonSchema = (schema: z.ZodType): Record<string, unknown> => {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: SCHEMA_REF(id) };
  return z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
};

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Malformed JSON or a schema violation',
  '401': 'Missing or invalid token',
  '403': 'Not allowed for this user',
  '409': 'Concurrent change; retry',
  '413': 'Body too large',
  '422': 'A business rule refused the request',
};

/** The OpenAPI document, generated from the same zod schemas that validate requests. */
export const buildOpenApiDocument = (version: string): Record<string, unknown> => {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorContent = { 'application/json': { schema: jsonSchema(errorResponseSchema) } };
  for (const [operationId, route] of Object.entries(routes) as [string, RouteContract][]) {
    const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const responses: Record<string, unknown> = {
      '200': {
        description: 'OK',
        ...(route.response ? { content: { 'application/json': { schema: jsonSchema(route.response) } } } : {}),
      },
    };
    for (const [status, description] of Object.entries(ERROR_RESPONSES)) {
      if ((status === '401' || status === '403') && route.auth === 'public') continue;
      if ((status === '400' || status === '413') && !route.body) continue;
      responses[status] = { description, content: errorContent };
    }
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId,
      summary: route.summary,
      tags: [route.tag],
      ...(route.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Crew Finder API', version },
    components: {
      schemas: z.toJSONSchema(z.globalRegistry, { target: 'openapi-3.0', unrepresentable: 'any', io: 'input', uri: SCHEMA_REF }).schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
};
