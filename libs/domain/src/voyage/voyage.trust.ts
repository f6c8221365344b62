import {
  AGREEMENT_TEXT_LIMITS,
  CHECK_IN_KINDS,
  CHECK_IN_NOTE_MAX,
  CURRENCIES,
  FLOAT_PLAN_LIMITS,
  MAX_CONTRIBUTION_AMOUNT,
  POSITION_MESSAGES,
  type MessageValues,
} from '@crew/rules';
import { reject } from '../shared/result';
import { checkText, isCalendarDate, isNumberBetween, isOneOf, isUuid } from '../shared/values';
import type { ApplicationEntry } from './voyage.applications';
import type { CompletionRecord } from './voyage.completion';
import type { AgreementTerms, CheckInKind, SailedLeg, VoyageEvent, VoyageSnapshot } from './voyage.events';
import { coastguardRegionAt } from './voyage.safety';
import { NOT_DEPARTED, daysBetween, hasDepartureDayBegun, isoDay, type VoyageStatus } from './voyage.rules';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A pending application nobody answered expires this many days after it was made (or at departure, if sooner). */
export const APPLICATION_EXPIRY_DAYS = 14;
/** An answer within this many days counts as a response for the skipper's response rate. */
export const RESPONSE_WINDOW_DAYS = 7;
/** Crew the skipper neither confirmed nor removed are confirmed this many days after completion. */
export const SAILING_LOG_AUTO_CONFIRM_DAYS = 7;
/** The overdue alert goes out when "arrived" is still missing this long after the expected arrival. */
export const OVERDUE_GRACE_HOURS = 6;
/** A float plan's private link works until this long after the expected arrival. */
export const FLOAT_PLAN_LINK_HOURS_AFTER_ARRIVAL = 72;

/** The kinds a check-in command may name: every one is a kind the event records. */
const EVENT_CHECK_IN_KINDS: readonly CheckInKind[] = CHECK_IN_KINDS;

/** Statuses before departure: agreements are issued and changed only then. */
const BEFORE_DEPARTURE: readonly string[] = ['planning', 'active', 'full'];

export interface AgreementEntry {
  readonly agreementId: string;
  readonly version: number;
  readonly terms: AgreementTerms;
  readonly acceptedVersion: number | null;
  readonly shareEmergencyContact: boolean;
}

export interface FloatPlanEntry {
  readonly version: number;
  readonly segmentOrder: number | null;
  readonly departureAt: string;
  readonly expectedArrivalAt: string;
  readonly aboard: readonly string[];
  readonly shoreContactIds: readonly string[];
  readonly region: string;
  /** When it was filed (null: not known, from a state kept before it was recorded). */
  readonly filedAt: string | null;
  readonly arrivedAt: string | null;
  readonly overdueDeclared: boolean;
}

/** What the trust and safety rules remember of a voyage. */
export interface TrustState {
  readonly archived: boolean;
  /** Someone aboard reported "departed": the voyage was started, whatever its status says, so it is never archived. */
  readonly departed: boolean;
  /** Per crew member recorded at completion: confirmed into their log, or removed by the skipper. */
  readonly sailingLog: Readonly<Record<string, 'confirmed' | 'removed'>>;
  /** The crew agreement per crew member. */
  readonly agreements: Readonly<Record<string, AgreementEntry>>;
  readonly floatPlan: FloatPlanEntry | null;
  readonly lastPosition: { readonly lat: number; readonly lon: number; readonly reportedAt: string } | null;
  /**
   * Every check-in recorded, by id, as it was asked for: a check-in sent again with the same id (a phone
   * resending what it queued offline, docs/features/offline.md) is recorded once, and answers as the first did.
   */
  readonly checkIns: Readonly<Record<string, RecordedCheckIn>>;
}

/** What a check-in asked for: a repeat of its id must ask for the same. */
export interface RecordedCheckIn {
  readonly reportedBy: string;
  readonly kind: CheckInKind;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly note: string;
}

export const initialTrustState = (): TrustState => ({ archived: false, departed: false, sailingLog: {}, agreements: {}, floatPlan: null, lastPosition: null, checkIns: {} });

