import {
  boatRequestSchema,
  type BoatResponse,
  type RegisterResponse,
  crewExpectationsSchema,
  crewSkillsSchema,
  emergencyContactSchema,
  sailingExperienceSchema,
  voyageRequestSchema,
  type SegmentRequest,
} from '@crew/contracts';
import { DomainError, greatCircleNm, type Coordinates } from '@crew/domain';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { CommandBus } from '@nestjs/cqrs';
import { RegisterUser } from '../../modules/accounts/commands/register-user.command';
import { DecideOnApplication, type ApplicationDecision } from '../../modules/applications/commands/decide-on-application.command';
import { SubmitApplication } from '../../modules/applications/commands/submit-application.command';
import { SaveBoat } from '../../modules/boats/commands/save-boat.command';
import { SetBoatPhoto } from '../../modules/boats/commands/set-boat-photo.command';
import { UpdateProfile } from '../../modules/profile/commands/update-profile.command';
import { ChangeVoyage } from '../../modules/voyages/commands/change-voyage.command';
import { EditVoyage } from '../../modules/voyages/commands/edit-voyage.command';
import { PublishVoyage } from '../../modules/voyages/commands/publish-voyage.command';
import { crossesLand } from '../../modules/voyages/land-crossing';
import type { CommandMetadata } from '../../platform/event-store/aggregate-repository';
import { comparePositions, type LogPosition } from '../../platform/event-store/event-store.port';
import { ApplicationError } from '../../platform/application-error';
import type { Application } from '../../application';
import { seededRandom } from '../seeded-random';
import { boatSvg } from './boat-drawing';
import { DEMO_CREW, DEMO_PASSWORD, DEMO_SKIPPERS, demoEmail, type DemoPerson } from './demo-people';
import { DEMO_VOYAGES, HARBOURS, type DemoVoyage, type HarbourKey } from './demo-routes';

/*
 * Fills an empty database with the demo's people, boats, voyages and
 * applications through the same code the API runs: every step is a command
 * on the command bus, as the endpoints send it. Accounts are registered by
 * the register command, boats saved and their drawings set as the boat photo
 * upload sets them, and every voyage and application is a command of the
 * Voyage aggregate. Read models are left to the projectors.
 */

export interface DemoSummary {
  readonly skipped: string | null;
  readonly skippers: number;
  readonly crew: number;
  readonly boats: number;
  readonly voyages: Record<string, number>;
  readonly applications: Record<string, number>;
  readonly harboursFromTable: number;
  readonly harboursPinned: readonly string[];
  readonly lines: readonly string[];
  readonly lastPosition: LogPosition | null;
}

const DAY = 86_400_000;
const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);
const startOfToday = (now: Date): number => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** The next start of a season at least two weeks away, so it is always within the next twelve months. */
function nextSeasonStart(month: number, day: number, now: Date): number {
  const today = startOfToday(now);
  const thisYear = Date.UTC(now.getUTCFullYear(), month - 1, day);
  return thisYear >= today + 14 * DAY ? thisYear : Date.UTC(now.getUTCFullYear() + 1, month - 1, day);
}

/** Why the demo must not run: a database that already has voyages is not touched. */
async function notEmpty(runtime: Application): Promise<string | null> {
  const [row] = await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM voyage_summaries');
  if ((row?.n ?? 0) > 0) return `the database already has ${row?.n} voyages`;
  // The read model may not have caught up yet: look in the log itself.
  let after: LogPosition = { commit: 0n, prepare: 0n };
  for (;;) {
    const batch = await runtime.eventStore.readAll(after, 1000);
    if (batch.some((event) => event.streamId.startsWith('voyage-'))) return 'the event log already holds voyages';
    const last = batch[batch.length - 1];
    if (!last) return null;
    after = last.position;
  }
}

interface ResolvedHarbour {
  readonly portId: string | null;
  readonly name: string;
  readonly coordinates: Coordinates;
}

/**
 * The ports table's entry for a harbour: same country, within 30 km, on the
 * coast (not a town inland), known by one of its names or its town's; else a
 * dropped pin.
 */
