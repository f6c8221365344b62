import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveMessageEvent } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication, type Application } from '../apps/api/src/application';
import { atMost, createBenchDatabase, figure, median, percentile, round, type BenchResult, type Figure } from './support';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const SENDERS = 50;
const DELIVERIES = 200;
const LIST_USERS = 5_000;
const MY_CONVERSATIONS = 1_000;
const MESSAGES = 100_000;
const LIST_ROUNDS = 300;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Node {
  readonly runtime: Application;
  readonly app: NestFastifyApplication;
  readonly port: number;
}

const startNode = async (databaseUrl: string, env: Record<string, string>, redisPrefix?: string): Promise<Node> => {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', API_ROLES: 'http', DATA_DIR: '/tmp/crew-bench-messaging', ...env });
  const runtime = await startApplication(config, databaseUrl, quiet, { ...(redisPrefix ? { redisPrefix } : {}), http: { logger: false } });
  const app = runtime.http!;
  await app.listen(0, '127.0.0.1');
  return { runtime, app, port: (app.getHttpServer().address() as AddressInfo).port };
};

const stopNode = async (node: Node): Promise<void> => {
  await node.runtime.close();
};

/** An open event stream (what a browser's EventSource holds), calling `onEvent` for each event. */
const openStream = (port: number, path: string, onEvent: (event: LiveMessageEvent) => void): Promise<() => void> =>
  new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          buffer = buffer.slice(end + 2);
          if (data) onEvent(JSON.parse(data) as LiveMessageEvent);
        }
      });
      response.on('error', () => undefined);
      resolve(() => {
        request.destroy();
        response.destroy();
      });
    });
    request.on('error', reject);
  });

async function addUsers(runtime: Application, prefix: string, count: number): Promise<string[]> {
  const rows = await runtime.dataSource.query<{ id: string }[]>(
    `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified)
     SELECT $1 || i || '@crew.test', 'x', 'Bench', 'Sailor ' || i, 'crew', true FROM generate_series(1, $2) AS i RETURNING id`,
    [prefix, count],
  );
  return rows.map((r) => r.id);
}

/** Conversations between `receiver` and each sender, written straight into the tables. */
async function pairConversations(runtime: Application, receiver: string, senders: readonly string[]): Promise<string[]> {
  const ids = senders.map(() => randomUUID());
  await runtime.dataSource.query(
    `INSERT INTO conversations (id, voyage_id, user_low, user_high, started_by, created_at)
     SELECT c.id, gen_random_uuid(), least(c.sender, $1::uuid), greatest(c.sender, $1::uuid), c.sender, now()
       FROM unnest($2::uuid[], $3::uuid[]) AS c(id, sender)`,
    [receiver, ids, senders],
  );
  await runtime.dataSource.query(
    `INSERT INTO conversation_members (conversation_id, user_id, other_user_id, last_message_at)
     SELECT c.id, c.sender, $1::uuid, now() FROM unnest($2::uuid[], $3::uuid[]) AS c(id, sender)
     UNION ALL SELECT c.id, $1::uuid, c.sender, now() FROM unnest($2::uuid[], $3::uuid[]) AS c(id, sender)`,
    [receiver, ids, senders],
  );
  return ids;
}

/**
 * Milliseconds from sending a message (POST through `sendVia`) until it
 * arrives on the receiver's open stream (on `streamVia`), one at a time.
 */
