import { Voyage, voyageStreamId, type VoyagePlan, type VoyageSnapshot } from '@crew/domain';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import type { SavedSearchAlert, SavedSearchBbox, SavedSearchFilters } from '@crew/contracts';
import { AlertDigests } from '../apps/api/src/modules/alerts/alert-digests';
import { matchColumns } from '../apps/api/src/modules/alerts/saved-search-rows';
import { recordMatches } from '../apps/api/src/modules/alerts/voyage-matching';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication } from '../apps/api/src/application';
import { atMost, createBenchDatabase, type Figure, dropRedisKeys, requireRedis, figure, median, percentile, quietLogger, round, sleep, type BenchResult } from './support';

/** Members (each with one saved search): 100,000 unless `BENCH_ALERTS_MEMBERS` says otherwise (a smaller run to profile). */
const MEMBERS = Number(process.env['BENCH_ALERTS_MEMBERS'] ?? 100_000);
const MATCH_SAMPLES = 300;
const INSTANT_VOYAGES = 30;
const WORKER_CONCURRENCY = 32;
const SMTP_CONNECTIONS = 8;
/** Which parts run (`BENCH_ALERTS_PARTS=matching,digests`): all three unless named; the digests mail the instant part's voyages. */
const PARTS = new Set((process.env['BENCH_ALERTS_PARTS'] ?? 'matching,instant,digests').split(',').map((part) => part.trim()));

/** Cruising grounds: where searches look and voyages leave from (Fiji straddles the 180° meridian). */
const AREAS: ReadonlyArray<{ name: string; ports: string[]; at: [number, number] }> = [
  { name: 'Solent', ports: ['Cowes', 'Lymington', 'Hamble'], at: [-1.3, 50.7] },
  { name: 'Brittany', ports: ['Brest', 'Lorient', 'Concarneau'], at: [-3.8, 47.8] },
  { name: 'Balearics', ports: ['Palma', 'Mahon', 'Ibiza'], at: [2.9, 39.6] },
  { name: 'Cyclades', ports: ['Hydra', 'Paros', 'Naxos'], at: [25.2, 37.1] },
  { name: 'Dalmatia', ports: ['Split', 'Hvar', 'Dubrovnik'], at: [16.4, 43.3] },
  { name: 'Lycia', ports: ['Fethiye', 'Gocek', 'Kas'], at: [29.1, 36.6] },
  { name: 'Canaries', ports: ['Las Palmas', 'Santa Cruz', 'Arrecife'], at: [-15.4, 28.1] },
  { name: 'Virgin Islands', ports: ['Road Town', 'Jost Van Dyke', 'Virgin Gorda'], at: [-64.6, 18.4] },
  { name: 'Grenadines', ports: ['Bequia', 'Union Island', 'Carriacou'], at: [-61.3, 12.8] },
  { name: 'Bahamas', ports: ['Nassau', 'Exuma', 'Abaco'], at: [-77.3, 25.0] },
  { name: 'New England', ports: ['Newport', 'Mystic', 'Nantucket'], at: [-70.7, 41.5] },
  { name: 'Salish Sea', ports: ['Anacortes', 'Victoria', 'Friday Harbor'], at: [-123.0, 48.5] },
  { name: 'Society Islands', ports: ['Papeete', 'Moorea', 'Bora Bora'], at: [-149.6, -17.5] },
  { name: 'Fiji', ports: ['Suva', 'Savusavu', 'Taveuni'], at: [179.4, -17.0] },
  { name: 'Hauraki Gulf', ports: ['Auckland', 'Waiheke', 'Great Barrier'], at: [174.9, -36.7] },
  { name: 'Phuket', ports: ['Phuket', 'Phi Phi', 'Krabi'], at: [98.4, 7.9] },
  { name: 'Seychelles', ports: ['Victoria', 'Praslin', 'La Digue'], at: [55.5, -4.6] },
  { name: 'Norway', ports: ['Bergen', 'Stavanger', 'Alesund'], at: [5.3, 60.4] },
  { name: 'Baltic', ports: ['Stockholm', 'Helsinki', 'Tallinn'], at: [21.0, 59.5] },
  { name: 'Hebrides', ports: ['Oban', 'Tobermory', 'Stornoway'], at: [-6.0, 57.0] },
  { name: 'Azores', ports: ['Horta', 'Ponta Delgada', 'Angra'], at: [-28.0, 38.5] },
  { name: 'Sardinia', ports: ['Olbia', 'Cagliari', 'Alghero'], at: [9.3, 40.5] },
  { name: 'Algarve', ports: ['Lagos', 'Portimao', 'Faro'], at: [-8.3, 37.0] },
  { name: 'Panama', ports: ['Colon', 'San Blas', 'Bocas'], at: [-79.5, 9.3] },
];

