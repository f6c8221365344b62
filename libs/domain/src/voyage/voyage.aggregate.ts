import {
  CALENDAR_DATE_MESSAGES,
  CONTRIBUTION_TYPES,
  CREW_NEEDED,
  CURRENCIES,
  EXPERIENCE_LEVELS,
  MAX_CONTRIBUTION_AMOUNT,
  MAX_MANUAL_DISTANCE_NM,
  MAX_VOYAGE_LEGS,
  MAX_VOYAGE_SKILLS,
  TITLE_MIN_LENGTH,
  VOYAGE_STATUSES,
  VOYAGE_MESSAGES as MESSAGES,
  VOYAGE_TEXT_LIMITS as TEXT,
  storedSkillList,
  type MessageValues,
} from '@crew/rules';
import type { Aggregate } from '../shared/aggregate';
import { reject } from '../shared/result';
import { sameValue } from '../shared/same-value';
import { checkText, isNumberBetween, isOneOf } from '../shared/values';
import { currentCrewCount, decideApplication, evolveApplications, isCrewComplete, liveApplicants, rejectPendingOnCancel, type ApplicationEntry } from './voyage.applications';
import type { BoatRef, VoyageCommand, VoyagePlan } from './voyage.commands';
import { completionEvents, evolveCompletion, type CompletionRecord } from './voyage.completion';
import { decideModeration } from './voyage.moderation';
import { decideTrust, evolveTrust, initialTrustState, type TrustState } from './voyage.trust';
import { isVoyageEvent, type Contribution, type Segment, type VoyageDetails, type VoyageEvent, type VoyageSnapshot } from './voyage.events';
import { voyagePersonalData } from './voyage.personal-data';
import {
  CUSTOM_SEGMENT_DEFAULTS,
  EDITABLE_STATUSES,
  LIVE_APPLICATION_STATUSES,
  NOT_DEPARTED,
  daysBetween,
  greatCircleNm,
  hasDepartureDayBegun,
  isIsoDate,
  isValidCoordinates,
  isoDay,
  segmentCrewNeeded,
  type VoyageStatus,
} from './voyage.rules';

export interface VoyageState {
  readonly status: 'none' | 'draft' | VoyageStatus;
  readonly snapshot: VoyageSnapshot | null;
  /** Every application to this voyage, by application id. */
  readonly applications: Readonly<Record<string, ApplicationEntry>>;
  /** Suspended by an administrator: out of browse, map and search, and closed to applications until reinstated. */
  readonly suspended: boolean;
  /** Deleted by an administrator: every command answers "not found". */
  readonly deleted: boolean;
  /** Flagged for review by an administrator and not cleared since: in the moderation queue. */
  readonly flagged: boolean;
  /** Set once the voyage is first completed: who sailed which legs (the review rules read it). */
  readonly completion: CompletionRecord | null;
  /** Archiving, the verified sailing log, crew agreements, the float plan and check-ins. */
  readonly trust: TrustState;
}

export const voyageStreamId = (voyageId: string): string => `voyage-${voyageId}`;
/** The voyage id of a stream named by voyageStreamId. */
export const voyageIdOfStream = (streamId: string): string => streamId.slice('voyage-'.length);

const invalid = (code: string, message: string, values?: MessageValues): never => reject('validation', code, message, values);

/** A leg's duration from its dates: whole days as hours (shown as hours / 24, in days). */
const hoursBetween = (departure: string | null, arrival: string | null): number | null =>
  departure && arrival && isIsoDate(departure) && isIsoDate(arrival) && arrival >= departure ? daysBetween(departure, arrival) * 24 : null;

/** A skipper's own distance, in whole nautical miles like the great-circle legs (never 0 once it was > 0). */
const manualNm = (distance: number): number => Math.max(1, Math.round(distance));

