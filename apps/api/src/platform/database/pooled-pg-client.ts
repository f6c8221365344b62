import { Client, type ClientConfig } from 'pg';

/**
 * The client class of every pool of the process (TypeORM's and the event store's). pg-pool takes its own `error`
 * listener off a client as it hands it out, and a waiter that is a promise (TypeORM's query runners, `pool.connect()`)
 * attaches its own a microtask later. A backend ended as its connection opens (a database restart, or
 * `pg_terminate_backend` while a busy process grows its pool) sends "ready" and its FATAL in one read, so the client
 * emits `error` in between, to nobody, and an `error` event nobody hears ends the process. This listener only keeps
 * that from happening: the client is already marked as not queryable, so its next query fails into its caller's error
 * path, and the pool drops it when it is released.
 */
export class PooledPgClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}