/**
 * A check-in whose id is already recorded: the same request again is no new check-in (no events), the same id
 * for anything else is refused, so a key reused by mistake never passes for a repeat.
 */
function repeatedCheckIn(state: TrustState, command: Extract<TrustCommand, { type: 'RecordCheckIn' }>): VoyageEvent[] | null {
  const recorded = state.checkIns[command.checkInId];
  if (!recorded) return null;
  const same =
    recorded.reportedBy === command.actorId &&
    recorded.kind === command.kind &&
    recorded.lat === command.lat &&
    recorded.lon === command.lon &&
    recorded.note === command.note.trim();
  if (!same) return reject('conflict', 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another check-in: send each new check-in with a new key');
  return [];
}

/** The part of the voyage's state these rules read. */
export interface TrustView {
  readonly status: 'none' | 'draft' | VoyageStatus;
  readonly snapshot: VoyageSnapshot | null;
  readonly applications: Readonly<Record<string, ApplicationEntry>>;
  readonly completion: CompletionRecord | null;
  readonly deleted: boolean;
  readonly trust: TrustState;
}

export interface FloatPlanInput {
  readonly segmentOrder: number | null;
  readonly departureAt: string;
  readonly expectedArrivalAt: string;
  readonly boatDescription: string;
  readonly callSign: string;
  readonly notes: string;
}

export type TrustCommand =
  /** The clock's command: every time-driven rule of one voyage (expiry, archiving, automatic log confirmation, overdue). */
  | {
      readonly type: 'SweepVoyage';
      /** The scheduler's time (ISO instant) when it swept; the decision's own time when absent. */
      readonly at?: string;
    }
  | { readonly type: 'ConfirmSailingLog'; readonly actorId: string; readonly crewId: string }
  | { readonly type: 'RemoveFromSailingLog'; readonly actorId: string; readonly crewId: string }
  | { readonly type: 'IssueCrewAgreement'; readonly actorId: string; readonly crewId: string; readonly agreementId: string; readonly terms: AgreementTerms }
  | {
      readonly type: 'AcceptCrewAgreement';
      readonly actorId: string;
      readonly agreementId: string;
      /** The version the crew member read: only the latest can be accepted, and only by naming it. */
      readonly version: number;
      readonly shareEmergencyContact: boolean;
    }
  | { readonly type: 'FileFloatPlan'; readonly actorId: string; readonly plan: FloatPlanInput; readonly shoreContactIds: readonly string[] }
  | {
      readonly type: 'RecordCheckIn';
      readonly actorId: string;
      readonly checkInId: string;
      readonly kind: CheckInKind;
      readonly lat: number | null;
      readonly lon: number | null;
      readonly note: string;
      /** When the member checked in on their device (ISO instant), for a check-in sent later; absent or null: now. */
      readonly observedAt?: string | null;
    };

const invalid = (code: string, message: string, values?: MessageValues): never => reject('validation', code, message, values);

function requireVoyage(view: TrustView): VoyageSnapshot {
  if (view.deleted || view.status === 'none' || view.status === 'draft' || !view.snapshot) return reject('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
  return view.snapshot;
}

function requireSkipper(view: TrustView, actorId: string, what: string): VoyageSnapshot {
  const snapshot = requireVoyage(view);
  if (snapshot.skipperId !== actorId) return reject('forbidden', 'NOT_VOYAGE_OWNER', 'Only the skipper of this voyage can {what}', { what });
  return snapshot;
}

/** Accepted crew members, each once, with the legs they are aboard (empty: all). */
export function acceptedCrew(view: Pick<TrustView, 'applications'>): Map<string, readonly number[]> {
  const crew = new Map<string, readonly number[]>();
  for (const entry of Object.values(view.applications)) if (entry.status === 'accepted' && !crew.has(entry.crewId)) crew.set(entry.crewId, entry.segmentOrders);
  return crew;
}

/** An ISO instant ("2026-07-01T08:00:00Z" or with an offset) on a real calendar day within the years a column holds. */
export function isIsoInstant(value: string): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return false;
  if (!isCalendarDate(value.slice(0, 10))) return false;
  const [hours, minutes] = [Number(value.slice(11, 13)), Number(value.slice(14, 16))];
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: equivalent, Date.parse already refuses a 60th second, so the seconds read here never change the answer
  const seconds = value.length > 16 && value[16] === ':' ? Number(value.slice(17, 19)) : 0;
  return hours < 24 && minutes < 60 && seconds < 60 && Number.isFinite(Date.parse(value));
}

const toIso = (value: string): string => new Date(Date.parse(value)).toISOString();

// ---------------------------------------------------------------- time-driven rules

/** When a pending application expires: 14 days after it was made, or at the start of the departure day, whichever is first. */
export function expiryOf(entry: ApplicationEntry, startDate: string): { at: Date; reason: 'unanswered' | 'departed' } | null {
  const departure = startDate && isCalendarDate(startDate) ? Date.parse(`${startDate}T00:00:00Z`) : null;
  const unanswered = entry.submittedAt ? Date.parse(entry.submittedAt) + APPLICATION_EXPIRY_DAYS * DAY_MS : null;
  if (unanswered !== null && (departure === null || unanswered < departure)) return { at: new Date(unanswered), reason: 'unanswered' };
  return departure === null ? null : { at: new Date(departure), reason: 'departed' };
}

/** When the overdue alert of a float plan is due: the expected arrival plus the grace period. */
export const overdueAt = (plan: Pick<FloatPlanEntry, 'expectedArrivalAt'>): Date => new Date(Date.parse(plan.expectedArrivalAt) + OVERDUE_GRACE_HOURS * HOUR_MS);

/**
 * The plan's overdue alert was already due when it was filed (a plan filed
 * with an arrival long past, as happened before such plans were refused): it
 * is never declared nor mailed, whatever the clock says, since it would raise
 * a false alarm. False when the filing time is not known.
 */
export function alertDueAtFiling(plan: { readonly expectedArrivalAt: string; readonly filedAt?: string | null }): boolean {
  if (!plan.filedAt) return false;
  const filed = Date.parse(plan.filedAt);
  return Number.isFinite(filed) && filed >= overdueAt(plan).getTime();
}

/** Statuses in which the voyage is over: no check-in is taken, and no overdue alert goes out. */
const CLOSED: readonly string[] = ['completed', 'cancelled'];

function sweep(view: TrustView, now: Date): VoyageEvent[] {
  if (view.deleted || view.status === 'none' || view.status === 'draft' || !view.snapshot) return [];
  const snapshot = view.snapshot;
  const events: VoyageEvent[] = [];
  for (const [applicationId, entry] of Object.entries(view.applications)) {
    if (entry.status !== 'pending') continue;
    const expiry = expiryOf(entry, snapshot.details.startDate);
    if (expiry && now.getTime() >= expiry.at.getTime()) events.push({ type: 'ApplicationExpired', data: { applicationId, crewId: entry.crewId, reason: expiry.reason } });
  }
  const startDate = snapshot.details.startDate;
  if (!view.trust.archived && !view.trust.departed && BEFORE_DEPARTURE.includes(view.status) && startDate && isoDay(now) > startDate) {
    events.push({ type: 'VoyageArchived', data: { startDate } });
  }
  if (view.completion) {
    for (const [crewId, member] of Object.entries(view.completion.crew)) {
      if (view.trust.sailingLog[crewId]) continue;
      if (now.getTime() >= Date.parse(member.completedAt) + SAILING_LOG_AUTO_CONFIRM_DAYS * DAY_MS) events.push(logConfirmed(snapshot, crewId, member.segmentOrders, 'auto'));
    }
  }
  const plan = view.trust.floatPlan;
  // A completed voyage takes no "arrived" any more, so its plan is never overdue either.
  if (plan && !CLOSED.includes(view.status) && !plan.arrivedAt && !plan.overdueDeclared && !alertDueAtFiling(plan) && now.getTime() >= overdueAt(plan).getTime()) {
    const last = view.trust.lastPosition;
    events.push({
      type: 'FloatPlanOverdue',
      data: {
        version: plan.version,
        expectedArrivalAt: plan.expectedArrivalAt,
        declaredAt: now.toISOString(),
        lastPosition: last ? { lat: last.lat, lon: last.lon, reportedAt: last.reportedAt } : null,
        region: last ? coastguardRegionAt([last.lon, last.lat]).id : plan.region,
        shoreContactIds: [...plan.shoreContactIds],
        aboard: [...plan.aboard],
        ...(plan.filedAt ? { filedAt: plan.filedAt } : {}),
      },
    });
  }
  return events;
}

// ---------------------------------------------------------------- sailing log

/** Days at sea of one leg: its whole days between dates, at least one; from its duration when it has no dates. */
function legDays(leg: VoyageSnapshot['segments'][number]): number {
  if (leg.estimatedDepartureDate && leg.estimatedArrivalDate && isCalendarDate(leg.estimatedDepartureDate) && isCalendarDate(leg.estimatedArrivalDate)) {
    return Math.max(1, daysBetween(leg.estimatedDepartureDate, leg.estimatedArrivalDate));
  }
  return Math.max(1, Math.ceil((leg.estimatedDurationHours ?? 24) / 24));
}

/**
 * What a log entry holds of the legs sailed (all of them when `segmentOrders`
 * is absent): each leg, the miles and the days at sea. Crew entries (confirmed
 * by the skipper or after 7 days) and the skipper's own completed voyages are
 * worked out alike.
 */
export function sailedLegsOf(segments: readonly VoyageSnapshot['segments'][number][], segmentOrders?: readonly number[]): { legs: SailedLeg[]; distanceNm: number; days: number } {
  const sailed = segmentOrders ? segments.filter((segment) => segmentOrders.includes(segment.order)) : [...segments];
  const legs: SailedLeg[] = sailed.map((segment) => ({
    order: segment.order,
    from: segment.departure.name,
    to: segment.arrival.name,
    departureDate: segment.estimatedDepartureDate,
    arrivalDate: segment.estimatedArrivalDate,
    distanceNm: segment.distanceNm,
  }));
  return { legs, distanceNm: legs.reduce((sum, leg) => sum + leg.distanceNm, 0), days: sailed.reduce((sum, leg) => sum + legDays(leg), 0) };
}

function logConfirmed(snapshot: VoyageSnapshot, crewId: string, segmentOrders: readonly number[], by: 'skipper' | 'auto'): VoyageEvent {
  return { type: 'SailingLogConfirmed', data: { crewId, by, ...sailedLegsOf(snapshot.segments, segmentOrders) } };
}

function requireCompletedCrew(view: TrustView, actorId: string, crewId: string): { snapshot: VoyageSnapshot; member: CompletionRecord['crew'][string] } {
  const snapshot = requireSkipper(view, actorId, 'confirm who sailed');
  const member = view.completion?.crew[crewId];
  if (!view.completion) return reject('conflict', 'VOYAGE_NOT_COMPLETED', 'The sailing log is confirmed once the voyage is completed');
  if (!member) return reject('not_found', 'CREW_NOT_ON_VOYAGE', 'That person was not recorded as crew of this voyage');
  return { snapshot, member };
}

// ---------------------------------------------------------------- agreements

function checkTerms(terms: AgreementTerms): AgreementTerms {
  const { contributionAmount: amount } = terms;
  if (amount !== null && !isNumberBetween(amount, 0, MAX_CONTRIBUTION_AMOUNT)) invalid('AGREEMENT_AMOUNT_INVALID', 'The contribution must be between 0 and 1,000,000');
  if (!isOneOf(CURRENCIES, terms.contributionCurrency)) invalid('AGREEMENT_CURRENCY_INVALID', 'Currency must be one of {currencies}', { currencies: CURRENCIES.join(', ') });
  const labels: Record<keyof typeof AGREEMENT_TEXT_LIMITS, string> = {
    contributionCovers: 'What the contribution covers',
    duties: 'Duties',
    watchSystem: 'Watch system',
    houseRules: 'House rules',
    leavingEarly: 'Leaving early',
    insurance: 'Insurance',
  };
  const text = (key: keyof typeof AGREEMENT_TEXT_LIMITS): string => checkText(terms[key], labels[key], AGREEMENT_TEXT_LIMITS[key], 'AGREEMENT_TEXT_INVALID').trim();
  const checked: AgreementTerms = {
    contributionAmount: amount === null ? null : Math.round(amount * 100) / 100,
    contributionCurrency: terms.contributionCurrency,
    contributionCovers: text('contributionCovers'),
    duties: text('duties'),
    watchSystem: text('watchSystem'),
    houseRules: text('houseRules'),
    leavingEarly: text('leavingEarly'),
    insurance: text('insurance'),
  };
  for (const key of ['duties', 'leavingEarly', 'insurance'] as const) {
    if (!checked[key]) invalid('AGREEMENT_TEXT_REQUIRED', '{label} must be filled in', { label: labels[key] });
  }
  return checked;
}

const sameTerms = (a: AgreementTerms, b: AgreementTerms): boolean => (Object.keys(a) as (keyof AgreementTerms)[]).every((key) => a[key] === b[key]);

function findAgreement(view: TrustView, agreementId: string): [string, AgreementEntry] {
  const found = Object.entries(view.trust.agreements).find(([, entry]) => entry.agreementId === agreementId);
  return found ?? reject('not_found', 'AGREEMENT_NOT_FOUND', 'Agreement not found');
}

// ---------------------------------------------------------------- float plan and check-ins

function checkFloatPlan(snapshot: VoyageSnapshot, plan: FloatPlanInput, shoreContactIds: readonly string[], now: Date): void {
  if (plan.segmentOrder !== null && !snapshot.segments.some((segment) => segment.order === plan.segmentOrder)) {
    invalid('UNKNOWN_LEG', 'This voyage has no leg {legs}', { legs: plan.segmentOrder });
  }
  if (!isIsoInstant(plan.departureAt)) invalid('DEPARTURE_TIME_INVALID', 'Departure time must be a real date and time');
  if (!isIsoInstant(plan.expectedArrivalAt)) invalid('ARRIVAL_TIME_INVALID', 'Expected arrival must be a real date and time');
  const departure = Date.parse(plan.departureAt);
  const arrival = Date.parse(plan.expectedArrivalAt);
  if (arrival <= departure) invalid('ARRIVAL_BEFORE_DEPARTURE', 'Expected arrival must be after departure');
  // A plan whose arrival is past would be overdue at once and alert the shore contacts for nothing.
  if (arrival <= now.getTime()) reject('rule', 'ARRIVAL_IN_PAST', 'Expected arrival is already past: a float plan needs an arrival still to come');
  if (arrival - departure > FLOAT_PLAN_LIMITS.maxDays * DAY_MS) invalid('PLAN_TOO_LONG', `A float plan covers at most ${FLOAT_PLAN_LIMITS.maxDays} days: file one per leg`);
  checkText(plan.boatDescription, 'Boat description', FLOAT_PLAN_LIMITS.boatDescription, 'BOAT_DESCRIPTION_INVALID');
  if (!plan.boatDescription.trim()) invalid('BOAT_DESCRIPTION_REQUIRED', 'Describe the boat (type, length, hull and sail colours) so it can be recognised');
  checkText(plan.callSign, 'Radio call sign', FLOAT_PLAN_LIMITS.callSign, 'CALL_SIGN_INVALID');
  if (!/^[A-Za-z0-9 -]*$/.test(plan.callSign)) invalid('CALL_SIGN_INVALID', 'A radio call sign has only letters, digits, spaces and dashes');
  checkText(plan.notes, 'Notes', FLOAT_PLAN_LIMITS.notes, 'NOTES_INVALID');
  const { min, max } = FLOAT_PLAN_LIMITS.shoreContacts;
  if (shoreContactIds.length < min || shoreContactIds.length > max) invalid('SHORE_CONTACTS_COUNT', `Name between ${min} and ${max} shore contacts`);
  if (shoreContactIds.some((id) => !isUuid(id)) || new Set(shoreContactIds).size !== shoreContactIds.length) invalid('SHORE_CONTACTS_INVALID', 'Shore contacts are not valid');
}

function checkCheckIn(command: Extract<TrustCommand, { type: 'RecordCheckIn' }>): void {
  if (!isOneOf(EVENT_CHECK_IN_KINDS, command.kind)) invalid('CHECK_IN_KIND_INVALID', 'kind must be one of {kinds}', { kinds: EVENT_CHECK_IN_KINDS.join(', ') });
  const { lat, lon } = command;
  if ((lat === null) !== (lon === null)) invalid('POSITION_INCOMPLETE', 'Give both latitude and longitude, or neither');
  if (lat !== null && !isNumberBetween(lat, -90, 90)) invalid('LATITUDE_INVALID', POSITION_MESSAGES.latitudeInvalid);
  if (lon !== null && !isNumberBetween(lon, -180, 180)) invalid('LONGITUDE_INVALID', POSITION_MESSAGES.longitudeInvalid);
  if (command.kind === 'position' && lat === null) invalid('POSITION_REQUIRED', 'A position update needs latitude and longitude');
  checkText(command.note, 'The note', CHECK_IN_NOTE_MAX, 'NOTE_INVALID');
}

/** A check-in made longer ago than this on its device was sent later (it waited for a connection). */
const SENT_LATER_MS = 60_000;

/**
 * The device's time of a check-in, kept when it was sent later: a time that is no instant is refused; one made
 * just now, or one the voyage cannot have had (before its departure day, or ahead of now: a phone's clock set
 * wrong) is left out, and the check-in is dated when it reached us, for a check-in is never refused for its
 * phone's clock.
 */
function observedAtOf(observedAt: string | null, startDate: string, now: Date): string | null {
  if (observedAt === null) return null;
  if (!isIsoInstant(observedAt)) return invalid('CHECK_IN_TIME_INVALID', 'The check-in time must be a date and time such as 2026-07-01T08:00:00Z');
  const at = new Date(Date.parse(observedAt));
  return at.getTime() < now.getTime() - SENT_LATER_MS && hasDepartureDayBegun(startDate, at) ? at.toISOString() : null;
}

// ---------------------------------------------------------------- decide and evolve

export function decideTrust(command: TrustCommand, view: TrustView, now: Date): VoyageEvent[] {
  switch (command.type) {
    case 'SweepVoyage':
      return sweep(view, command.at && isIsoInstant(command.at) ? new Date(command.at) : now);
    case 'ConfirmSailingLog': {
      const { snapshot, member } = requireCompletedCrew(view, command.actorId, command.crewId);
      const state = view.trust.sailingLog[command.crewId];
      if (state === 'confirmed') return [];
      return [logConfirmed(snapshot, command.crewId, member.segmentOrders, 'skipper')];
    }
    case 'RemoveFromSailingLog': {
      const { member } = requireCompletedCrew(view, command.actorId, command.crewId);
      const state = view.trust.sailingLog[command.crewId];
      if (state === 'removed') return [];
      if (state === 'confirmed') return reject('conflict', 'LOG_ALREADY_CONFIRMED', 'This crew member’s legs are already confirmed in their log');
      if (now.getTime() >= Date.parse(member.completedAt) + SAILING_LOG_AUTO_CONFIRM_DAYS * DAY_MS) {
        return reject('conflict', 'LOG_ALREADY_CONFIRMED', `Legs are confirmed automatically ${SAILING_LOG_AUTO_CONFIRM_DAYS} days after completion`);
      }
      return [{ type: 'SailingLogCrewRemoved', data: { crewId: command.crewId } }];
    }
    case 'IssueCrewAgreement': {
      requireSkipper(view, command.actorId, 'issue crew agreements');
      if (!BEFORE_DEPARTURE.includes(view.status)) return reject('conflict', 'AGREEMENT_AFTER_DEPARTURE', 'Crew agreements are issued before departure');
      if (!acceptedCrew(view).has(command.crewId)) return reject('rule', 'NOT_ACCEPTED_CREW', 'Agreements are issued to accepted crew members of this voyage');
      const terms = checkTerms(command.terms);
      const current = view.trust.agreements[command.crewId];
      if (current && sameTerms(current.terms, terms)) return [];
      if (!current && !isUuid(command.agreementId)) return invalid('AGREEMENT_ID_INVALID', 'Agreement id must be a UUID');
      return [
        { type: 'CrewAgreementIssued', data: { agreementId: current?.agreementId ?? command.agreementId, crewId: command.crewId, version: (current?.version ?? 0) + 1, terms } },
      ];
    }
    case 'AcceptCrewAgreement': {
      requireVoyage(view);
      const [crewId, entry] = findAgreement(view, command.agreementId);
      if (crewId !== command.actorId) return reject('forbidden', 'NOT_AGREEMENT_CREW', 'Only the crew member it is for can accept this agreement');
      if (!acceptedCrew(view).has(crewId)) return reject('conflict', 'NOT_ACCEPTED_CREW', 'You are no longer crew of this voyage');
      if (command.version !== entry.version) {
        return reject('conflict', 'AGREEMENT_CHANGED', 'The skipper changed this agreement: please read version {version} and accept it', { version: entry.version });
      }
      if (entry.acceptedVersion === entry.version && entry.shareEmergencyContact === command.shareEmergencyContact) return [];
      return [{ type: 'CrewAgreementAccepted', data: { agreementId: entry.agreementId, crewId, version: entry.version, shareEmergencyContact: command.shareEmergencyContact } }];
    }
    case 'FileFloatPlan': {
      const snapshot = requireSkipper(view, command.actorId, 'file its float plan');
      if (view.status === 'cancelled' || view.status === 'completed') return reject('conflict', 'VOYAGE_CLOSED', 'This voyage is over: no float plan can be filed');
      checkFloatPlan(snapshot, command.plan, command.shoreContactIds, now);
      const order = command.plan.segmentOrder;
      const crew = [...acceptedCrew(view)].filter(([, legs]) => order === null || legs.length === 0 || legs.includes(order)).map(([id]) => id);
      const segment = snapshot.segments.find((leg) => leg.order === (order ?? 1)) ?? snapshot.segments[0];
      return [
        {
          type: 'FloatPlanFiled',
          data: {
            version: (view.trust.floatPlan?.version ?? 0) + 1,
            segmentOrder: order,
            departureAt: toIso(command.plan.departureAt),
            expectedArrivalAt: toIso(command.plan.expectedArrivalAt),
            aboard: [snapshot.skipperId, ...crew.sort()],
            boatDescription: command.plan.boatDescription.trim(),
            callSign: command.plan.callSign.trim().toUpperCase(),
            notes: command.plan.notes.trim(),
            shoreContactIds: [...command.shoreContactIds],
            region: coastguardRegionAt(segment?.departure.coordinates ?? null).id,
            filedAt: now.toISOString(),
          },
        },
      ];
    }
    case 'RecordCheckIn': {
      const snapshot = requireVoyage(view);
      // Before the rules that may have changed since (the voyage completed after the arrival it recorded): a repeat answers as the first.
      const repeated = repeatedCheckIn(view.trust, command);
      if (repeated) return repeated;
      if (command.actorId !== snapshot.skipperId && !acceptedCrew(view).has(command.actorId)) {
        return reject('forbidden', 'NOT_ABOARD', 'Only the skipper and the accepted crew can check in for this voyage');
      }
      if (view.status === 'cancelled') return reject('conflict', 'VOYAGE_CANCELLED', 'This voyage has been cancelled: no check-ins are taken');
      if (view.status === 'completed') return reject('conflict', 'VOYAGE_COMPLETED', 'This voyage is completed: no check-ins are taken');
      if (view.trust.archived) {
        return reject(
          'conflict',
          'VOYAGE_ARCHIVED',
          'This voyage was archived when its departure date passed without it being started: the skipper marks it in progress to check in',
        );
      }
      if (!hasDepartureDayBegun(snapshot.details.startDate, now)) {
        return reject('conflict', NOT_DEPARTED.code, NOT_DEPARTED.messages['check-ins'], { day: snapshot.details.startDate });
      }
      checkCheckIn(command);
      const observedAt = observedAtOf(command.observedAt ?? null, snapshot.details.startDate, now);
      if (!isUuid(command.checkInId)) return invalid('CHECK_IN_ID_INVALID', 'Check-in id must be a UUID');
      return [
        {
          type: 'CheckInRecorded',
          data: {
            checkInId: command.checkInId,
            kind: command.kind,
            lat: command.lat,
            lon: command.lon,
            note: command.note.trim(),
            reportedBy: command.actorId,
            reportedAt: now.toISOString(),
            ...(observedAt ? { observedAt } : {}),
            planVersion: view.trust.floatPlan?.version ?? null,
          },
        },
      ];
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

type TrustEvent = Extract<
  VoyageEvent,
  {
    type:
      | 'VoyageArchived'
      | 'SailingLogConfirmed'
      | 'SailingLogCrewRemoved'
      | 'CrewAgreementIssued'
      | 'CrewAgreementAccepted'
      | 'FloatPlanFiled'
      | 'CheckInRecorded'
      | 'FloatPlanOverdue';
  }
>;

export function evolveTrust(state: TrustState, event: TrustEvent): TrustState {
  switch (event.type) {
    case 'VoyageArchived':
      return { ...state, archived: true };
    case 'SailingLogConfirmed':
      return { ...state, sailingLog: { ...state.sailingLog, [event.data.crewId]: 'confirmed' } };
    case 'SailingLogCrewRemoved':
      return { ...state, sailingLog: { ...state.sailingLog, [event.data.crewId]: 'removed' } };
    case 'CrewAgreementIssued': {
      const before = state.agreements[event.data.crewId];
      const entry: AgreementEntry = {
        agreementId: event.data.agreementId,
        version: event.data.version,
        terms: event.data.terms,
        acceptedVersion: before?.acceptedVersion ?? null,
        shareEmergencyContact: before?.shareEmergencyContact ?? false,
      };
      return { ...state, agreements: { ...state.agreements, [event.data.crewId]: entry } };
    }
    case 'CrewAgreementAccepted': {
      const before = state.agreements[event.data.crewId];
      if (!before) return state;
      return {
        ...state,
        agreements: { ...state.agreements, [event.data.crewId]: { ...before, acceptedVersion: event.data.version, shareEmergencyContact: event.data.shareEmergencyContact } },
      };
    }
    case 'FloatPlanFiled':
      return {
        ...state,
        floatPlan: {
          version: event.data.version,
          segmentOrder: event.data.segmentOrder,
          departureAt: event.data.departureAt,
          expectedArrivalAt: event.data.expectedArrivalAt,
          aboard: event.data.aboard,
          shoreContactIds: event.data.shoreContactIds,
          region: event.data.region,
          filedAt: event.data.filedAt ?? null,
          arrivedAt: null,
          overdueDeclared: false,
        },
      };
    case 'CheckInRecorded': {
      const { lat, lon, kind, checkInId, reportedBy, note } = event.data;
      const observedAt = event.data.observedAt ?? null;
      // A check-in is dated when it was made; one sent late (made without a connection) never replaces a newer position.
      const at = observedAt ?? event.data.reportedAt;
      const newer = !state.lastPosition || Date.parse(at) >= Date.parse(state.lastPosition.reportedAt);
      const lastPosition = lat !== null && lon !== null && newer ? { lat, lon, reportedAt: at } : state.lastPosition;
      const plan = state.floatPlan;
      const floatPlan = plan && kind === 'arrived' && event.data.planVersion === plan.version ? { ...plan, arrivedAt: at } : plan;
      const checkIns = { ...state.checkIns, [checkInId]: { reportedBy, kind, lat, lon, note } };
      return { ...state, lastPosition, floatPlan, departed: state.departed || kind === 'departed', checkIns };
    }
    case 'FloatPlanOverdue': {
      const plan = state.floatPlan;
      return plan && plan.version === event.data.version ? { ...state, floatPlan: { ...plan, overdueDeclared: true } } : state;
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
