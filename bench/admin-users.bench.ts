import type { AdminVoyageStatus, SubscriptionDisplay } from '@crew/contracts';
import { ListAdminUsersHandler, ListAdminUsers, type AdminUserFilters } from '../apps/api/src/modules/admin/queries/list-admin-users.query';
import { ListAdminVoyagesHandler, ListAdminVoyages } from '../apps/api/src/modules/admin/queries/list-admin-voyages.query';
import { seededRandom } from '../apps/api/src/cli/seeded-random';
import { createDataSource, migrate } from '../apps/api/src/platform/database/data-source';
import { atMost, figure, median, percentile, round, type BenchResult } from './support';

const USERS = 100_000;
const VOYAGES = 10_000;
const APPLICATIONS = 100_000;
const QUERIES = 400;
const WARM_UP = 40;

export const FIRST = [
  'Ellen',
  'Robin',
  'Tilly',
  'Noor',
  'Ben',
  'Grace',
  'Dee',
  'Pete',
  'Tracy',
  'Chay',
  'Clare',
  'Alex',
  'Naomi',
  'Bernard',
  'Isabelle',
  'Kirsten',
  'Sam',
  'Jules',
  'Ann',
  'Lin',
  'Mika',
  'Owen',
  'Rosa',
  'Yusuf',
  'Zoe',
];
export const LAST = [
  'MacArthur',
  'Knox',
  'Smith',
  'Ainslie',
  'Hopper',
  'Caffari',
  'Goss',
  'Edwards',
  'Blyth',
  'Francis',
  'Thomas',
  'James',
  'Moitessier',
  'Autissier',
  'Neumann',
  'Lewis',
  'Dubois',
  'Garcia',
  'Rossi',
  'Novak',
  'Berg',
  'Silva',
  'Kowalski',
  'Quinn',
  'Young',
];
const TITLE_WORDS = [
  'Solent',
  'Biscay',
  'Azores',
  'Channel',
  'Hebrides',
  'Baltic',
  'Aegean',
  'Caribbean',
  'Atlantic',
  'Ionian',
  'Fastnet',
  'Scilly',
  'Brittany',
  'Canaries',
  'Balearic',
];

/**
 * The admin users search as administrators use it, query `i` of a mix: first
 * names, last names, email fragments (`member.<n>@`, or what `emailOf` makes
 * before its domain), whole ids, full names,
 * the start of a last name, a word every email holds (`emailWord`), or no
 * search; a fifth with a type or a subscription filter, a fifth on a later page.
 */
export function adminUserSearch(
  i: number,
  random: () => number,
  members: { readonly users: number; readonly userIds: readonly string[]; readonly emailWord: string; readonly emailOf?: (n: number) => string },
): AdminUserFilters {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  // The part of a member's e-mail before the domain, as an administrator pastes it.
  const emailFragment = (n: number): string => (members.emailOf ? members.emailOf(n).replace(/@.*$/, '@') : `member.${n}@`);
  const kind = i % 8;
  const page = random() < 0.2 ? 1 + Math.floor(random() * 5) : 1;
  const subscription: SubscriptionDisplay | undefined = random() < 0.2 ? pick(['premium', 'free', 'trial'] as const) : undefined;
  const user_type = random() < 0.2 ? pick(['crew', 'skipper', 'both'] as const) : undefined;
  const search =
    kind === 0
      ? pick(FIRST).toLowerCase()
      : kind === 1
        ? pick(LAST)
        : kind === 2
          ? emailFragment(1 + Math.floor(random() * members.users))
          : kind === 3
            ? pick(members.userIds)
            : kind === 4
              ? `${pick(FIRST)} ${pick(LAST)}`
              : kind === 5
                ? pick(LAST).slice(0, 4)
                : kind === 6
                  ? members.emailWord
                  : undefined;
  return { search, user_type, subscription, page };
}

/**
 * The admin console with 100,000 users, 10,000 voyages and 100,000
 * applications, written with bulk SQL as valid rows (state tables and the
 * read models the admin lists read; no events: only the lists are measured).
 * Then the exact query handlers the API runs: the users search (first name,
 * last name, email fragments, ids, type and subscription filters, later
 * pages; with the page, the total and the stat cards) and the admin voyage
 * list (title/port/description words, skipper names, ids, status and date
 * filters, pages; with the total), each a mix of 400 after a warm-up, one at
 * a time. Goal: p95 at most 30 ms each.
 */