/** Route segments from the plan: catalogue legs with great-circle distances, or one custom leg. */
export function buildSegments(plan: VoyagePlan): { segments: Segment[]; totalDistanceNm: number } {
  const crew = segmentCrewNeeded(plan.crewNeeded);
  if (plan.isCustom) {
    const manual = plan.custom?.distanceNm ?? null;
    const departureDate = plan.startDate || null;
    const arrivalDate = plan.endDate || null;
    const segment: Segment = {
      order: 1,
      departure: { name: plan.custom?.departure.trim() || CUSTOM_SEGMENT_DEFAULTS.departure, portId: null, coordinates: null },
      arrival: { name: plan.custom?.destination.trim() || CUSTOM_SEGMENT_DEFAULTS.destination, portId: null, coordinates: null },
      distanceNm: manual === null ? CUSTOM_SEGMENT_DEFAULTS.distanceNm : manualNm(manual),
      distanceManualOverride: manual !== null,
      crewNeeded: crew,
      estimatedDurationHours: hoursBetween(departureDate, arrivalDate) ?? CUSTOM_SEGMENT_DEFAULTS.durationHours,
      estimatedDepartureDate: departureDate,
      estimatedArrivalDate: arrivalDate,
      crossesLand: false,
    };
    return { segments: [segment], totalDistanceNm: segment.distanceNm };
  }
  const segments: Segment[] = [];
  const lastOrder = plan.stops.length - 1;
  for (let order = 1; order <= lastOrder; order++) {
    const from = plan.stops[order - 1]!;
    const to = plan.stops[order]!;
    const leg = plan.legs?.[order - 1];
    const greatCircle = from.coordinates && to.coordinates ? Math.round(greatCircleNm(from.coordinates, to.coordinates)) : 0;
    const manual = leg?.distanceNm ?? null;
    // The voyage's own dates bound the route: the first leg leaves on departure day, the last arrives on return day.
    const departureDate = (order === 1 ? plan.startDate : leg?.departureDate) || null;
    const arrivalDate = (order === lastOrder ? plan.endDate : leg?.arrivalDate) || null;
    segments.push({
      order,
      departure: from,
      arrival: to,
      distanceNm: manual === null ? greatCircle : manualNm(manual),
      distanceManualOverride: manual !== null,
      crewNeeded: crew,
      estimatedDurationHours: hoursBetween(departureDate, arrivalDate),
      estimatedDepartureDate: departureDate,
      estimatedArrivalDate: arrivalDate,
      crossesLand: leg?.crossesLand ?? false,
    });
  }
  return { segments, totalDistanceNm: segments.reduce((sum, segment) => sum + segment.distanceNm, 0) };
}

/** A distance the skipper typed: more than 0, at most 50,000 nm; `leg` names a catalogue leg. */
function checkManualDistance(distance: number | null, leg: number | null): void {
  if (distance === null) return;
  const refuse = (code: string, problem: string): never => (leg === null ? invalid(code, problem) : invalid(`LEG_${code}`, 'Leg {leg}: {problem}', { leg, problem }));
  if (!Number.isFinite(distance) || !(distance > 0)) refuse('DISTANCE_NOT_POSITIVE', MESSAGES.distanceNotPositive);
  if (distance > MAX_MANUAL_DISTANCE_NM) refuse('DISTANCE_TOO_LARGE', MESSAGES.distanceTooLarge);
}

/** What every saved plan needs, drafts included: real calendar dates and sane distances, so no read model is handed a bad value. */
function checkValues(plan: VoyagePlan): void {
  for (const date of [plan.startDate, plan.endDate]) {
    if (date && !isIsoDate(date)) invalid('DATE_INVALID', CALENDAR_DATE_MESSAGES.invalid);
  }
  (plan.legs ?? []).forEach((leg, index) => {
    for (const date of [leg.departureDate, leg.arrivalDate]) {
      if (date && !isIsoDate(date)) invalid('LEG_DATE_INVALID', 'Leg {leg}: {problem}', { leg: index + 1, problem: CALENDAR_DATE_MESSAGES.invalid });
    }
    if (!plan.isCustom) checkManualDistance(leg.distanceNm, index + 1);
  });
  if (plan.isCustom) checkManualDistance(plan.custom?.distanceNm ?? null, null);
}

/**
 * Leg dates of a publishable route: each inside the voyage's dates
 * (intermediate arrival dates lie between departure and return), each leg
 * arriving on or after it departs, and departing on or after the leg before it
 * arrives. Unknown dates are allowed (shown as TBD).
 */
