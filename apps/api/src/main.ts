import 'reflect-metadata';
import pino from 'pino';
import { describeDemo, seedDemo } from './cli/demo/demo-seed';
import { CommandBus } from '@nestjs/cqrs';
import { EnsureFirstAdmin, type FirstAdminOutcome } from './modules/accounts/commands/ensure-first-admin.command';
import { ConfigError, loadConfig } from './platform/config/app-config';
import { startEmbeddedPostgres } from './platform/database/embedded-postgres';
import { installLastResortHandlers } from './platform/process/last-resort';
import { superviseApp } from './platform/process/embedded-supervisor';
import { startApplication } from './application';

/**
 * Starts the roles named in API_ROLES (http, projector, worker; all by
 * default). Without DATABASE_URL it starts an embedded PostgreSQL and runs
 * the app as a child process it restarts if it dies (docs/operations.md).
 */
const main = async (): Promise<void> => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel, base: { service: 'crew-api' } });
  const databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    // Embedded defaults: this process keeps the database and runs the app as a supervised child.
    const database = await startEmbeddedPostgres(config.dataDir, (m) => log.info(m));
    return superviseApp({ script: __filename, database, log: (m) => log.warn(`supervisor: ${m}`) });
  }
  installLastResortHandlers(log);
  const runtime = await startApplication(
    config,
    databaseUrl,
    { info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.error(m) },
    { http: config.roles.includes('http') ? {} : false },
  );
  log.info(
    `event store: ${runtime.eventStore.kind}; jobs: ${runtime.jobQueue.mode === 'bullmq' ? 'BullMQ on Redis' : 'in-process from PostgreSQL (no REDIS_URL)'}; mail: ${runtime.mail.kind === 'smtp' ? 'SMTP' : 'local mailbox at /dev/mailbox (no SMTP_URL; shown only to requests from this machine)'}`,
  );

  const admin: FirstAdminOutcome = await runtime.get(CommandBus).execute(new EnsureFirstAdmin(config.adminEmail, config.adminPassword));
  if (admin.created && admin.generatedPassword) {
    process.stdout.write(`\n  First administrator created (shown once, change it after signing in):\n    email:    ${admin.email}\n    password: ${admin.generatedPassword}\n\n`);
  } else if (admin.created) {
    log.info(`administrator ${admin.email} created from ADMIN_EMAIL`);
  }

  if (config.roles.includes('projector')) runtime.startProjectors();
  if (config.roles.includes('worker')) await runtime.startWorker();
  const app = runtime.http;
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    const shown = config.publicUrl ?? `http://localhost:${config.port}`;
    process.stdout.write(`\n  Crew Finder is running at ${shown}  (roles: ${config.roles.join(', ')}; listening on ${config.host}:${config.port})\n`);
    if (runtime.mail.kind !== 'smtp' && config.nodeEnv !== 'production') {
      process.stdout.write(`  Local mailbox: ${shown}/dev/mailbox, served only to requests from this machine (loopback)\n`);
    }
    process.stdout.write('\n');
  } else {
    log.info(`running roles: ${config.roles.join(', ')}`);
  }
  if (config.demoData) {
    // Only an empty database is filled (seedDemo checks), and only by the process that serves the site.
    if (app) {
      log.info('DEMO_DATA=true: adding demo content to an empty database');
      void seedDemo(runtime, { log: (line) => log.info(`demo data: ${line}`) })
        .then((summary) => process.stdout.write(`\n${describeDemo(summary, runtime.baseUrl)}\n\n`))
        .catch((error: unknown) => log.error(`demo data failed: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, stopping`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await runtime.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
};

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