export const runAdminUsersBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const dataSource = createDataSource(databaseUrl, { poolSize: 4 });
  await dataSource.initialize();
  try {
    await migrate(dataSource);
    const seedStarted = performance.now();
    await dataSource.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, is_admin, email_verified, profile_complete, created_at)
       SELECT 'member.' || g || '@bench-admin.example', 'x', ($1::text[])[1 + g % 25], ($2::text[])[1 + (g / 25) % 25],
              (ARRAY['crew', 'crew', 'crew', 'skipper', 'both'])[1 + g % 5], false, g % 3 <> 0, g % 4 = 0,
              now() - make_interval(mins => g * 7)
         FROM generate_series(1, $3::int) AS g`,
      [FIRST, LAST, USERS],
    );
    await dataSource.query(
      `INSERT INTO subscriptions (user_id, status, start_date, end_date, source)
       SELECT id, 'active', now() - interval '30 days', now() + interval '335 days', 'admin' FROM users
        WHERE user_type IN ('crew', 'both') AND abs(hashtext(id::text)) % 20 = 0
       ON CONFLICT (user_id) DO NOTHING`,
    );
    await dataSource.query(
      `WITH skippers AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE user_type IN ('skipper', 'both')),
            counted AS (SELECT count(*) AS c FROM skippers)
       INSERT INTO voyage_summaries (voyage_id, skipper_id, status, title, description, start_date, end_date, duration_days, total_distance_nm,
              crew_needed, contribution_type, contribution_amount, contribution_currency, contribution_details, is_custom, custom_notes,
              min_experience, skills, segments, departure_port, arrival_port, created_at, updated_at, last_commit, last_prepare)
       SELECT gen_random_uuid(), s.id,
              (ARRAY['active', 'active', 'active', 'planning', 'full', 'in_progress', 'completed', 'cancelled', 'draft', 'active'])[1 + g % 10],
              ($1::text[])[1 + g % 15] || ' ' || ($1::text[])[1 + (g / 15) % 15] || ' passage ' || g,
              'Offshore miles with a seasoned watch system, voyage ' || g, current_date + (g % 400) - 60, current_date + (g % 400) - 50, 10, 300,
              4, 'shared_costs', 150, 'GBP', 'Includes food', true, '', 'beginner', '[]'::jsonb,
              jsonb_build_array(jsonb_build_object('order', 1, 'departure', jsonb_build_object('name', ($1::text[])[1 + g % 15], 'portId', null, 'coordinates', null),
                                                   'arrival', jsonb_build_object('name', ($1::text[])[1 + (g + 3) % 15], 'portId', null, 'coordinates', null))),
              ($1::text[])[1 + g % 15], ($1::text[])[1 + (g + 3) % 15], now() - make_interval(hours => g), now(), 0, 0
         FROM generate_series(1, $2::int) AS g
         JOIN skippers s ON s.n = 1 + g % (SELECT c FROM counted)`,
      [TITLE_WORDS, VOYAGES],
    );
    await dataSource.query(
      `WITH v AS (SELECT voyage_id, row_number() OVER (ORDER BY voyage_id) AS n FROM voyage_summaries),
            c AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE user_type IN ('crew', 'both')),
            vc AS (SELECT count(*) AS n FROM v), cc AS (SELECT count(*) AS n FROM c)
       INSERT INTO applications (application_id, voyage_id, crew_id, status, segment_orders, created_at, updated_at, last_commit, last_prepare)
       SELECT gen_random_uuid(), v.voyage_id, c.id, (ARRAY['pending', 'pending', 'accepted', 'rejected', 'withdrawn'])[1 + g % 5], '[]', now(), now(), 0, 0
         FROM generate_series(1, $1::int) AS g
         JOIN v ON v.n = 1 + g % (SELECT n FROM vc)
         JOIN c ON c.n = 1 + (g * 7) % (SELECT n FROM cc)`,
      [APPLICATIONS],
    );
    await dataSource.query(
      `UPDATE voyage_summaries v SET application_count = a.total, pending_count = a.pending
         FROM (SELECT voyage_id, count(*) FILTER (WHERE status <> 'withdrawn')::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending
                 FROM applications GROUP BY voyage_id) a
        WHERE a.voyage_id = v.voyage_id`,
    );
    // As autovacuum leaves them: statistics and visibility maps up to date.
    for (const table of ['users', 'subscriptions', 'voyage_summaries', 'applications']) await dataSource.query(`VACUUM ANALYZE ${table}`);
    const seedMs = performance.now() - seedStarted;
    log(`seeded ${USERS} users, ${VOYAGES} voyages, ${APPLICATIONS} applications in ${Math.round(seedMs)} ms`);

    const random = seededRandom(13);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const userIds = (await dataSource.query<{ id: string }[]>('SELECT id FROM users ORDER BY random() LIMIT 50')).map((r) => r.id);
    const voyageIds = (await dataSource.query<{ voyage_id: string }[]>('SELECT voyage_id FROM voyage_summaries ORDER BY random() LIMIT 50')).map((r) => r.voyage_id);

    const users = new ListAdminUsersHandler(dataSource);
    const userQuery = (i: number): ListAdminUsers => new ListAdminUsers(adminUserSearch(i, random, { users: USERS, userIds, emailWord: 'bench-admin' }));
    const voyages = new ListAdminVoyagesHandler(dataSource);
    const voyageQuery = (i: number): ListAdminVoyages => {
      const kind = i % 7;
      const status: AdminVoyageStatus | undefined = random() < 0.3 ? pick(['ACTIVE', 'DRAFT', 'COMPLETED', 'CANCELLED', 'IN_PROGRESS'] as const) : undefined;
      const date = random() < 0.2 ? pick(['upcoming', 'this_month', 'recent'] as const) : undefined;
      const search =
        kind === 0
          ? pick(TITLE_WORDS).toLowerCase()
          : kind === 1
            ? `${pick(TITLE_WORDS)} ${pick(TITLE_WORDS)}`
            : kind === 2
              ? pick(LAST)
              : kind === 3
                ? pick(voyageIds)
                : kind === 4
                  ? 'seasoned watch'
                  : undefined;
      return new ListAdminVoyages({ search, status, date }, random() < 0.2 ? 1 + Math.floor(random() * 5) : 1);
    };

    const measure = async (run: (i: number) => Promise<unknown>): Promise<number[]> => {
      for (let i = 0; i < WARM_UP; i++) await run(i);
      const samples: number[] = [];
      for (let i = 0; i < QUERIES; i++) {
        const started = performance.now();
        await run(i);
        samples.push(performance.now() - started);
      }
      return samples;
    };
    // Nothing is cached: the stat cards and totals come from kept counts on every request.
    const userSamples = await measure((i) => users.execute(userQuery(i)));
    const voyageSamples = await measure((i) => voyages.execute(voyageQuery(i)));
    const usersP95 = round(percentile(userSamples, 95), 1);
    const voyagesP95 = round(percentile(voyageSamples, 95), 1);
    log(`users search p50 ${round(median(userSamples), 1)} ms, p95 ${usersP95} ms; admin voyage list p50 ${round(median(voyageSamples), 1)} ms, p95 ${voyagesP95} ms`);
    return {
      name: 'admin-users',
      title: `Admin console with ${USERS.toLocaleString('en')} users, ${VOYAGES.toLocaleString('en')} voyages, ${APPLICATIONS.toLocaleString('en')} applications`,
      figures: {
        usersSearchP95: figure('users search p95 (page, total and stat cards)', usersP95, 'ms', atMost(30)),
        usersSearchP50: figure('users search p50', round(median(userSamples), 1), 'ms'),
        voyagesListP95: figure('admin voyage list p95 (page and total)', voyagesP95, 'ms', atMost(30)),
        voyagesListP50: figure('admin voyage list p50', round(median(voyageSamples), 1), 'ms'),
      },
      details: {
        users: USERS,
        voyages: VOYAGES,
        applications: APPLICATIONS,
        queries: QUERIES,
        warmUp: WARM_UP,
        seedMs: Math.round(seedMs),
        measured: 'query handlers in process, one at a time',
      },
    };
  } finally {
    await dataSource.destroy();
  }
};
