import {
  AdminAction,
  DomainError,
  PLATFORM_CONFIG_STREAM,
  PlatformConfig,
  Subscription,
  SupportTicket,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  Voyage,
  adminActionStreamId,
  hasActiveSubscription,
  subscriptionStreamId,
  supportTicketStreamId,
  voyageStreamId,
  type AdminActionCommand,
  type BoatRef,
  type DomainEvent,
  type EventMetadata,
  type JsonObject,
  type PlatformConfigCommand,
  type PlatformConfigState,
  type PortStop,
  type SubscriptionCommand,
  type SubscriptionState,
  type SupportTicketCommand,
  type SupportTicketState,
  type VoyageCommand,
  type VoyagePlan,
  type VoyageState,
} from '@crew/domain';
import type { DataSource } from 'typeorm';
import { GENERATED_SKILLS as SKILLS, GENERATED_TITLES as TITLES, generatedPlan } from './generated-plan';
import { seededRandom } from './seeded-random';

/**
 * A large, realistic event log written straight into the PostgreSQL event
 * store, for rebuild benchmarks and replay tests. Every event is decided by
 * the aggregates themselves (Voyage, PlatformConfig: decide + evolve on the
 * folded state), so payloads and per-stream order are what the command path
 * would write; only the append path is skipped (a million appends one by one
 * would take an hour and measure the append again).
 *
 * Proportions per million events, roughly: 50,000 voyages (some saved as
 * drafts first) with ~9 edits, route changes, crew and contribution changes
 * and status changes each, 5 % of them cancelled; 500,000 application events
 * (submitted, then accepted, rejected or withdrawn, capacity rules included);
 * 10,000 configuration changes and access-list edits; about 15,000 support
 * ticket events (about 3,000 tickets opened, replies from both sides, status
 * and priority changes, assignments, ratings, a few requesters erased); about
 * 5,000 administrator actions in their own streams (reviews hidden, profiles
 * marked, members contacted).
 */

export interface EventLogOptions {
  /** Events to write (the last command may add one or two more). */
  readonly events: number;
  readonly seed?: number;
  /** Ports the routes run between; at least two. */
  readonly ports: readonly PortStop[];
  /** Events per insert transaction: each gets its own transaction id, like many appends would. */
  readonly chunk?: number;
  /**
   * `platform` (the default): the proportions above. `voyage-creations`: only
   * publications of new voyages, each of one to three legs between
   * neighbouring ports (within 6°, as `npm run voyages:generate` draws them):
   * the log of a site that is mostly new listings.
   */
  readonly mix?: 'platform' | 'voyage-creations';
  readonly log?: (line: string) => void;
}

export interface GeneratedLog {
  readonly events: number;
  readonly voyages: number;
  readonly byType: Readonly<Record<string, number>>;
  readonly milliseconds: number;
}

/** An event row as the insert's JSON document carries it (short keys: a million of them). */
interface Row {
  i: string;
  s: string;
  r: number;
  t: string;
  d: JsonObject;
  m: EventMetadata;
}

interface LiveVoyage {
  readonly id: string;
  readonly stream: string;
  readonly skipperId: string;
  readonly boat: BoatRef;
  plan: VoyagePlan;
  state: VoyageState;
  revision: number;
  pending: string[];
}

const DAY = 86_400_000;

// One JSON document per chunk: PostgreSQL parses it in C, and no event is escaped twice as an array element.
const INSERT_SQL = `
INSERT INTO events (event_id, stream_id, revision, event_type, data, metadata)
SELECT (e->>'i')::uuid, e->>'s', (e->>'r')::bigint, e->>'t', e->'d', e->'m'
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS u(e, ord)
 ORDER BY ord`;

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Into an empty log, the unique constraints and secondary indexes of the
 * events table are dropped for the load and built again after it: one sort
 * per index costs far less than a million random index inserts. Definitions
 * are read from the catalogue, so they come back exactly as they were.
 * Returns what puts them back (nothing to do when the log was not empty).
 */
