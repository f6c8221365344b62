import type { Port } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { CRUISING_HARBOURS } from './fixtures/cruising-harbours';
import { startTestApp, type TestApp } from './support/harness';

/** Share of the list that must be found among the first three answers, in the right country. */
const GOAL = 0.95;
const TOP = 3;

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;

beforeAll(async () => {
  testApp = await startTestApp({ env: { DATA_DIR: '/tmp/crew-harbours-test' }, projectors: false });
  ({ runtime, app } = testApp);
});

afterAll(() => testApp.close());

describe('port search finds the harbours cruising sailors sail to', () => {
  it(`finds at least ${GOAL * 100}% of the list by its common name among the first ${TOP} answers, in the expected country`, async () => {
    const misses: string[] = [];
    for (const { q, country } of CRUISING_HARBOURS) {
      const response = await app
        .getHttpAdapter()
        .getInstance()
        .inject({ method: 'GET', url: `/api/geo/ports/search?q=${encodeURIComponent(q)}` });
      expect(response.statusCode).toBe(200);
      const top = response.json<{ ports: Port[] }>().ports.slice(0, TOP);
      // The answer names the country in English; the table keeps its ISO code.
      const codes = await runtime.dataSource.query<{ id: string; country_code: string }[]>('SELECT id, country_code FROM ports WHERE id = ANY($1)', [top.map((p) => p.id)]);
      if (!codes.some((row) => row.country_code === country)) {
        misses.push(`${q} (${country}): ${top.map((p) => `${p.name}, ${p.country}`).join(' | ') || 'nothing'}`);
      }
    }
    const rate = 1 - misses.length / CRUISING_HARBOURS.length;
    console.log(`${CRUISING_HARBOURS.length - misses.length}/${CRUISING_HARBOURS.length} found (${(rate * 100).toFixed(1)}%); misses:\n${misses.join('\n')}`);
    expect(CRUISING_HARBOURS.length).toBeGreaterThanOrEqual(150);
    expect(rate).toBeGreaterThanOrEqual(GOAL);
  }, 120_000);
});