function checkLegDates(segments: readonly Segment[], startDate: string, endDate: string): void {
  let previous: { date: string; leg: number } | null = null;
  for (const segment of segments) {
    const leg = segment.order;
    const { estimatedDepartureDate: departure, estimatedArrivalDate: arrival } = segment;
    for (const date of [departure, arrival]) {
      if (date && (date < startDate || date > endDate)) {
        invalid('LEG_DATE_OUTSIDE_VOYAGE', 'Leg {leg}: dates must lie between the departure date and the return date', { leg });
      }
    }
    if (departure && previous && departure < previous.date) {
      invalid('LEG_DEPARTS_TOO_EARLY', 'Leg {leg} cannot depart before leg {previous} arrives', { leg, previous: previous.leg });
    }
    if (departure && arrival && arrival < departure) invalid('LEG_ARRIVES_BEFORE_DEPARTING', 'Leg {leg} cannot arrive before it departs', { leg });
    if (arrival && previous && !departure && arrival < previous.date) {
      invalid('LEG_DEPARTS_TOO_EARLY', 'Leg {leg} cannot arrive before leg {previous} arrives', { leg, previous: previous.leg });
    }
    const latest = arrival ?? departure;
    if (latest) previous = { date: latest, leg };
  }
}

const contributionOf = (plan: VoyagePlan): Contribution => checkContribution({ ...plan.contribution });

function checkContribution(contribution: Contribution): Contribution {
  if (!isOneOf(CONTRIBUTION_TYPES, contribution.type)) invalid('CONTRIBUTION_TYPE_INVALID', 'Contribution type must be free, shared_costs or paid');
  if (!isOneOf(CURRENCIES, contribution.currency)) invalid('CURRENCY_INVALID', 'Currency must be USD, EUR or GBP');
  if (contribution.amount !== null && (typeof contribution.amount !== 'number' || !Number.isFinite(contribution.amount) || contribution.amount < 0)) {
    invalid('CONTRIBUTION_NEGATIVE', MESSAGES.contributionNegative);
  }
  if (contribution.amount !== null && contribution.amount > MAX_CONTRIBUTION_AMOUNT) {
    invalid('CONTRIBUTION_TOO_LARGE', `Contribution amount must be at most ${MAX_CONTRIBUTION_AMOUNT.toLocaleString('en-US')}`);
  }
  checkText(contribution.details, 'Contribution details', TEXT.contributionDetails);
  // No amount is kept when the voyage is free.
  return contribution.type === 'free' ? { ...contribution, amount: null } : contribution;
}

function checkBoat(boat: BoatRef | null, skipperId: string): string {
  if (!boat) return invalid('BOAT_REQUIRED', MESSAGES.boatRequired);
  if (boat.ownerId !== skipperId) return reject('forbidden', 'BOAT_NOT_YOURS', 'You can only choose one of your own boats');
  if (!boat.isActive) return invalid('BOAT_INACTIVE', 'The selected boat is not active');
  return boat.id;
}