/** A small deterministic generator, so every run measures the same searches and voyages. */
const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const random = seeded(20261127);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const SYLLABLES = ['ka', 'lo', 'ma', 'ri', 'sa', 'te', 'vo', 'ne', 'pa', 'di', 'ro', 'ze', 'mi', 'ta', 'lu', 'be'];
/** A harbour's name of its own (two or three syllables). */
const harbourName = (): string => {
  const name = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join('');
  return `${name[0]!.toUpperCase()}${name.slice(1)}`;
};
/** 192 cruising grounds: each named one above and seven more along the same coasts, with harbours of their own. */
const GROUNDS = AREAS.flatMap((area) =>
  Array.from({ length: 8 }, (_, i) => ({
    name: area.name,
    ports: i === 0 ? area.ports : [harbourName(), harbourName(), harbourName()],
    at: i === 0 ? area.at : ([((area.at[0] + (random() - 0.5) * 14 + 540) % 360) - 180, Math.max(-60, Math.min(70, area.at[1] + (random() - 0.5) * 10))] as [number, number]),
  })),
);
const dayFromNow = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const wrap = (lon: number): number => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);

/** The Subject header of a raw message, unfolded and its RFC 2047 words decoded (quotes make nodemailer encode it). */
const subjectOf = (raw: string): string =>
  (/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '')
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );

interface GeneratedSearch {
  readonly filters: SavedSearchFilters;
  readonly bbox: SavedSearchBbox | null;
  readonly alert: SavedSearchAlert;
}

/**
 * A mix of what members save: a map view of a cruising ground (with or without
 * dates), a word or two, dates and a kind of contribution, everything at once,
 * and a few with no filter at all (every new voyage matches those).
 */
const generateSearch = (): GeneratedSearch => {
  const area = pick(GROUNDS);
  const roll = random();
  const alert: SavedSearchAlert = pick(['instant', 'instant', 'instant', 'daily', 'daily', 'daily', 'daily', 'weekly', 'weekly', 'off']);
  const span = 1.5 + random() * 6;
  const bbox = (): SavedSearchBbox => [
    round(wrap(area.at[0] - span / 2), 3),
    round(Math.max(-89, area.at[1] - span / 3), 3),
    round(wrap(area.at[0] + span / 2), 3),
    round(Math.min(89, area.at[1] + span / 3), 3),
  ];
  const from = Math.floor(random() * 150);
  // The weeks a member is free: two to six.
  const dates = { departure_from: dayFromNow(from), departure_to: dayFromNow(from + 14 + Math.floor(random() * 28)) };
  if (roll < 0.002) return { filters: {}, bbox: null, alert };
  if (roll < 0.3) return { filters: {}, bbox: bbox(), alert };
  if (roll < 0.45) return { filters: dates, bbox: bbox(), alert };
  if (roll < 0.75)
    return {
      filters: {
        search: random() < 0.75 ? `${pick(area.ports)}${random() < 0.3 ? ` ${pick(['sailing', 'passage', 'relaxed'])}` : ''}` : area.name.slice(0, 4 + Math.floor(random() * 4)),
      },
      bbox: null,
      alert,
    };
  if (roll < 0.85)
    return { filters: { ...dates, duration: pick(['days', 'weeks', 'months'] as const), contribution: pick(['free', 'shared', 'paid'] as const) }, bbox: null, alert };
  return { filters: { ...dates, duration: pick(['days', 'weeks', 'months'] as const), contribution: pick(['free', 'shared'] as const) }, bbox: bbox(), alert };
};