async function resolveHarbours(runtime: Application, keys: readonly HarbourKey[]): Promise<Map<HarbourKey, ResolvedHarbour>> {
  const resolved = new Map<HarbourKey, ResolvedHarbour>();
  for (const key of keys) {
    const harbour = HARBOURS[key];
    const rows = await runtime.dataSource.query<{ id: string; name: string; longitude: number; latitude: number }[]>(
      `WITH wanted AS (SELECT port_search_name(unnest($2::text[])) AS search_name)
       SELECT p.id, p.name, p.longitude, p.latitude FROM ports p
        WHERE p.country_code = $1 AND p.listed AND p.sailing_rank >= 1
          AND (port_search_name(p.city) IN (SELECT search_name FROM wanted)
               OR EXISTS (SELECT 1 FROM port_names n WHERE n.port_id = p.id AND n.search_name IN (SELECT search_name FROM wanted)))
          AND abs(p.latitude - $3) < 0.3 AND abs(p.longitude - $4) < 0.5
        ORDER BY (p.latitude - $3) ^ 2 + ((p.longitude - $4) * cos(radians($3))) ^ 2 LIMIT 1`,
      [harbour.country, harbour.names, harbour.latitude, harbour.longitude],
    );
    const port = rows[0];
    resolved.set(
      key,
      port
        ? { portId: port.id, name: port.name, coordinates: [port.longitude, port.latitude] }
        : { portId: null, name: harbour.names[0] ?? key, coordinates: [harbour.longitude, harbour.latitude] },
    );
  }
  return resolved;
}

/** Legs with dates: a coastal hop (up to 60 nm) arrives the day it leaves, longer legs at about 120 nm a day. */
function legsWithDates(stops: readonly ResolvedHarbour[], start: number, layover: number): { segments: SegmentRequest[]; end: number } {
  const segments: SegmentRequest[] = [];
  let cursor = start;
  for (let i = 1; i < stops.length; i++) {
    const from = stops[i - 1] as ResolvedHarbour;
    const to = stops[i] as ResolvedHarbour;
    const straight = greatCircleNm(from.coordinates, to.coordinates);
    // Where the straight line runs over land, the skipper gives the distance they expect to sail.
    const overLand = crossesLand(from.coordinates, to.coordinates);
    const distance = overLand ? Math.round(straight * 1.3) : Math.round(straight);
    const arrival = cursor + (distance <= 60 ? 0 : Math.ceil(distance / 120)) * DAY;
    segments.push({
      ...(from.portId ? { departure_port_id: from.portId } : {}),
      ...(to.portId ? { arrival_port_id: to.portId } : {}),
      departure_port: from.name,
      arrival_port: to.name,
      departure_coordinates: from.coordinates,
      arrival_coordinates: to.coordinates,
      estimated_departure_date: isoDay(cursor),
      estimated_arrival_date: isoDay(arrival),
      ...(overLand ? { distance_manual_override: true, distance_nm: distance } : {}),
    });
    cursor = arrival + (i < stops.length - 1 ? layover * DAY : 0);
  }
  return { segments, end: Math.max(cursor, start + DAY) };
}

const APPLY_OPENINGS = [
  (p: DemoPerson, v: DemoVoyage) => `Hello! I'm ${p.firstName}, ${p.experience.years_sailing} years sailing. "${v.title}" is exactly the trip I have been hoping for.`,
  (p: DemoPerson) => `Hi, ${p.firstName} here. ${p.experience.informal_description}`,
  (p: DemoPerson, v: DemoVoyage) => `I'd love to join ${v.title.toLowerCase().startsWith('the ') ? v.title : `the ${v.title}`} voyage. ${p.experience.informal_description}`,
];

function applicationMessage(person: DemoPerson, voyage: DemoVoyage, pick: number): string {
  const opening = (APPLY_OPENINGS[pick % APPLY_OPENINGS.length] ?? APPLY_OPENINGS[0])(person, voyage);
  const certificates = person.experience.certifications.length > 0 ? ` I hold ${person.experience.certifications.join(', ')}.` : ' No certificates yet, but I learn fast.';
  return `${opening}${certificates} Happy to cook, stand watches and share costs as you plan them.`;
}

/** The states the demo spreads applications over, in the order a voyage's applicants get them. */
const PLANNED_STATES: readonly ApplicationDecision[] = ['accept', 'accept', 'reject', 'withdraw', 'accept', 'reject'];