/** The publishing rules, in the order the form shows its messages. */
function checkPublishable(plan: VoyagePlan, now: Date, mode: 'create' | 'edit'): void {
  const title = plan.title.trim();
  if (!title) invalid('TITLE_REQUIRED', MESSAGES.titleRequired);
  if (title.length < TITLE_MIN_LENGTH) invalid('TITLE_TOO_SHORT', MESSAGES.titleTooShort);
  if (!plan.startDate) invalid('DEPARTURE_DATE_REQUIRED', MESSAGES.departureDateRequired);
  if (!plan.endDate) invalid('RETURN_DATE_REQUIRED', MESSAGES.returnDateRequired);
  checkValues(plan);
  if (plan.endDate <= plan.startDate) invalid('RETURN_BEFORE_DEPARTURE', MESSAGES.returnBeforeDeparture);
  if (mode === 'create' && plan.startDate < isoDay(now)) invalid('DEPARTURE_IN_PAST', 'Departure date cannot be in the past');
  if (!Number.isInteger(plan.crewNeeded) || plan.crewNeeded < CREW_NEEDED.min || plan.crewNeeded > CREW_NEEDED.max) {
    invalid('CREW_NEEDED_RANGE', MESSAGES.crewNeededRange);
  }
  if (plan.isCustom) {
    if (mode === 'create' && !plan.custom?.departure.trim()) invalid('DEPARTURE_LOCATION_REQUIRED', MESSAGES.departureLocationRequired);
    // Stryker disable next-line OptionalChaining: creating without custom fields was refused on the line before; an edit stops at the mode
    if (mode === 'create' && !plan.custom?.destination.trim()) invalid('DESTINATION_LOCATION_REQUIRED', MESSAGES.destinationLocationRequired);
    // Stryker disable next-line OptionalChaining: creating without custom fields was refused two lines before; an edit stops at the mode
    if (mode === 'create' && (plan.custom?.distanceNm ?? null) === null) invalid('DISTANCE_NOT_POSITIVE', MESSAGES.distanceNotPositive);
  } else {
    if (mode === 'create' && !plan.stops[0]) invalid('DEPARTURE_PORT_REQUIRED', MESSAGES.departurePortRequired);
    if (mode === 'create' && plan.stops.length < 2) invalid('DESTINATION_PORT_REQUIRED', MESSAGES.destinationPortRequired);
    if (plan.stops.length < 2 || plan.stops.some((stop) => !stop.coordinates || !isValidCoordinates(stop.coordinates))) {
      invalid('PORTS_INVALID', MESSAGES.portsInvalid);
    }
  }
  checkLegDates(buildSegments(plan).segments, plan.startDate, plan.endDate);
}

/**
 * Every value of the plan that the voyage's events carry, checked for what the
 * read models hold (text, dates, whole numbers, ranges, lists) whether the
 * voyage is published or only a draft: a draft's event is in the log for good too.
 */
function checkStorable(plan: VoyagePlan): void {
  checkText(plan.title, 'Title', TEXT.title, 'TITLE_INVALID');
  checkText(plan.description, 'Description', TEXT.description, 'DESCRIPTION_INVALID');
  checkText(plan.customNotes, 'Custom voyage notes', TEXT.customNotes, 'CUSTOM_NOTES_INVALID');
  for (const date of [plan.startDate, plan.endDate]) {
    if (date !== '' && !isIsoDate(date)) invalid('DATE_INVALID', CALENDAR_DATE_MESSAGES.invalid);
  }
  if (!isNumberBetween(plan.crewNeeded, CREW_NEEDED.min, CREW_NEEDED.max, true)) invalid('CREW_NEEDED_RANGE', MESSAGES.crewNeededRange);
  if (!isOneOf(EXPERIENCE_LEVELS, plan.minExperience)) invalid('EXPERIENCE_INVALID', 'Minimum experience must be beginner, intermediate, advanced or expert');
  if (plan.skills.length > MAX_VOYAGE_SKILLS) invalid('TOO_MANY_SKILLS', MESSAGES.tooManySkills);
  for (const skill of plan.skills) checkText(skill, 'A skill', TEXT.skill, 'SKILL_INVALID');
  if (plan.stops.length > MAX_VOYAGE_LEGS + 1) invalid('TOO_MANY_LEGS', MESSAGES.tooManyLegs);
  for (const stop of plan.stops) {
    checkText(stop.name, 'A port name', TEXT.placeName, 'PORTS_INVALID');
    if (stop.coordinates !== null && !isValidCoordinates(stop.coordinates)) invalid('PORTS_INVALID', MESSAGES.portsInvalid);
  }
  if (plan.custom) {
    checkText(plan.custom.departure, 'Departure location', TEXT.placeName, 'DEPARTURE_LOCATION_INVALID');
    checkText(plan.custom.destination, 'Destination location', TEXT.placeName, 'DESTINATION_LOCATION_INVALID');
    const distance = plan.custom.distanceNm;
    if (distance !== null && !isNumberBetween(distance, 0, MAX_MANUAL_DISTANCE_NM)) {
      invalid(
        distance > MAX_MANUAL_DISTANCE_NM ? 'DISTANCE_TOO_LARGE' : 'DISTANCE_NOT_POSITIVE',
        distance > MAX_MANUAL_DISTANCE_NM ? MESSAGES.distanceTooLarge : MESSAGES.distanceNotPositive,
      );
    }
  }
}

