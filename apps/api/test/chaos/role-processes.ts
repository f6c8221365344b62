import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The production build's processes, one role each, started as the README's
 * scaling-out design runs them (`node dist/apps/api/src/main.js` with
 * `API_ROLES`), and supervised as systemd or compose would: a process that
 * exits, whatever the cause, is started again after a short pause.
 */

export type Role = 'http' | 'projector' | 'worker';

export const REPO_ROOT = path.resolve(__dirname, '../../../..');
export const BUILT_SERVER = path.join(REPO_ROOT, 'dist/apps/api/src/main.js');

/** What every process shares: the database, Redis (and its key prefix), the mail server. */
export interface SharedServices {
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly redisPrefix: string;
  readonly smtpUrl: string;
  readonly mailFrom: string;
  readonly dataDir: string;
  readonly adminEmail: string;
  readonly adminPassword: string;
}

/** A line a process logged (pino JSON) with the time it says it wrote it. */
export interface LoggedLine {
  readonly process: string;
  readonly pid: number;
  readonly time: number;
  readonly level: number;
  readonly msg: string;
}

export interface ProcessExit {
  readonly process: string;
  readonly pid: number;
  readonly at: number;
  readonly code: number | null;
  readonly signal: string | null;
  /** Killed on purpose by the chaos run (or stopped at the end); anything else is a crash. */
  readonly expected: boolean;
  /** It had not finished starting (a failed start, which the supervisor retries). */
  readonly starting: boolean;
  /** Its last lines of output, for an exit nobody asked for. */
  readonly output: string;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const RESTART_PAUSE_MS = 500;

/** Every process still running: killed if this process exits first (a crash of the run leaves none behind). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
const READY_TIMEOUT_MS = 90_000;

export class RoleProcess {
  child: ChildProcess | null = null;
  port = 0;
  /** Answers requests (http) or runs its roles; false from a kill until it is ready again. */
  up = false;
  starts = 0;
  private expectingExit = false;
  private supervising = true;
  private readyWaiter: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private readonly tail: string[] = [];

  constructor(
    readonly name: string,
    readonly role: Role,
    private readonly services: SharedServices,
    private readonly onLine: (line: LoggedLine) => void,
    private readonly onExit: (exit: ProcessExit) => void,
    private readonly onReady: (process: RoleProcess, at: number) => void,
  ) {}

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  /** CPU seconds used so far by each process this one has been (a killed one keeps its last sample). */
  private readonly cpuByPid = new Map<number, number>();

  /** Reads the running process's CPU time (Linux /proc; nothing elsewhere). */
  sampleCpu(): void {
    const pid = this.pid;
    if (!pid || !this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime (fields 14 and 15 of stat), in clock ticks of 1/100 s.
      this.cpuByPid.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // gone meanwhile, or not Linux
    }
  }

  get cpuSeconds(): number {
    return [...this.cpuByPid.values()].reduce((sum, seconds) => sum + seconds, 0);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The last lines it printed, for a failure's report. */
  recentOutput(): string {
    return this.tail.join('\n');
  }

  /** Starts the process and resolves once it serves (http) or runs its roles. */
  async start(): Promise<void> {
    if (!existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: build first (node scripts/build.mjs)`);
    if (this.role === 'http' && this.port === 0) this.port = await freePort();
    const { services } = this;
    const child = spawn(process.execPath, [BUILT_SERVER], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env['PATH'],
        NODE_ENV: 'production',
        API_ROLES: this.role,
        DATABASE_URL: services.databaseUrl,
        REDIS_URL: services.redisUrl,
        REDIS_PREFIX: services.redisPrefix,
        SMTP_URL: services.smtpUrl,
        MAIL_FROM: services.mailFrom,
        DATA_DIR: services.dataDir,
        ADMIN_EMAIL: services.adminEmail,
        ADMIN_PASSWORD: services.adminPassword,
        HOST: '127.0.0.1',
        PORT: String(this.port || 0),
        PUBLIC_URL: 'http://127.0.0.1:3000',
        // The projectors say which leases they hold at info; the others only warn.
        LOG_LEVEL: this.role === 'http' ? 'warn' : 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    running.add(child);
    this.starts++;
    this.expectingExit = false;
    const pid = child.pid ?? 0;
    const ready = new Promise<void>((resolve, reject) => (this.readyWaiter = { resolve, reject }));
    const timer = setTimeout(() => this.readyWaiter?.reject(new Error(`${this.name} not ready within ${READY_TIMEOUT_MS} ms\n${this.recentOutput()}`)), READY_TIMEOUT_MS);
    const consume = (stream: NodeJS.ReadableStream): void => {
      let pending = '';
      stream.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) this.read(line, pid);
      });
    };
    consume(child.stdout!);
    consume(child.stderr!);
    // 'close', not 'exit': the last lines a crashing process wrote (its fatal error) are read only once its output has ended.
    child.once('close', (code, signal) => {
      running.delete(child);
      clearTimeout(timer);
      const at = Date.now();
      const starting = this.readyWaiter !== null;
      this.up = false;
      this.readyWaiter?.reject(new Error(`${this.name} exited (${signal ?? code}) before it was ready\n${this.recentOutput()}`));
      this.readyWaiter = null;
      this.onExit({ process: this.name, pid, at, code, signal, expected: this.expectingExit, starting, output: this.expectingExit ? '' : this.recentOutput() });
      if (this.supervising) setTimeout(() => void (this.supervising ? this.start().catch(() => undefined) : undefined), RESTART_PAUSE_MS);
    });
    try {
      await ready;
    } finally {
      clearTimeout(timer);
    }
  }

  private read(line: string, pid: number): void {
    if (line.trim() === '') return;
    this.tail.push(line.length > 500 ? `${line.slice(0, 500)}…` : line);
    if (this.tail.length > 40) this.tail.shift();
    let logged: LoggedLine | null = null;
    if (line.startsWith('{')) {
      try {
        const parsed = JSON.parse(line) as { time?: number; level?: number; msg?: string };
        logged = { process: this.name, pid, time: parsed.time ?? Date.now(), level: parsed.level ?? 30, msg: parsed.msg ?? '' };
      } catch {
        logged = null;
      }
    }
    if (logged) this.onLine(logged);
    const ready = this.role === 'http' ? line.includes('Crew Finder is running at') : logged?.msg.startsWith('running roles:') === true;
    if (ready && this.readyWaiter) {
      this.up = true;
      this.readyWaiter.resolve();
      this.readyWaiter = null;
      this.onReady(this, Date.now());
    }
  }

  /** kill -9; the supervisor starts it again. Resolves when it has exited. */
  async kill(): Promise<number> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) throw new Error(`${this.name} is not running`);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.expectingExit = true;
    this.up = false;
    const at = Date.now();
    child.kill('SIGKILL');
    await exited;
    return at;
  }

  /** Stops supervising and ends the process (SIGTERM, then SIGKILL after 15 s). */
  async stop(): Promise<void> {
    this.supervising = false;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.expectingExit = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(force);
  }
}