export async function seedDemo(runtime: Application, options: { now?: Date; log?: (line: string) => void } = {}): Promise<DemoSummary> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => undefined);
  const empty = (skipped: string): DemoSummary => ({
    skipped,
    skippers: 0,
    crew: 0,
    boats: 0,
    voyages: {},
    applications: {},
    harboursFromTable: 0,
    harboursPinned: [],
    lines: [],
    lastPosition: null,
  });
  const reason = await notEmpty(runtime);
  if (reason) return empty(reason);

  const next = seededRandom(2025);
  const { dataSource } = runtime;
  const commands = runtime.get(CommandBus);
  const meta = (userId: string): CommandMetadata => ({ userId, correlationId: `demo-${randomUUID()}` });
  let lastPosition: LogPosition | null = null;
  const track = (position: LogPosition | null) => {
    if (position && (!lastPosition || comparePositions(position, lastPosition) > 0)) lastPosition = position;
  };

  // People: registered as the sign-up form registers them (verified, as if they had clicked the link), then their profiles.
  const users = new Map<string, { id: string; person: DemoPerson }>();
  for (const person of [...DEMO_SKIPPERS, ...DEMO_CREW]) {
    const email = demoEmail(person);
    let id: string;
    try {
      const result: RegisterResponse = await commands.execute(
        new RegisterUser(
          {
            first_name: person.firstName,
            last_name: person.lastName,
            email,
            password: DEMO_PASSWORD,
            user_type: person.userType,
            acceptTerms: true,
          },
          true,
        ),
      );
      id = result.user?.id ?? '';
    } catch (error) {
      // A demo account left by an earlier, interrupted run is used again.
      if (!(error instanceof ApplicationError) || error.code !== 'EMAIL_TAKEN') throw error;
      const [row] = await dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
      id = row?.id ?? '';
    }
    await commands.execute(
      new UpdateProfile(id, {
        phoneNumber: person.phone,
        sailingExperience: sailingExperienceSchema.parse(person.experience),
        emergencyContact: person.emergency ? emergencyContactSchema.parse(person.emergency) : null,
        crewSkills: person.userType !== 'skipper' ? crewSkillsSchema.parse(person.skills ?? {}) : null,
        crewExpectations: person.userType !== 'crew' ? crewExpectationsSchema.parse(person.expectations ?? {}) : null,
      }),
    );
    users.set(person.key, { id, person });
  }
  log(`${users.size} accounts ready`);

  // Boats, each with a drawing stored like an uploaded photo.
  const boats = new Map<string, { id: string; ownerId: string }>();
  for (const skipper of DEMO_SKIPPERS) {
    const owner = users.get(skipper.key);
    if (!owner) continue;
    for (const demoBoat of skipper.boats ?? []) {
      const request = boatRequestSchema.parse({ ...demoBoat.request, is_active: true });
      const saved: BoatResponse = await commands.execute(new SaveBoat(owner.id, null, request));
      const picture = await sharp(Buffer.from(boatSvg(demoBoat.drawing)))
        .png()
        .toBuffer();
      await commands.execute(new SetBoatPhoto(owner.id, saved.id, picture));
      boats.set(demoBoat.key, { id: saved.id, ownerId: owner.id });
    }
  }
  log(`${boats.size} boats drawn`);

  const harbourKeys = [...new Set(DEMO_VOYAGES.flatMap((voyage) => voyage.route))];
  const harbours = await resolveHarbours(runtime, harbourKeys);
  const pinned = harbourKeys.filter((key) => harbours.get(key)?.portId === null).map((key) => HARBOURS[key].names[0] ?? key);

  const applicantPool = [...users.values()].filter(({ person }) => person.userType !== 'skipper');
  const voyageCounts: Record<string, number> = {};
  const applicationCounts: Record<string, number> = {};
  const lines: string[] = [];

  for (const voyage of DEMO_VOYAGES) {
    const skipper = users.get(voyage.skipper);
    const boat = boats.get(voyage.boat);
    if (!skipper || !boat) throw new Error(`demo voyage "${voyage.title}" names an unknown skipper or boat`);
    const stops = voyage.route.map((key) => harbours.get(key) as ResolvedHarbour);
    const today = startOfToday(now);
    const start = voyage.timing.kind === 'season' ? nextSeasonStart(voyage.timing.month, voyage.timing.day, now) : today - voyage.timing.daysAgo * DAY;
    // A voyage already sailed is published for next week, crewed, then moved to its real dates (editing allows a past departure).
    const publishStart = voyage.timing.kind === 'past' ? today + 7 * DAY : start;
    const planned = legsWithDates(stops, start, voyage.layover ?? 2);
    const published = legsWithDates(stops, publishStart, voyage.layover ?? 2);
    const body = (segments: SegmentRequest[], from: number, to: number) =>
      voyageRequestSchema.parse({
        title: voyage.title,
        description: voyage.description,
        estimated_start_date: isoDay(from),
        estimated_end_date: isoDay(to),
        contribution_type: voyage.contribution.type,
        ...(voyage.contribution.type === 'free' ? {} : { contribution_amount: voyage.contribution.amount ?? null }),
        contribution_currency: voyage.contribution.currency,
        contribution_details: voyage.contribution.details ?? '',
        boat_id: boat.id,
        requirements: { crew_needed: voyage.crewNeeded, min_experience: voyage.minExperience, skills: [...voyage.skills] },
        is_custom_voyage: false,
        segments,
      });
    const voyageId = randomUUID();
    track((await commands.execute(new PublishVoyage(voyageId, skipper.id, body(published.segments, publishStart, published.end), meta(skipper.id)))).position);

    // Applicants: distinct crew (never the skipper), some for the whole voyage and some for a leg or two.
    const candidates = applicantPool.filter((candidate) => candidate.id !== skipper.id);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(voyage.applicants, candidates.length)) chosen.add(Math.floor(next() * candidates.length));
    let position = 0;
    for (const applicant of [...chosen].map((index) => candidates[index]).filter((candidate) => candidate !== undefined)) {
      const legs = stops.length > 2 && position % 3 === 2 ? [1 + Math.floor(next() * (stops.length - 1))] : [];
      const applicationId = randomUUID();
      const message = applicationMessage(applicant.person, voyage, Math.floor(next() * 3));
      const userType = applicant.person.userType === 'both' ? 'both' : 'crew';
      try {
        track((await commands.execute(new SubmitApplication(applicationId, voyageId, { id: applicant.id, userType }, message, legs, meta(applicant.id)))).position);
      } catch (error) {
        // The voyage (or that leg) filled up: this crew member finds another voyage.
        if (error instanceof DomainError && error.kind === 'conflict') continue;
        throw error;
      }
      const wanted: ApplicationDecision | 'pending' = voyage.fill
        ? 'accept'
        : voyage.timing.kind === 'past'
          ? position === 0 || position === 1
            ? 'accept'
            : 'reject'
          : (PLANNED_STATES[position] ?? 'pending');
      // Some stay pending for the skipper to review, so every list shows each state.
      const decision = voyage.timing.kind === 'season' && !voyage.fill && position === 1 && chosen.size > 2 ? 'pending' : wanted;
      let state = 'pending';
      if (decision !== 'pending') {
        try {
          const actor = decision === 'withdraw' ? applicant.id : skipper.id;
          track((await commands.execute(new DecideOnApplication(applicationId, decision, actor, meta(actor)))).position);
          state = decision === 'accept' ? 'accepted' : decision === 'reject' ? 'rejected' : 'withdrawn';
        } catch (error) {
          // No berth left: the application waits, as it would for a real skipper.
          if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
        }
      }
      applicationCounts[state] = (applicationCounts[state] ?? 0) + 1;
      position++;
    }

    let status = voyage.fill ? 'full' : 'active';
    if (voyage.timing.kind === 'past') {
      track((await commands.execute(new EditVoyage(voyageId, skipper.id, body(planned.segments, start, planned.end), meta(skipper.id)))).position);
      track((await commands.execute(new ChangeVoyage(voyageId, { type: 'ChangeVoyageStatus', actorId: skipper.id, status: voyage.timing.status }, meta(skipper.id)))).position);
      status = voyage.timing.status;
    } else if (voyage.planning) {
      track((await commands.execute(new ChangeVoyage(voyageId, { type: 'ChangeVoyageStatus', actorId: skipper.id, status: 'planning' }, meta(skipper.id)))).position);
      status = 'planning';
    }
    voyageCounts[status] = (voyageCounts[status] ?? 0) + 1;
    const shown = voyage.timing.kind === 'past' ? planned : published;
    const from = voyage.timing.kind === 'past' ? start : publishStart;
    lines.push(`${isoDay(from)} → ${isoDay(shown.end)}  ${status.padEnd(11)} ${voyage.title} (${stops.map((stop) => stop.name).join(' → ')})`);
  }

  return {
    skipped: null,
    skippers: DEMO_SKIPPERS.length,
    crew: DEMO_CREW.length,
    boats: boats.size,
    voyages: voyageCounts,
    applications: applicationCounts,
    harboursFromTable: harbourKeys.length - pinned.length,
    harboursPinned: pinned,
    lines: lines.sort(),
    lastPosition,
  };
}

