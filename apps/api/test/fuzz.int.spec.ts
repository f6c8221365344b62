import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CommandBus } from '@nestjs/cqrs';
import { EnsureFirstAdmin } from '../src/modules/accounts/commands/ensure-first-admin.command';
import { hashPassword } from '../src/modules/accounts/password-hasher';
import type { Application } from '../src/application';
import { ContractViolation } from './support/response-contract';
import { insertUser, signInWithPassword, startTestApp, type TestApp } from './support/harness';

/**
 * Walks the OpenAPI document the API serves and sends every route malformed
 * values: control characters, lone surrogates, huge strings, wrong types,
 * impossible dates, negative and huge numbers, %00 and non-uuid ids in paths,
 * malformed request headers the document lists (If-Match),
 * arrays for objects, deep nesting, wrong content types. As a guest, a
 * signed-in member and an admin. No answer may be a 5xx, and every answer must
 * be one the document lists (the response check of every API test).
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
};
interface Operation {
  operationId: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** mulberry32: the same "random" choices on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const random = seeded(20261123);
const pick = <T>(items: readonly T[], count: number): T[] => [...items].sort(() => random() - 0.5).slice(0, count);

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
let doc: OpenApi;
const tokens: Record<'guest' | 'member' | 'admin', string | undefined> = { guest: undefined, member: undefined, admin: undefined };
/** Real ids of the member's own things, so malformed bodies reach the deeper checks. */
const realIds: Record<string, string> = {};

const year = new Date().getUTCFullYear() + 1;

const stats = { sent: 0, serverErrors: 0, violations: [] as string[], byStatus: new Map<number, number>() };

