import { APPLICATION_MESSAGE_TEXTS, disallowedCharactersMessage } from '@crew/rules';
import { reject } from '../shared/result';
import { isCleanText } from '../shared/values';
import type { ApplicationCommand } from './voyage.commands';
import type { VoyageEvent, VoyageSnapshot } from './voyage.events';
import {
  APPLICANT_USER_TYPES,
  APPLICATION_MESSAGE_MAX_LENGTH,
  APPLICATION_MESSAGE_MIN_LENGTH,
  EDITABLE_STATUSES,
  LIVE_APPLICATION_STATUSES,
  type ApplicationStatus,
  type VoyageStatus,
} from './voyage.rules';

export interface ApplicationEntry {
  readonly crewId: string;
  readonly status: ApplicationStatus;
  /** 1-based leg orders; empty: the whole voyage. */
  readonly segmentOrders: readonly number[];
  /** ISO time it was made; absent for applications recorded before expiry existed (they expire at departure only). */
  readonly submittedAt?: string;
}

/** The part of the voyage's state the application rules read. */
export interface ApplicationsView {
  readonly status: 'none' | 'draft' | VoyageStatus;
  readonly snapshot: VoyageSnapshot | null;
  readonly applications: Readonly<Record<string, ApplicationEntry>>;
}

const covers = (entry: ApplicationEntry, order: number): boolean => entry.segmentOrders.length === 0 || entry.segmentOrders.includes(order);

/** Accepted crew aboard each leg, in leg order. A whole-voyage crew member sits on every leg. */
export function legOccupancy(view: ApplicationsView): number[] {
  // Counted like the voyage-summaries read model counts whole_voyage_crew and leg_crew.
  const legs = view.snapshot?.segments.map((segment) => segment.order) ?? [];
  const accepted = Object.values(view.applications).filter((entry) => entry.status === 'accepted');
  return legs.map((order) => accepted.filter((entry) => covers(entry, order)).length);
}

/**
 * Berths a crew member can still apply for on one leg: the voyage's crew
 * needed, less the accepted crew aboard that leg (whole-voyage crew sit on
 * every leg). The same count the server enforces when it accepts; the
 * segment's own crew_needed (half the total) is not this.
 */
export const berthsOpenOnLeg = (crewNeeded: number, wholeVoyageCrew: number, legCrew: number): number => Math.max(0, crewNeeded - wholeVoyageCrew - legCrew);

/** Most crew aboard at once: what "current crew" means when crew may join for some legs only. */
export const currentCrewCount = (view: ApplicationsView): number => Math.max(0, ...legOccupancy(view));

/** Every leg has as many accepted crew as the voyage needs. */
export function isCrewComplete(view: ApplicationsView): boolean {
  const crewNeeded = view.snapshot?.crewNeeded ?? 0;
  const occupancy = legOccupancy(view);
  return occupancy.length > 0 && occupancy.every((count) => count >= crewNeeded);
}

/** Legs of `orders` (empty: all) that have no berth left. */
function fullLegs(view: ApplicationsView, orders: readonly number[]): number[] {
  // Stryker disable next-line OptionalChaining: only called after requirePublished, so the snapshot is always there
  const crewNeeded = view.snapshot?.crewNeeded ?? 0;
  const occupancy = legOccupancy(view);
  // Stryker disable next-line OptionalChaining,ArrayDeclaration: only called after requirePublished, so the snapshot is always there
  return (view.snapshot?.segments ?? [])
    .map((segment, index) => ({ order: segment.order, count: occupancy[index] ?? 0 }))
    .filter(({ order, count }) => (orders.length === 0 || orders.includes(order)) && count >= crewNeeded)
    .map(({ order }) => order);
}

const voyageFull = (): never => reject('conflict', 'VOYAGE_FULL', 'Voyage is full');