/** What `npm run demo` and DEMO_DATA=true print. */
export function describeDemo(summary: DemoSummary, baseUrl: string): string {
  if (summary.skipped) return `Demo data not added: ${summary.skipped}. It fills only an empty database.`;
  const counts = (record: Record<string, number>) =>
    Object.entries(record)
      .sort()
      .map(([key, value]) => `${value} ${key}`)
      .join(', ');
  const skipper = DEMO_SKIPPERS[0];
  const crew = DEMO_CREW[0];
  return [
    'Demo data added:',
    `  ${summary.skippers} skippers and ${summary.crew} crew (every password: ${DEMO_PASSWORD})`,
    `  ${summary.boats} boats, each with a drawing`,
    `  ${Object.values(summary.voyages).reduce((a, b) => a + b, 0)} voyages: ${counts(summary.voyages)}`,
    `  ${Object.values(summary.applications).reduce((a, b) => a + b, 0)} applications: ${counts(summary.applications)}`,
    `  harbours: ${summary.harboursFromTable} from the ports table${summary.harboursPinned.length ? `, ${summary.harboursPinned.length} pinned on the map (${summary.harboursPinned.join(', ')})` : ''}`,
    '',
    ...summary.lines.map((line) => `  ${line}`),
    '',
    `Sign in at ${baseUrl}/login as a skipper (${skipper ? demoEmail(skipper) : ''}) or as crew (${crew ? demoEmail(crew) : ''}), password ${DEMO_PASSWORD}.`,
  ].join('\n');
}
