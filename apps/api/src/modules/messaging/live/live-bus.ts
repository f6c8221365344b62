import { Redis } from 'ioredis';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * What one API process tells the others (and itself) after a change, so that
 * every process with an open stream of the people concerned can push it.
 * Signals carry ids only: the text of a message is read from the database by
 * the process that delivers it, so no personal data passes through Redis or
 * NOTIFY (and a NOTIFY payload's 8,000-byte limit never bites).
 */
export type LiveSignal =
  | { readonly kind: 'message'; readonly userIds: readonly string[]; readonly messageId: string }
  | {
      readonly kind: 'read';
      readonly userIds: readonly string[];
      readonly conversationId: string;
      readonly readerId: string;
      readonly readAt: string;
      readonly lastReadMessageId: string | null;
    }
  | { readonly kind: 'block'; readonly userIds: readonly string[]; readonly conversationIds: readonly string[] }
  /** The accounts are deleted or signed out everywhere: every process ends their open streams. */
  | { readonly kind: 'end'; readonly userIds: readonly string[] };

export interface LiveBus {
  readonly kind: 'redis' | 'postgres';
  publish(signal: LiveSignal): Promise<void>;
  /** Every signal published by any process, this one included. */
  onSignal(listener: (signal: LiveSignal) => void): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

const parse = (raw: string): LiveSignal | null => {
  try {
    const value = JSON.parse(raw) as LiveSignal;
    return value && typeof value === 'object' && Array.isArray(value.userIds) ? value : null;
  } catch {
    return null;
  }
};

/** Redis pub/sub: one channel; each process keeps what concerns its own streams. */
export class RedisLiveBus implements LiveBus {
  readonly kind = 'redis' as const;
  private readonly subscriber: Redis;
  private readonly listeners: ((signal: LiveSignal) => void)[] = [];
  private readonly channel: string;

  constructor(
    private readonly publisher: Redis,
    prefix: string,
  ) {
    this.channel = `${prefix}live-messages`;
    this.subscriber = publisher.duplicate();
    // Reconnects (and resubscribes) by itself; without a listener a lost connection is reported as unhandled.
    this.subscriber.on('error', () => undefined);
  }

  async start(): Promise<void> {
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      const signal = parse(raw);
      if (signal) for (const listener of this.listeners) listener(signal);
    });
    await this.subscriber.subscribe(this.channel);
  }

  onSignal(listener: (signal: LiveSignal) => void): void {
    this.listeners.push(listener);
  }

  async publish(signal: LiveSignal): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(signal));
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => undefined);
  }
}

const PG_CHANNEL = 'live_messages';

/** PostgreSQL LISTEN/NOTIFY, for deployments without Redis: one listening connection per process, reconnected when lost. */
export class PostgresLiveBus implements LiveBus {
  readonly kind = 'postgres' as const;
  private client: Client | null = null;
  private readonly listeners: ((signal: LiveSignal) => void)[] = [];
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly connectionString: string,
    private readonly onError: (message: string) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString, application_name: 'crew-live-messages' });
    client.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL || !message.payload) return;
      const signal = parse(message.payload);
      if (signal) for (const listener of this.listeners) listener(signal);
    });
    client.on('error', (error) => {
      this.onError(`live messages: listener lost (${error.message}); reconnecting`);
      this.client = null;
      void client.end().catch(() => undefined);
      this.reconnectSoon();
    });
    await client.connect();
    await client.query(`LISTEN ${PG_CHANNEL}`);
    this.client = client;
  }

  private reconnectSoon(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch(() => this.reconnectSoon());
    }, 1_000);
  }

  onSignal(listener: (signal: LiveSignal) => void): void {
    this.listeners.push(listener);
  }

  async publish(signal: LiveSignal): Promise<void> {
    await this.dataSource.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, JSON.stringify(signal)]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }
}
