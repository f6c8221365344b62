import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp } from '../src/http-app';
import { loadConfig } from '../src/platform/config/app-config';
import { startApplication, type Application } from '../src/application';
import { createTestDatabase, type TestDatabase } from './support/database';
import { quietLogger } from './support/harness';

/** The access log as an operator (or whoever they ship logs to) reads it: no working link in it. */

let database: TestDatabase;
let runtime: Application;
let app: NestFastifyApplication;
const logged: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crew-access-log-')) });
  runtime = await startApplication(config, database.url, quietLogger);
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  app = await createHttpApp(runtime, { logStream });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await database?.drop();
});

it('logs every request without the secrets its URL carries', async () => {
  const secret = 'Zq7Secret0nceOnly';
  const urls = [
    `/api/auth/verify-email?token=${secret}`,
    `/api/messages/stream?ticket=${secret}.sig`,
    `/api/float-plans/${secret}`,
    `/float-plans/${secret}`,
    `/api/mail/unsubscribe?user=00000000-0000-4000-8000-000000000000&token=${secret}`,
    `/reset-password?token=${secret}`,
    `/api/mail/open/${secret}`,
  ];
  for (const url of urls) await app.getHttpAdapter().getInstance().inject({ method: 'GET', url });
  const lines = logged.filter((line) => line.includes('request completed'));
  expect(lines.length).toBeGreaterThanOrEqual(urls.length);
  expect(logged.join('\n')).not.toContain(secret);
  expect(lines.filter((line) => line.includes('[redacted]')).length).toBeGreaterThanOrEqual(urls.length);
});
