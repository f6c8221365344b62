import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
const MAIN = path.join(ROOT, 'dist/apps/api/src/main.js');

export interface RunningApp {
  readonly url: string;
  /** The process `npm start` runs: on its embedded defaults, the supervisor of the app and the database. */
  readonly pid: number;
  /** Its data folder (the embedded database lives in `postgres/` inside it). */
  readonly dataDir: string;
  readonly adminEmail: string;
  readonly adminPassword: string;
  stop(): Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/**
 * Starts the built app exactly as `npm start` does (embedded PostgreSQL in a
 * fresh DATA_DIR, every role in one process) and resolves once it prints its URL.
 * `extraEnv` adds settings a journey needs (say, a payment provider stand-in), knowing the port.
 */
export async function startApp(extraEnv: (port: number) => Readonly<Record<string, string>> = () => ({})): Promise<RunningApp> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" first`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crew-e2e-'));
  // The embedded server runs as an unprivileged user when we are root; it must reach the folder.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const adminEmail = 'admin@crew-e2e.test';
  const adminPassword = 'e2e-admin-password-1';
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    ...extraEnv(port),
  };
  const child: ChildProcess = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    dataDir,
    adminEmail,
    adminPassword,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