async function deliveryTimes(sendVia: Node, streamVia: Node, label: string, log: (line: string) => void): Promise<number[]> {
  const runtime = sendVia.runtime;
  const [receiver] = await addUsers(runtime, `${label}-receiver-`, 1);
  const senders = await addUsers(runtime, `${label}-sender-`, SENDERS);
  const conversations = await pairConversations(runtime, receiver!, senders);
  const tokens = senders.map((id) => runtime.tokens.sign(id, 0));
  const fastify = streamVia.app.getHttpAdapter().getInstance();
  const ticket = (await fastify.inject({ method: 'POST', url: '/api/messages/stream-ticket', headers: { authorization: `Bearer ${runtime.tokens.sign(receiver!, 0)}` } })).json<{
    stream_url: string;
  }>();
  const waiting = new Map<string, () => void>();
  const close = await openStream(streamVia.port, ticket.stream_url, (event) => {
    if (event.type === 'message') waiting.get(event.message.body)?.();
  });
  const sender = sendVia.app.getHttpAdapter().getInstance();
  const times: number[] = [];
  try {
    for (let i = 0; i < DELIVERIES + 20; i++) {
      const who = i % SENDERS;
      const body = `${label} ${i} ${randomUUID()}`;
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${label}: message ${i} did not arrive within 5 s`)), 5_000);
        waiting.set(body, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      const started = performance.now();
      const response = await sender.inject({
        method: 'POST',
        url: `/api/conversations/${conversations[who]}/messages`,
        headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ body }),
      });
      if (response.statusCode !== 201) throw new Error(`${label}: send answered ${response.statusCode}: ${response.body}`);
      await arrived;
      waiting.delete(body);
      // The first 20 warm the paths up.
      if (i >= 20) times.push(performance.now() - started);
    }
  } finally {
    close();
  }
  log(`${label}: ${times.length} messages, p50 ${round(median(times))} ms, p95 ${round(percentile(times, 95))} ms`);
  return times;
}

/** One user with 1,000 conversations among 100,000 messages, written by SQL in the shapes the API writes. */
async function seedInbox(runtime: Application): Promise<string> {
  const others = await addUsers(runtime, 'inbox-', LIST_USERS);
  const [me] = await addUsers(runtime, 'inbox-me-', 1);
  await runtime.dataSource.query(
    `WITH o AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM unnest($1::uuid[]) AS id)
     INSERT INTO conversations (id, voyage_id, user_low, user_high, started_by, created_at)
     SELECT gen_random_uuid(), gen_random_uuid(), least(o.id, $2::uuid), greatest(o.id, $2::uuid), o.id, now() - interval '60 days' FROM o WHERE o.n <= $3
     UNION ALL
     SELECT gen_random_uuid(), gen_random_uuid(), least(a.id, b.id), greatest(a.id, b.id), a.id, now() - interval '60 days'
       FROM o a CROSS JOIN generate_series(1, 2) AS k JOIN o b ON b.n = (a.n + k * 7) % $4 + 1 WHERE a.id <> b.id`,
    [others, me, MY_CONVERSATIONS, LIST_USERS],
  );
  const [{ conversations }] = await runtime.dataSource.query<{ conversations: number }[]>('SELECT count(*)::int AS conversations FROM conversations');
  const [{ mine }] = await runtime.dataSource.query<{ mine: number }[]>('SELECT count(*)::int AS mine FROM conversations WHERE user_low = $1 OR user_high = $1', [me]);
  // 30 messages in each of my conversations, the rest spread over the others: 100,000 in all.
  const perOther = Math.ceil((MESSAGES - mine * 30) / (conversations - mine));
  await runtime.dataSource.query(
    `INSERT INTO messages (id, conversation_id, sender_id, body, created_at)
     SELECT gen_random_uuid(), c.id, CASE WHEN g % 2 = 0 THEN c.user_low ELSE c.user_high END,
            'Bench message ' || g || ' about the passage, the watch system and what to bring aboard.',
            c.created_at + g * interval '1 hour' + (random() * interval '20 days')
       FROM conversations c
       CROSS JOIN LATERAL generate_series(1, CASE WHEN c.user_low = $1 OR c.user_high = $1 THEN 30 ELSE $2 END) AS g`,
    [me, perOther],
  );
  await runtime.dataSource.query(`
    UPDATE conversations c SET last_message_id = l.id
      FROM (SELECT DISTINCT ON (conversation_id) conversation_id, id FROM messages ORDER BY conversation_id, seq DESC) l
     WHERE l.conversation_id = c.id`);
  await runtime.dataSource.query(`
    INSERT INTO conversation_members (conversation_id, user_id, other_user_id, last_message_at, unread_count)
    SELECT c.id, u.user_id, u.other_id, m.created_at, (random() * 3)::int
      FROM conversations c JOIN messages m ON m.id = c.last_message_id
      CROSS JOIN LATERAL (VALUES (c.user_low, c.user_high), (c.user_high, c.user_low)) AS u(user_id, other_id)
     WHERE NOT EXISTS (SELECT 1 FROM conversation_members x WHERE x.conversation_id = c.id)`);
  await runtime.dataSource.query('ANALYZE users; ANALYZE conversations; ANALYZE conversation_members; ANALYZE messages');
  return me!;
}

/**
 * Messaging at scale (docs/features/messaging.md): how long a sent message takes to
 * reach the recipient's open stream, within one API process (PostgreSQL
 * LISTEN/NOTIFY, no Redis) and across two API instances sharing Redis (sent
 * through one, streamed from the other; both instances run in this process);
 * and the conversation list of a user with 1,000 conversations in a database
 * of 100,000 messages, through the whole HTTP stack.
 */
export const runMessagingBenchmark = async (_sharedUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const database = await createBenchDatabase();
  const prefix = `crew-bench-${randomUUID()}`;
  const nodes: Node[] = [];
  try {
    const single = await startNode(database.url, {});
    nodes.push(single);
    const local = await deliveryTimes(single, single, 'one process (LISTEN/NOTIFY)', log);

    const a = await startNode(database.url, { REDIS_URL }, prefix);
    const b = await startNode(database.url, { REDIS_URL }, prefix);
    nodes.push(a, b);
    const across = await deliveryTimes(a, b, 'two instances (Redis)', log);

    let started = performance.now();
    const me = await seedInbox(single.runtime);
    const [{ messages }] = await single.runtime.dataSource.query<{ messages: number }[]>('SELECT count(*)::int AS messages FROM messages');
    log(`seeded ${messages.toLocaleString('en')} messages in ${Math.round(performance.now() - started)} ms`);
    const fastify = single.app.getHttpAdapter().getInstance();
    const token = single.runtime.tokens.sign(me, 0);
    const list: number[] = [];
    let count = 0;
    for (let i = 0; i < LIST_ROUNDS + 30; i++) {
      started = performance.now();
      const response = await fastify.inject({ method: 'GET', url: '/api/conversations', headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}: ${response.body}`);
      count = response.json<{ conversations: unknown[] }>().conversations.length;
      if (i >= 30) list.push(ms);
    }
    const [plan] = await single.runtime.dataSource.query<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN (FORMAT TEXT) SELECT conversation_id FROM conversation_members WHERE user_id = $1 ORDER BY last_message_at DESC, conversation_id DESC LIMIT 51`,
      [me],
    );
    log(`conversation list: ${count} a page, p50 ${round(median(list))} ms, p95 ${round(percentile(list, 95))} ms`);

    const figures: Record<string, Figure> = {
      deliveryP50: figure('message to open stream p50, one process (LISTEN/NOTIFY)', round(median(local)), 'ms'),
      deliveryP95: figure('message to open stream p95, one process (LISTEN/NOTIFY)', round(percentile(local, 95)), 'ms', atMost(100)),
      redisP50: figure('message to open stream p50, across two instances (Redis)', round(median(across)), 'ms'),
      redisP95: figure('message to open stream p95, across two instances (Redis)', round(percentile(across, 95)), 'ms', atMost(100)),
      listP50: figure('conversation list p50, 1,000 conversations, 100,000 messages', round(median(list)), 'ms'),
      listP95: figure('conversation list p95, 1,000 conversations, 100,000 messages', round(percentile(list, 95)), 'ms', atMost(20)),
    };
    return {
      name: 'messaging',
      title: 'Messaging: live delivery and the conversation list',
      figures,
      details: { senders: SENDERS, deliveries: DELIVERIES, messages, listRounds: LIST_ROUNDS, pageSize: count, inboxPlan: plan?.['QUERY PLAN'] ?? null },
    };
  } finally {
    for (const node of nodes.reverse()) await stopNode(node).catch(() => undefined);
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
    await redis
      .connect()
      .then(async () => {
        const keys: string[] = [];
        for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...(batch as string[]));
        if (keys.length > 0) await redis.del(...keys);
      })
      .catch(() => undefined);
    redis.disconnect();
    if (process.env['BENCH_KEEP_DATABASE'] !== '1') await database.drop();
  }
};
