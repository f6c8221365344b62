import type { DataSource } from 'typeorm';

/**
 * Runs `pass` only if this process takes the session advisory lock `key`
 * (on a connection of its own, released after), else answers `busy`: the
 * worker role's periodic work runs in one process at a time however many run.
 */
export async function runExclusively<T>(dataSource: DataSource, key: readonly [number, number], pass: () => Promise<T>, busy: T): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1, $2) AS locked', [...key])) as { locked: boolean }[];
    if (!locked) return busy;
    try {
      return await pass();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1, $2)', [...key]);
    }
  } finally {
    await runner.release();
  }
}

/** Calls `tick` now and every `everyMs`, reporting failures; `stop` waits for the pass under way. */
export class Every {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly label: string,
    private readonly everyMs: number,
    private readonly tick: () => Promise<unknown>,
    private readonly onError: (message: string) => void,
  ) {}

  start(): void {
    if (this.timer) return;
    const run = (): void => {
      this.running = this.tick().catch((error: unknown) => this.onError(`${this.label}: ${error instanceof Error ? error.message : String(error)}`));
    };
    run();
    this.timer = setInterval(run, this.everyMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