export async function deferEventIndexes(dataSource: DataSource): Promise<() => Promise<void>> {
  const [{ empty }] = (await dataSource.query('SELECT NOT EXISTS (SELECT 1 FROM events) AS empty')) as { empty: boolean }[];
  if (!empty) return async () => undefined;
  const constraints = await dataSource.query<{ name: string; def: string }[]>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'events'::regclass AND contype IN ('u', 'x')`,
  );
  const indexes = await dataSource.query<{ name: string; def: string }[]>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'events'::regclass AND NOT i.indisprimary AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  );
  for (const { name } of constraints) await dataSource.query(`ALTER TABLE events DROP CONSTRAINT ${quoteIdent(name)}`);
  for (const { name } of indexes) await dataSource.query(`DROP INDEX ${quoteIdent(name)}`);
  return async () => {
    await dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const { name, def } of constraints) await manager.query(`ALTER TABLE events ADD CONSTRAINT ${quoteIdent(name)} ${def}`);
      for (const { def } of indexes) await manager.query(def);
    });
  };
}

export async function generateEventLog(dataSource: DataSource, options: EventLogOptions): Promise<GeneratedLog> {
  const started = performance.now();
  const restoreIndexes = await deferEventIndexes(dataSource);
  const next = seededRandom(options.seed ?? 7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const hex = (n: number): string =>
    Math.floor(next() * 16 ** n)
      .toString(16)
      .padStart(n, '0');
  // Seeded uuids (version 4 layout): the same seed writes the same log.
  const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + Math.floor(next() * 4)).toString(16)}${hex(3)}-${hex(6)}${hex(6)}`;
  if (options.ports.length < 2) throw new Error('generateEventLog needs at least two ports');
  const ports = options.ports.filter((port) => port.coordinates !== null);

  const skippers = Array.from({ length: 2_000 }, () => ({ id: uuid(), boatId: uuid() }));
  const crew = Array.from({ length: 20_000 }, () => uuid());
  const admins = Array.from({ length: 5 }, () => uuid());

  // Simulated time: the log spans about two years, a few seconds per event.
  let clock = Date.UTC(2025, 0, 1);
  const byType: Record<string, number> = {};
  let rows: Row[] = [];
  let written = 0;
  let inserting: Promise<unknown> = Promise.resolve();
  const chunk = options.chunk ?? 10_000;

  const flush = async (): Promise<void> => {
    if (rows.length === 0) return;
    const batch = rows;
    rows = [];
    // Build the next chunk while this one is inserted.
    await inserting;
    inserting = dataSource.query(INSERT_SQL, [JSON.stringify(batch)]);
  };

  const record = async (stream: string, revision: number, event: DomainEvent, userId: string | null): Promise<void> => {
    clock += 1_000 + Math.floor(next() * 4_000);
    rows.push({
      i: uuid(),
      s: stream,
      r: revision,
      t: event.type,
      d: event.data,
      m: { userId, correlationId: uuid(), causationId: null, timestamp: new Date(clock).toISOString() },
    });
    byType[event.type] = (byType[event.type] ?? 0) + 1;
    written++;
    if (rows.length >= chunk) await flush();
    if (written % 100_000 === 0) options.log?.(`${written} events generated`);
  };

  // ------------------------------------------------------------ voyages
  const open: LiveVoyage[] = [];
  const drafts: LiveVoyage[] = [];
  let voyages = 0;

  const creationsOnly = options.mix === 'voyage-creations';
  // Ports by 6° cell, so a neighbour is found among a few cells instead of the whole catalogue.
  const NEAR_DEGREES = 6;
  const cells = new Map<string, { stop: PortStop; lon: number; lat: number }[]>();
  const cellKey = (lon: number, lat: number): string => `${Math.floor(lon / NEAR_DEGREES)},${Math.floor(lat / NEAR_DEGREES)}`;
  for (const stop of creationsOnly ? ports : []) {
    if (!stop.coordinates) continue;
    const [lon, lat] = stop.coordinates;
    const cell = cells.get(cellKey(lon, lat));
    if (cell) cell.push({ stop, lon, lat });
    else cells.set(cellKey(lon, lat), [{ stop, lon, lat }]);
  }
  const neighbourOf = (from: PortStop): PortStop => {
    const near: PortStop[] = [];
    if (from.coordinates) {
      const [lon, lat] = from.coordinates;
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (const port of cells.get(cellKey(lon + dx * NEAR_DEGREES, lat + dy * NEAR_DEGREES)) ?? []) {
            if (port.stop !== from && Math.abs(port.lon - lon) < NEAR_DEGREES && Math.abs(port.lat - lat) < NEAR_DEGREES) near.push(port.stop);
          }
        }
      }
    }
    return near.length > 0 ? pick(near) : pick(ports);
  };

  const planFor = (): VoyagePlan => {
    const first = pick(ports);
    const stops = [first];
    const legs = 1 + Math.floor(next() * 3);
    for (let leg = 0; leg < legs; leg++) stops.push(creationsOnly ? neighbourOf(stops[stops.length - 1] ?? first) : pick(ports));
    const start = new Date(clock + (30 + Math.floor(next() * 300)) * DAY);
    const end = new Date(start.getTime() + (1 + Math.floor(next() * 45)) * DAY);
    return generatedPlan(next, stops, start, end, 'Generated voyage for replay benchmarks.');
  };

  /**
   * When a command is decided: the generator's clock, except that a voyage is checked in on and
   * completed only from its departure day (the domain refuses both before it), so those happen
   * as if on that day when the clock has not reached it yet.
   */
  const decisionTime = (voyage: LiveVoyage, command: VoyageCommand): number => {
    const sailing = command.type === 'RecordCheckIn' || (command.type === 'ChangeVoyageStatus' && command.status === 'completed');
    const startDate = voyage.state.snapshot?.details.startDate;
    if (!sailing || !startDate) return clock;
    return Math.max(clock, Date.parse(`${startDate}T12:00:00Z`));
  };

  /** Decides a command on the voyage's state and records what it decides; false when the domain refuses it. */
  const execute = async (voyage: LiveVoyage, command: VoyageCommand, userId: string): Promise<boolean> => {
    let events;
    try {
      events = Voyage.decide(command, voyage.state, new Date(decisionTime(voyage, command)));
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
    for (const event of events) {
      voyage.state = Voyage.evolve(voyage.state, event);
      voyage.revision++;
      await record(voyage.stream, voyage.revision, event, userId);
      if (event.type === 'ApplicationSubmitted') voyage.pending.push(event.data.applicationId);
    }
    if (events.some((e) => e.type.startsWith('Application') && e.type !== 'ApplicationSubmitted') || voyage.state.status === 'cancelled') {
      voyage.pending = voyage.pending.filter((id) => voyage.state.applications[id]?.status === 'pending');
    }
    return events.length > 0;
  };

  const newVoyage = async (): Promise<void> => {
    const skipper = pick(skippers);
    const id = uuid();
    const voyage: LiveVoyage = {
      id,
      stream: voyageStreamId(id),
      skipperId: skipper.id,
      boat: { id: skipper.boatId, ownerId: skipper.id, isActive: true },
      plan: planFor(),
      state: Voyage.initialState(),
      revision: -1,
      pending: [],
    };
    voyages++;
    if (!creationsOnly && next() < 0.2) {
      await execute(voyage, { type: 'SaveVoyageDraft', actorId: voyage.skipperId, plan: { ...voyage.plan, title: `Draft: ${voyage.plan.title}` }, boat: null }, voyage.skipperId);
      drafts.push(voyage);
      return;
    }
    if (await execute(voyage, { type: 'PublishVoyage', actorId: voyage.skipperId, plan: voyage.plan, boat: voyage.boat }, voyage.skipperId)) open.push(voyage);
  };

  const publishDraft = async (): Promise<void> => {
    const voyage = drafts.splice(Math.floor(next() * drafts.length), 1)[0]!;
    voyage.plan = { ...voyage.plan, startDate: new Date(clock + 20 * DAY).toISOString().slice(0, 10), endDate: new Date(clock + 40 * DAY).toISOString().slice(0, 10) };
    if (await execute(voyage, { type: 'PublishVoyage', actorId: voyage.skipperId, plan: voyage.plan, boat: voyage.boat }, voyage.skipperId)) open.push(voyage);
  };

  const lifecycle = async (): Promise<void> => {
    const index = Math.floor(next() * open.length);
    const voyage = open[index]!;
    const actor = voyage.skipperId;
    const status = voyage.state.status;
    const r = next();
    if (r < 0.3) {
      const plan = { ...voyage.plan, title: `${pick(TITLES)} ${Math.floor(next() * 1000)}`, description: `Edited ${clock}: ${pick(SKILLS)} aboard.`, skills: [pick(SKILLS)] };
      if (await execute(voyage, { type: 'EditVoyage', actorId: actor, plan, boat: voyage.boat }, actor)) voyage.plan = plan;
    } else if (r < 0.45) {
      // A new route of one or two legs to the same destination.
      const { stops } = voyage.plan;
      const via = next() < 0.5 ? [pick(ports)] : [];
      const plan = { ...voyage.plan, stops: [stops[0]!, ...via, stops[stops.length - 1]!] };
      if (await execute(voyage, { type: 'EditVoyage', actorId: actor, plan, boat: voyage.boat }, actor)) voyage.plan = plan;
    } else if (r < 0.6) {
      const plan = { ...voyage.plan, crewNeeded: 1 + Math.floor(next() * 12) };
      if (await execute(voyage, { type: 'EditVoyage', actorId: actor, plan, boat: voyage.boat }, actor)) voyage.plan = plan;
    } else if (r < 0.75) {
      const type = pick(['free', 'shared_costs', 'paid'] as const);
      const contribution = {
        type,
        amount: type === 'free' ? null : 25 * (1 + Math.floor(next() * 40)),
        currency: pick(['USD', 'EUR', 'GBP'] as const),
        details: next() < 0.5 ? '' : 'Food and fuel shared',
      };
      if (await execute(voyage, { type: 'ChangeVoyageContribution', actorId: actor, contribution }, actor)) voyage.plan = { ...voyage.plan, contribution };
    } else if (r < 0.955) {
      const target = status === 'active' ? (next() < 0.8 ? 'planning' : 'in_progress') : status === 'in_progress' ? 'completed' : 'active';
      await execute(voyage, { type: 'ChangeVoyageStatus', actorId: actor, status: target }, actor);
    } else if (r < 0.97) {
      // Administrators moderate a few voyages: flag for review, suspend, reinstate.
      const admin = pick(admins);
      const command: VoyageCommand =
        next() < 0.4
          ? { type: 'FlagVoyageForReview', actorId: admin, notes: next() < 0.5 ? '' : 'Reported by a crew member' }
          : voyage.state.suspended
            ? { type: 'ReinstateVoyage', actorId: admin, reason: 'Checked with the skipper' }
            : { type: 'SuspendVoyage', actorId: admin, reason: 'Listing under review' };
      await execute(voyage, command, admin);
    } else {
      await execute(voyage, { type: 'CancelVoyage', actorId: actor, reason: 'Weather window closed' }, actor);
    }
    if (voyage.state.status === 'cancelled') open.splice(index, 1);
  };

  const application = async (): Promise<void> => {
    const voyage = pick(open);
    if (voyage.pending.length > 0 && next() < 0.55) {
      const applicationId = pick(voyage.pending);
      const r = next();
      const entry = voyage.state.applications[applicationId]!;
      const command: VoyageCommand =
        r < 0.5
          ? { type: 'AcceptApplication', actorId: voyage.skipperId, applicationId }
          : r < 0.85
            ? { type: 'RejectApplication', actorId: voyage.skipperId, applicationId }
            : { type: 'WithdrawApplication', actorId: entry.crewId, applicationId };
      if (!(await execute(voyage, command, command.actorId)) && command.type === 'AcceptApplication') {
        await execute(voyage, { type: 'RejectApplication', actorId: voyage.skipperId, applicationId }, voyage.skipperId);
      }
      return;
    }
    const legs = voyage.state.snapshot?.segments.length ?? 1;
    const segmentOrders = legs > 1 && next() < 0.3 ? [1 + Math.floor(next() * legs)] : [];
    const crewId = pick(crew);
    await execute(
      voyage,
      { type: 'SubmitApplication', actorId: crewId, actorUserType: 'crew', applicationId: uuid(), message: 'I would love to join this passage.', segmentOrders },
      crewId,
    );
  };

  /**
   * Trust and safety on a voyage with crew: an agreement issued and accepted,
   * a float plan filed, check-ins, the time-driven sweep (expiries, archiving,
   * automatic log confirmation, overdue alerts) and the skipper confirming
   * the log. A few percent of the log, as on a living site.
   */
  const trust = async (): Promise<void> => {
    const voyage = pick(open);
    const state = voyage.state;
    const skipper = voyage.skipperId;
    const crewAboard = Object.values(state.applications)
      .filter((entry) => entry.status === 'accepted')
      .map((entry) => entry.crewId);
    const r = next();
    if (r < 0.3) {
      await execute(voyage, { type: 'SweepVoyage', at: new Date(clock + Math.floor(next() * 60) * DAY).toISOString() }, skipper);
    } else if (crewAboard.length === 0) {
      return;
    } else if (r < 0.5) {
      const crewId = pick(crewAboard);
      const terms = {
        contributionAmount: next() < 0.5 ? null : 25 * (1 + Math.floor(next() * 20)),
        contributionCurrency: pick(['USD', 'EUR', 'GBP'] as const),
        contributionCovers: 'Food and fuel',
        duties: 'Watches and galley on rotation',
        watchSystem: pick(['3 on 6 off', '4 on 8 off', 'Swedish watches']),
        houseRules: 'No alcohol under way',
        leavingEarly: 'Crew leaving early pay their own way home',
        insurance: 'Boat insured; crew bring travel insurance',
      };
      await execute(voyage, { type: 'IssueCrewAgreement', actorId: skipper, crewId, agreementId: uuid(), terms }, skipper);
      const agreement = voyage.state.trust.agreements[crewId];
      if (agreement && next() < 0.8) {
        await execute(
          voyage,
          { type: 'AcceptCrewAgreement', actorId: crewId, agreementId: agreement.agreementId, version: agreement.version, shareEmergencyContact: next() < 0.6 },
          crewId,
        );
      }
    } else if (r < 0.65) {
      const departure = clock + Math.floor(next() * 10) * DAY;
      const plan = {
        segmentOrder: next() < 0.5 ? null : 1,
        departureAt: new Date(departure).toISOString(),
        expectedArrivalAt: new Date(departure + (6 + Math.floor(next() * 200)) * 3_600_000).toISOString(),
        boatDescription: 'Sloop, white hull',
        callSign: `M${hex(4).toUpperCase()}`,
        notes: '',
      };
      await execute(voyage, { type: 'FileFloatPlan', actorId: skipper, plan, shoreContactIds: [uuid()] }, skipper);
    } else if (r < 0.9) {
      const actor = next() < 0.5 ? skipper : pick(crewAboard);
      const kind = pick(['departed', 'position', 'position', 'arrived'] as const);
      const at = kind === 'arrived' || next() < 0.5 ? null : ([-30 + next() * 60, 20 + next() * 40] as const);
      await execute(
        voyage,
        { type: 'RecordCheckIn', actorId: actor, checkInId: uuid(), kind, lat: at ? at[1] : null, lon: at ? at[0] : null, note: next() < 0.3 ? 'All well aboard' : '' },
        actor,
      );
    } else if (state.completion) {
      const crewIds = Object.keys(state.completion.crew);
      const crewId = crewIds.length > 0 ? pick(crewIds) : null;
      if (crewId)
        await execute(voyage, next() < 0.85 ? { type: 'ConfirmSailingLog', actorId: skipper, crewId } : { type: 'RemoveFromSailingLog', actorId: skipper, crewId }, skipper);
    }
  };

  // ------------------------------------------------------------ configuration
  let config: PlatformConfigState = PlatformConfig.initialState();
  let configRevision = -1;
  // The rules refuse a second add of a member: picking one already listed takes them off instead.
  const addOrRemove = (listType: 'beta' | 'grandfathered', members: readonly string[], userId: string): PlatformConfigCommand => ({
    type: 'ChangeAccessList',
    action: members.includes(userId) ? 'remove' : 'add',
    listType,
    userId,
  });
  const configChange = async (): Promise<void> => {
    const r = next();
    const listType = next() < 0.5 ? ('beta' as const) : ('grandfathered' as const);
    const members = listType === 'beta' ? config.beta : config.grandfathered;
    const command: PlatformConfigCommand =
      r < 0.2
        ? { type: 'ToggleMonetization', enabled: !config.monetizationEnabled }
        : r < 0.4
          ? { type: 'SetRolloutPercentage', percentage: Math.floor(next() * 21) * 5 }
          : r < 0.55
            ? { type: 'SetFreeTrialPeriod', days: Math.floor(next() * 91), description: next() < 0.5 ? null : 'Seasonal trial' }
            : r < 0.7
              ? { type: 'SetSubscriptionPrice', priceGbp: 10 + Math.floor(next() * 60) / 2, description: next() < 0.5 ? null : 'Price review' }
              : r < 0.85 || members.length === 0
                ? addOrRemove(listType, members, pick(crew))
                : { type: 'ChangeAccessList', action: 'remove', listType, userId: pick(members) };
    const events = PlatformConfig.decide(command, config, new Date(clock));
    for (const event of events) {
      config = PlatformConfig.evolve(config, event);
      configRevision++;
      await record(PLATFORM_CONFIG_STREAM, configRevision, event, pick(admins));
    }
  };

  // ------------------------------------------------------------ subscriptions
  const subscriptions = new Map<string, { state: SubscriptionState; revision: number; payments: number }>();
  const subscriptionChange = async (): Promise<void> => {
    const crewId = pick(crew);
    const entry = subscriptions.get(crewId) ?? { state: Subscription.initialState(), revision: -1, payments: 0 };
    subscriptions.set(crewId, entry);
    const now = new Date(clock);
    const live = hasActiveSubscription(entry.state, now);
    const period = (from: Date) => ({ periodStart: from, periodEnd: new Date(from.getTime() + 365 * DAY) });
    const r = next();
    const payment = (kind: 'activation' | 'renewal', from: Date): SubscriptionCommand => ({
      type: 'RecordPayment',
      providerEventId: `evt_${hex(16)}`,
      kind,
      invoiceId: `in_${hex(16)}`,
      providerCustomerId: `cus_${crewId.slice(0, 8)}`,
      // A renewal pays the live subscription again; a second one while it is live would be refunded as a duplicate.
      providerSubscriptionId: (kind === 'renewal' ? entry.state.providerSubscriptionId : null) ?? `sub_${crewId.slice(0, 8)}_${entry.payments}`,
      amountPaid: 3000,
      currency: 'gbp',
      ...period(from),
    });
    const command: SubscriptionCommand = !live
      ? r < 0.2
        ? { type: 'Grant', reason: 'Goodwill' }
        : r < 0.4 && entry.state.state !== 'none'
          ? { type: 'ExpireIfDue' }
          : r < 0.6
            ? {
                type: 'StartCheckout',
                checkoutSessionId: `cs_${hex(16)}`,
                priceGbp: 30,
                checkoutUrl: 'https://checkout.stripe.com/c/pay/generated',
                expiresAt: new Date(now.getTime() + DAY),
              }
            : payment('activation', now)
      : r < 0.35 && entry.state.periodEnd
        ? payment('renewal', new Date(entry.state.periodEnd))
        : r < 0.55
          ? { type: 'RecordPaymentFailure', providerEventId: `evt_${hex(16)}`, invoiceId: `in_${hex(16)}` }
          : r < 0.75
            ? { type: 'RecordCancellationChange', providerEventId: `evt_${hex(16)}`, cancelAtPeriodEnd: !entry.state.cancelAtPeriodEnd, periodEnd: null }
            : r < 0.85
              ? { type: 'Revoke', reason: 'Refunded' }
              : { type: 'RecordProviderEnded', providerEventId: `evt_${hex(16)}` };
    let events;
    try {
      events = Subscription.decide(command, entry.state, now);
    } catch (error) {
      if (error instanceof DomainError) return;
      throw error;
    }
    if (command.type === 'RecordPayment') entry.payments++;
    const actor = command.type === 'Grant' || command.type === 'Revoke' ? pick(admins) : null;
    for (const event of events) {
      entry.state = Subscription.evolve(entry.state, event);
      entry.revision++;
      await record(subscriptionStreamId(crewId), entry.revision, event, actor);
    }
  };

  // ------------------------------------------------------------ support tickets
  const tickets: { id: string; requesterId: string; state: SupportTicketState; revision: number }[] = [];
  const ISSUES = [
    'Cannot upload boat photo',
    'Payment taken twice',
    'Skipper not answering',
    'Voyage dates wrong on the map',
    'Verification email never arrived',
    'Reported review',
  ];
  const ticketChange = async (): Promise<void> => {
    const live = tickets.filter((t) => !t.state.erased);
    const r = next();
    let ticket = (live.length > 0 && r >= 0.2 ? live[Math.floor(next() * live.length)] : undefined) ?? null;
    let command: SupportTicketCommand;
    let actor: string;
    if (!ticket) {
      ticket = { id: uuid(), requesterId: next() < 0.5 ? pick(crew) : pick(skippers).id, state: SupportTicket.initialState(), revision: -1 };
      tickets.push(ticket);
      const fromReport = next() < 0.1;
      command = {
        type: 'OpenTicket',
        requesterId: ticket.requesterId,
        title: `${pick(ISSUES)} ${Math.floor(next() * 1000)}`,
        description: `Generated ticket for replay benchmarks: ${pick(SKILLS)} aboard, please help.`,
        priority: fromReport ? 'high' : pick(TICKET_PRIORITIES),
        source: fromReport ? 'review_report' : 'contact_form',
        sourceId: fromReport ? uuid() : null,
        subjectId: fromReport ? uuid() : null,
      };
      actor = ticket.requesterId;
    } else {
      const admin = pick(admins);
      const s = next();
      if (s < 0.35) [command, actor] = [{ type: 'ReplyToTicket', replyId: uuid(), authorId: admin, fromStaff: true, message: 'Thanks, we are looking into it.' }, admin];
      else if (s < 0.5)
        [command, actor] = [{ type: 'ReplyToTicket', replyId: uuid(), authorId: ticket.requesterId, fromStaff: false, message: 'Any news on this?' }, ticket.requesterId];
      else if (s < 0.75) [command, actor] = [{ type: 'ChangeTicketStatus', to: pick(TICKET_STATUSES) }, admin];
      else if (s < 0.83) [command, actor] = [{ type: 'ChangeTicketPriority', to: pick(TICKET_PRIORITIES) }, admin];
      else if (s < 0.9) [command, actor] = [{ type: 'AssignTicket', assigneeId: next() < 0.8 ? admin : null }, admin];
      else if (s < 0.99) [command, actor] = [{ type: 'RateTicket', raterId: ticket.requesterId, satisfied: next() < 0.8 }, ticket.requesterId];
      else [command, actor] = [{ type: 'EraseTicketRequester' }, admin];
    }
    let events;
    try {
      events = SupportTicket.decide(command, ticket.state, new Date(clock));
    } catch (error) {
      if (error instanceof DomainError) return;
      throw error;
    }
    for (const event of events) {
      ticket.state = SupportTicket.evolve(ticket.state, event);
      ticket.revision++;
      await record(supportTicketStreamId(ticket.id), ticket.revision, event, actor);
    }
  };

  // ------------------------------------------------------------ administrator actions
  // Hidden reviews (a review's id and the reason only; the admin in the metadata) and actions on members.
  const REVIEW_REASONS = ['Personal remarks about another member', 'Reported and checked', 'Contact details in the text'];
  const adminActions = new Map<string, number>();
  const adminActionChange = async (): Promise<void> => {
    const admin = pick(admins);
    const r = next();
    const command: AdminActionCommand =
      r < 0.6
        ? { type: 'RecordAdminAction', actorId: admin, subjectType: 'review', subjectId: uuid(), action: 'review.hidden', reason: pick(REVIEW_REASONS) }
        : r < 0.85
          ? {
              type: 'RecordAdminAction',
              actorId: admin,
              subjectType: 'user',
              subjectId: next() < 0.5 ? pick(crew) : pick(skippers).id,
              action: next() < 0.5 ? 'user.profile_marked_complete' : 'user.profile_marked_incomplete',
              reason: '',
            }
          : { type: 'RecordAdminAction', actorId: admin, subjectType: 'user', subjectId: pick(crew), action: 'user.emailed', reason: '', details: { template: 'admin_contact' } };
    const stream = adminActionStreamId(command.subjectType, command.subjectId);
    let revision = adminActions.get(stream) ?? -1;
    for (const event of AdminAction.decide(command, { count: revision + 1 }, new Date(clock))) {
      revision++;
      await record(stream, revision, event, admin);
    }
    adminActions.set(stream, revision);
  };

  try {
    while (creationsOnly && written < options.events) await newVoyage();
    while (written < options.events) {
      const r = next();
      if (r < 0.01) await configChange();
      else if (r < 0.02) await subscriptionChange();
      else if (r < 0.06 || open.length < 20) await newVoyage();
      else if (r < 0.07 && drafts.length > 0) await publishDraft();
      else if (r < 0.43) await lifecycle();
      else if (r < 0.48) await trust();
      else if (r >= 0.985) await ticketChange();
      else if (r >= 0.98) await adminActionChange();
      else await application();
    }
    await flush();
    await inserting;
  } finally {
    await inserting.catch(() => undefined);
    await restoreIndexes();
  }
  return { events: written, voyages, byType, milliseconds: performance.now() - started };
}

/** Catalogue ports the generated routes run between (the migrations seed them). */
export const loadGeneratorPorts = async (dataSource: DataSource, limit = 2_000): Promise<PortStop[]> => {
  const rows = await dataSource.query<{ id: string; name: string; longitude: number; latitude: number }[]>(
    'SELECT id, name, longitude, latitude FROM ports WHERE listed ORDER BY id LIMIT $1',
    [limit],
  );
  return rows.map((row) => ({ name: row.name, portId: row.id, coordinates: [row.longitude, row.latitude] }));
};
