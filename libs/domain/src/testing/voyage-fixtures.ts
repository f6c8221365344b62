import { Voyage, buildSegments } from '../voyage/voyage.aggregate';
import type { BoatRef, VoyagePlan } from '../voyage/voyage.commands';
import type { PortStop, VoyageEvent } from '../voyage/voyage.events';
import type { VoyageStatus } from '../voyage/voyage.rules';
import { DeciderSpecification } from './decider-specification';

/**
 * A voyage as the domain's tests meet it: Cowes – Cherbourg – Saint-Malo –
 * Guernsey, 1 to 10 July 2026, two crew needed, published by SKIPPER; and the
 * events of its applications. Test data only (see decider-specification.ts).
 */
export const SKIPPER = 'skipper-1';
/** The decision's clock: a month before departure. */
export const NOW = new Date('2026-06-01T12:00:00Z');
export const BOAT: BoatRef = { id: 'boat-1', ownerId: SKIPPER, isActive: true };

export const port = (name: string, lon: number, lat: number): PortStop => ({ name, portId: name.toLowerCase(), coordinates: [lon, lat] });
export const COWES = port('Cowes', -1.3, 50.76);
export const CHERBOURG = port('Cherbourg', -1.62, 49.65);
export const SAINT_MALO = port('Saint-Malo', -2.03, 48.65);
export const GUERNSEY = port('Guernsey', -2.54, 49.45);

export const voyagePlan = (overrides: Partial<VoyagePlan> = {}): VoyagePlan => ({
  title: 'Channel hop',
  description: 'Three legs round the Channel Islands.',
  startDate: '2026-07-01',
  endDate: '2026-07-10',
  minExperience: 'beginner',
  skills: [],
  crewNeeded: 2,
  contribution: { type: 'free', amount: null, currency: 'GBP', details: '' },
  isCustom: false,
  customNotes: '',
  stops: [COWES, CHERBOURG, SAINT_MALO, GUERNSEY],
  custom: null,
  ...overrides,
});

/** The VoyagePublished event of a plan, as PublishVoyage decides it. */
export const publishedVoyage = (overrides: Partial<VoyagePlan> = {}): Extract<VoyageEvent, { type: 'VoyagePublished' }> => {
  const plan = voyagePlan(overrides);
  const { segments, totalDistanceNm } = buildSegments(plan);
  const details = {
    title: plan.title,
    description: plan.description,
    startDate: plan.startDate,
    endDate: plan.endDate,
    boatId: BOAT.id,
    minExperience: plan.minExperience,
    skills: [...plan.skills],
    isCustom: plan.isCustom,
    customNotes: plan.customNotes,
    includesFood: plan.includesFood === true,
  };
  return { type: 'VoyagePublished', data: { skipperId: SKIPPER, details, segments, totalDistanceNm, crewNeeded: plan.crewNeeded, contribution: plan.contribution } };
};

export const submitted = (applicationId: string, crewId: string, segmentOrders: number[] = [], submittedAt?: string): VoyageEvent => ({
  type: 'ApplicationSubmitted',
  data: submittedAt ? { applicationId, crewId, segmentOrders, submittedAt } : { applicationId, crewId, segmentOrders },
});
export const accepted = (applicationId: string, crewId: string, segmentOrders: number[] = []): VoyageEvent => ({
  type: 'ApplicationAccepted',
  data: { applicationId, crewId, segmentOrders },
});
/** Applied and accepted. */
export const crewMember = (applicationId: string, crewId: string, segmentOrders: number[] = []): VoyageEvent[] => [
  submitted(applicationId, crewId, segmentOrders),
  accepted(applicationId, crewId, segmentOrders),
];
export const statusChanged = (status: VoyageStatus, previous: VoyageStatus): VoyageEvent => ({ type: 'VoyageStatusChanged', data: { status, previous } });

/** given(events).when(command).then(events), on the Voyage aggregate at NOW. */
export const givenVoyage = DeciderSpecification.for(Voyage, { now: NOW });
