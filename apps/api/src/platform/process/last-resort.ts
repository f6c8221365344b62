import type { Logger } from 'pino';

/**
 * What happens to an error nothing else caught. An uncaught exception leaves
 * the process in an unknown state: it is logged and the process exits, so
 * its supervisor (the embedded one under `npm start`, systemd or the
 * orchestrator otherwise) starts a fresh one; the other processes and the
 * database are not touched. A promise rejected with no handler is a bug to
 * log, not a reason to stop serving everyone else.
 */
export function installLastResortHandlers(log: Logger, exit: (code: number) => void = (code) => process.exit(code)): void {
  process.on('uncaughtException', (error, origin) => {
    log.fatal({ err: error, origin }, `stopping after an uncaught exception: ${error.message}`);
    // Give the log line a moment to leave; the supervisor starts a fresh process.
    setTimeout(() => exit(1), 100);
  });
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, `unhandled promise rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
  });
}
