import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Instructions per event of one projector's rebuild, counted by callgrind in the Node process. */
export interface InstructionCount {
  readonly projection: string;
  readonly events: number;
  readonly instructions: number;
  readonly perEvent: number;
}

const VALGRIND = '/usr/bin/valgrind';
const CALLGRIND_CONTROL = '/usr/bin/callgrind_control';

export const callgrindAvailable = (): boolean => existsSync(VALGRIND) && existsSync(CALLGRIND_CONTROL);

/** Sums callgrind_control's per-thread "Ir" totals (V8's compiler and GC threads do part of the work). */
const readInstructions = async (pid: number): Promise<number> => {
  const { stdout } = await run(CALLGRIND_CONTROL, ['-e', 'Ir', String(pid)]);
  let total = 0;
  for (const match of stdout.matchAll(/^\s*Th\s+\d+\s+([\d,]+)\s*$/gm)) total += Number(match[1]!.replace(/,/g, ''));
  return total;
};

/**
 * Figures that do not move with the machine's load: the instructions the Node
 * process executes per event while each projector rebuilds (reading the log,
 * folding, building the statements; PostgreSQL's own work is not counted),
 * counted by callgrind on a small log. The child (instructions-child.ts) runs
 * under valgrind with instrumentation off, which is only a few times slower
 * than native, and warms each projector up with one rebuild; instrumentation
 * is switched on just for the measured rebuild, then counted and switched off.
 */
export const countRebuildInstructions = async (databaseUrl: string, log: (line: string) => void): Promise<InstructionCount[]> => {
  const child = spawn(
    VALGRIND,
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--smc-check=all',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      '--expose-gc',
      path.join(__dirname, 'instructions-child.js'),
      databaseUrl,
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const counts: InstructionCount[] = [];
  try {
    const pid = child.pid;
    if (pid === undefined) throw new Error('valgrind did not start');
    for await (const line of createInterface({ input: child.stdout })) {
      const [word, name, events] = line.split(' ');
      if (word === 'READY') {
        await run(CALLGRIND_CONTROL, ['-z', String(pid)]);
        await run(CALLGRIND_CONTROL, ['-i', 'on', String(pid)]);
        child.stdin.write('GO\n');
      } else if (word === 'DONE' && name) {
        const instructions = await readInstructions(pid);
        await run(CALLGRIND_CONTROL, ['-i', 'off', String(pid)]);
        const n = Number(events);
        counts.push({ projection: name, events: n, instructions, perEvent: n > 0 ? instructions / n : 0 });
        log(`${name}: ${Math.round(instructions / n).toLocaleString('en')} instructions per event (${n} events, callgrind)`);
        child.stdin.write('NEXT\n');
      }
    }
    const code = await exited;
    if (code !== 0) throw new Error(`callgrind child exited with ${code}: ${stderr.split('\n').slice(-5).join(' ')}`);
    return counts;
  } finally {
    if (child.exitCode === null) child.kill();
  }
};
