import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { DataSource } from 'typeorm';
import { startApplication, type Application, type ApplicationOptions } from '../../src/application';
import { createHttpApp } from '../../src/http-app';
import { hashPassword } from '../../src/modules/accounts/password-hasher';
import { sealSecret, twoFactorKeyOf } from '../../src/modules/accounts/two-factor/secret-box';
import { loadConfig } from '../../src/platform/config/app-config';
import type { Platform, PlatformLogger } from '../../src/platform/platform';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * The one harness of the API's integration specs: a quiet logger, a runtime
 * and its Nest HTTP app on a fresh database, a typed `call` over Fastify's
 * inject, and members inserted straight into `users` with a session token.
 */

/** A runtime logger that says nothing. */
export const quietLogger: PlatformLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A runtime logger that keeps warnings and errors in `into` (and says nothing). */
export const collectingLogger = (into: string[]): PlatformLogger => ({
  info: () => undefined,
  warn: (message: string) => void into.push(message),
  error: (message: string) => void into.push(message),
});

// ---------------------------------------------------------------------------
// Application and HTTP app
// ---------------------------------------------------------------------------

export interface TestRuntimeOptions {
  /** Environment for `loadConfig` beside NODE_ENV=test, LOG_LEVEL=silent and a fresh DATA_DIR (unless it names one). */
  readonly env?: Record<string, string | undefined>;
  /** Prefix of the temporary DATA_DIR (default `crew-test-`). */
  readonly dataDirPrefix?: string;
  /** The database to use; a fresh one cloned from the template when absent (and then dropped by `close`). */
  readonly database?: TestDatabase;
  readonly logger?: PlatformLogger;
  /** Passed to `startApplication` (a Redis prefix, a clock). */
  readonly runtimeOptions?: Omit<ApplicationOptions, 'http'>;
  /** Start the projectors (default true). */
  readonly projectors?: boolean;
  /** Start the job worker and the schedulers once the projectors run (default false). */
  readonly worker?: boolean;
  /** Wait until every projection runner holds its lease and has caught up (default false). */
  readonly waitForRunners?: boolean;
}

export interface TestRuntime {
  readonly database: TestDatabase;
  readonly runtime: Application;
  /** The runtime's DATA_DIR (uploads and such). */
  readonly dataDir: string;
  /** Closes the runtime, then drops the database if the harness created it. */
  close(): Promise<void>;
}

export interface TestAppOptions extends TestRuntimeOptions {
  /** Listen on a free port of 127.0.0.1 (for clients over the network) instead of only initialising (default false). */
  readonly listen?: boolean;
}

export interface TestApp extends TestRuntime {
  readonly app: NestFastifyApplication;
  /** Closes the app and the runtime, then drops the database if the harness created it. */
  close(): Promise<void>;
}

/**
 * A built web client of one page and its entry script in a fresh temporary directory, with the build manifest
 * when given (the screens a page shell names), for an app that serves pages as the site does.
 */
export const builtWebClient = (prefix: string, manifest?: Record<string, unknown>): string => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), prefix));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log("crew")');
  if (manifest) {
    mkdirSync(path.join(webDist, '.vite'));
    writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return webDist;
};

/** A fresh temporary directory for a runtime's DATA_DIR. */
export const tempDataDir = (prefix = 'crew-test-'): string => mkdtempSync(path.join(os.tmpdir(), prefix));

/** A runtime's configuration as the specs build it: test mode, silent logs, a fresh data directory unless env names one. */
export const testConfig = (env: Record<string, string | undefined> = {}, dataDirPrefix = 'crew-test-') =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env, DATA_DIR: env['DATA_DIR'] ?? tempDataDir(dataDirPrefix) });

