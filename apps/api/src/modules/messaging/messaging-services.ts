import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { JobQueue } from '../../platform/jobs/job-queue.port';
import { PostgresLiveBus, RedisLiveBus, type LiveBus } from './live/live-bus';
import { StreamHub } from './live/stream-hub';
import { systemClock, type Clock } from '../../platform/clock';
import { SendRateLimit } from './send-rate-limit';
import { StreamTickets, UsedStreamTickets } from './stream-tickets';

/** The token of the process's MessagingServices (provided and exported by MessagingModule). */
export const MESSAGING_SERVICES = Symbol('MESSAGING_SERVICES');

/** What messaging needs besides the database, built once per process. */
export interface MessagingServices {
  readonly clock: Clock;
  readonly bus: LiveBus;
  readonly hub: StreamHub;
  readonly tickets: StreamTickets;
  /** Tickets that already opened a stream (each opens one). */
  readonly usedTickets: UsedStreamTickets;
  readonly sendLimit: SendRateLimit;
  readonly queue: JobQueue;
  onError(message: string): void;
  /**
   * Ends the open streams of these accounts in every API process (deleted, or
   * signed out everywhere). The stream cannot reopen: its ticket names a token
   * version the account no longer has. Never throws: a lost signal is logged.
   */
  endStreams(userIds: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface MessagingOptions {
  readonly redisUrl?: string;
  readonly redisPrefix: string;
  readonly clock?: Clock;
  readonly onError: (message: string) => void;
}

/**
 * Live delivery goes over Redis pub/sub when REDIS_URL is set, else over
 * PostgreSQL LISTEN/NOTIFY; the send limit is counted in the same place.
 */
export const createMessaging = async (dataSource: DataSource, databaseUrl: string, queue: JobQueue, options: MessagingOptions): Promise<MessagingServices> => {
  const clock = options.clock ?? systemClock;
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
  // ioredis reconnects by itself; the listener keeps a lost connection from being reported as unhandled.
  redis?.on('error', (error: Error) => options.onError(`live messages: Redis: ${error.message}`));
  const bus: LiveBus = redis ? new RedisLiveBus(redis, options.redisPrefix) : new PostgresLiveBus(dataSource, databaseUrl, options.onError);
  const hub = new StreamHub(dataSource, bus, options.onError);
  await bus.start();
  const tickets = await StreamTickets.create(dataSource);
  const sendLimit = redis ? SendRateLimit.redis(redis, options.redisPrefix) : SendRateLimit.postgres(dataSource);
  const usedTickets = redis ? UsedStreamTickets.redis(redis, options.redisPrefix) : UsedStreamTickets.postgres(dataSource);
  return {
    clock,
    bus,
    hub,
    tickets,
    usedTickets,
    sendLimit,
    queue,
    onError: options.onError,
    async endStreams(userIds) {
      if (userIds.length === 0) return;
      // This process's streams end at once; the signal reaches the others (and this one again, a no-op).
      hub.endUsers(userIds);
      await bus.publish({ kind: 'end', userIds: [...userIds] }).catch((error: unknown) => {
        // The account change stands; other processes' streams still end at their next reconnect (the ticket no longer passes).
        options.onError(`live messages: could not signal the end of streams: ${error instanceof Error ? error.message : String(error)}`);
      });
    },
    async close() {
      hub.endAll();
      await bus.close();
      await redis?.quit().catch(() => undefined);
    },
  };
};
