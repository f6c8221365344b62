import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startApp, type RunningApp } from './support/app-server';

/**
 * The built app as `npm start` runs it, attacked and killed as a hostile
 * client and a failing machine would: no request stops the server, and a
 * process that dies anyway does not take the database (or the site) with it.
 */

jest.setTimeout(120_000);

let app: RunningApp;
let token: string;

beforeAll(async () => {
  app = await startApp();
  const login = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: app.adminEmail, password: app.adminPassword }),
  });
  token = ((await login.json()) as { access_token: string }).access_token;
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

/** Children of a process, with their command lines. */
const childrenOf = (pid: number): { pid: number; command: string }[] =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), command: match[2]! }));

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Sends raw bytes as one request on its own connection; resolves with the status line's code, or null if the connection closed with no answer. */
function rawRequest(bytes: Buffer, options: { halfClose?: boolean; waitMs?: number } = {}): Promise<number | null> {
  const { port, hostname } = new URL(app.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]) || null));
    socket.write(bytes, () => {
      if (options.halfClose) socket.end();
    });
    setTimeout(() => socket.destroy(), options.waitMs ?? 30_000).unref();
  });
}

const uploadHead = (url: string, length: number) =>
  `POST ${url} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
const truncatedPart = Buffer.from('--x\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG', 'latin1');

async function healthy(): Promise<boolean> {
  try {
    const response = await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    return response.status === 200;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not true within ${timeoutMs} ms`);
}

describe('a hostile upload', () => {
  it('answers a body that ends before its closing boundary with 400, and the same process keeps serving', async () => {
    const appBefore = childrenOf(app.pid).find((c) => c.command.includes('main.js'));
    expect(appBefore).toBeDefined();
    for (const url of ['/api/profile/upload-photo']) {
      // The reviewed request: a body complete by its length whose multipart content stops inside the file.
      expect(await rawRequest(Buffer.concat([Buffer.from(uploadHead(url, truncatedPart.length)), truncatedPart]))).toBe(400);
      expect(await healthy()).toBe(true);
      // A client that promises more and closes its side.
      expect(await rawRequest(Buffer.concat([Buffer.from(uploadHead(url, truncatedPart.length + 900)), truncatedPart]), { halfClose: true })).toBe(400);
      expect(await healthy()).toBe(true);
    }
    // Still the same app process: nothing crashed and was restarted behind the scenes.
    expect(childrenOf(app.pid).find((c) => c.command.includes('main.js'))?.pid).toBe(appBefore!.pid);
  });
});

describe('a process that dies anyway', () => {
  it('is started again by the supervisor while the embedded database keeps running, and data survives', async () => {
    const children = childrenOf(app.pid);
    const appProcess = children.find((c) => c.command.includes('main.js'))!;
    const database = children.find((c) => /postgres/.test(c.command) && !c.command.includes('main.js'))!;
    expect(database).toBeDefined();
    process.kill(appProcess.pid, 'SIGKILL');
    await waitUntil(async () => !(await healthy()), 5_000).catch(() => undefined);
    const downMs = await waitUntil(healthy, 60_000);
    process.stdout.write(`[supervisor] the app was serving again ${downMs} ms after kill -9\n`);
    expect(isAlive(database.pid)).toBe(true);
    const restarted = childrenOf(app.pid).find((c) => c.command.includes('main.js'));
    expect(restarted?.pid).not.toBe(appProcess.pid);
    // The same database, with the same account: the token (signed with the stored key) still works.
    expect(await healthy()).toBe(true);
  });

  it('stops the app first and the database cleanly on Ctrl-C, leaving no server behind', async () => {
    const database = childrenOf(app.pid).find((c) => /postgres/.test(c.command) && !c.command.includes('main.js'))!;
    const pidFile = path.join(app.dataDir, 'postgres', 'postmaster.pid');
    expect(existsSync(pidFile)).toBe(true);
    process.kill(app.pid, 'SIGINT');
    await waitUntil(async () => !isAlive(app.pid), 30_000);
    expect(isAlive(database.pid)).toBe(false);
    // A clean shutdown removes postmaster.pid; a killed server leaves it.
    expect(existsSync(pidFile)).toBe(false);
  });
});
