import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Stripe from 'stripe';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication, type Application } from '../apps/api/src/application';
import { figure, median, percentile, quietLogger, round, type BenchResult } from './support';

const MEMBERS = 300;
/** Deliveries in flight at once, as the provider sends them after a busy minute. */
const CONCURRENCY = 20;
const WEBHOOK_SECRET = 'whsec_bench_webhook';
const YEAR = 365 * 86_400;

/**
 * The payment webhook under load: signed checkout.session.completed events
 * for distinct members, each verified, its subscription's period fetched
 * from a local stand-in of the provider's API (loopback HTTP, so the network
 * cost is near zero), and an activation appended. Latency is the whole
 * request through Fastify (inject: no socket time); the read model catching
 * up is timed apart.
 */
export const runWebhookBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const started = Math.floor(Date.now() / 1000);
  const provider = createServer((request, response) => {
    const id = /^\/v1\/subscriptions\/(\w+)$/.exec(request.url ?? '')?.[1];
    request.resume();
    response.writeHead(id ? 200 : 404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        id
          ? {
              id,
              object: 'subscription',
              status: 'active',
              cancel_at_period_end: false,
              cancel_at: null,
              items: { object: 'list', data: [{ id: 'si_1', current_period_start: started, current_period_end: started + YEAR }] },
            }
          : { error: { type: 'invalid_request_error', message: 'Unknown' } },
      ),
    );
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  let runtime: Application | null = null;
  let app: NestFastifyApplication | null = null;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crew-bench-webhook-')),
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
    });
    runtime = await startApplication(config, databaseUrl, quietLogger, { http: { logger: false } });
    runtime.startProjectors();
    app = runtime.http!;
    await app.getHttpAdapter().getInstance().ready();
    const fastify = app.getHttpAdapter().getInstance();

    const run = Date.now();
    const members = await runtime.dataSource.query<{ id: string }[]>(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified)
       SELECT 'bench-payer-' || $1::text || '-' || n || '@crew.test', 'x', 'Bench', 'Payer', 'crew', true FROM generate_series(1, $2::int) AS n RETURNING id`,
      [String(run), MEMBERS],
    );
    const signer = new Stripe('sk_test_bench').webhooks;
    const deliveries = members.map(({ id }, i) => {
      const payload = JSON.stringify({
        id: `evt_bench_${run}_${i}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: started,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'checkout.session.completed',
        data: {
          object: {
            id: `cs_bench_${i}`,
            object: 'checkout.session',
            mode: 'subscription',
            status: 'complete',
            payment_status: 'paid',
            amount_total: 3000,
            currency: 'gbp',
            customer: `cus_bench_${run}_${i}`,
            subscription: `sub_bench_${run}_${i}`,
            invoice: `in_bench_${i}`,
            client_reference_id: id,
            metadata: { user_id: id },
          },
        },
      });
      return { payload, signature: signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
    });

    const times: number[] = [];
    const statuses = new Map<number, number>();
    const wall = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let delivery = deliveries[next++]; delivery; delivery = deliveries[next++]) {
          const sent = performance.now();
          const response = await fastify.inject({
            method: 'POST',
            url: '/api/payments/webhook',
            headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
            payload: delivery.payload,
          });
          times.push(performance.now() - sent);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        }
      }),
    );
    const wallMs = performance.now() - wall;
    if (statuses.get(200) !== MEMBERS) throw new Error(`webhook answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
    const dataSource = runtime.dataSource;
    const active = async (): Promise<number> =>
      Number(
        (await dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM subscriptions WHERE state = 'active' AND user_id = ANY($1::uuid[])`, [members.map((m) => m.id)]))[0]
          ?.n ?? 0,
      );
    let projected = 0;
    const projectionStarted = performance.now();
    while (projected < MEMBERS && performance.now() - projectionStarted < 30_000) {
      projected = await active();
      if (projected < MEMBERS) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const projectionMs = performance.now() - wall;
    if (projected !== MEMBERS) throw new Error(`${projected} of ${MEMBERS} subscriptions active in the read model after 30 s`);
    log(`${MEMBERS} signed checkout.session.completed deliveries, ${CONCURRENCY} in flight, all active in the read model`);

    return {
      name: 'webhook',
      title: `${MEMBERS} signed payment webhooks (checkout completed) for distinct members, ${CONCURRENCY} in flight`,
      figures: {
        p50: figure('webhook p50', round(median(times), 1), 'ms'),
        p99: figure('webhook p99', round(percentile(times, 99), 1), 'ms'),
        throughput: figure('webhooks per second', round((MEMBERS / wallMs) * 1000, 0), 'req/s'),
        projected: figure('all active in the read model after', round(projectionMs, 0), 'ms'),
      },
      details: { members: MEMBERS, concurrency: CONCURRENCY, times },
    };
  } finally {
    await app?.close();
    await runtime?.close();
    await new Promise((resolve) => provider.close(resolve));
  }
};