function snapshotOf(plan: VoyagePlan, skipperId: string, boatId: string): VoyageSnapshot {
  checkStorable(plan);
  const details: VoyageDetails = {
    title: plan.title.trim(),
    description: plan.description.trim(),
    startDate: plan.startDate,
    endDate: plan.endDate,
    boatId,
    minExperience: plan.minExperience,
    // Stored as taxonomy keys, each once, whichever name the skipper chose ("Cooking", "galley_cooking").
    // Skills on the list are kept as their keys; free text (allowed) is kept as written and never scored.
    skills: storedSkillList(plan.skills),
    isCustom: plan.isCustom,
    customNotes: plan.customNotes.trim(),
    includesFood: plan.includesFood === true,
  };
  const { segments, totalDistanceNm } = buildSegments(plan);
  return { skipperId, details, segments, totalDistanceNm, crewNeeded: plan.crewNeeded, contribution: contributionOf(plan) };
}

/** Legs named by pending or accepted applications. */
const liveLegOrders = (state: VoyageState): number[] =>
  Object.values(state.applications)
    .filter((entry) => LIVE_APPLICATION_STATUSES.includes(entry.status))
    .flatMap((entry) => [...entry.segmentOrders]);

/**
 * A voyage is full when its accepted crew reaches crew needed, and
 * returns to active when crew needed is raised. Only a change of crew needed
 * moves the status: a voyage its skipper marked full by hand stays full
 * through other edits.
 */
function fullnessAfter(state: VoyageState, events: readonly VoyageEvent[]): VoyageEvent[] {
  if (!events.some((event) => event.type === 'VoyageCrewNeededChanged')) return [];
  const after = events.reduce(evolveVoyage, state);
  if (state.status === 'full' && !isCrewComplete(after)) return [{ type: 'VoyageStatusChanged', data: { status: 'active', previous: 'full' } }];
  if (EDITABLE_STATUSES.includes(state.status as VoyageStatus) && currentCrewCount(after) > 0 && isCrewComplete(after)) {
    return [{ type: 'VoyageStatusChanged', data: { status: 'full', previous: state.status as VoyageStatus } }];
  }
  return [];
}

