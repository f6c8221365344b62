import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication } from '../apps/api/src/application';
import { atMost, figure, median, percentile, round, type BenchResult } from './support';

const ROUNDS = 40;

/**
 * Register and sign-in latency through the real HTTP stack (Fastify inject,
 * so no socket time), one request at a time. Both are dominated by argon2id
 * at the cost chosen in password-hasher.ts (19 MiB, 2 passes, 1 lane: the
 * OWASP baseline), which is the point: a guess must cost an attacker as much.
 */
export const runAuthBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/crew-bench-auth' });
  const runtime = await startApplication(config, databaseUrl, { info: () => undefined, warn: () => undefined, error: () => undefined }, { http: { logger: false } });
  const app = runtime.http!;
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.ready();
  const register: number[] = [];
  const login: number[] = [];
  const knownWrong: number[] = [];
  const unknown: number[] = [];
  try {
    const run = Date.now();
    for (let i = 0; i < ROUNDS; i++) {
      const email = `bench-${run}-${i}@crew.test`;
      let started = performance.now();
      const created = await fastify.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { first_name: 'Bench', last_name: 'Sailor', email, password: 'bench-pass-1', user_type: 'crew', acceptTerms: true },
      });
      register.push(performance.now() - started);
      if (created.statusCode !== 201) throw new Error(`register answered ${created.statusCode}: ${created.body}`);
      await runtime.dataSource.query('UPDATE users SET email_verified = true WHERE email = $1', [email]);
      started = performance.now();
      const signedIn = await fastify.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'bench-pass-1' } });
      login.push(performance.now() - started);
      if (signedIn.statusCode !== 200) throw new Error(`login answered ${signedIn.statusCode}: ${signedIn.body}`);
    }
    log(`${ROUNDS} registrations and sign-ins, one at a time`);
    // Failed sign-ins, interleaved: a known email with a wrong password against an email nobody has.
    // Each from its own address so the throttle's delays stay out of the measurement.
    for (let i = 0; i < ROUNDS; i++) {
      for (const [samples, email] of [
        [knownWrong, `bench-${run}-${i}@crew.test`],
        [unknown, `nobody-${run}-${i}@crew.test`],
      ] as const) {
        const started = performance.now();
        const failed = await fastify.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `10.${i}.${samples === unknown ? 1 : 0}.1`,
          payload: { email, password: 'wrong-pass-1' },
        });
        samples.push(performance.now() - started);
        if (failed.statusCode !== 401) throw new Error(`failed sign-in answered ${failed.statusCode}: ${failed.body}`);
      }
    }
    log(`${ROUNDS} failed sign-ins for known and for unknown emails`);
  } finally {
    await runtime.close();
  }
  return {
    name: 'auth',
    title: 'Register and sign-in latency (argon2id m=19 MiB, t=2, p=1)',
    figures: {
      registerP50: figure('register p50', round(median(register), 1), 'ms'),
      registerP99: figure('register p99', round(percentile(register, 99), 1), 'ms'),
      loginP50: figure('sign-in p50', round(median(login), 1), 'ms'),
      loginP99: figure('sign-in p99', round(percentile(login, 99), 1), 'ms'),
      failedKnownP50: figure('failed sign-in, known email p50', round(median(knownWrong), 1), 'ms'),
      failedUnknownP50: figure('failed sign-in, unknown email p50', round(median(unknown), 1), 'ms'),
      // Timing must not tell which emails have accounts: within 10% either way.
      failedTimingRatio: figure('known / unknown failed sign-in (p50)', round(median(knownWrong) / median(unknown), 3), 'x', atMost(1.1)),
    },
    details: { rounds: ROUNDS, argon2: { memoryKiB: 19_456, passes: 2, lanes: 1 } },
  };
};
