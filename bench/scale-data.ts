import { allProjectors } from '@crew/projections';
import {
  DomainError,
  UpcasterRegistry,
  eventUpcasters,
  personalDataAggregates,
  Subscription,
  Voyage,
  expiryOf,
  isCrewComplete,
  subscriptionStreamId,
  voyageStreamId,
  type Aggregate,
  type DomainEvent,
  type EventMetadata,
  type JsonObject,
  type PortStop,
  type SubscriptionCommand,
  type VoyageCommand,
  type VoyageState,
} from '@crew/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { deferEventIndexes, loadGeneratorPorts } from '../apps/api/src/cli/event-log-generator';
import { generatedPlan } from '../apps/api/src/cli/generated-plan';
import { seededRandom } from '../apps/api/src/cli/seeded-random';
import type { PostgresEventStore } from '../apps/api/src/platform/event-store/postgres-event-store';
import { UpcastingEventStore } from '../apps/api/src/platform/event-store/upcasting-event-store';
import { DecryptingEventStore } from '../apps/api/src/platform/privacy/decrypting-event-store';
import { MemberDataKeys } from '../apps/api/src/platform/privacy/member-data-keys';
import { PersonalDataCipher } from '../apps/api/src/platform/privacy/personal-data-cipher';
import { SKIPPER_NAME_WORDS_SQL } from '../apps/api/src/platform/database/migrations/1766714523000-reads-at-scale';
import { rebuildProjection } from '../apps/api/src/platform/projections/projection-rebuild';
import { FIRST, LAST } from './admin-users.bench';

/**
 * The marketplace at a given size, for the scale benchmark: members, boats,
 * an event log of voyages and applications over two years, the read models
 * rebuilt from it by the projections' own rebuild, and the reviews members
 * wrote after their voyages.
 *
 * - Members (state table, bulk SQL): ten per voyage, 68 % crew, 18 % skippers,
 *   14 % both, joined over three years (more lately); names from the admin
 *   bench's lists, e-mails `first.last<n>@` one of ten mail providers (a third
 *   at gmail.com); profiles partly filled
 *   (photo, sailing experience, emergency contact, skills), 3 % with a paid
 *   subscription (events). Ids are md5 of `scale-user-<n>`, so SQL and the
 *   log agree without reading a million ids back.
 * - Voyages: published over the last two years (more each month), by one
 *   skipper in four of the skipper accounts with a long tail (a sailing school
 *   has a hundred voyages, most skippers one or two), between neighbouring
 *   ports of the catalogue (legs within 6°, as `npm run voyages:generate`
 *   draws them), departing days to months after publication, lasting a
 *   weekend to six weeks. Each lives through what the aggregate decides, in
 *   time order: about twenty applications (a long tail again, from crew who
 *   had joined by then), answered within days or left to expire, some
 *   withdrawn; a few edits, cancellations; sailed, completed and logged when
 *   its dates have passed (or archived when it never left), agreements
 *   issued and accepted before departure; the hourly sweep's expiries,
 *   archiving and log confirmations at the time they fall due.
 * - Every projection of `allProjectors` rebuilt with `rebuildProjection`.
 * - Applicants' messages (state, beside the events, as the submit command
 *   keeps them) and reviews (state table, bulk SQL) from the review windows the rebuild
 *   opened: most crew review their skipper, half the skippers their crew,
 *   visible once both sides wrote or the window closed.
 */

/** Bump when the data this writes changes: cached databases of another version are not used. */
export const SCALE_GENERATOR_VERSION = 5;

export interface ScaleSize {
  readonly voyages: number;
  readonly users: number;
  readonly applications: number;
}

export const scaleSize = (voyages: number): ScaleSize => ({ voyages, users: voyages * 10, applications: voyages * 20 });

