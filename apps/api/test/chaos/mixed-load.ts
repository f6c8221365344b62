import type { RoleProcess } from './role-processes';

/**
 * The mixed command load of the chaos run: registrations, voyages,
 * applications, messages and check-ins at a steady rate, sent round-robin to
 * the HTTP processes that are up, every answer recorded with its timing and
 * the id it named (so the run can look for each one in the log afterwards).
 */

export type CommandKind = 'register' | 'voyage' | 'apply' | 'message' | 'check-in';

/** Commands per second of each kind, at 50 a second in all. */
export const LOAD_MIX: Readonly<Record<CommandKind, number>> = { register: 5, voyage: 7, apply: 18, message: 12, 'check-in': 8 };

export interface Member {
  readonly id: string;
  readonly token: string;
}

export interface Skipper extends Member {
  boatId: string;
  readonly voyages: string[];
}

export interface CommandRecord {
  readonly kind: CommandKind;
  /** The HTTP process it was sent to. */
  readonly backend: string;
  readonly start: number;
  readonly end: number;
  /** The HTTP status, or 'network' when no answer came (connection refused or reset, timeout). */
  readonly status: number | 'network';
  /** The error code of a refusal, or the network error. */
  readonly code: string | null;
  /** What a 2xx answer named: voyage, application or message id, registered email, check-in note. */
  readonly ref: string | null;
  /** A probe of the takeover measurement, not part of the steady load. */
  readonly probe?: boolean;
}

export interface Answer {
  readonly status: number | 'network';
  readonly body: Record<string, unknown> | null;
  readonly code: string | null;
}

const TIMEOUT_MS = 30_000;

