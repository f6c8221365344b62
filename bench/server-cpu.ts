import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Client } from 'pg';

/**
 * CPU time that PostgreSQL's backends spend for one database, read from
 * /proc/<pid>/stat (user + system time of each backend process) while a piece
 * of work runs: the server-side share of a rebuild, beside the Node process's
 * own (process.cpuUsage). CPU time, unlike wall-clock time, barely moves when
 * other work shares the machine. The backends of the database are sampled
 * every 100 ms, so one that closes during the work still counts up to its last
 * sample; WAL writing, checkpoints and autovacuum run in other processes and
 * are not in it. Needs the server on this machine and /proc readable (as root,
 * or as the server's user); `available` is false otherwise.
 */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

const cpuTicks = (pid: number): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
};

export interface ServerCpuMeter {
  /** Milliseconds of backend CPU for the database since the meter started. */
  stop(): Promise<number>;
}

export const serverCpuAvailable = (): boolean => existsSync('/proc/self/stat');

export const startServerCpuMeter = async (databaseUrl: string): Promise<ServerCpuMeter> => {
  const client = new Client({ connectionString: databaseUrl, application_name: 'crew-bench-cpu-meter' });
  await client.connect();
  const [{ pid: own }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
  /** Per backend: ticks when first seen (0 for one that started after the meter) and at the last sample. */
  const seen = new Map<number, { first: number; last: number }>();
  let started = false;
  const sample = async (): Promise<void> => {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    for (const { pid } of rows) {
      const ticks = cpuTicks(pid);
      if (ticks === null) continue;
      const entry = seen.get(pid);
      if (entry) entry.last = ticks;
      else seen.set(pid, { first: started ? 0 : ticks, last: ticks });
    }
  };
  await sample();
  started = true;
  let sampling: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(sample).catch(() => undefined);
  }, 100);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await sampling;
      await sample();
      await client.end();
      let ticks = 0;
      for (const [pid, { first, last }] of seen) if (pid !== own) ticks += last - first;
      return (ticks * 1_000) / TICKS_PER_SECOND;
    },
  };
};