export interface ScaleData {
  readonly size: ScaleSize;
  readonly now: string;
  readonly events: number;
  readonly applications: number;
  readonly byType: Readonly<Record<string, number>>;
  readonly reviews: number;
  readonly milliseconds: { readonly members: number; readonly log: number; readonly rebuild: number; readonly reviews: number; readonly vacuum: number };
  readonly rebuilt: Readonly<Record<string, { events: number; milliseconds: number }>>;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Members joined over this many days before now. */
const MEMBER_DAYS = 1_100;
/** Projections rebuilt side by side. */
const REBUILDS_AT_ONCE = 3;
/** Voyages were published over this many days before now. */
const VOYAGE_DAYS = 480;

/** The id of member `n` (0-based), as the SQL that writes the members makes it. */
export const memberId = (n: number): string => {
  const hex = createHash('md5').update(`scale-user-${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const boatId = (n: number): string => {
  const hex = createHash('md5').update(`scale-boat-${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Account type of member n: by n % 100, as the SQL writes it. */
const typeOf = (n: number): 'crew' | 'skipper' | 'both' => {
  const r = n % 100;
  return r < 68 ? 'crew' : r < 86 ? 'skipper' : 'both';
};
export const SCALE_ADMIN_EMAIL = 'admin@scale-bench.example';
/** Members' mail providers, one slot each in twenty: gmail.com seven times. */
const MAIL_DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'outlook.com',
  'outlook.com',
  'hotmail.com',
  'yahoo.com',
  'yahoo.com',
  'icloud.com',
  'icloud.com',
  'proton.me',
  'web.de',
  'gmx.de',
  'orange.fr',
  'libero.it',
  'btinternet.com',
];
/** Member n's names and e-mail, as the SQL that writes the members spells them. */
export const memberNames = (n: number): { readonly first: string; readonly last: string; readonly email: string } => {
  const first = FIRST[(n * 7) % FIRST.length]!;
  const last = LAST[(n + Math.floor(n / FIRST.length) * 3) % LAST.length]!;
  return { first, last, email: `${first.toLowerCase()}.${last.toLowerCase()}${n}@${MAIL_DOMAINS[(n * 13) % MAIL_DOMAINS.length]!}` };
};

const INSERT_EVENTS_SQL = `
INSERT INTO events (event_id, stream_id, revision, event_type, data, metadata)
SELECT (e->>'i')::uuid, e->>'s', (e->>'r')::bigint, e->>'t', e->'d', e->'m'
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS u(e, ord)
 ORDER BY ord`;

interface Row {
  i: string;
  s: string;
  r: number;
  t: string;
  d: JsonObject;
  m: EventMetadata;
}

const APPLICATION_MESSAGES = [
  'I would love to join this passage: offshore miles and night watches welcome.',
  'Keen crew with a Day Skipper ticket, happy to cook and stand watches.',
  'Looking to build sea miles; I am fit, reliable and learn fast.',
  'Sailed dinghies for years, now looking for my first longer passage.',
  'Experienced on the helm and with sail trim; available for the whole trip.',
];
const DESCRIPTIONS = [
  'A relaxed passage with a seasoned skipper: watches shared, meals together, swims at anchor.',
  'Delivery trip with long night watches; some offshore experience helps.',
  'Island hopping between quiet anchorages, a good first trip for new crew.',
  'Training passage: navigation, reefing and night sailing for those who want to learn.',
  'Coastal cruise with short legs, harbour evenings and local food ashore.',
];
const TERMS = {
  contributionAmount: null,
  contributionCurrency: 'EUR',
  contributionCovers: 'Food and fuel',
  duties: 'Watches and galley on rotation',
  watchSystem: '3 on 6 off',
  houseRules: 'No alcohol under way',
  leavingEarly: 'Crew leaving early pay their own way home',
  insurance: 'Boat insured; crew bring travel insurance',
} as const;

/**
 * Members' data keys made as the log is written, as the aggregate
 * repository's sealing makes them on first use, but kept in memory and
 * written in bulk afterwards (one insert per member and per stream would be
 * millions of round trips).
 */
class GeneratedDataKeys extends MemberDataKeys {
  readonly made = new Map<string, Buffer>();
  readonly streams = new Map<string, Set<string>>();

  override keyFor(memberId: string): Promise<Buffer | null> {
    let key = this.made.get(memberId);
    if (!key) {
      key = randomBytes(32);
      this.made.set(memberId, key);
    }
    return Promise.resolve(key);
  }

  override noteStream(memberId: string, streamId: string): Promise<void> {
    const streams = this.streams.get(memberId) ?? new Set<string>();
    streams.add(streamId);
    this.streams.set(memberId, streams);
    return Promise.resolve();
  }

  async write(dataSource: DataSource): Promise<void> {
    const members = [...this.made.keys()];
    for (let i = 0; i < members.length; i += 10_000) {
      const chunk = members.slice(i, i + 10_000);
      await dataSource.query('INSERT INTO member_data_keys (member_id, data_key) SELECT * FROM unnest($1::uuid[], $2::bytea[])', [chunk, chunk.map((id) => this.made.get(id))]);
    }
    const pairs = [...this.streams].flatMap(([member, streams]) => [...streams].map((stream) => [member, stream] as const));
    for (let i = 0; i < pairs.length; i += 10_000) {
      const chunk = pairs.slice(i, i + 10_000);
      await dataSource.query('INSERT INTO member_data_streams (member_id, stream_id) SELECT * FROM unnest($1::uuid[], $2::text[])', [
        chunk.map(([m]) => m),
        chunk.map(([, s]) => s),
      ]);
    }
  }
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Members, profiles and the administrator, by bulk SQL. Into an empty users
 * table the secondary indexes (name and admin search indexes, e-mail
 * uniqueness, join dates) are dropped for the load and built again after it,
 * and the per-row triggers that keep the member counts are off while the
 * counts are written once from the table, as the migrations that created
 * them did (and the skippers' name words as the reads-at-scale migration
 * wrote them): a million rows then take a sort per index instead of a
 * million trigger calls and random index inserts.
 */
async function writeMembers(dataSource: DataSource, size: ScaleSize, now: Date, activeSkippers: readonly number[]): Promise<void> {
  const indexes = await dataSource.query<{ name: string; def: string }[]>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'users'::regclass AND NOT i.indisprimary AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  );
  const triggers = ['users_counted', 'users_sign_ups_counted', 'users_skipper_name_words'];
  for (const { name } of indexes) await dataSource.query(`DROP INDEX ${quoteIdent(name)}`);
  for (const trigger of triggers) await dataSource.query(`ALTER TABLE users DISABLE TRIGGER ${trigger}`);
  await dataSource.query(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, user_type, is_admin, email_verified, phone_verified, identity_verified, profile_complete,
                        profile_photo_url, sailing_experience, emergency_contact, crew_skills, locale, created_at, updated_at)
     SELECT md5('scale-user-' || g)::uuid,
            lower(($1::text[])[1 + (g * 7) % array_length($1::text[], 1)]) || '.' || lower(($2::text[])[1 + (g + g / array_length($1::text[], 1) * 3) % array_length($2::text[], 1)])
              || g || '@' || ($5::text[])[1 + (g * 13) % array_length($5::text[], 1)],
            'x',
            ($1::text[])[1 + (g * 7) % array_length($1::text[], 1)],
            ($2::text[])[1 + (g + g / array_length($1::text[], 1) * 3) % array_length($2::text[], 1)],
            CASE WHEN g % 100 < 68 THEN 'crew' WHEN g % 100 < 86 THEN 'skipper' ELSE 'both' END,
            false, g % 20 <> 0, g % 10 = 1, g % 50 = 2, g % 3 = 0,
            CASE WHEN g % 5 < 2 THEN '/uploads/profiles/scale-' || g || '.jpg' END,
            CASE WHEN g % 20 < 11 THEN jsonb_build_object('years_sailing', g % 25, 'sailing_areas', jsonb_build_array((ARRAY['Mediterranean', 'Caribbean', 'Baltic', 'Atlantic', 'Pacific', 'Offshore'])[1 + g % 6]),
                                   'experience_types', jsonb_build_array('coastal'), 'certifications', CASE WHEN g % 4 = 0 THEN jsonb_build_array('Day Skipper') ELSE '[]'::jsonb END,
                                   'informal_description', 'Sailing since ' || (1990 + g % 30) || ', mostly coastal cruising.') END,
            CASE WHEN g % 10 < 3 THEN jsonb_build_object('name', 'Shore contact', 'phone', '+44 7700 900' || lpad((g % 1000)::text, 3, '0')) END,
            CASE WHEN g % 2 = 0 THEN jsonb_build_object('navigation', jsonb_build_array('chart_plotting'), 'sailing', jsonb_build_array('reefing'), 'technical', '[]'::jsonb,
                                   'safety', jsonb_build_array('first_aid'), 'galley', jsonb_build_array('galley_cooking'), 'experience', jsonb_build_array('night_watches')) END,
            (ARRAY['en', 'en', 'en', 'fr', 'de', 'es', 'it'])[1 + g % 7],
            $4::timestamptz - make_interval(secs => (1 - g::float8 / $3::int) * ${MEMBER_DAYS} * 86400),
            $4::timestamptz - make_interval(secs => (1 - g::float8 / $3::int) * ${MEMBER_DAYS} * 86400)
       FROM generate_series(0, $3::int - 1) AS g`,
    [FIRST, LAST, size.users, now.toISOString(), MAIL_DOMAINS],
  );
  await dataSource.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, user_type, is_admin, email_verified, profile_complete, created_at)
     VALUES ($1, 'x', 'Scale', 'Admin', 'admin', true, true, true, $2::timestamptz - interval '${MEMBER_DAYS + 10} days')`,
    [SCALE_ADMIN_EMAIL, now.toISOString()],
  );
  for (const trigger of triggers) await dataSource.query(`ALTER TABLE users ENABLE TRIGGER ${trigger}`);
  await dataSource.query(
    `INSERT INTO user_counts (user_type, is_admin, users) SELECT user_type, is_admin, count(*) FROM users GROUP BY 1, 2
     ON CONFLICT (user_type, is_admin) DO UPDATE SET users = EXCLUDED.users`,
  );
  await dataSource.query(
    `INSERT INTO analytics_sign_ups_daily (day, user_type, is_admin, users)
     SELECT (created_at AT TIME ZONE 'UTC')::date, user_type, is_admin, count(*) FROM users GROUP BY 1, 2, 3
     ON CONFLICT (day, user_type, is_admin) DO UPDATE SET users = EXCLUDED.users`,
  );
  await dataSource.query(`INSERT INTO skipper_name_words (user_id, word) ${SKIPPER_NAME_WORDS_SQL} ON CONFLICT DO NOTHING`);
  await dataSource.transaction(async (manager) => {
    await manager.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const { def } of indexes) await manager.query(def);
  });
  await dataSource.query(
    `INSERT INTO boats (id, owner_id, name, boat_type, make_model, length_feet, max_crew, berths, equipment)
     SELECT md5('scale-boat-' || g)::uuid, md5('scale-user-' || g)::uuid, 'Boat ' || g, (ARRAY['monohull', 'monohull', 'catamaran'])[1 + g % 3],
            (ARRAY['Beneteau Oceanis 40', 'Jeanneau Sun Odyssey 419', 'Lagoon 42', 'Hallberg-Rassy 37', 'Bavaria 38'])[1 + g % 5], 30 + g % 20, 4 + g % 5, 6,
            '{"safety":["liferaft","epirb"],"navigation":["chartplotter"],"comfort":["shower"]}'
       FROM unnest($1::int[]) AS g`,
    [activeSkippers],
  );
}

/**
 * Picks from `count` items with a long tail: item 0 most often, item k about
 * k^(1/exponent - 1) as often. exponent 1 is uniform.
 */
const skewed = (next: () => number, count: number, exponent: number): number => Math.min(count - 1, Math.floor(count * next() ** exponent));

export async function generateScaleData(dataSource: DataSource, store: PostgresEventStore, size: ScaleSize, log: (line: string) => void): Promise<ScaleData> {
  const nowMs = Date.now();
  const now = new Date(nowMs);
  const next = seededRandom(20_261_127 + size.voyages);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const hex = (n: number): string =>
    Math.floor(next() * 16 ** n)
      .toString(16)
      .padStart(n, '0');
  const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + Math.floor(next() * 4)).toString(16)}${hex(3)}-${hex(6)}${hex(6)}`;
  const joinedAt = (n: number): number => nowMs - (1 - n / size.users) * MEMBER_DAYS * DAY;

  // Skipper-like members (skipper or both) and crew-like ones (crew or both), in a shuffled order so that
  // the busiest are spread over join dates; one skipper account in four publishes.
  const skipperLike: number[] = [];
  const crewLike: number[] = [];
  for (let n = 0; n < size.users; n++) {
    const type = typeOf(n);
    if (type !== 'crew') skipperLike.push(n);
    if (type !== 'skipper') crewLike.push(n);
  }
  const shuffle = (items: number[]): number[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  };
  const publishers = shuffle(skipperLike).slice(0, Math.max(50, Math.round(size.voyages / 4)));
  const applicants = shuffle(crewLike).slice(0, Math.max(500, Math.round(size.applications / 8)));

  const timings = { members: 0, log: 0, rebuild: 0, reviews: 0, vacuum: 0 };
  let started = performance.now();
  await writeMembers(dataSource, size, now, publishers);
  timings.members = performance.now() - started;
  log(`${size.users.toLocaleString('en')} members and ${publishers.length.toLocaleString('en')} boats written in ${Math.round(timings.members / 1000)} s`);

  // ------------------------------------------------------------ the log
  started = performance.now();
  const ports = (await loadGeneratorPorts(dataSource, 100_000)).filter((port) => port.coordinates !== null);
  const NEAR = 6;
  const cells = new Map<string, PortStop[]>();
  const cellKey = (lon: number, lat: number): string => `${Math.floor(lon / NEAR)},${Math.floor(lat / NEAR)}`;
  for (const port of ports) {
    const [lon, lat] = port.coordinates!;
    const cell = cells.get(cellKey(lon, lat));
    if (cell) cell.push(port);
    else cells.set(cellKey(lon, lat), [port]);
  }
  const neighbourOf = (from: PortStop): PortStop => {
    const [lon, lat] = from.coordinates!;
    const near: PortStop[] = [];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const port of cells.get(cellKey(lon + dx * NEAR, lat + dy * NEAR)) ?? []) {
          const [plon, plat] = port.coordinates!;
          if (port !== from && Math.abs(plon - lon) < NEAR && Math.abs(plat - lat) < NEAR) near.push(port);
        }
      }
    }
    return near.length > 0 ? pick(near) : pick(ports);
  };

  const restoreIndexes = await deferEventIndexes(dataSource);
  const byType: Record<string, number> = {};
  let rows: Row[] = [];
  let events = 0;
  let inserting: Promise<unknown> = Promise.resolve();
  const flush = async (): Promise<void> => {
    if (rows.length === 0) return;
    const batch = rows;
    rows = [];
    await inserting;
    inserting = dataSource.query(INSERT_EVENTS_SQL, [JSON.stringify(batch)]);
  };
  // Personal values (application messages, notes) sealed with their member's key, as the aggregate repository appends them.
  const dataKeys = new GeneratedDataKeys(dataSource);
  const cipher = new PersonalDataCipher(dataKeys, personalDataAggregates);
  const voyageAggregate = Voyage as unknown as Aggregate<unknown, unknown, DomainEvent>;
  const record = async (stream: string, revision: number, event: DomainEvent, userId: string | null, at: number, stateAfter?: VoyageState): Promise<void> => {
    const metadata: EventMetadata = { userId, correlationId: uuid(), causationId: null, timestamp: new Date(at).toISOString() };
    const sealed = stateAfter ? await cipher.sealEvent(voyageAggregate, stream, event, stateAfter, metadata) : { data: event.data, metadata };
    rows.push({ i: uuid(), s: stream, r: revision, t: event.type, d: sealed.data, m: sealed.metadata });
    byType[event.type] = (byType[event.type] ?? 0) + 1;
    events++;
    if (rows.length >= 10_000) await flush();
  };

  let applications = 0;
  const refused: Record<string, number> = {};
  const DURATIONS = [1, 2, 2, 3, 4, 5, 7, 7, 10, 14, 14, 21, 30, 45];
  try {
    for (let v = 0; v < size.voyages; v++) {
      // More voyages each month: publication times thicken towards now.
      const publishedAt = nowMs - 2 * HOUR - (1 - Math.sqrt((v + next()) / size.voyages)) * VOYAGE_DAYS * DAY;
      let skipperNumber = publishers[skewed(next, publishers.length, 1.6)]!;
      for (let tries = 0; tries < 5 && joinedAt(skipperNumber) > publishedAt; tries++) skipperNumber = publishers[skewed(next, publishers.length, 1.6)]!;
      if (joinedAt(skipperNumber) > publishedAt) continue;
      const skipperId = memberId(skipperNumber);
      const id = uuid();
      const stream = voyageStreamId(id);
      let state: VoyageState = Voyage.initialState();
      let revision = -1;

      const first = pick(ports);
      const stops = [first];
      const legs = 1 + Math.floor(next() * 3);
      for (let leg = 0; leg < legs; leg++) stops.push(neighbourOf(stops[stops.length - 1]!));
      // Departure a week to a year after publication (four months on average), at midnight UTC like a date.
      const lead = 7 + Math.min(365, Math.floor(-Math.log(1 - next()) * 110));
      const departure = Math.floor((publishedAt + lead * DAY) / DAY) * DAY;
      const returning = departure + pick(DURATIONS) * DAY;
      const plan = generatedPlan(next, stops, new Date(departure), new Date(returning), pick(DESCRIPTIONS));

      const execute = async (command: VoyageCommand, actor: string, at: number): Promise<boolean> => {
        let decided: DomainEvent[];
        try {
          decided = Voyage.decide(command, state, new Date(at));
        } catch (error) {
          if (error instanceof DomainError) {
            const key = `${command.type} ${error.code}`;
            refused[key] = (refused[key] ?? 0) + 1;
            return false;
          }
          throw error;
        }
        for (const event of decided) {
          state = Voyage.evolve(state, event as never);
          revision++;
          await record(stream, revision, event, actor, at, state);
        }
        return decided.length > 0;
      };
      /** The sweep at every moment one of its rules fell due before `until`: expiries, archiving, automatic log confirmations. */
      const sweepUntil = async (until: number): Promise<void> => {
        for (;;) {
          let due = Number.POSITIVE_INFINITY;
          const startDate = state.snapshot?.details.startDate ?? '';
          for (const entry of Object.values(state.applications)) {
            if (entry.status !== 'pending') continue;
            const expiry = expiryOf(entry, startDate);
            if (expiry) due = Math.min(due, expiry.at.getTime());
          }
          if (!state.trust.archived && !state.trust.departed && (state.status === 'planning' || state.status === 'active' || state.status === 'full') && startDate) {
            due = Math.min(due, Date.parse(`${startDate}T00:00:00Z`) + DAY + HOUR);
          }
          if (state.completion) {
            for (const [crewId, member] of Object.entries(state.completion.crew)) {
              if (!state.trust.sailingLog[crewId]) due = Math.min(due, Date.parse(member.completedAt) + 7 * DAY + HOUR);
            }
          }
          if (due > until) return;
          if (!(await execute({ type: 'SweepVoyage', at: new Date(due).toISOString() }, skipperId, due))) return;
        }
      };

      if (!(await execute({ type: 'PublishVoyage', actorId: skipperId, plan, boat: { id: boatId(skipperNumber), ownerId: skipperId, isActive: true } }, skipperId, publishedAt))) {
        continue;
      }

      // What happens to it, as timed actions; run in time order, each decided by the aggregate at its time.
      const actions: { at: number; run: () => Promise<unknown> }[] = [];
      const open = Math.min(departure - HOUR, nowMs);
      if (next() < 0.25) {
        const at = publishedAt + next() * (open - publishedAt);
        const type = pick(['free', 'shared_costs', 'paid'] as const);
        const contribution = { type, amount: type === 'free' ? null : 50 * (1 + Math.floor(next() * 20)), currency: pick(['USD', 'EUR', 'GBP'] as const), details: '' };
        actions.push({ at, run: () => execute({ type: 'ChangeVoyageContribution', actorId: skipperId, contribution }, skipperId, at) });
      }
      // About twenty applications a voyage with a long tail, fewer where fewer were written than planned so far.
      const behind = (size.applications * (v + 1)) / size.voyages / Math.max(1, applications);
      const mean = 28 * Math.min(4, Math.max(0.5, behind));
      const count = Math.min(150, Math.floor(-Math.log(1 - next()) * mean));
      for (let a = 0; a < count && open > publishedAt; a++) {
        const at = publishedAt + next() * (open - publishedAt);
        let crewNumber = applicants[skewed(next, applicants.length, 1.4)]!;
        for (let tries = 0; tries < 5 && (joinedAt(crewNumber) > at || crewNumber === skipperNumber); tries++) crewNumber = applicants[skewed(next, applicants.length, 1.4)]!;
        if (joinedAt(crewNumber) > at || crewNumber === skipperNumber) continue;
        const crewId = memberId(crewNumber);
        const applicationId = uuid();
        const legCount = plan.stops.length - 1;
        const segmentOrders = legCount > 1 && next() < 0.2 ? [1 + Math.floor(next() * legCount)] : [];
        const message = pick(APPLICATION_MESSAGES);
        const answer = next();
        const answeredAt = at + -Math.log(1 - next()) * 36 * HOUR;
        actions.push({
          at,
          run: async () => {
            // Nobody can apply to a full or departed voyage: the page offers no button.
            if ((state.status !== 'planning' && state.status !== 'active') || isCrewComplete(state)) return;
            if (!(await execute({ type: 'SubmitApplication', actorId: crewId, actorUserType: typeOf(crewNumber), applicationId, message, segmentOrders }, crewId, at))) return;
            applications++;
            if (answer >= 0.85 || answeredAt >= Math.min(departure, nowMs)) return;
            actions.push({
              at: answeredAt,
              run: async () => {
                if (answer < 0.12) {
                  if (await execute({ type: 'AcceptApplication', actorId: skipperId, applicationId }, skipperId, answeredAt)) {
                    // One accepted crew member in four gets a crew agreement before departure; most accept it.
                    const issuedAt = answeredAt + DAY;
                    if (next() < 0.25 && issuedAt < Math.min(departure, nowMs)) {
                      const acceptAt = issuedAt + DAY;
                      const acceptIt = next() < 0.7;
                      actions.push({
                        at: issuedAt,
                        run: async () => {
                          if (!(await execute({ type: 'IssueCrewAgreement', actorId: skipperId, crewId, agreementId: uuid(), terms: TERMS }, skipperId, issuedAt))) return;
                          const agreement = state.trust.agreements[crewId];
                          if (agreement && acceptIt && acceptAt < Math.min(departure, nowMs)) {
                            actions.push({
                              at: acceptAt,
                              run: () =>
                                execute(
                                  { type: 'AcceptCrewAgreement', actorId: crewId, agreementId: agreement.agreementId, version: agreement.version, shareEmergencyContact: true },
                                  crewId,
                                  acceptAt,
                                ),
                            });
                          }
                        },
                      });
                    }
                  } else {
                    await execute({ type: 'RejectApplication', actorId: skipperId, applicationId }, skipperId, answeredAt);
                  }
                } else if (answer < 0.75) await execute({ type: 'RejectApplication', actorId: skipperId, applicationId }, skipperId, answeredAt);
                else await execute({ type: 'WithdrawApplication', actorId: crewId, applicationId }, crewId, answeredAt);
              },
            });
          },
        });
      }
      const fate = next();
      if (fate < 0.06) {
        const at = publishedAt + next() * (open - publishedAt);
        actions.push({ at, run: () => execute({ type: 'CancelVoyage', actorId: skipperId, reason: 'Weather window closed' }, skipperId, at) });
      } else if (fate < 0.94 && departure + 9 * HOUR < nowMs) {
        // Sailed on its departure day; completed on its return day when that has passed; most crew logged by the skipper.
        const sailedAt = departure + 9 * HOUR;
        actions.push({ at: sailedAt, run: () => execute({ type: 'ChangeVoyageStatus', actorId: skipperId, status: 'in_progress' }, skipperId, sailedAt) });
        const completedAt = returning + 12 * HOUR;
        if (completedAt < nowMs) {
          actions.push({
            at: completedAt,
            run: async () => {
              if (!(await execute({ type: 'ChangeVoyageStatus', actorId: skipperId, status: 'completed' }, skipperId, completedAt))) return;
              for (const crewId of Object.keys(state.completion?.crew ?? {})) {
                const confirmAt = completedAt + -Math.log(1 - next()) * 2 * DAY;
                if (next() < 0.7 && confirmAt < nowMs)
                  actions.push({ at: confirmAt, run: () => execute({ type: 'ConfirmSailingLog', actorId: skipperId, crewId }, skipperId, confirmAt) });
              }
            },
          });
        }
      }
      // Left never sailing (6 %): archived by the sweep the day after its departure date.

      while (actions.length > 0) {
        let earliest = 0;
        for (let i = 1; i < actions.length; i++) if (actions[i]!.at < actions[earliest]!.at) earliest = i;
        const [action] = actions.splice(earliest, 1);
        await sweepUntil(action!.at);
        await action!.run();
      }
      await sweepUntil(nowMs);
      if ((v + 1) % 10_000 === 0) log(`${(v + 1).toLocaleString('en')} voyages, ${events.toLocaleString('en')} events`);
    }

    // Paid subscriptions: 3 % of crew members, paid at some time in the last year (after joining); a few granted.
    for (let i = 0; i < crewLike.length; i++) {
      const n = crewLike[i]!;
      const r = next();
      if (r >= 0.035) continue;
      const at = Math.max(joinedAt(n), nowMs - 360 * DAY) + next() * Math.min(360 * DAY, nowMs - joinedAt(n));
      const command: SubscriptionCommand =
        r < 0.03
          ? {
              type: 'RecordPayment',
              providerEventId: `evt_${hex(16)}`,
              kind: 'activation',
              invoiceId: `in_${hex(16)}`,
              providerCustomerId: `cus_${hex(12)}`,
              providerSubscriptionId: `sub_${hex(12)}`,
              amountPaid: 3000,
              currency: 'gbp',
              periodStart: new Date(at),
              periodEnd: new Date(at + 365 * DAY),
            }
          : { type: 'Grant', reason: 'Goodwill' };
      let decided: DomainEvent[];
      try {
        decided = Subscription.decide(command, Subscription.initialState(), new Date(at));
      } catch (error) {
        if (error instanceof DomainError) continue;
        throw error;
      }
      for (const [revision, event] of decided.entries()) await record(subscriptionStreamId(memberId(n)), revision, event, null, at);
    }
    await flush();
    await inserting;
  } finally {
    await inserting.catch(() => undefined);
    await restoreIndexes();
  }
  await dataKeys.write(dataSource);
  // Every event was sealed as it was written: the one-time sealing of older logs has nothing to do here.
  await dataSource.query('INSERT INTO personal_data_sealing (sealed_events) VALUES (0) ON CONFLICT (id) DO NOTHING');
  await dataSource.query('VACUUM ANALYZE events');
  timings.log = performance.now() - started;
  log(
    `log of ${events.toLocaleString('en')} events (${applications.toLocaleString('en')} applications) written in ${Math.round(timings.log / 1000)} s; refused by the aggregate: ${JSON.stringify(refused)}`,
  );

  // ------------------------------------------------------------ read models
  started = performance.now();
  const rebuilt: Record<string, { events: number; milliseconds: number }> = {};
  // The store as the platform reads it: sealed values opened, events upcast.
  const reading = new UpcastingEventStore(
    new DecryptingEventStore(store, new PersonalDataCipher(new MemberDataKeys(dataSource), personalDataAggregates)),
    new UpcasterRegistry(eventUpcasters),
  );
  // A few at a time, as the projection runner runs them side by side: one reads and decodes the log while
  // PostgreSQL writes another's rows, instead of each waiting for the other on two cores.
  const queue = [...allProjectors];
  await Promise.all(
    Array.from({ length: REBUILDS_AT_ONCE }, async () => {
      for (let projector = queue.shift(); projector; projector = queue.shift()) {
        const result = await rebuildProjection(projector, reading, dataSource);
        rebuilt[projector.name] = { events: result.events, milliseconds: Math.round(result.milliseconds) };
        log(`${projector.name} rebuilt: ${result.events.toLocaleString('en')} events in ${Math.round(result.milliseconds / 1000)} s`);
      }
    }),
  );
  timings.rebuild = performance.now() - started;

  // ------------------------------------------------------------ state written beside the events
  started = performance.now();
  // Each applicant's message, kept outside the log by the submit command (one of APPLICATION_MESSAGES, as drawn).
  await dataSource.query(
    `INSERT INTO application_messages (application_id, voyage_id, crew_id, message, created_at)
     SELECT application_id, voyage_id, crew_id, ($1::text[])[1 + abs(hashtext(application_id::text)) % array_length($1::text[], 1)], created_at FROM applications`,
    [APPLICATION_MESSAGES],
  );
  await dataSource.query('SELECT setseed(0.27)');
  await dataSource.query(
    `WITH pairs AS (
       SELECT w.voyage_id, w.crew_id, v.skipper_id, w.closes_at, w.closes_at - interval '14 days' AS opened_at, random() AS r1, random() AS r2, random() AS r3
         FROM review_windows w JOIN voyage_summaries v ON v.voyage_id = w.voyage_id
        WHERE v.status = 'completed' AND w.crew_id <> v.skipper_id
     ), written AS (
       SELECT voyage_id, crew_id AS reviewer_id, skipper_id AS reviewee_id, 'crew' AS role, opened_at + (closes_at - opened_at) * r2 * 0.9 AS at, closes_at, r1, r3
         FROM pairs WHERE r1 < 0.7
       UNION ALL
       SELECT voyage_id, skipper_id, crew_id, 'skipper', opened_at + (closes_at - opened_at) * r3 * 0.9, closes_at, r2, r1
         FROM pairs WHERE r2 < 0.5
     )
     INSERT INTO reviews (voyage_id, reviewer_id, reviewee_id, reviewer_role, rating, body, created_at, updated_at, visible_from)
     SELECT voyage_id, reviewer_id, reviewee_id, role, (ARRAY[5, 5, 5, 4, 4, 4, 3, 2, 5, 4])[1 + floor(r3 * 10)::int],
            (ARRAY['A well run passage with a calm skipper and good food.', 'Great crew mate, always on time for watches and cheerful.',
                   'Learned a lot about navigation and night sailing on this trip.', 'Friendly boat, clear briefing, would sail together again.'])[1 + floor(r1 * 4)::int],
            at, at, closes_at
       FROM written WHERE at < $1::timestamptz
     ON CONFLICT DO NOTHING`,
    [now.toISOString()],
  );
  // Hidden until the window closes, or shown from the moment both sides have written (as CreateReview decides).
  await dataSource.query(
    `UPDATE reviews r SET visible_from = least(r.visible_from, greatest(r.created_at, o.created_at))
       FROM reviews o
      WHERE o.voyage_id = r.voyage_id AND o.reviewer_id = r.reviewee_id AND o.reviewee_id = r.reviewer_id`,
  );
  const [{ reviews }] = await dataSource.query<{ reviews: number }[]>('SELECT count(*)::int AS reviews FROM reviews');
  timings.reviews = performance.now() - started;

  started = performance.now();
  await dataSource.query('VACUUM ANALYZE');
  timings.vacuum = performance.now() - started;
  log(`${reviews.toLocaleString('en')} reviews; vacuumed and analysed in ${Math.round(timings.vacuum / 1000)} s`);
  return {
    size,
    now: now.toISOString(),
    events,
    applications,
    byType,
    reviews,
    milliseconds: {
      members: Math.round(timings.members),
      log: Math.round(timings.log),
      rebuild: Math.round(timings.rebuild),
      reviews: Math.round(timings.reviews),
      vacuum: Math.round(timings.vacuum),
    },
    rebuilt,
  };
}