/** A (further) Nest HTTP app over a running application's platform, initialised and ready for inject. */
export const startHttpApp = async (platform: Platform): Promise<NestFastifyApplication> => {
  const app = await createHttpApp(platform, { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
};

/** An application on a fresh database (or the one given), its projectors running unless told otherwise. */
export const startTestRuntime = async (options: TestRuntimeOptions = {}, http: ApplicationOptions['http'] = false): Promise<TestRuntime> => {
  const ownDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  const dataDir = options.env?.['DATA_DIR'] ?? tempDataDir(options.dataDirPrefix);
  const config = testConfig({ ...options.env, DATA_DIR: dataDir });
  const runtime = await startApplication(config, database.url, options.logger ?? quietLogger, { ...options.runtimeOptions, http });
  if (options.projectors ?? true) runtime.startProjectors();
  if (options.worker) await runtime.startWorker();
  if (options.waitForRunners) {
    for (let waited = 0; waited < 20_000 && !runtime.roles.runners.every((runner) => runner.state === 'running'); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    database,
    runtime,
    dataDir,
    close: async () => {
      await runtime.close();
      if (ownDatabase) await database.drop();
    },
  };
};

/** `startTestRuntime`, then its HTTP app, ready for inject (or listening). */
export const startTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const base = await startTestRuntime(options, { logger: false });
  const app = base.runtime.http!;
  if (options.listen) await app.listen(0, '127.0.0.1');
  else await app.getHttpAdapter().getInstance().ready();
  return { ...base, app };
};

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface InjectOptions {
  /** Sent as `Authorization: Bearer <token>` when given. */
  readonly token?: string;
  /** Sent as JSON, with its content type, when given. */
  readonly body?: unknown;
  /** Sent as it is (no content type added), instead of a JSON body. */
  readonly raw?: string | Buffer;
  /** Added last: they override the authorization and content type above. */
  readonly headers?: Record<string, string>;
  /** The client's address (default Fastify's, 127.0.0.1). */
  readonly remoteAddress?: string;
}

/** One request through Fastify's inject; the whole answer (status, headers, payload). */
export const inject = (app: NestFastifyApplication, method: Method, url: string, options: InjectOptions = {}) =>
  app
    .getHttpAdapter()
    .getInstance()
    .inject({
      method,
      url,
      ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      payload: options.raw ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    });

export interface CallOptions extends InjectOptions {
  /** Sent as it is, as JSON. */
  readonly raw?: string;
}

export interface CallResult<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
}

/** One request through Fastify's inject; the answer's status and JSON body. */
export const call = async <T = Record<string, unknown>>(app: NestFastifyApplication, method: Method, url: string, options: CallOptions = {}): Promise<CallResult<T>> => {
  const response = await inject(app, method, url, {
    ...options,
    headers: { ...(options.raw !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
  });
  return { status: response.statusCode, body: response.json() as T };
};

/**
 * `call` in the specs' short form, `(method, url, who?, body?)`, on the app `app()` returns
 * when called: `who` is an actor named in `tokens`, or else a token itself.
 */
export const callAs =
  (app: () => NestFastifyApplication, tokens: Readonly<Record<string, string>> = {}) =>
  <T = Record<string, unknown>>(method: Method, url: string, who?: string, body?: unknown): Promise<CallResult<T>> =>
    call<T>(app(), method, url, { token: who ? (Object.hasOwn(tokens, who) ? tokens[who] : who) : undefined, body });

// ---------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------

export type UserType = 'crew' | 'skipper' | 'both' | 'admin';

export interface NewUser {
  readonly email: string;
  /** Default crew. */
  readonly type?: UserType;
  /** Default 'Test'. */
  readonly firstName?: string;
  /** Default 'User'. */
  readonly lastName?: string;
  /** A password to hash and store; without it (and without passwordHash) the hash is 'x', which no password matches. */
  readonly password?: string;
  /** A hash stored as it is. */
  readonly passwordHash?: string;
  /** Default: whether type is admin. */
  readonly admin?: boolean;
  /** Default true. */
  readonly verified?: boolean;
  /** A chosen id; default one the database draws. */
  readonly id?: string;
  /** The account's age in days (created_at = now() - days); default now. */
  readonly createdDaysAgo?: number;
  /** The account's creation time; default now. */
  readonly createdAt?: string | Date;
  /** Further columns of `users` (for instance sailing_experience, crew_skills), as SQL parameters. */
  readonly columns?: Readonly<Record<string, unknown>>;
  /**
   * Two-step sign-in on, with TEST_TWO_FACTOR_SECRET (default: for administrators, who may
   * use the administrator routes only with it). False: off, as for an administrator who has
   * not set it up yet.
   */
  readonly twoFactor?: boolean;
}

// ---------------------------------------------------------------------------
// Two-step sign-in
// ---------------------------------------------------------------------------

/** The authenticator secret of every test member inserted with two-step sign-in on (administrators by default). */
export const TEST_TWO_FACTOR_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The current authenticator code of a secret (default the test members' one), at `at` (default now). */
export const twoFactorCode = (secret: string = TEST_TWO_FACTOR_SECRET, at: Date = new Date()): Promise<string> => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** Turns two-step sign-in on for members, with TEST_TWO_FACTOR_SECRET. */
export const enableTestTwoFactor = async (dataSource: DataSource, userIds: readonly string[]): Promise<void> => {
  if (userIds.length === 0) return;
  const sealed = sealSecret(await twoFactorKeyOf(dataSource), TEST_TWO_FACTOR_SECRET);
  await dataSource.query('UPDATE users SET two_factor_secret = $2, two_factor_enabled_at = now() WHERE id = ANY($1::uuid[])', [userIds, sealed]);
};

/** Secrets of administrators the harness turned two-step sign-in on for through the API (see signInWithPassword), by user id. */
const secretsSetUpThroughApi = new Map<string, string>();

/**
 * Signs in with email and password as the web client does, passing the code step
 * of an account with two-step sign-in (with the test secret, or the one the harness
 * set up); an administrator without it (the first administrator, say) sets it up
 * and turns it on through the API, so the session may use the administrator routes.
 * The last accepted code is forgotten first, so a test may sign one account in
 * more than once within 30 seconds. Fails on any other answer.
 */
export const signInWithPassword = async (
  app: NestFastifyApplication,
  dataSource: DataSource,
  email: string,
  password: string,
): Promise<{ access_token: string; user: { id: string; is_admin: boolean; two_factor_enabled?: boolean } }> => {
  type Session = { access_token: string; user: { id: string; is_admin: boolean; two_factor_enabled?: boolean } };
  const login = await call<Session & { two_factor_required?: true; challenge?: string }>(app, 'POST', '/api/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`sign-in of ${email} answered ${login.status}: ${JSON.stringify(login.body)}`);
  if (login.body.two_factor_required) {
    const [rows] = await dataSource.query<[{ id: string }[], number]>('UPDATE users SET two_factor_last_step = NULL WHERE lower(email) = lower($1) RETURNING id', [email]);
    const code = await twoFactorCode(secretsSetUpThroughApi.get(rows[0]?.id ?? '') ?? TEST_TWO_FACTOR_SECRET);
    const verified = await call<Session>(app, 'POST', '/api/auth/2fa/verify', { body: { challenge: login.body.challenge, code } });
    if (verified.status !== 200) throw new Error(`the code step of ${email} answered ${verified.status}: ${JSON.stringify(verified.body)}`);
    return verified.body;
  }
  if (login.body.user.is_admin && !login.body.user.two_factor_enabled) {
    const token = login.body.access_token;
    const setup = await call<{ secret: string }>(app, 'POST', '/api/auth/2fa/setup', { token });
    const enabled = await call(app, 'POST', '/api/auth/2fa/enable', { token, body: { code: await twoFactorCode(setup.body.secret) } });
    if (enabled.status !== 200) throw new Error(`turning on two-step sign-in for ${email} answered ${enabled.status}: ${JSON.stringify(enabled.body)}`);
    secretsSetUpThroughApi.set(login.body.user.id, setup.body.secret);
    return { ...login.body, user: { ...login.body.user, two_factor_enabled: true } };
  }
  return login.body;
};

/** Inserts a member straight into `users`; their id. */
export const insertUser = async (dataSource: DataSource, user: NewUser): Promise<string> => {
  const type = user.type ?? 'crew';
  const passwordHash = user.passwordHash ?? (user.password !== undefined ? await hashPassword(user.password) : 'x');
  const names = ['email', 'password_hash', 'first_name', 'last_name', 'user_type', 'is_admin', 'email_verified'];
  const values: unknown[] = [user.email, passwordHash, user.firstName ?? 'Test', user.lastName ?? 'User', type, user.admin ?? type === 'admin', user.verified ?? true];
  const placeholders = names.map((_, index) => `$${index + 1}`);
  const add = (name: string, value: unknown, placeholder = (n: number) => `$${n}`) => {
    names.push(name);
    values.push(value);
    placeholders.push(placeholder(values.length));
  };
  if (user.id !== undefined) add('id', user.id, (n) => `$${n}::uuid`);
  if (user.createdAt !== undefined) add('created_at', user.createdAt);
  else if (user.createdDaysAgo !== undefined) add('created_at', user.createdDaysAgo, (n) => `now() - make_interval(days => $${n})`);
  for (const [name, value] of Object.entries(user.columns ?? {})) {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`not a column name: ${name}`);
    add(name, value);
  }
  const rows: { id: string }[] = await dataSource.query(`INSERT INTO users (${names.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING id`, values);
  if (user.twoFactor ?? user.admin ?? type === 'admin') await enableTestTwoFactor(dataSource, [rows[0]!.id]);
  return rows[0]!.id;
};

/**
 * Inserts many members in one statement (a crowd for a count or a campaign); their ids, in the order given.
 * Each takes email, type, names, password hash, admin, verified and id as `insertUser` does; nothing else.
 */
export const insertUsers = async (dataSource: DataSource, users: readonly NewUser[]): Promise<string[]> => {
  for (const user of users) {
    if (user.password !== undefined || user.createdAt !== undefined || user.createdDaysAgo !== undefined || user.columns !== undefined) {
      throw new Error('insertUsers takes no password, creation time or further columns: use insertUser');
    }
  }
  const rows: { id: string; email: string }[] = await dataSource.query(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, user_type, is_admin, email_verified)
     SELECT coalesce(id, gen_random_uuid()), email, password_hash, first_name, last_name, user_type, is_admin, email_verified
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::boolean[])
         AS u(id, email, password_hash, first_name, last_name, user_type, is_admin, email_verified)
     RETURNING id, email`,
    [
      users.map((user) => user.id ?? null),
      users.map((user) => user.email),
      users.map((user) => user.passwordHash ?? 'x'),
      users.map((user) => user.firstName ?? 'Test'),
      users.map((user) => user.lastName ?? 'User'),
      users.map((user) => user.type ?? 'crew'),
      users.map((user) => user.admin ?? user.type === 'admin'),
      users.map((user) => user.verified ?? true),
    ],
  );
  const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
  const ids = users.map((user) => byEmail.get(user.email.toLowerCase())!);
  await enableTestTwoFactor(
    dataSource,
    ids.filter((_, index) => users[index]!.twoFactor ?? users[index]!.admin ?? users[index]!.type === 'admin'),
  );
  return ids;
};

/** Inserts a member straight into `users`; their id and a session token for them. */
export const addUser = async (runtime: Pick<Application, 'dataSource' | 'tokens'>, user: NewUser): Promise<{ id: string; token: string }> => {
  const id = await insertUser(runtime.dataSource, user);
  return { id, token: runtime.tokens.sign(id, 0) };
};
