import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { readPhoto } from './read-photo';

/**
 * readPhoto over real sockets: a node:http server hands each request to it
 * and answers what it resolved or refused. Bodies are written by hand on a
 * raw socket, so they can end early, stall or break off, as a hostile or
 * failing client's would. An `error` event nobody listens to would throw out
 * of the event loop and fail this file (in production: end the process).
 */

const IDLE_MS = 300;
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    readPhoto({ headers: request.headers, raw: request } as unknown as FastifyRequest, IDLE_MS).then(
      (photo) => response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ bytes: photo.length })),
      (error: unknown) => {
        const apiError = error instanceof ApiError ? error : new ApiError(500, 'UNEXPECTED', String(error));
        response.writeHead(apiError.status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: apiError.code }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const head = (length: number, type = 'multipart/form-data; boundary=x') =>
  `POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
const part = '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';

/** Writes a raw request; `end` half-closes the socket after it, `abort` destroys it. Resolves with the answer's status and code (or null if none came). */
function send(raw: string | Buffer, options: { end?: boolean; abort?: boolean; waitMs?: number } = {}): Promise<{ status: number; code?: string } | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const done = () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      const code = /"code":"([A-Z_]+)"/.exec(answer)?.[1];
      resolve(match ? { status: Number(match[1]), ...(code ? { code } : {}) } : null);
    };
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.write(typeof raw === 'string' ? Buffer.from(raw, 'latin1') : raw, () => {
      if (options.abort) setTimeout(() => socket.destroy(), 20).unref();
      else if (options.end) socket.end();
    });
    setTimeout(() => socket.destroy(), options.waitMs ?? 5_000).unref();
  });
}

/** The server still answers a whole, valid upload. */
async function stillServes(): Promise<void> {
  const body = `${part}\x89PNG-bytes\r\n--x--\r\n`;
  await expect(send(head(Buffer.byteLength(body, 'latin1')) + body)).resolves.toEqual({ status: 201 });
}

it('answers a whole upload with its bytes', async () => {
  await stillServes();
});

it('refuses a body that ends before its closing boundary (the reviewed one-request outage) with 400 INVALID_MULTIPART', async () => {
  const body = `${part}\x89PNG`;
  // The client says the body is longer than what it sends, then closes its side.
  // (Node's HTTP parser answers this one itself: the connection ended inside the declared length.)
  await expect(send(head(body.length + 500) + body, { end: true })).resolves.toMatchObject({ status: 400 });
  // And a complete HTTP body whose multipart content simply stops.
  await expect(send(head(body.length) + body)).resolves.toEqual({ status: 400, code: 'INVALID_MULTIPART' });
  await stillServes();
});

it('refuses malformed multipart: no boundary, a broken part header, garbage, a boundary never closed', async () => {
  const cases: [string, string][] = [
    ['multipart/form-data', `${part}data\r\n--x--\r\n`],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition form-data name photo\r\n\r\ndata\r\n--x--\r\n'],
    ['multipart/form-data; boundary=x', 'not multipart at all'],
    ['multipart/form-data; boundary=x', `${part}data\r\n--x`],
    ['multipart/form-data; boundary=x', `--x\r\n${'X-Header: y\r\n'.repeat(2_000)}\r\ndata\r\n--x--\r\n`],
  ];
  for (const [type, body] of cases) {
    const answer = await send(head(body.length, type) + body);
    expect({ type, body: body.slice(0, 40), status: answer?.status }).toEqual({ type, body: body.slice(0, 40), status: 400 });
  }
  await stillServes();
});

it('gives up on a body that stalls (408 UPLOAD_TIMEOUT) and on a client that breaks off, and keeps serving', async () => {
  const body = `${part}\x89PNG`;
  const started = Date.now();
  await expect(send(head(body.length + 10_000) + body, { waitMs: 5_000 })).resolves.toEqual({ status: 408, code: 'UPLOAD_TIMEOUT' });
  expect(Date.now() - started).toBeLessThan(3_000);
  // A slow client that trickles a byte at a time is fine as long as bytes keep coming.
  const trickled = `${part}\x89PNG\r\n--x--\r\n`;
  const slow = await new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.slice(0, 12)));
    socket.write(head(trickled.length));
    let i = 0;
    const timer = setInterval(() => {
      socket.write(trickled.slice(i, i + 8));
      i += 8;
      if (i >= trickled.length) clearInterval(timer);
    }, 20);
  });
  expect(slow).toBe('HTTP/1.1 201');
  await expect(send(head(body.length + 10_000) + body, { abort: true, waitMs: 2_000 })).resolves.toBeNull();
  await stillServes();
});
