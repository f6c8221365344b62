import { randomUUID } from 'node:crypto';
import { SupportTicket, supportTicketStreamId, TICKET_PRIORITIES, TICKET_STATUSES, type RecordedEvent, type SupportTicketCommand, type SupportTicketState } from '@crew/domain';
import { supportTicketProjector } from '@crew/projections';
import { seededRandom } from '../apps/api/src/cli/seeded-random';
import { listAdminTickets, listMemberTickets, loadSupportStats, type AdminTicketFilters } from '../apps/api/src/modules/support/ticket-read-model';
import { createDataSource, migrate } from '../apps/api/src/platform/database/data-source';
import { atMost, figure, median, percentile, round, type BenchResult } from './support';

const TICKETS = 50_000;
const MEMBERS = 10_000;
const QUERIES = 400;
const WARM_UP = 40;
const BATCH = 5_000;

const FIRST = ['Ellen', 'Robin', 'Tilly', 'Noor', 'Ben', 'Grace', 'Dee', 'Pete', 'Tracy', 'Chay', 'Clare', 'Alex', 'Naomi', 'Bernard', 'Isabelle'];
const LAST = ['MacArthur', 'Knox', 'Smith', 'Ainslie', 'Hopper', 'Caffari', 'Goss', 'Edwards', 'Blyth', 'Francis', 'Thomas', 'James', 'Moitessier'];
const ISSUES = [
  'boat photo upload',
  'payment taken twice',
  'skipper not answering',
  'voyage dates wrong',
  'verification email missing',
  'reported review',
  'cannot apply',
  'map not loading',
];

/**
 * The admin Support Tickets tab with 50,000 tickets from 10,000 members:
 * the tickets are decided by the SupportTicket aggregate (opened, about half
 * answered by staff, statuses, priorities, ratings) and written by the
 * `support-tickets` projector itself, in batches of 5,000 events. Then the
 * exact read functions the API runs: the admin list (status and priority
 * filters, text search over title and description, requester names and
 * emails, later pages; with the total), a member's own list and the stat
 * cards, a mix of 400 after a warm-up, one at a time. Goal: p95 at most 30 ms.
 */