function requirePublished(view: ApplicationsView): VoyageSnapshot {
  if (view.status === 'none' || view.status === 'draft' || !view.snapshot) return reject('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
  return view.snapshot;
}

function requireApplication(view: ApplicationsView, applicationId: string): ApplicationEntry {
  const entry = view.applications[applicationId];
  return entry ?? reject('not_found', 'APPLICATION_NOT_FOUND', 'Application not found');
}

/** Legs asked for, sorted and deduplicated; all legs is the same as the whole voyage. */
function normaliseLegs(snapshot: VoyageSnapshot, requested: readonly number[]): number[] {
  const legs = snapshot.segments.map((segment) => segment.order);
  const orders = [...new Set(requested)].sort((a, b) => a - b);
  const unknown = orders.filter((order) => !legs.includes(order));
  if (unknown.length > 0) reject('validation', 'UNKNOWN_LEG', 'This voyage has no leg {legs}', { legs: unknown.join(', ') });
  return orders.length === legs.length ? [] : orders;
}

function decideSubmit(command: Extract<ApplicationCommand, { type: 'SubmitApplication' }>, view: ApplicationsView, now: Date): VoyageEvent[] {
  const snapshot = requirePublished(view);
  if (snapshot.skipperId === command.actorId) return reject('forbidden', 'OWN_VOYAGE', 'You cannot apply to your own voyage');
  if (!(APPLICANT_USER_TYPES as readonly string[]).includes(command.actorUserType)) {
    return reject('forbidden', 'CREW_ONLY', 'Skipper accounts cannot apply for voyages');
  }
  if (view.applications[command.applicationId]) return []; // the same request again: already recorded
  const mine = Object.values(view.applications).filter((entry) => entry.crewId === command.actorId);
  if (mine.some((entry) => LIVE_APPLICATION_STATUSES.includes(entry.status))) {
    return reject('conflict', 'ALREADY_APPLIED', 'You have already applied to this voyage');
  }
  if (mine.some((entry) => entry.status === 'rejected')) {
    return reject('conflict', 'ALREADY_REJECTED', 'You have already applied to this voyage and were not selected');
  }
  if (view.status === 'full') return voyageFull();
  if (!EDITABLE_STATUSES.includes(view.status as VoyageStatus)) {
    return reject('conflict', 'VOYAGE_NOT_OPEN', 'This voyage is not accepting applications');
  }
  const message = command.message.trim();
  if (!isCleanText(message)) return reject('validation', 'MESSAGE_INVALID', disallowedCharactersMessage('Your message'));
  if (message.length < APPLICATION_MESSAGE_MIN_LENGTH) {
    return reject('validation', 'MESSAGE_TOO_SHORT', APPLICATION_MESSAGE_TEXTS.tooShort);
  }
  if (message.length > APPLICATION_MESSAGE_MAX_LENGTH) {
    return reject('validation', 'MESSAGE_TOO_LONG', APPLICATION_MESSAGE_TEXTS.tooLong);
  }
  const segmentOrders = normaliseLegs(snapshot, command.segmentOrders);
  const full = fullLegs(view, segmentOrders);
  if (full.length > 0) {
    return segmentOrders.length === 0 ? voyageFull() : reject('conflict', 'LEG_FULL', 'Leg {legs} has no berth left', { legs: full.join(', ') });
  }
  return [{ type: 'ApplicationSubmitted', data: { applicationId: command.applicationId, crewId: command.actorId, segmentOrders, submittedAt: now.toISOString() } }];
}

function requireOwnerOf(view: ApplicationsView, actorId: string, applicationId: string): ApplicationEntry {
  const snapshot = requirePublished(view);
  const entry = requireApplication(view, applicationId);
  if (snapshot.skipperId !== actorId) return reject('forbidden', 'NOT_VOYAGE_OWNER', 'Only the skipper of this voyage can decide on its applications');
  if (entry.status !== 'pending') {
    return reject(
      'conflict',
      'APPLICATION_NOT_PENDING',
      'This application is {status, select, accepted {accepted} rejected {rejected} withdrawn {withdrawn} expired {expired} other {{status}}}, not pending',
      { status: entry.status },
    );
  }
  return entry;
}

/** The decisions about applications: submit, withdraw, accept, reject. */
export function decideApplication(command: ApplicationCommand, view: ApplicationsView, now: Date = new Date(0)): VoyageEvent[] {
  switch (command.type) {
    case 'SubmitApplication':
      return decideSubmit(command, view, now);
    case 'WithdrawApplication': {
      requirePublished(view);
      const entry = requireApplication(view, command.applicationId);
      if (entry.crewId !== command.actorId) return reject('forbidden', 'NOT_APPLICANT', 'Only the applicant can withdraw this application');
      if (entry.status !== 'pending') return reject('conflict', 'APPLICATION_NOT_PENDING', 'Only a pending application can be withdrawn');
      return [{ type: 'ApplicationWithdrawn', data: { applicationId: command.applicationId, crewId: entry.crewId } }];
    }
    case 'AcceptApplication': {
      const entry = requireOwnerOf(view, command.actorId, command.applicationId);
      if (view.status === 'cancelled') return reject('conflict', 'VOYAGE_CANCELLED', 'This voyage has been cancelled');
      if (view.status === 'full') return voyageFull();
      if (!EDITABLE_STATUSES.includes(view.status as VoyageStatus)) {
        return reject('conflict', 'VOYAGE_NOT_OPEN', 'Applications can be accepted only while the voyage is planning or active');
      }
      const full = fullLegs(view, entry.segmentOrders);
      if (full.length > 0) {
        return entry.segmentOrders.length === 0 ? voyageFull() : reject('conflict', 'LEG_FULL', 'Leg {legs} has no berth left', { legs: full.join(', ') });
      }
      const accepted: VoyageEvent = {
        type: 'ApplicationAccepted',
        data: { applicationId: command.applicationId, crewId: entry.crewId, segmentOrders: [...entry.segmentOrders] },
      };
      const after: ApplicationsView = { ...view, applications: { ...view.applications, [command.applicationId]: { ...entry, status: 'accepted' } } };
      // The last berth taken: the voyage is full and takes no more applications.
      return isCrewComplete(after) ? [accepted, { type: 'VoyageStatusChanged', data: { status: 'full', previous: view.status as VoyageStatus } }] : [accepted];
    }
    case 'RejectApplication': {
      const entry = requireOwnerOf(view, command.actorId, command.applicationId);
      return [{ type: 'ApplicationRejected', data: { applicationId: command.applicationId, crewId: entry.crewId, reason: 'skipper' } }];
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the cases name every application command
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

/** Cancelling settles every application: the pending ones are rejected. */
export const rejectPendingOnCancel = (view: ApplicationsView): VoyageEvent[] =>
  Object.entries(view.applications)
    .filter(([, entry]) => entry.status === 'pending')
    .map(([applicationId, entry]) => ({ type: 'ApplicationRejected', data: { applicationId, crewId: entry.crewId, reason: 'voyage_cancelled' } }));

/** Crew members a cancellation concerns: those with a pending or accepted application. */
export const liveApplicants = (view: ApplicationsView): string[] => [
  ...new Set(
    Object.values(view.applications)
      .filter((entry) => LIVE_APPLICATION_STATUSES.includes(entry.status))
      .map((entry) => entry.crewId),
  ),
];

export function evolveApplications(
  applications: Readonly<Record<string, ApplicationEntry>>,
  event: Extract<VoyageEvent, { type: 'ApplicationSubmitted' | 'ApplicationWithdrawn' | 'ApplicationAccepted' | 'ApplicationRejected' | 'ApplicationExpired' }>,
): Readonly<Record<string, ApplicationEntry>> {
  const { applicationId } = event.data;
  if (event.type === 'ApplicationSubmitted') {
    const entry: ApplicationEntry = { crewId: event.data.crewId, status: 'pending', segmentOrders: event.data.segmentOrders };
    return { ...applications, [applicationId]: event.data.submittedAt ? { ...entry, submittedAt: event.data.submittedAt } : entry };
  }
  const entry = applications[applicationId];
  if (!entry) return applications;
  const status: ApplicationStatus =
    event.type === 'ApplicationWithdrawn' ? 'withdrawn' : event.type === 'ApplicationAccepted' ? 'accepted' : event.type === 'ApplicationExpired' ? 'expired' : 'rejected';
  return { ...applications, [applicationId]: { ...entry, status } };
}