const generatePlan = (n: number): VoyagePlan => {
  const area = pick(GROUNDS);
  const [a, b] = [pick(area.ports), pick(area.ports)];
  const start = 5 + Math.floor(random() * 170);
  const jitter = (): number => (random() - 0.5) * 1.5;
  return {
    title: `${area.name} sailing ${n}: ${a} to ${b}`,
    description: `A relaxed passage in the ${area.name} with swimming stops and good company.`,
    startDate: dayFromNow(start),
    endDate: dayFromNow(start + 2 + Math.floor(random() * 40)),
    minExperience: 'beginner',
    skills: [],
    crewNeeded: 3,
    contribution: pick([
      { type: 'free', amount: null, currency: 'EUR', details: '' },
      { type: 'shared_costs', amount: 25, currency: 'EUR', details: '' },
      { type: 'paid', amount: 60, currency: 'EUR', details: '' },
    ] as const),
    isCustom: false,
    customNotes: '',
    stops: [
      { name: a, portId: null, coordinates: [round(wrap(area.at[0] + jitter()), 4), round(area.at[1] + jitter(), 4)] },
      { name: b, portId: null, coordinates: [round(wrap(area.at[0] + jitter()), 4), round(area.at[1] + jitter(), 4)] },
    ],
    custom: null,
  };
};

/**
 * Saved-search alerts at 100,000 members, each with one saved search of a
 * realistic mix, in a database of its own with BullMQ on Redis and an SMTP
 * sink in a process of its own (bench/smtp-sink.ts):
 * - matching: one new voyage against every stored search (the reactor's
 *   query: GiST over the ranges, a B-tree over the first word, then the other
 *   filters; the matches written), 300 varied voyages, in a transaction
 *   rolled back after each;
 * - instant alert: from the publish command's return to each alert mail's
 *   arrival at the sink, for 30 voyages published one a second, the
 *   projector, reactor and a worker (32 jobs at a time) running;
 * - daily digests: every member's search made daily with 1 to 3 new
 *   matches, one digest pass, until the 100,000 digests are all at the sink.
 * Skipped without Redis.
 */