async function send(options: InjectOptions): Promise<LightMyRequestResponse | null> {
  stats.sent++;
  try {
    const response = await app.getHttpAdapter().getInstance().inject(options);
    stats.byStatus.set(response.statusCode, (stats.byStatus.get(response.statusCode) ?? 0) + 1);
    // A server without payment provider keys says so with the 503 the payment routes document: not a fault.
    if (response.statusCode >= 500 && !(response.statusCode === 503 && response.json<{ code?: string }>().code === 'PAYMENTS_NOT_CONFIGURED')) {
      stats.serverErrors++;
      stats.violations.push(`${options.method} ${options.url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    }
    return response;
  } catch (error) {
    if (!(error instanceof ContractViolation)) throw error;
    if (/answered 5\d\d/.test(error.message)) stats.serverErrors++;
    stats.violations.push(error.message.slice(0, 600));
    return null;
  }
}

const resolve = (schema: JsonSchema): JsonSchema => (schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()!]!) : schema);
const typeOf = (schema: JsonSchema): string | undefined => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);
const isDateField = (name: string, schema: JsonSchema): boolean => /date|departure_from|departure_to/.test(name) || (schema.pattern ?? '').includes('\\d{4}');

/** A plausible valid value for a schema, so that one mutated field at a time reaches deep validation. */
function sample(input: JsonSchema, name = '', depth = 0): unknown {
  const schema = resolve(input);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return sample(choices.find((choice) => typeOf(resolve(choice)) !== 'null') ?? choices[0]!, name, depth);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (typeOf(schema)) {
    case 'object':
      return depth > 4 ? {} : Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(property, key, depth + 1)]));
    case 'array':
      if (schema.prefixItems) return schema.prefixItems.map((item) => sample(item, name, depth + 1));
      return schema.minItems ? [sample(schema.items ?? {}, name, depth + 1)] : [];
    case 'string':
      if (schema.format === 'email' || name.includes('email')) return 'fuzz-member@crew.test';
      if (schema.format === 'uuid' || name.endsWith('_id')) return realIds[name] ?? randomUUID();
      if (isDateField(name, schema)) return `${year}-06-01`;
      if (name.includes('phone')) return '+44 1983 000000';
      return 'Fuzzy value'.padEnd(Math.max(schema.minLength ?? 0, 11), 'x');
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** Longer than any field allows (the longest, a description, takes 10,000). */
const LONG = 'x'.repeat(20_000);
const deepArray = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

/** Malformed values for one field. */
const fieldMutations = (name: string, schema: JsonSchema): unknown[] => {
  const common: unknown[] = [
    'nul\u0000inside',
    'lone \ud800 surrogate',
    'lone \udc00 low',
    '\u001b[31mescape',
    LONG,
    '',
    '   ',
    12345,
    -1,
    1e308,
    -1e308,
    2 ** 53 + 1,
    0.000001,
    true,
    null,
    [],
    ['a', 'b'],
    {},
    { nested: { deeper: ['\u0000'] } },
    deepArray(40),
  ];
  const dates = isDateField(name, schema) ? pick(['2027-02-30', '9999-99-99', '0000-01-01', '2027-13-01', '1999-12-31', '2101-01-01', '2027-6-1'], 4) : [];
  return [...dates, ...pick(common, 5)];
};

/** A photo part whose body ends four bytes into the file, with no closing boundary. */
const TRUNCATED_PART = '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';

/** Whole bodies that are not what any route takes. */
const bodyShapes: { payload: string; type: string }[] = [
  { payload: '[]', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: '42', type: 'application/json' },
  { payload: '{"a":', type: 'application/json' },
  { payload: '', type: 'application/json' },
  { payload: '{"title":"\\ud800"}', type: 'application/json' },
  { payload: '{"title":"\\u0000"}', type: 'application/json' },
  { payload: `${'['.repeat(5_000)}1${']'.repeat(5_000)}`, type: 'application/json' },
  { payload: `{"title":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}}`, type: 'application/json' },
  { payload: 'title=hello', type: 'application/x-www-form-urlencoded' },
  { payload: 'hello', type: 'text/plain' },
  { payload: '<voyage/>', type: 'application/xml' },
  { payload: '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\nnot an image\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
  // Multipart that ends inside the file (no closing boundary: once a one-request outage), names no
  // boundary, stops inside a part's headers, or sends thousands of header lines.
  { payload: TRUNCATED_PART, type: 'multipart/form-data; boundary=x' },
  { payload: '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n', type: 'multipart/form-data' },
  { payload: '--x\r\nContent-Disposition: form-data; name="photo"', type: 'multipart/form-data; boundary=x' },
  { payload: `--x\r\n${'X-Header: y\r\n'.repeat(3_000)}\r\nabc\r\n--x--\r\n`, type: 'multipart/form-data; boundary=x' },
  { payload: '{}', type: 'application/json; charset=latin-999' },
];

/** Path values that name nothing: NUL, a uuid with NUL after it, not a uuid, traversal, huge, broken percent-encoding. */
const pathMutations = (): string[] => [
  '%00',
  `${randomUUID()}%00`,
  'not-a-uuid',
  '-1',
  '..%2F..%2Fetc%2Fpasswd',
  '9'.repeat(400),
  '%ED%A0%80',
  '%F0%9F%8C%8A',
  '%E0%A4%A',
  randomUUID(),
];

/** Query values: control characters, broken UTF-8 of a surrogate, impossible dates, huge and negative numbers, repeated keys. */
const queryMutations = ['%00', '%00%00', '%ED%A0%80', '%1B', '2027-02-30', '9999-99-99', '-1', '1e309', 'NaN', 'x'.repeat(5_000), '%E0%A4%A', '[]'];

/** Request header values (If-Match and the like): unquoted, half-quoted, huge revisions, lists with junk, control characters. */
const headerMutations = ['5', 'W/5', '"1"x', '"', '""', `"${'9'.repeat(30)}"`, `"${'9'.repeat(5_000)}"`, '*, "1"', '"1",,', '"\u001b"', 'W/"-1"'];

const fill = (template: string, params: Record<string, string>): string => template.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? randomUUID());

beforeAll(async () => {
  testApp = await startTestApp({ env: { EMAIL_VERIFICATION_REQUIRED: 'false' }, dataDirPrefix: 'crew-fuzz-' });
  ({ runtime, app } = testApp);
  await runtime.get(CommandBus).execute(new EnsureFirstAdmin('admin@fuzz.test', 'fuzz-admin-pass-1'));
  const passwordHash = await hashPassword('fuzz-pass-1234');
  await insertUser(runtime.dataSource, { email: 'fuzz-member@crew.test', passwordHash, firstName: 'Fuzz', lastName: 'Member', type: 'both' });
  await insertUser(runtime.dataSource, { email: 'fuzz-crew@crew.test', passwordHash, firstName: 'Fuzz', lastName: 'Crew', type: 'crew' });
  const signIn = async (email: string, password: string) => (await signInWithPassword(app, runtime.dataSource, email, password)).access_token;
  tokens.member = await signIn('fuzz-member@crew.test', 'fuzz-pass-1234');
  tokens.admin = await signIn('admin@fuzz.test', 'fuzz-admin-pass-1');
  const crewToken = await signIn('fuzz-crew@crew.test', 'fuzz-pass-1234');
  const inject = (method: 'POST', url: string, token: string, payload: object) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  const boat = await inject('POST', '/api/profile/boats', tokens.member, { name: 'Fuzz', boat_type: 'monohull', length_feet: 30, capacity: 4 });
  realIds['boat_id'] = boat.json().id;
  const voyage = await inject('POST', '/api/voyages/', tokens.member, {
    title: 'Fuzzing the Solent',
    estimated_start_date: `${year}-06-01`,
    estimated_end_date: `${year}-06-05`,
    boat_id: realIds['boat_id'],
    segments: [{ departure_port: 'Cowes', departure_coordinates: [-1.3, 50.76], arrival_port: 'Yarmouth', arrival_coordinates: [-1.5, 50.7] }],
  });
  realIds['voyage_id'] = voyage.json().id;
  const application = await inject('POST', '/api/applications/', crewToken, { voyage_id: realIds['voyage_id'], message: 'Ten years of dinghy racing.' });
  realIds['application_id'] = application.json().application.id;
  doc = (await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
}, 60_000);

afterAll(() => testApp.close());

/** The real id a path parameter of this route should carry. */
const realParams = (route: string): Record<string, string> => ({
  id: route.includes('/applications/{id}')
    ? realIds['application_id']!
    : route.includes('/boats/')
      ? realIds['boat_id']!
      : route.includes('/users/')
        ? randomUUID()
        : realIds['voyage_id']!,
  key: 'free_trial_period_days',
});

describe('fuzzing every route of the OpenAPI document', () => {
  it('never answers 5xx, and only with statuses and bodies the document lists', async () => {
    const started = Date.now();
    const operations = Object.entries(doc.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route, method: method.toUpperCase(), operation })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(45);
    // The route planner's land check is fuzzed like every other route.
    expect(operations.some(({ route, method }) => route === '/api/voyages/route-check' && method === 'GET')).toBe(true);
    for (const { route, method, operation } of operations) {
      // Admin routes are fuzzed as the admin too, so their validation is reached; others as guest and member.
      const actors = route.startsWith('/api/admin') ? (['guest', 'member', 'admin'] as const) : (['guest', 'member'] as const);
      const body = operation.requestBody?.content['application/json']?.schema;
      const valid = body ? sample(body) : undefined;
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const validQuery = new URLSearchParams(queryParams.filter((p) => p.name === 'q' || p.name === 'token').map((p) => [p.name, p.name === 'q' ? 'Cowes' : 'abc']));
      for (const actor of actors) {
        // A guest on a route that needs a token meets the 401 before any field is read: a few probes are enough.
        const shallow = actor === 'guest' && operation.security !== undefined;
        const headers = tokens[actor] ? { authorization: `Bearer ${tokens[actor]}` } : {};
        const url = (params: Record<string, string> = realParams(route), query = validQuery.toString()) => `${fill(route, params)}${query ? `?${query}` : ''}`;
        const json = (payload: unknown, target = url()) =>
          send({ method: method as 'GET', url: target, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

        // Ids in the path.
        if (route.includes('{')) {
          for (const bad of pathMutations()) {
            const target = url({ id: bad, key: bad });
            await (body ? json(valid, target) : send({ method: method as 'GET', url: target, headers }));
          }
        }
        // Query parameters, one at a time, and a repeated key.
        for (const parameter of shallow ? [] : queryParams) {
          for (const bad of pick(queryMutations, 8)) {
            const query = new URLSearchParams(validQuery);
            query.delete(parameter.name);
            await send({ method: method as 'GET', url: `${url(realParams(route), query.toString())}${query.size ? '&' : '?'}${parameter.name}=${bad}`, headers });
          }
          await send({ method: method as 'GET', url: `${url()}${validQuery.size ? '&' : '?'}${parameter.name}=a&${parameter.name}=b`, headers });
        }
        // Request headers the document lists, one at a time, with the body valid.
        for (const parameter of shallow ? [] : (operation.parameters ?? []).filter((p) => p.in === 'header')) {
          for (const bad of pick(headerMutations, 6)) {
            const withHeader = { ...headers, [parameter.name.toLowerCase()]: bad, ...(body ? { 'content-type': 'application/json' } : {}) };
            await send({ method: method as 'GET', url: url(), headers: withHeader, ...(body ? { payload: JSON.stringify(valid) } : {}) });
          }
        }
        // Control characters in a query string of a route that takes none.
        await send({ method: method as 'GET', url: `${url()}${validQuery.size ? '&' : '?'}x=%00`, headers });

        if (method !== 'POST' && method !== 'PUT') continue;
        // The whole body in shapes no route takes, and content types it does not read.
        for (const shape of shallow ? bodyShapes.slice(0, 3) : bodyShapes) {
          await send({ method: method as 'POST', url: url(), headers: { ...headers, 'content-type': shape.type }, payload: shape.payload });
        }
        if (actor === 'guest') await send({ method: method as 'POST', url: url(), headers: { 'content-type': 'application/json' }, payload: `{"x":"${'y'.repeat(1_100_000)}"}` });
        if (shallow || !body || typeof valid !== 'object' || valid === null) continue;
        // One field at a time (and one level down), every other field valid.
        const schema = resolve(body);
        const properties = Object.entries(resolve(schema.anyOf?.[2] ?? schema).properties ?? schema.properties ?? {});
        for (const [name, property] of properties) {
          for (const bad of fieldMutations(name, resolve(property))) await json({ ...(valid as object), [name]: bad });
          const nested = resolve(property);
          for (const [inner, innerSchema] of Object.entries(nested.properties ?? {}).slice(0, 3)) {
            const base = sample(nested, name) as Record<string, unknown>;
            for (const bad of pick(fieldMutations(inner, innerSchema), 2)) await json({ ...(valid as object), [name]: { ...base, [inner]: bad } });
          }
          if (typeOf(nested) === 'array' && nested.items) {
            const item = sample(nested.items, name);
            for (const bad of pick(fieldMutations(name, resolve(nested.items)), 2)) await json({ ...(valid as object), [name]: [item, bad] });
            // One field of a list's object at a time (a leg's dates, distance and override, its ports).
            for (const [inner, innerSchema] of Object.entries(resolve(nested.items).properties ?? {})) {
              for (const bad of pick(fieldMutations(inner, resolve(innerSchema)), 2)) await json({ ...(valid as object), [name]: [{ ...(item as object), [inner]: bad }] });
            }
          }
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = [...stats.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    process.stdout.write(
      `\n[fuzz] ${stats.sent} requests to ${operations.length} operations in ${seconds} s; 5xx: ${stats.serverErrors}; outside the contract: ${stats.violations.length}\n[fuzz] statuses: ${statuses}\n`,
    );
    if (stats.violations.length > 0) process.stdout.write(`[fuzz] first problems:\n${stats.violations.slice(0, 30).join('\n')}\n`);
    expect(stats.violations).toEqual([]);
    expect(stats.serverErrors).toBe(0);
    expect(stats.sent).toBeGreaterThan(1_500);
  }, 120_000);
});

describe('the inputs that once answered 500', () => {
  const as = (token: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: string) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
        payload,
      });

  it('answers 404 for %00 in an id path, and 400 INVALID_TEXT for a NUL or a lone surrogate anywhere in a body', async () => {
    const voyage = { title: 'Fuzzing the Solent again', estimated_start_date: `${year}-06-01`, estimated_end_date: `${year}-06-05`, boat_id: realIds['boat_id'] };
    expect((await as(tokens.member, 'PUT', '/api/voyages/%00', JSON.stringify(voyage))).statusCode).toBe(404);
    expect((await as(tokens.member, 'POST', `/api/voyages/${realIds['voyage_id']}%00/cancel`)).statusCode).toBe(404);
    for (const payload of [
      JSON.stringify({ ...voyage, title: 'Solent\u0000crossing' }),
      '{"title":"Solent \\ud800 crossing","estimated_start_date":"2030-06-01"}',
      JSON.stringify({ ...voyage, description: 'bell \u0007' }),
    ]) {
      const response = await as(tokens.member, 'POST', '/api/voyages/', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'The request contains characters that are not allowed (control characters or broken Unicode)', code: 'INVALID_TEXT' });
    }
    // Registration with a lone surrogate never reaches the mail queue.
    const registered = await as(
      undefined,
      'POST',
      '/api/auth/register',
      '{"first_name":"\\ud800","last_name":"Lowe","email":"surrogate@crew.test","password":"sail-away-9","user_type":"crew","acceptTerms":true}',
    );
    expect(registered.statusCode).toBe(400);
    expect(registered.json().code).toBe('INVALID_TEXT');
    // Tabs and line breaks are text in a body.
    const multiline = await as(tokens.member, 'PUT', '/api/profile/update-experience', JSON.stringify({ years_sailing: 3, informal_description: 'Dinghies\r\n\tthen yachts' }));
    expect(multiline.statusCode).toBe(200);
  });

  it('answers 400 for an impossible date in a filter or a form, and stores no such voyage', async () => {
    for (const url of [
      '/api/voyages/?departure_from=2027-02-30',
      '/api/voyages/map?departure_from=2027-02-30',
      '/api/voyages/?departure_to=9999-99-99',
      '/api/voyages/map?departure_to=2027-13-01',
    ]) {
      const response = await as(undefined, 'GET', url);
      expect([url, response.statusCode, response.json().code]).toEqual([url, 400, 'VALIDATION_FAILED']);
    }
    expect((await as(undefined, 'GET', '/api/geo/ports/search?q=%00%00')).statusCode).toBe(400);
    for (const [start, end] of [
      ['2027-02-30', '2027-03-05'],
      [`${year}-06-01`, '9999-99-99'],
    ]) {
      for (const draft of [false, true]) {
        const response = await as(
          tokens.member,
          'POST',
          '/api/voyages/',
          JSON.stringify({ title: 'Impossible dates', estimated_start_date: start, estimated_end_date: end, boat_id: realIds['boat_id'], draft }),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().details.map((d: { message: string }) => d.message)).toContain('Use a real calendar date between 2000 and 2100');
      }
    }
    const [{ count }] = await runtime.dataSource.query(`SELECT count(*)::int AS count FROM events WHERE data::text LIKE '%2027-02-30%' OR data::text LIKE '%9999-99-99%'`);
    expect(count).toBe(0);
  });
});

describe('uploads over a real connection', () => {
  /** Writes a request in pieces (`pieces` of the body, `gapMs` apart), then ends, aborts or leaves the socket; resolves with the answer's status, or null. */
  const slowly = (port: number, url: string, body: Buffer, options: { pieces: number; gapMs: number; declared?: number; finish: 'wait' | 'abort' }) =>
    new Promise<number | null>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]) || null));
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tokens.member}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${options.declared ?? body.length}\r\nConnection: close\r\n\r\n`,
      );
      const size = Math.ceil(body.length / options.pieces);
      let sent = 0;
      const timer = setInterval(() => {
        socket.write(body.subarray(sent, sent + size));
        sent += size;
        if (sent < body.length) return;
        clearInterval(timer);
        if (options.finish === 'abort') setTimeout(() => socket.destroy(), options.gapMs);
      }, options.gapMs);
      setTimeout(() => socket.destroy(), 10_000).unref();
    });

  it('answers truncated, malformed, slow and abandoned multipart bodies on both upload routes, and the process answers after each', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' }).then(() => app.getHttpServer().address() as AddressInfo);
    const still = async () =>
      (
        await app
          .getHttpAdapter()
          .getInstance()
          .inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${tokens.member}` } })
      ).statusCode;
    const truncated = Buffer.from(TRUNCATED_PART, 'latin1');
    const malformed = Buffer.from(`--x\r\nContent-Disposition form-data\r\n\r\n${'\u0000'.repeat(64)}`, 'latin1');
    const outcomes: string[] = [];
    for (const url of ['/api/profile/upload-photo', `/api/profile/boats/${realIds['boat_id']}/upload-photo`]) {
      for (const [name, body, options, expected] of [
        ['truncated, trickled', truncated, { pieces: 8, gapMs: 30, finish: 'wait' }, 400],
        ['malformed, trickled', malformed, { pieces: 4, gapMs: 30, finish: 'wait' }, 400],
        ['truncated, then the client breaks off', truncated, { pieces: 4, gapMs: 30, declared: truncated.length + 5_000, finish: 'abort' }, null],
      ] as const) {
        const status = await slowly(address.port, url, body, options);
        outcomes.push(`${url} ${name}: ${status} then ${await still()}`);
        expect({ url, name, status, after: await still() }).toEqual({ url, name, status: expected, after: 200 });
      }
    }
    process.stdout.write(`[multipart over sockets]\n  ${outcomes.join('\n  ')}\n`);
  });
});