function requireOwner(state: VoyageState, actorId: string): VoyageSnapshot {
  if (state.status === 'none' || !state.snapshot) return reject('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
  if (state.snapshot.skipperId !== actorId) return reject('forbidden', 'NOT_VOYAGE_OWNER', 'Only the skipper of this voyage can change it');
  if (state.status === 'cancelled') return reject('conflict', 'VOYAGE_CANCELLED', 'This voyage has been cancelled');
  return state.snapshot;
}

export function decideVoyage(command: VoyageCommand, state: VoyageState, now: Date): VoyageEvent[] {
  if (state.deleted) return reject('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
  switch (command.type) {
    case 'SaveVoyageDraft': {
      if (state.status !== 'none') {
        requireOwner(state, command.actorId);
        if (state.status !== 'draft') return reject('conflict', 'ALREADY_PUBLISHED', 'This voyage is already published; edit it instead');
      }
      // A draft may be incomplete; what it holds must still be real dates and distances, and a given boat the skipper's.
      checkValues(command.plan);
      const boatId = command.boat ? checkBoat(command.boat, command.actorId) : '';
      return [{ type: 'VoyageDraftSaved', data: snapshotOf(command.plan, command.actorId, boatId) }];
    }
    case 'PublishVoyage': {
      if (state.status !== 'none') {
        requireOwner(state, command.actorId);
        if (state.status !== 'draft') return reject('conflict', 'ALREADY_PUBLISHED', 'This voyage is already published');
      }
      checkPublishable(command.plan, now, 'create');
      const boatId = checkBoat(command.boat, command.actorId);
      return [{ type: 'VoyagePublished', data: snapshotOf(command.plan, command.actorId, boatId) }];
    }
    case 'EditVoyage': {
      const current = requireOwner(state, command.actorId);
      // A full voyage is an active one with no berth left: its skipper may still edit it (e.g. raise crew needed).
      if (!EDITABLE_STATUSES.includes(state.status as VoyageStatus) && state.status !== 'full') {
        return reject('conflict', 'VOYAGE_NOT_EDITABLE', 'A voyage can be edited only while planning or active');
      }
      // Stryker disable next-line StringLiteral: only the mode 'create' changes what is checked
      checkPublishable(command.plan, now, 'edit');
      const boatId = checkBoat(command.boat, command.actorId);
      const next = snapshotOf(command.plan, command.actorId, boatId);
      const events: VoyageEvent[] = [];
      if (!sameValue(next.details, current.details)) events.push({ type: 'VoyageDetailsEdited', data: { details: next.details } });
      if (!sameValue(next.segments, current.segments)) {
        const appliedLegs = Math.max(0, ...liveLegOrders(state));
        if (appliedLegs > next.segments.length) {
          invalid('ROUTE_DROPS_APPLIED_LEGS', 'Crew have applied for leg {legs}: the route must keep at least {legs} legs', { legs: appliedLegs });
        }
        events.push({ type: 'VoyageRouteChanged', data: { segments: next.segments, totalDistanceNm: next.totalDistanceNm } });
      }
      if (next.crewNeeded !== current.crewNeeded) {
        const aboard = currentCrewCount(state);
        if (next.crewNeeded < aboard) invalid('CREW_NEEDED_BELOW_ACCEPTED', 'Crew needed cannot be less than the {aboard} crew already accepted', { aboard });
        events.push({ type: 'VoyageCrewNeededChanged', data: { crewNeeded: next.crewNeeded, previous: current.crewNeeded } });
      }
      if (!sameValue(next.contribution, current.contribution)) {
        events.push({ type: 'VoyageContributionChanged', data: { contribution: next.contribution } });
      }
      return [...events, ...fullnessAfter(state, events)];
    }
    case 'ChangeVoyageStatus': {
      requireOwner(state, command.actorId);
      if (!isOneOf(VOYAGE_STATUSES, command.status)) return invalid('STATUS_INVALID', 'Status must be one of {statuses}', { statuses: VOYAGE_STATUSES.join(', ') });
      if (state.status === 'draft') return reject('conflict', 'VOYAGE_IS_DRAFT', 'Publish the voyage before changing its status');
      const previous = state.status as VoyageStatus;
      if (command.status === previous) return [];
      if (command.status === 'cancelled') {
        return [{ type: 'VoyageCancelled', data: { previous, reason: '', notifiedCrewIds: liveApplicants(state) } }, ...rejectPendingOnCancel(state)];
      }
      if (command.status === 'completed') {
        // A voyage dated months ahead has not sailed: it cannot be completed before its departure date.
        // Stryker disable next-line OptionalChaining,StringLiteral: requireOwner has returned the snapshot, so it is never missing here
        const startDate = state.snapshot?.details.startDate ?? '';
        if (!hasDepartureDayBegun(startDate, now)) return reject('conflict', NOT_DEPARTED.code, NOT_DEPARTED.messages.completion, { day: startDate });
        return completionEvents(state, previous, now);
      }
      return [{ type: 'VoyageStatusChanged', data: { status: command.status, previous } }];
    }
    case 'ChangeVoyageContribution': {
      const current = requireOwner(state, command.actorId);
      const contribution = checkContribution(command.contribution);
      if (sameValue(contribution, current.contribution)) return [];
      return [{ type: 'VoyageContributionChanged', data: { contribution } }];
    }
    case 'CancelVoyage': {
      requireOwner(state, command.actorId);
      checkText(command.reason, 'The reason', TEXT.cancelReason, 'REASON_INVALID');
      if (state.status === 'draft') return reject('conflict', 'VOYAGE_IS_DRAFT', 'A draft cannot be cancelled; delete it instead');
      const cancelled: VoyageEvent = {
        type: 'VoyageCancelled',
        data: { previous: state.status as VoyageStatus, reason: command.reason.trim(), notifiedCrewIds: liveApplicants(state) },
      };
      return [cancelled, ...rejectPendingOnCancel(state)];
    }
    case 'SubmitApplication':
    case 'AcceptApplication':
      if (state.suspended) return reject('conflict', 'VOYAGE_SUSPENDED', 'This voyage is not accepting applications');
      if (state.trust.archived) return reject('conflict', 'VOYAGE_NOT_OPEN', 'This voyage has departed and is not accepting applications');
      return decideApplication(command, state, now);
    case 'WithdrawApplication':
    case 'RejectApplication':
      return decideApplication(command, state, now);
    case 'SweepVoyage':
    case 'ConfirmSailingLog':
    case 'RemoveFromSailingLog':
    case 'IssueCrewAgreement':
    case 'AcceptCrewAgreement':
    case 'FileFloatPlan':
    case 'RecordCheckIn':
      return decideTrust(command, state, now);
    case 'SuspendVoyage':
    case 'ReinstateVoyage':
    case 'FlagVoyageForReview':
    case 'ClearVoyageFlag':
    case 'DeleteVoyage':
      return decideModeration(command, state);
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export function evolveVoyage(state: VoyageState, event: VoyageEvent): VoyageState {
  const snapshot = state.snapshot;
  switch (event.type) {
    case 'VoyageDraftSaved':
      return { ...state, status: 'draft', snapshot: event.data };
    case 'VoyagePublished':
      return { ...state, status: 'active', snapshot: event.data };
    case 'VoyageDetailsEdited':
      return snapshot ? { ...state, snapshot: { ...snapshot, details: event.data.details } } : state;
    case 'VoyageRouteChanged':
      return snapshot ? { ...state, snapshot: { ...snapshot, segments: event.data.segments, totalDistanceNm: event.data.totalDistanceNm } } : state;
    case 'VoyageCrewNeededChanged':
      return snapshot ? { ...state, snapshot: { ...snapshot, crewNeeded: event.data.crewNeeded } } : state;
    case 'VoyageContributionChanged':
      return snapshot ? { ...state, snapshot: { ...snapshot, contribution: event.data.contribution } } : state;
    case 'VoyageStatusChanged':
      // A voyage started or sailed after all is no longer one that departed without being started.
      return {
        ...state,
        status: event.data.status,
        trust: state.trust.archived && (event.data.status === 'in_progress' || event.data.status === 'completed') ? { ...state.trust, archived: false } : state.trust,
      };
    case 'VoyageCompleted':
      return { ...state, completion: evolveCompletion(state.completion, event) };
    case 'VoyageCancelled':
      return { ...state, status: 'cancelled' };
    case 'ApplicationSubmitted':
    case 'ApplicationWithdrawn':
    case 'ApplicationAccepted':
    case 'ApplicationRejected':
    case 'ApplicationExpired':
      return { ...state, applications: evolveApplications(state.applications, event) };
    case 'VoyageArchived':
    case 'SailingLogConfirmed':
    case 'SailingLogCrewRemoved':
    case 'CrewAgreementIssued':
    case 'CrewAgreementAccepted':
    case 'FloatPlanFiled':
    case 'CheckInRecorded':
    case 'FloatPlanOverdue':
      return { ...state, trust: evolveTrust(state.trust, event) };
    case 'VoyageSuspended':
      return { ...state, suspended: true };
    case 'VoyageReinstated':
      return { ...state, suspended: false };
    case 'VoyageFlaggedForReview':
      return { ...state, flagged: true };
    case 'VoyageFlagCleared':
      return { ...state, flagged: false };
    case 'VoyageDeleted':
      return { ...state, deleted: true };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

export const Voyage: Aggregate<VoyageState, VoyageCommand, VoyageEvent> = {
  streamPrefix: 'voyage',
  initialState: () => ({ status: 'none', snapshot: null, applications: {}, suspended: false, deleted: false, flagged: false, completion: null, trust: initialTrustState() }),
  evolve: evolveVoyage,
  decide: decideVoyage,
  isEvent: isVoyageEvent,
  // 6: the trust state remembers each check-in by id (snapshots of 5 lack them and are folded afresh).
  stateVersion: 6,
  personalData: voyagePersonalData,
};