export const runAlertsBenchmark = async (_databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const redisUrl = await requireRedis('alerts');

  // The SMTP sink runs in a process of its own, as a mail server does; arrival times come back as epoch ms.
  const arrivals: { at: number; subject: string }[] = [];
  const sink = fork(path.join(__dirname, 'smtp-sink.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const sinkPort = await new Promise<number>((resolve, reject) => {
    sink.once('error', reject);
    sink.on('message', (message: { port?: number; arrived?: { at: number; head: string }[] }) => {
      if (message.port) resolve(message.port);
      for (const mail of message.arrived ?? []) arrivals.push({ at: mail.at - performance.timeOrigin, subject: subjectOf(mail.head) });
    });
  });
  const smtpUrl = `smtp://127.0.0.1:${sinkPort}/?pool=true&maxConnections=${SMTP_CONNECTIONS}&maxMessages=200000`;
  const database = await createBenchDatabase();
  const prefix = `crew-bench-${randomUUID()}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtpUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crew-bench-alerts-')),
  });
  const runtime = await startApplication(config, database.url, quietLogger, { redisPrefix: prefix });
  const { dataSource } = runtime;
  try {
    const [skipper] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified) VALUES ('skipper@bench-alerts.example', 'x', 'Ellen', 'Skipper', 'skipper', true) RETURNING id`,
    );
    const memberIds = (
      await dataSource.query<{ id: string }[]>(
        `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified)
         SELECT 'member.' || g || '@bench-alerts.example', 'x', 'Member' || g, 'Sailor', 'crew', true FROM generate_series(1, $1::int) AS g RETURNING id`,
        [MEMBERS],
      )
    ).map((row) => row.id);
    const searches = memberIds.map(() => generateSearch());
    for (let i = 0; i < memberIds.length; i += 5_000) {
      const batch = searches.slice(i, i + 5_000);
      const columns = batch.map((search) => matchColumns(search.filters, search.bbox));
      const array = (values: readonly string[]): string => `{${values.map((value) => `"${value.replace(/"/g, '\\"')}"`).join(',')}}`;
      await dataSource.query(
        `INSERT INTO saved_searches (id, user_id, name, filters, bbox, alert, area, area_wrap, departure, duration, contribution, words, created_at, updated_at)
         SELECT gen_random_uuid(), u, 'Search', f, b::float8[], a, ar::box, aw::box, d::daterange, du::int4range, c::int4range, w::text[], now() - interval '2 days', now() - interval '2 days'
           FROM unnest($1::uuid[], $2::jsonb[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
             AS t(u, f, b, a, ar, aw, d, du, c, w)`,
        [
          memberIds.slice(i, i + 5_000),
          batch.map((search) => JSON.stringify(search.filters)),
          batch.map((search) => (search.bbox ? `{${search.bbox.join(',')}}` : null)),
          batch.map((search) => search.alert),
          columns.map((c) => c.area),
          columns.map((c) => c.area_wrap),
          columns.map((c) => c.departure),
          columns.map((c) => c.duration),
          columns.map((c) => c.contribution),
          columns.map((c) => array(c.words)),
        ],
      );
    }
    await dataSource.query('ANALYZE saved_searches');
    log(`${MEMBERS.toLocaleString('en')} members and saved searches written`);

    // Matching: the reactor's query alone, each voyage in a transaction rolled back.
    const matchMs: number[] = [];
    const hits: number[] = [];
    for (let n = 0; PARTS.has('matching') && n < MATCH_SAMPLES; n++) {
      const plan = generatePlan(n);
      const snapshot: VoyageSnapshot = {
        skipperId: skipper!.id,
        details: {
          title: plan.title,
          description: plan.description,
          startDate: plan.startDate,
          endDate: plan.endDate,
          minExperience: plan.minExperience,
          skills: [],
          isCustom: false,
          customNotes: '',
          boatId: '',
          includesFood: false,
        },
        segments: [
          {
            order: 1,
            departure: { name: plan.stops[0]!.name, portId: null, coordinates: plan.stops[0]!.coordinates },
            arrival: { name: plan.stops[1]!.name, portId: null, coordinates: plan.stops[1]!.coordinates },
            departureDate: plan.startDate,
            arrivalDate: plan.endDate,
            distanceNm: 40,
            estimatedHours: null,
            crewNeeded: 3,
          },
        ] as unknown as VoyageSnapshot['segments'],
        totalDistanceNm: 40,
        crewNeeded: 3,
        contribution: plan.contribution as VoyageSnapshot['contribution'],
      } as VoyageSnapshot;
      const runner = dataSource.createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      try {
        const started = performance.now();
        const voyageId = randomUUID();
        await recordMatches(runner.manager, { voyageId, snapshot, status: 'planning', at: new Date(), logCommit: 1n });
        matchMs.push(performance.now() - started);
        const [recorded] = await runner.manager.query<{ n: number }[]>('SELECT count(*)::int AS n FROM saved_search_matches WHERE voyage_id = $1', [voyageId]);
        hits.push(recorded?.n ?? 0);
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
    }
    const matchP95 = percentile(matchMs, 95);
    if (matchMs.length > 0)
      log(`matching: median ${round(median(matchMs), 2)} ms, p95 ${round(matchP95, 2)} ms; median ${median(hits)} new matches per voyage (p95 ${percentile(hits, 95)})`);

    const title = 'Saved-search alerts: 100,000 members with a saved search each (BullMQ on Redis, local SMTP sink)';
    const matching: { figures: Record<string, Figure>; details: Record<string, number> } = {
      figures: matchMs.length > 0 ? { matchP95: figure('Matching one new voyage against 100,000 saved searches, p95', round(matchP95, 2), 'ms', atMost(20)) } : {},
      details: { savedSearches: MEMBERS, matchSamples: matchMs.length, matchMedianMs: round(median(matchMs), 2), medianNewMatchesPerVoyage: median(hits) },
    };
    if (!PARTS.has('instant') && !PARTS.has('digests')) return { name: 'alerts', title, ...matching };

    // Instant alerts: publish → mail at the sink, the whole pipeline running.
    runtime.startProjectors();
    await runtime.jobQueue.startWorker(runtime.roles.jobHandlers, { concurrency: WORKER_CONCURRENCY });
    const published = new Map<string, number>();
    for (let n = 0; n < INSTANT_VOYAGES; n++) {
      const plan = generatePlan(1_000 + n);
      await runtime.repository.execute(
        Voyage,
        voyageStreamId(randomUUID()),
        { type: 'PublishVoyage', actorId: skipper!.id, plan, boat: { id: randomUUID(), ownerId: skipper!.id, isActive: true } },
        { userId: skipper!.id, correlationId: randomUUID() },
      );
      published.set(`sailing ${1_000 + n}:`, performance.now());
      await sleep(1_000);
    }
    const expected = Number(
      (await dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM saved_search_matches m JOIN saved_searches s ON s.id = m.search_id WHERE s.alert = 'instant'`))[0]?.n ??
        0,
    );
    const waitStarted = performance.now();
    for (;;) {
      const [row] = await dataSource.query<{ n: string; expected: string }[]>(
        `SELECT (SELECT count(*) FROM email_messages WHERE template = 'saved-search-alert' AND status IN ('sent', 'skipped', 'failed')) AS n,
                (SELECT count(*) FROM saved_search_matches m JOIN saved_searches s ON s.id = m.search_id WHERE s.alert = 'instant') AS expected`,
      );
      if (Number(row?.n) >= Number(row?.expected) && Number(row?.expected) >= expected) break;
      if (performance.now() - waitStarted > 10 * 60_000) throw new Error(`only ${row?.n} of ${row?.expected} instant alerts handled after 10 minutes`);
      await sleep(250);
    }
    const latencies = arrivals.flatMap((mail) => {
      const key = /sailing \d+:/.exec(mail.subject)?.[0];
      const at = key ? published.get(key) : undefined;
      return at === undefined ? [] : [mail.at - at];
    });
    const instantP95 = percentile(latencies, 95) / 1000;
    log(`instant alerts: ${latencies.length} mails, publish to SMTP median ${round(median(latencies) / 1000, 2)} s, p95 ${round(instantP95, 2)} s`);

    const instant = {
      figures: { ...matching.figures, instantP95: figure('Instant alert, publish to SMTP, p95', round(instantP95, 2), 's', atMost(5)) },
      details: { ...matching.details, instantMails: latencies.length, instantMedianS: round(median(latencies) / 1000, 2) },
    };
    if (!PARTS.has('digests')) return { name: 'alerts', title, ...instant };

    // Daily digests: every search daily, each with one to three new matches.
    await runtime.roles.stop();
    const voyageIds = (await dataSource.query<{ voyage_id: string }[]>('SELECT voyage_id FROM voyage_summaries')).map((row) => row.voyage_id);
    await dataSource.query(`UPDATE saved_searches SET alert = 'daily', time_zone = 'UTC'`);
    await dataSource.query(
      `INSERT INTO saved_search_matches (search_id, voyage_id, matched_at, log_commit)
       SELECT s.id, ($1::uuid[])[1 + ((abs(hashtext(s.id::text || k)) % array_length($1::uuid[], 1)))], now() - interval '1 day', 1
         FROM saved_searches s, generate_series(1, 1 + abs(hashtext(s.id::text)) % 3) k
       ON CONFLICT DO NOTHING`,
      [voyageIds],
    );
    await dataSource.query(`UPDATE saved_search_matches SET mailed_at = now() - interval '1 day' WHERE matched_at > now() - interval '1 hour'`);
    const before = arrivals.length;
    const digestStarted = performance.now();
    const pass = await runtime.get(AlertDigests).tick(new Date(Date.now() + 86_400_000));
    const madeSeconds = (performance.now() - digestStarted) / 1000;
    log(`digest pass: ${pass.made.toLocaleString('en')} digests made and queued in ${round(madeSeconds, 1)} s`);
    let lastLog = performance.now();
    while (arrivals.length - before < pass.made) {
      await sleep(250);
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(`${(arrivals.length - before).toLocaleString('en')} digests delivered`);
      }
      if (performance.now() - digestStarted > 20 * 60_000) throw new Error(`only ${arrivals.length - before} of ${pass.made} digests delivered after 20 minutes`);
    }
    const digestSeconds = (performance.now() - digestStarted) / 1000;
    log(`digests: ${pass.made.toLocaleString('en')} at the SMTP sink ${round(digestSeconds, 1)} s after the pass started`);

    return {
      name: 'alerts',
      title,
      figures: {
        ...instant.figures,
        digests: figure('Daily digests for 100,000 members, all at the SMTP sink', round(digestSeconds, 1), 's', atMost(120)),
      },
      details: {
        ...instant.details,
        digestsMade: pass.made,
        digestPassSeconds: round(madeSeconds, 1),
        workerConcurrency: WORKER_CONCURRENCY,
        smtpConnections: SMTP_CONNECTIONS,
      },
    };
  } finally {
    await runtime.close();
    sink.disconnect();
    await dropRedisKeys(redisUrl, prefix);
    if (process.env['BENCH_KEEP_DATABASE'] === '1') log(`kept database ${database.url}`);
    else await database.drop();
  }
};
