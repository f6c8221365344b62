import { CampaignDispatcher } from '../apps/api/src/modules/communications/campaigns';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication } from '../apps/api/src/application';
import { atLeast, atMost, createBenchDatabase, dropRedisKeys, requireRedis, figure, quietLogger, round, sleep, type BenchResult } from './support';

const RECIPIENTS = 100_000;
const WORKER_CONCURRENCY = 32;
const SMTP_CONNECTIONS = 8;

/**
 * An email campaign to 100,000 members through the real pipeline: the admin
 * API's dispatcher queues one send-email job per recipient in BullMQ (Redis,
 * batches of 1,000 behind a cursor), then a worker (concurrency 32) renders
 * each mail from the stored template, adds the unsubscribe link and tracking
 * image, sends it over SMTP (nodemailer, 8 pooled connections) to a local
 * sink and records it in `email_messages`. Goals: queued in at most 30 s,
 * delivered at 200 mails/s or more. In a database of its own; skipped
 * without Redis.
 */
export const runCampaignBenchmark = async (_databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const redisUrl = await requireRedis('campaign');

  let delivered = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        delivered++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
  const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}/?pool=true&maxConnections=${SMTP_CONNECTIONS}&maxMessages=100000`;
  const database = await createBenchDatabase();
  const prefix = `crew-bench-${randomUUID()}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtpUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crew-bench-campaign-')),
  });
  const runtime = await startApplication(config, database.url, quietLogger, { redisPrefix: prefix });
  try {
    await runtime.dataSource.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified)
       SELECT 'member.' || g || '@bench-campaign.example', 'x', 'Member' || g, 'Sailor', (ARRAY['crew', 'crew', 'skipper', 'both'])[1 + g % 4], true
         FROM generate_series(1, $1::int) AS g`,
      [RECIPIENTS],
    );
    await runtime.dataSource.query('ANALYZE users');
    log(`${RECIPIENTS.toLocaleString('en')} members written; queuing the campaign`);

    const queueStarted = performance.now();
    const { campaign } = await runtime.get(CampaignDispatcher).create({
      audience: 'all_users',
      subject: 'Autumn delivery trips',
      template: 'campaign',
      message: 'Several skippers are looking for crew to bring boats south this autumn.\n\nHave a look at the voyages page.',
      createdBy: null,
      idempotencyKey: null,
    });
    await runtime.get(CampaignDispatcher).settled();
    const queueSeconds = (performance.now() - queueStarted) / 1000;
    const [queued] = await runtime.dataSource.query<{ queued: number; status: string }[]>('SELECT queued, status FROM email_campaigns WHERE id = $1', [campaign.id]);
    log(`queued ${queued!.queued.toLocaleString('en')} jobs in ${round(queueSeconds, 1)} s (${queued!.status})`);

    const sendStarted = performance.now();
    await runtime.jobQueue.startWorker(runtime.roles.jobHandlers, { concurrency: WORKER_CONCURRENCY });
    let lastLog = performance.now();
    while (delivered < RECIPIENTS) {
      await sleep(250);
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(`${delivered.toLocaleString('en')} delivered, ${round(delivered / ((performance.now() - sendStarted) / 1000), 0)} mails/s`);
      }
      if (performance.now() - sendStarted > 30 * 60_000) throw new Error(`only ${delivered} of ${RECIPIENTS} delivered after 30 minutes`);
    }
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    const [recorded] = await runtime.dataSource.query<{ sent: number }[]>(`SELECT count(*)::int AS sent FROM email_messages WHERE campaign_id = $1 AND status = 'sent'`, [
      campaign.id,
    ]);
    const rate = RECIPIENTS / sendSeconds;
    log(`delivered ${RECIPIENTS.toLocaleString('en')} in ${round(sendSeconds, 1)} s: ${round(rate, 0)} mails/s; ${recorded!.sent.toLocaleString('en')} recorded as sent`);
    return {
      name: 'campaign',
      title: 'Email campaign to 100,000 members (BullMQ on Redis, local SMTP sink)',
      figures: {
        queued: figure('Campaign of 100,000 recipients queued', round(queueSeconds, 2), 's', atMost(30)),
        rate: figure('Delivered to the SMTP sink', round(rate, 0), 'mails/s', atLeast(200)),
      },
      details: {
        recipients: RECIPIENTS,
        workerConcurrency: WORKER_CONCURRENCY,
        smtpConnections: SMTP_CONNECTIONS,
        deliverySeconds: round(sendSeconds, 1),
        recordedSent: recorded!.sent,
      },
    };
  } finally {
    await runtime.close();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    await dropRedisKeys(redisUrl, prefix);
    await database.drop();
  }
};