export const runSupportTicketsBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const dataSource = createDataSource(databaseUrl, { poolSize: 4 });
  await dataSource.initialize();
  try {
    await migrate(dataSource);
    const seedStarted = performance.now();
    const members = (
      await dataSource.query<{ id: string }[]>(
        `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified)
         SELECT 'sailor.' || g || '@bench-support.example', 'x', ($1::text[])[1 + g % 15], ($2::text[])[1 + (g / 15) % 13], 'crew', true
           FROM generate_series(1, $3::int) AS g RETURNING id`,
        [FIRST, LAST, MEMBERS],
      )
    ).map((row) => row.id);
    const admin = randomUUID();
    const random = seededRandom(29);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    let position = 0n;
    let clock = Date.now() - 400 * 86_400_000;
    let pending: RecordedEvent[] = [];
    let events = 0;
    const flush = async (): Promise<void> => {
      const batch = pending;
      pending = [];
      await dataSource.transaction((manager) => supportTicketProjector.project(batch, manager));
    };
    const decide = async (streamId: string, state: SupportTicketState, command: SupportTicketCommand, userId: string): Promise<SupportTicketState> => {
      let next = state;
      for (const event of SupportTicket.decide(command, state, new Date(clock))) {
        next = SupportTicket.evolve(next, event);
        position++;
        clock += 500;
        pending.push({
          id: randomUUID(),
          streamId,
          type: event.type,
          revision: 0n,
          position: { commit: position, prepare: position },
          data: event.data,
          metadata: { userId, correlationId: 'bench', causationId: null, timestamp: new Date(clock).toISOString() },
          recordedAt: new Date(clock),
        });
        events++;
      }
      if (pending.length >= BATCH) await flush();
      return next;
    };
    for (let i = 0; i < TICKETS; i++) {
      const requesterId = pick(members);
      const streamId = supportTicketStreamId(randomUUID());
      const issue = pick(ISSUES);
      let state = await decide(
        streamId,
        SupportTicket.initialState(),
        {
          type: 'OpenTicket',
          requesterId,
          title: `Help: ${issue} #${i}`,
          description: `Since yesterday the ${issue} problem keeps happening on my account.`,
          priority: pick(TICKET_PRIORITIES),
          source: 'contact_form',
          sourceId: null,
          subjectId: null,
        },
        requesterId,
      );
      if (random() < 0.5)
        state = await decide(streamId, state, { type: 'ReplyToTicket', replyId: randomUUID(), authorId: admin, fromStaff: true, message: 'We are looking into it.' }, admin);
      const status = pick(TICKET_STATUSES);
      state = await decide(streamId, state, { type: 'ChangeTicketStatus', to: status }, admin);
      if ((status === 'resolved' || status === 'closed') && random() < 0.6)
        await decide(streamId, state, { type: 'RateTicket', raterId: requesterId, satisfied: random() < 0.8 }, requesterId);
    }
    await flush();
    for (const table of ['users', 'support_tickets', 'support_ticket_replies', 'support_ticket_timeline']) await dataSource.query(`VACUUM ANALYZE ${table}`);
    const seedMs = performance.now() - seedStarted;
    log(`projected ${events} ticket events (${TICKETS} tickets, ${MEMBERS} members) in ${Math.round(seedMs)} ms`);

    const adminQuery = (i: number): AdminTicketFilters => {
      const kind = i % 8;
      const page = random() < 0.2 ? 1 + Math.floor(random() * 5) : 1;
      const status = random() < 0.4 ? pick(TICKET_STATUSES) : undefined;
      const priority = random() < 0.3 ? pick(TICKET_PRIORITIES) : undefined;
      const search =
        kind === 0
          ? pick(ISSUES)
          : kind === 1
            ? pick(ISSUES).split(' ')[0]
            : kind === 2
              ? pick(LAST)
              : kind === 3
                ? `sailor.${1 + Math.floor(random() * MEMBERS)}@`
                : kind === 4
                  ? `${pick(FIRST)} ${pick(LAST)}`
                  : kind === 5
                    ? `#${Math.floor(random() * TICKETS)}`
                    : undefined;
      return { status, priority, search, page };
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
    const adminSamples = await measure((i) => listAdminTickets(dataSource, adminQuery(i)));
    const memberSamples = await measure(() => listMemberTickets(dataSource, pick(members)));
    const statsSamples = await measure(() => loadSupportStats(dataSource));
    const adminP95 = round(percentile(adminSamples, 95), 1);
    const memberP95 = round(percentile(memberSamples, 95), 1);
    const statsP95 = round(percentile(statsSamples, 95), 2);
    log(`admin ticket list p50 ${round(median(adminSamples), 1)} ms, p95 ${adminP95} ms; member list p95 ${memberP95} ms; stats p95 ${statsP95} ms`);
    return {
      name: 'support-tickets',
      title: `Support tickets: ${TICKETS.toLocaleString('en')} tickets from ${MEMBERS.toLocaleString('en')} members`,
      figures: {
        adminListP95: figure('admin ticket list p95 (filters, search, page and total)', adminP95, 'ms', atMost(30)),
        adminListP50: figure('admin ticket list p50', round(median(adminSamples), 1), 'ms'),
        memberListP95: figure("member's own ticket list p95", memberP95, 'ms', atMost(30)),
        statsP95: figure('stat cards p95', statsP95, 'ms', atMost(30)),
        projectedEventsPerSecond: figure('ticket events projected per second while seeding (decide + project)', Math.round(events / (seedMs / 1_000)), 'events/s'),
      },
      details: { tickets: TICKETS, members: MEMBERS, events, queries: QUERIES, warmUp: WARM_UP, seedMs: Math.round(seedMs), measured: 'read functions in process, one at a time' },
    };
  } finally {
    await dataSource.destroy();
  }
};
