import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication } from '../apps/api/src/application';
import { isMessage, LIVE_BODY, LIVE_CONTENT_TYPE, quietLogger, type ServerKind, type ServerReadyMessage, type ServerStopMessage, type ServerUsageMessage } from './support';

/**
 * Server side of the HTTP benchmark, forked by http.bench so the server has
 * its own event loop (and core) while autocannon runs in the parent.
 *   node dist/bench/http-server.js raw|api <databaseUrl> [raw body file [its content encoding [raw headers file]]]
 */

interface Started {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * The baseline: plain node:http answering the same bytes as the API route (or
 * the bytes of a file, already compressed when `encoding` names how), with
 * the headers of a JSON file when one is given (the API's own, for an
 * answer byte for byte like the API's).
 */
const startRaw = async (bodyFile: string | undefined, encoding: string | undefined, headersFile: string | undefined): Promise<Started> => {
  const body = bodyFile ? readFileSync(bodyFile) : Buffer.from(LIVE_BODY);
  const given = headersFile ? (JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>) : null;
  const headers = given
    ? { ...given, 'content-length': body.length }
    : {
        'content-type': LIVE_CONTENT_TYPE,
        'content-length': body.length,
        ...(encoding && encoding !== 'identity' ? { 'content-encoding': encoding, vary: 'accept-encoding' } : {}),
      };
  const server = http.createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * The real application as main.ts builds it for API_ROLES=http: same config
 * loader, runtime and createHttpApp (Fastify logger included, at
 * BENCH_API_LOG_LEVEL, default warn, so per-request info logs are off), with
 * the roles in BENCH_API_ROLES (default http).
 */
const startApi = async (databaseUrl: string): Promise<Started> => {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    API_ROLES: process.env['BENCH_API_ROLES'] ?? 'http',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: process.env['BENCH_API_LOG_LEVEL'] ?? 'warn',
    // Keep the run independent of the caller's environment.
    EVENTSTORE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
  });
  const runtime = await startApplication(config, databaseUrl, quietLogger, { http: {} });
  // As main.ts does: a server given the projector role keeps the read models up to date.
  if (config.roles.includes('projector')) runtime.startProjectors();
  const app = runtime.http!;
  await app.listen({ port: config.port, host: config.host });
  return {
    port: (app.getHttpServer().address() as AddressInfo).port,
    close: async () => {
      await runtime.close();
    },
  };
};

const main = async (): Promise<void> => {
  const kind = process.argv[2] as ServerKind | undefined;
  const databaseUrl = process.argv[3];
  if (kind !== 'raw' && kind !== 'api') throw new Error(`unknown server kind ${String(kind)}`);
  if (kind === 'api' && !databaseUrl) throw new Error('the api server needs a database URL');
  const server = kind === 'raw' ? await startRaw(process.argv[4], process.argv[5], process.argv[6]) : await startApi(databaseUrl ?? '');

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await server.close().catch((error: unknown) => console.error(`bench ${kind} server: close failed: ${String(error)}`));
    process.exit(0);
  };
  process.on('message', (message: unknown) => {
    if (isMessage<ServerStopMessage>(message, 'stop')) void stop();
    if (isMessage<ServerUsageMessage>(message, 'usage')) {
      const { user, system } = process.cpuUsage();
      const usage: ServerUsageMessage = { type: 'usage', cpuMicros: user + system };
      process.send?.(usage);
    }
  });
  // The parent died or let go of us: do not linger.
  process.on('disconnect', () => void stop());
  const ready: ServerReadyMessage = { type: 'ready', port: server.port };
  process.send?.(ready);
};

main().catch((error: unknown) => {
  console.error(`bench server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
