import { fork, type ChildProcess } from 'node:child_process';
import type { EmbeddedDatabase } from '../database/embedded-postgres';

/** Set in the app process a supervisor started (to the supervisor's pid). */
export const SUPERVISED_ENV = 'CREW_SUPERVISED_BY';

export interface SupervisorOptions {
  /** The script the app runs from (this process's own), forked with DATABASE_URL set. */
  readonly script: string;
  readonly database: EmbeddedDatabase;
  readonly log: (message: string) => void;
  /** More exits than this within `crashWindowMs` and the supervisor gives up (and stops the database cleanly). */
  readonly maxCrashes?: number;
  readonly crashWindowMs?: number;
  /** How long the app may take to stop on a signal before it is killed. */
  readonly stopTimeoutMs?: number;
}

/**
 * `npm start` on its embedded defaults: this process keeps the embedded
 * PostgreSQL and runs the app (every role) as a child process. An app that
 * dies, however it dies, is started again, and the database is never taken
 * down with it: it is stopped cleanly, after the app, when this process is
 * told to stop or gives up on an app that keeps crashing.
 */
export async function superviseApp(options: SupervisorOptions): Promise<never> {
  const { database, log } = options;
  const maxCrashes = options.maxCrashes ?? 5;
  const crashWindowMs = options.crashWindowMs ?? 60_000;
  const crashes: number[] = [];
  let child: ChildProcess | null = null;
  let stopping = false;

  const stop = async (exitCode: number): Promise<never> => {
    stopping = true;
    const running = child;
    if (running && running.exitCode === null && running.signalCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), options.stopTimeoutMs ?? 20_000);
      await exited;
      clearTimeout(timer);
    }
    await database.stop().catch((error: unknown) => log(`the embedded PostgreSQL did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`));
    process.exit(exitCode);
  };

  const start = (): void => {
    const app = fork(options.script, process.argv.slice(2), {
      env: { ...process.env, DATABASE_URL: database.url, [SUPERVISED_ENV]: String(process.pid) },
      stdio: 'inherit',
    });
    child = app;
    app.on('error', (error) => log(`could not run the app: ${error.message}`));
    app.on('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      const now = Date.now();
      crashes.push(now);
      while (crashes.length > 0 && crashes[0]! < now - crashWindowMs) crashes.shift();
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (crashes.length > maxCrashes) {
        log(`the app ${how}, its ${crashes.length}th exit within ${crashWindowMs / 1000} s: giving up and stopping the database`);
        void stop(1);
        return;
      }
      const delayMs = Math.min(500 * 2 ** (crashes.length - 1), 10_000);
      log(`the app ${how}; the database keeps running; starting the app again in ${delayMs} ms`);
      setTimeout(() => {
        if (!stopping) start();
      }, delayMs);
    });
  };

  // The embedded-postgres package stops its servers on these signals by itself, at once; here the
  // app stops first, then the database, so the app never loses its database while it shuts down.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (!stopping) void stop(0);
    });
  }
  start();
  return new Promise<never>(() => undefined);
}
