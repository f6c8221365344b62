import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { Application } from '../src/application';
import type { TestDatabase } from './support/database';
import { readTestEnvironment } from './support/test-env';
import { insertUser, startTestApp, type TestApp } from './support/harness';

/**
 * Every connection of a running process (projector leaders holding their
 * locks, the worker, the listeners, the request pool) is terminated at once,
 * as a database restart or a failover does. Each connection must fail into
 * its owner's error path: an `error` event on a connection nobody listens to
 * would end the whole process (here: fail this test). Then the process must
 * carry on by itself: the next command is answered and reaches the read models.
 */

let database: TestDatabase;
let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
let token: string;

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app
    .getHttpAdapter()
    .getInstance()
    .inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-connection-loss-', runtimeOptions: { redisPrefix: `crew-connection-loss-${process.pid}` }, worker: true });
  ({ runtime, app, database } = testApp);
  await insertUser(runtime.dataSource, { email: 'skipper@loss.test', password: 'pass-1234', firstName: 'Sam', lastName: 'Skipper', type: 'skipper' });
  token = (
    await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'skipper@loss.test', password: 'pass-1234' } })
  ).json().access_token;
}, 60_000);

afterAll(() => testApp.close());

it('survives the loss of every database connection at once and serves and projects again', async () => {
  // Leaders hold their lock connections checked out of the pool between batches: those are the ones that had no listener.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const admin = new Client({ connectionString: readTestEnvironment().adminUrl });
  await admin.connect();
  const [{ terminated }] = (
    await admin.query<{ terminated: number }>(
      'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS terminated FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database.name],
    )
  ).rows as [{ terminated: number }];
  await admin.end();
  expect(terminated).toBeGreaterThan(10);
  // Give every connection's error time to arrive (an unhandled one fails the test here).
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  const year = new Date().getUTCFullYear() + 1;
  let created: { statusCode: number; json: () => { id: string } } | null = null;
  for (let attempt = 0; attempt < 20; attempt++) {
    const boat = await inject('POST', '/api/profile/boats', { name: 'Resilient', boat_type: 'monohull', length_feet: 32, capacity: 4 });
    if (boat.statusCode !== 201) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    created = await inject('POST', '/api/voyages/', {
      title: 'After the restart',
      estimated_start_date: `${year}-07-01`,
      estimated_end_date: `${year}-07-04`,
      boat_id: boat.json().id,
      segments: [{ departure_port: 'Cowes', departure_coordinates: [-1.3, 50.76], arrival_port: 'Yarmouth', arrival_coordinates: [-1.5, 50.7] }],
    });
    if (created.statusCode === 201) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(created?.statusCode).toBe(201);
  const id = created!.json().id;
  // The projectors took their locks again and the voyage reached browse.
  for (let waited = 0; waited < 15_000; waited += 250) {
    const listed = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/api/voyages/?search=restart' });
    if (listed.json<{ voyages: { id: string }[] }>().voyages.some((v) => v.id === id)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the voyage never reached browse after the connections were lost');
}, 60_000);
