import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../src/platform/database/data-source';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase } from './support/database';

/**
 * A connection the database ends in the same breath as it opens (a restart or
 * `pg_terminate_backend` just as a busy process grows its pool). The pool hands
 * the new client to the request waiting for it and takes its own `error`
 * listener off; a waiter that is a promise attaches its own only a microtask
 * later. The server's "ready" and its FATAL arrive in one read, so the client
 * emits `error` in between, to nobody: that ended an HTTP process of the
 * scale-out chaos run. Here a proxy in front of PostgreSQL ends one connection
 * exactly so, and the query must fail into its caller's error path (an
 * unhandled `error` event fails this test) while the next ones are served.
 */

/** PostgreSQL's ErrorResponse for a backend terminated by an administrator. */
const terminatedMessage = (): Buffer => {
  const fields = (
    [
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', '57P01'],
      ['M', 'terminating connection due to administrator command'],
    ] as const
  )
    .map(([code, text]) => Buffer.from(`${code}${text}\0`))
    .concat(Buffer.from([0]));
  const body = Buffer.concat(fields);
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
};

/** The length of the server's messages up to and including its first ReadyForQuery, or null if not all in yet. */
const throughFirstReady = (bytes: Buffer): number | null => {
  let at = 0;
  while (at + 5 <= bytes.length) {
    const length = bytes.readInt32BE(at + 1);
    if (at + 1 + length > bytes.length) return null;
    const type = bytes.toString('latin1', at, at + 1);
    at += 1 + length;
    if (type === 'Z') return at;
  }
  return null;
};

/** Forwards to PostgreSQL; while armed, the next connection is ended with a FATAL right behind its first "ready". */
class EndingProxy {
  private armed = 0;
  private readonly sockets = new Set<Socket>();
  ended = 0;
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: URL): Promise<EndingProxy> {
    let proxy: EndingProxy | null = null;
    const server = createServer((client) => proxy?.forward(client, target));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new EndingProxy(server, (server.address() as AddressInfo).port);
    return proxy;
  }

  /** The next `count` connections opened end as they open. */
  arm(count: number): void {
    this.armed = count;
  }

  private forward(client: Socket, target: URL): void {
    const ending = this.armed > 0;
    if (ending) this.armed--;
    const upstream = connect(Number(target.port || 5432), target.hostname);
    this.sockets.add(client).add(upstream);
    const forget = (socket: Socket) => () => void this.sockets.delete(socket);
    client.on('close', forget(client)).on('error', () => upstream.destroy());
    upstream.on('close', forget(upstream)).on('error', () => client.destroy());
    client.pipe(upstream);
    if (!ending) {
      upstream.pipe(client);
      return;
    }
    let held = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      held = Buffer.concat([held, chunk]);
      const through = throughFirstReady(held);
      if (through === null) return;
      upstream.destroy();
      this.ended++;
      // One write: the client reads "ready" and the FATAL in the same turn, as it does from a backend ended on opening.
      client.end(Buffer.concat([held.subarray(0, through), terminatedMessage()]));
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let database: TestDatabase;
let proxy: EndingProxy;
let proxiedUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const direct = new URL(database.url);
  proxy = await EndingProxy.start(direct);
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  proxiedUrl = proxied.toString();
}, 30_000);

afterAll(async () => {
  await proxy.close();
  await database.drop();
});

/** Gives the client's error events of this turn and the next time to arrive (an unhandled one fails the test here). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 200));

it('a request pool connection ended as it opens fails its query, not the process, and the pool serves the next', async () => {
  const dataSource: DataSource = await createDataSource(proxiedUrl, { poolSize: 4 }).initialize();
  try {
    // The pool holds one idle connection from start-up: a second query at the same time opens a new one, which ends.
    proxy.arm(1);
    const outcomes = await Promise.allSettled([dataSource.query('SELECT pg_sleep(0.05)'), dataSource.query('SELECT 1 AS one')]);
    await settle();
    expect(proxy.ended).toBe(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => dataSource.query<{ one: number }[]>('SELECT 1 AS one')));
    expect(answers.map(([row]) => row?.one)).toEqual([1, 1, 1, 1, 1, 1]);
  } finally {
    await dataSource.destroy();
  }
});

it('an event store connection ended as it opens fails its work, not the process, and the store serves the next', async () => {
  const store = new PostgresEventStore({ connectionString: proxiedUrl, poolSize: 2 });
  try {
    const before = proxy.ended;
    proxy.arm(1);
    await expect(store.withClient((client) => client.query('SELECT 1'))).rejects.toThrow();
    await settle();
    expect(proxy.ended).toBe(before + 1);
    await expect(store.withClient(async (client) => (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one)).resolves.toBe(1);
  } finally {
    await store.close();
  }
});