/** One request; a network failure is an answer too ('network'). */
export const request = async (backend: RoleProcess, method: 'GET' | 'POST', pathname: string, token?: string, body?: unknown): Promise<Answer> => {
  try {
    const response = await fetch(`${backend.url}${pathname}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, code: typeof parsed?.['code'] === 'string' ? parsed['code'] : null };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 'network', body: null, code: cause?.code ?? (error instanceof Error ? error.name : 'error') };
  }
};

const today = (): string => new Date().toISOString().slice(0, 10);
const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A published custom voyage: departing today (its skipper may check in at
 * once, and applications to it would expire at departure) or in a month
 * (what crew apply to).
 */
export const voyageBody = (title: string, boatId: string, departs: 'today' | 'next month' = 'next month') => ({
  title,
  description: 'Falmouth to the Azores and back, watches of four.',
  estimated_start_date: departs === 'today' ? today() : inDays(30),
  estimated_end_date: inDays(50),
  boat_id: boatId,
  is_custom_voyage: true,
  segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'Horta', distance_nm: 1200 }],
});

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export class MixedLoad {
  readonly records: CommandRecord[] = [];
  /** Voyages departing next month: the load applies to them and messages about them. */
  readonly voyages: { id: string; skipper: Skipper }[] = [];
  /** Voyages departing today: their skippers check in. */
  readonly sailing: { id: string; skipper: Skipper }[] = [];
  /** Commands not sent because too many were still waiting for an answer. */
  skipped = 0;
  private readonly applied = new Set<string>();
  private roundRobin = 0;
  private sequence = 0;
  private readonly kinds: CommandKind[];

  constructor(
    private readonly backends: readonly RoleProcess[],
    private readonly skippers: readonly Skipper[],
    private readonly crew: readonly Member[],
    private readonly runId: string,
  ) {
    // One slot per command a second of each kind: drawing a slot draws the mix.
    this.kinds = (Object.entries(LOAD_MIX) as [CommandKind, number][]).flatMap(([kind, perSecond]) => Array.from({ length: perSecond }, () => kind));
  }

  /** The next HTTP process that is up, round-robin (what a load balancer with health checks does). */
  nextBackend(): RoleProcess | null {
    for (let i = 0; i < this.backends.length; i++) {
      const backend = this.backends[this.roundRobin++ % this.backends.length]!;
      if (backend.up) return backend;
    }
    return null;
  }

  /** Sends one command and records its answer. */
  async send(
    kind: CommandKind,
    method: 'POST',
    pathname: string,
    token: string | undefined,
    body: unknown,
    refOf: (answer: Answer) => string | null,
    probe = false,
  ): Promise<Answer> {
    const backend = this.nextBackend();
    const start = Date.now();
    if (!backend) {
      this.records.push({ kind, backend: 'none', start, end: start, status: 'network', code: 'NO_BACKEND_UP', ref: null, probe });
      return { status: 'network', body: null, code: 'NO_BACKEND_UP' };
    }
    const answer = await request(backend, method, pathname, token, body);
    const ok = typeof answer.status === 'number' && answer.status >= 200 && answer.status < 300;
    this.records.push({ kind, backend: backend.name, start, end: Date.now(), status: answer.status, code: ok ? null : answer.code, ref: ok ? refOf(answer) : null, probe });
    return answer;
  }

  /** One command of a kind drawn from the mix. */
  async one(): Promise<void> {
    const n = ++this.sequence;
    let kind = pick(this.kinds);
    if (this.voyages.length === 0 && kind !== 'register') kind = 'voyage';
    switch (kind) {
      case 'register': {
        const email = `chaos-${this.runId}-${n}@chaos.test`;
        await this.send(
          'register',
          'POST',
          '/api/auth/register',
          undefined,
          { first_name: 'Chaos', last_name: `Member ${n}`, email, password: 'Trade-winds-4-ever', user_type: 'crew', acceptTerms: true },
          () => email,
        );
        return;
      }
      case 'voyage': {
        const skipper = pick(this.skippers);
        const answer = await this.send('voyage', 'POST', '/api/voyages/', skipper.token, voyageBody(`Chaos voyage ${n}`, skipper.boatId), (a) => String(a.body?.['id'] ?? ''));
        const id = answer.body?.['id'];
        if (typeof answer.status === 'number' && answer.status === 201 && typeof id === 'string') {
          skipper.voyages.push(id);
          this.voyages.push({ id, skipper });
        }
        return;
      }
      case 'apply': {
        let pair: { member: Member; voyage: string } | null = null;
        for (let attempt = 0; attempt < 10 && !pair; attempt++) {
          const member = pick(this.crew);
          const voyage = pick(this.voyages).id;
          if (!this.applied.has(`${member.id}/${voyage}`)) pair = { member, voyage };
        }
        if (!pair) return;
        this.applied.add(`${pair.member.id}/${pair.voyage}`);
        await this.send(
          'apply',
          'POST',
          '/api/applications/',
          pair.member.token,
          { voyage_id: pair.voyage, message: `Five seasons of Solent racing, happy to stand any watch (${n}).` },
          (a) => String((a.body?.['application'] as { id?: string } | undefined)?.id ?? ''),
        );
        return;
      }
      case 'message': {
        const member = pick(this.crew);
        await this.send('message', 'POST', '/api/conversations', member.token, { voyage_id: pick(this.voyages).id, message: `Is there room for a folding bicycle? (${n})` }, (a) =>
          String((a.body?.['message'] as { id?: string } | undefined)?.id ?? ''),
        );
        return;
      }
      case 'check-in': {
        if (this.sailing.length === 0) return;
        const voyage = pick(this.sailing);
        const note = `chaos check-in ${this.runId} ${n}`;
        await this.send(
          'check-in',
          'POST',
          `/api/voyages/${voyage.id}/check-ins`,
          voyage.skipper.token,
          { kind: 'position', lat: 49 + Math.random(), lon: -10 + Math.random(), note },
          () => note,
        );
        return;
      }
    }
  }

  /**
   * Sends `rate` commands a second for `seconds` (an open loop: a slow answer
   * does not slow the arrivals), at most `maxInFlight` waiting at once: past
   * that a command is skipped and counted, so a machine that cannot keep up
   * shows as a lower rate rather than as a pile of requests making every
   * answer slower.
   */
  async run(rate: number, seconds: number, maxInFlight = 40): Promise<void> {
    const started = Date.now();
    const inFlight = new Set<Promise<void>>();
    let issued = 0;
    while (Date.now() - started < seconds * 1000) {
      const due = Math.floor(((Date.now() - started) / 1000) * rate);
      while (issued < due) {
        issued++;
        if (inFlight.size >= maxInFlight) {
          this.skipped++;
          continue;
        }
        const sent: Promise<void> = this.one()
          .catch(() => undefined)
          .finally(() => inFlight.delete(sent));
        inFlight.add(sent);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(inFlight);
  }
}
