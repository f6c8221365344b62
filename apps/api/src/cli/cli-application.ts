import { loadConfig } from '../platform/config/app-config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/database/embedded-postgres';
import { startApplication, type Application } from '../application';

/**
 * Runs a command-line task against the configured database (DATABASE_URL) or,
 * like `npm start`, the embedded one under DATA_DIR; closes everything after,
 * and turns a failure into a message and exit code 1.
 */
export function runWithApplication(task: (runtime: Application) => Promise<void>): void {
  const run = async (): Promise<void> => {
    const config = loadConfig({ ...process.env, LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn' });
    let embedded: EmbeddedDatabase | null = null;
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres(config.dataDir, () => undefined);
      databaseUrl = embedded.url;
    }
    const quiet = { info: () => undefined, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
    const runtime = await startApplication(config, databaseUrl, quiet);
    try {
      await task(runtime);
    } finally {
      await runtime.close();
      await embedded?.stop();
    }
  };
  run().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
