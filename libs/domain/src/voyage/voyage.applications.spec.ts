import { foldEvents } from '../shared/aggregate';
import { DomainError, type DomainErrorKind } from '../shared/result';
import { Voyage, buildSegments } from './voyage.aggregate';
import { berthsOpenOnLeg, currentCrewCount, legOccupancy } from './voyage.applications';
import type { ApplicantUserType, VoyageCommand } from './voyage.commands';
import type { PortStop, VoyageEvent, VoyageSnapshot } from './voyage.events';

const SKIPPER = 'skipper-1';
const NOW = new Date('2026-06-01T12:00:00Z');
const port = (name: string, lon: number, lat: number): PortStop => ({ name, portId: name.toLowerCase(), coordinates: [lon, lat] });

/** A three-leg voyage needing `crewNeeded` crew. */
function published(crewNeeded: number): Extract<VoyageEvent, { type: 'VoyagePublished' }> {
  const plan = {
    title: 'Channel hop',
    description: '',
    startDate: '2026-07-01',
    endDate: '2026-07-10',
    minExperience: 'beginner' as const,
    skills: [],
    crewNeeded,
    contribution: { type: 'free' as const, amount: null, currency: 'GBP' as const, details: '' },
    isCustom: false,
    customNotes: '',
    stops: [port('Cowes', -1.3, 50.76), port('Cherbourg', -1.62, 49.65), port('Saint-Malo', -2.03, 48.65), port('Guernsey', -2.54, 49.45)],
    custom: null,
  };
  const { segments, totalDistanceNm } = buildSegments(plan);
  const snapshot: VoyageSnapshot = {
    skipperId: SKIPPER,
    details: {
      title: plan.title,
      description: '',
      startDate: plan.startDate,
      endDate: plan.endDate,
      boatId: 'boat-1',
      minExperience: 'beginner',
      skills: [],
      isCustom: false,
      customNotes: '',
      includesFood: false,
    },
    segments,
    totalDistanceNm,
    crewNeeded,
    contribution: plan.contribution,
  };
  return { type: 'VoyagePublished', data: snapshot };
}

const submitted = (applicationId: string, crewId: string, segmentOrders: number[] = []): VoyageEvent => ({
  type: 'ApplicationSubmitted',
  data: { applicationId, crewId, segmentOrders },
});
const accepted = (applicationId: string, crewId: string, segmentOrders: number[] = []): VoyageEvent => ({
  type: 'ApplicationAccepted',
  data: { applicationId, crewId, segmentOrders },
});

const apply = (crewId: string, applicationId: string, extra: { userType?: ApplicantUserType; message?: string; legs?: number[] } = {}): VoyageCommand => ({
  type: 'SubmitApplication',
  actorId: crewId,
  actorUserType: extra.userType ?? 'crew',
  applicationId,
  message: extra.message ?? 'Five seasons of Solent racing.',
  segmentOrders: extra.legs ?? [],
});

const decide = (events: VoyageEvent[], command: VoyageCommand) => Voyage.decide(command, foldEvents(Voyage, events), NOW);
const rejection = (events: VoyageEvent[], command: VoyageCommand): { kind: DomainErrorKind; code: string } | null => {
  try {
    decide(events, command);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: error.kind, code: error.code };
  }
};

describe('applying', () => {
  it('records an application for the whole voyage, or for the legs asked (all legs being the whole voyage)', () => {
    const at = { submittedAt: NOW.toISOString() };
    const made = (event: VoyageEvent): VoyageEvent => ({ ...event, data: { ...event.data, ...at } }) as VoyageEvent;
    expect(decide([published(4)], apply('crew-1', 'a1'))).toEqual([made(submitted('a1', 'crew-1'))]);
    expect(decide([published(4)], apply('crew-1', 'a1', { legs: [3, 1, 1] }))).toEqual([made(submitted('a1', 'crew-1', [1, 3]))]);
    expect(decide([published(4)], apply('crew-1', 'a1', { legs: [1, 2, 3] }))).toEqual([made(submitted('a1', 'crew-1'))]);
    expect(decide([published(4)], apply('both-1', 'a1', { userType: 'both' }))).toHaveLength(1);
  });

  it('refuses skippers, admins, the owner, drafts, unknown legs and too-short messages', () => {
    expect(rejection([published(4)], apply('s-2', 'a1', { userType: 'skipper' }))).toEqual({ kind: 'forbidden', code: 'CREW_ONLY' });
    expect(rejection([published(4)], apply('ad-1', 'a1', { userType: 'admin' }))).toEqual({ kind: 'forbidden', code: 'CREW_ONLY' });
    expect(rejection([published(4)], apply(SKIPPER, 'a1', { userType: 'both' }))).toEqual({ kind: 'forbidden', code: 'OWN_VOYAGE' });
    expect(rejection([], apply('crew-1', 'a1'))).toEqual({ kind: 'not_found', code: 'VOYAGE_NOT_FOUND' });
    expect(rejection([{ ...published(4), type: 'VoyageDraftSaved' }], apply('crew-1', 'a1'))).toEqual({ kind: 'not_found', code: 'VOYAGE_NOT_FOUND' });
    expect(rejection([published(4)], apply('crew-1', 'a1', { legs: [4] }))).toEqual({ kind: 'validation', code: 'UNKNOWN_LEG' });
    expect(rejection([published(4)], apply('crew-1', 'a1', { message: '  too short ' }))).toEqual({ kind: 'validation', code: 'MESSAGE_TOO_SHORT' });
    for (const message of ['Five seasons\u0000 of racing', 'Five seasons \ud83d of racing', 'Five seasons \u0007 of racing']) {
      expect(rejection([published(4)], apply('crew-1', 'a1', { message }))).toEqual({ kind: 'validation', code: 'MESSAGE_INVALID' });
    }
  });

  it('applies only while planning or active', () => {
    for (const status of ['in_progress', 'completed'] as const) {
      const events: VoyageEvent[] = [published(4), { type: 'VoyageStatusChanged', data: { status, previous: 'active' } }];
      expect(rejection(events, apply('crew-1', 'a1'))).toEqual({ kind: 'conflict', code: 'VOYAGE_NOT_OPEN' });
    }
    const planning: VoyageEvent[] = [published(4), { type: 'VoyageStatusChanged', data: { status: 'planning', previous: 'active' } }];
    expect(decide(planning, apply('crew-1', 'a1'))).toHaveLength(1);
    const cancelled: VoyageEvent[] = [published(4), { type: 'VoyageCancelled', data: { previous: 'active', reason: '' } }];
    expect(rejection(cancelled, apply('crew-1', 'a1'))).toEqual({ kind: 'conflict', code: 'VOYAGE_NOT_OPEN' });
  });

  it('keeps one live application per crew member; a withdrawn one may apply again, a rejected one may not', () => {
    const applied = [published(4), submitted('a1', 'crew-1')];
    expect(rejection(applied, apply('crew-1', 'a2'))).toEqual({ kind: 'conflict', code: 'ALREADY_APPLIED' });
    expect(rejection([...applied, accepted('a1', 'crew-1')], apply('crew-1', 'a2'))).toEqual({ kind: 'conflict', code: 'ALREADY_APPLIED' });
    expect(decide([...applied, { type: 'ApplicationWithdrawn', data: { applicationId: 'a1', crewId: 'crew-1' } }], apply('crew-1', 'a2'))).toHaveLength(1);
    const rejected: VoyageEvent = { type: 'ApplicationRejected', data: { applicationId: 'a1', crewId: 'crew-1', reason: 'skipper' } };
    expect(rejection([...applied, rejected], apply('crew-1', 'a2'))).toEqual({ kind: 'conflict', code: 'ALREADY_REJECTED' });
    // The same request replayed is already recorded: nothing new.
    expect(decide(applied, apply('crew-1', 'a1'))).toEqual([]);
  });
});

describe('withdrawing, accepting and rejecting', () => {
  const applied = [published(2), submitted('a1', 'crew-1')];

  it('lets only the author withdraw, and only while pending', () => {
    expect(decide(applied, { type: 'WithdrawApplication', actorId: 'crew-1', applicationId: 'a1' })).toEqual([
      { type: 'ApplicationWithdrawn', data: { applicationId: 'a1', crewId: 'crew-1' } },
    ]);
    expect(rejection(applied, { type: 'WithdrawApplication', actorId: 'crew-2', applicationId: 'a1' })).toEqual({ kind: 'forbidden', code: 'NOT_APPLICANT' });
    expect(rejection(applied, { type: 'WithdrawApplication', actorId: 'crew-1', applicationId: 'nope' })).toEqual({ kind: 'not_found', code: 'APPLICATION_NOT_FOUND' });
    expect(rejection([...applied, accepted('a1', 'crew-1')], { type: 'WithdrawApplication', actorId: 'crew-1', applicationId: 'a1' })).toEqual({
      kind: 'conflict',
      code: 'APPLICATION_NOT_PENDING',
    });
  });

  it('lets only the owner accept or reject, and only while pending', () => {
    expect(decide(applied, { type: 'AcceptApplication', actorId: SKIPPER, applicationId: 'a1' })).toEqual([accepted('a1', 'crew-1')]);
    expect(decide(applied, { type: 'RejectApplication', actorId: SKIPPER, applicationId: 'a1' })).toEqual([
      { type: 'ApplicationRejected', data: { applicationId: 'a1', crewId: 'crew-1', reason: 'skipper' } },
    ]);
    expect(rejection(applied, { type: 'AcceptApplication', actorId: 'crew-1', applicationId: 'a1' })).toEqual({ kind: 'forbidden', code: 'NOT_VOYAGE_OWNER' });
    expect(rejection(applied, { type: 'RejectApplication', actorId: 'other-skipper', applicationId: 'a1' })).toEqual({ kind: 'forbidden', code: 'NOT_VOYAGE_OWNER' });
    const withdrawn = [...applied, { type: 'ApplicationWithdrawn', data: { applicationId: 'a1', crewId: 'crew-1' } } as VoyageEvent];
    expect(rejection(withdrawn, { type: 'AcceptApplication', actorId: SKIPPER, applicationId: 'a1' })).toEqual({ kind: 'conflict', code: 'APPLICATION_NOT_PENDING' });
  });
});

describe('capacity', () => {
  it('makes the voyage full with the last berth, and then takes no more applications or acceptances', () => {
    const events = [published(2), submitted('a1', 'c1'), submitted('a2', 'c2'), submitted('a3', 'c3'), accepted('a1', 'c1')];
    expect(decide(events, { type: 'AcceptApplication', actorId: SKIPPER, applicationId: 'a2' })).toEqual([
      accepted('a2', 'c2'),
      { type: 'VoyageStatusChanged', data: { status: 'full', previous: 'active' } },
    ]);
    const full = [...events, accepted('a2', 'c2'), { type: 'VoyageStatusChanged', data: { status: 'full', previous: 'active' } } as VoyageEvent];
    expect(rejection(full, { type: 'AcceptApplication', actorId: SKIPPER, applicationId: 'a3' })).toEqual({ kind: 'conflict', code: 'VOYAGE_FULL' });
    expect(rejection(full, apply('c4', 'a4'))).toEqual({ kind: 'conflict', code: 'VOYAGE_FULL' });
  });

  it('counts crew per leg: part-voyage crew share berths with whole-voyage crew only on their legs', () => {
    const events = [published(1), submitted('a1', 'c1', [1]), submitted('a2', 'c2', [2, 3]), submitted('a3', 'c3'), accepted('a1', 'c1', [1])];
    const state = foldEvents(Voyage, events);
    expect(legOccupancy(state)).toEqual([1, 0, 0]);
    expect(currentCrewCount(state)).toBe(1);
    expect(rejection(events, { type: 'AcceptApplication', actorId: SKIPPER, applicationId: 'a3' })).toEqual({ kind: 'conflict', code: 'VOYAGE_FULL' });
    expect(rejection(events, apply('c4', 'a4', { legs: [1, 2] }))).toEqual({ kind: 'conflict', code: 'LEG_FULL' });
    expect(decide(events, { type: 'AcceptApplication', actorId: SKIPPER, applicationId: 'a2' })).toEqual([
      accepted('a2', 'c2', [2, 3]),
      { type: 'VoyageStatusChanged', data: { status: 'full', previous: 'active' } },
    ]);
  });

  it('reports the berths open on each leg as the capacity it enforces: whole-voyage crew take one on every leg', () => {
    const events = [published(3), submitted('a1', 'c1'), submitted('a2', 'c2', [1]), submitted('a3', 'c3', [1, 2]), accepted('a1', 'c1'), accepted('a2', 'c2', [1])];
    const occupancy = legOccupancy(foldEvents(Voyage, events));
    expect(occupancy).toEqual([2, 1, 1]);
    // What the read model counts: 1 whole-voyage crew member, leg crew {1: 1}.
    expect([1, 2, 3].map((order) => berthsOpenOnLeg(3, 1, order === 1 ? 1 : 0))).toEqual([1, 2, 2]);
    expect(occupancy.map((aboard) => 3 - aboard)).toEqual([1, 2, 2]);
    // The last berth of leg 1 goes to a3; then leg 1 has none, while legs 2 and 3 still take crew.
    const afterA3 = [...events, accepted('a3', 'c3', [1, 2])];
    expect(berthsOpenOnLeg(3, 1, 2)).toBe(0);
    expect(rejection(afterA3, apply('c4', 'a4', { legs: [1] }))).toEqual({ kind: 'conflict', code: 'LEG_FULL' });
    expect(rejection(afterA3, apply('c4', 'a4', { legs: [3] }))).toBeNull();
    expect(berthsOpenOnLeg(2, 3, 0)).toBe(0);
  });

  /** The owner's edit of the published voyage with another crew size and, optionally, fewer stops. */
  const edit = (crewNeeded: number, stops?: number, title?: string): VoyageCommand => {
    const snapshot = published(3).data;
    const all = [snapshot.segments[0]!.departure, ...snapshot.segments.map((segment) => segment.arrival)];
    return {
      type: 'EditVoyage',
      actorId: SKIPPER,
      boat: { id: 'boat-1', ownerId: SKIPPER, isActive: true },
      plan: {
        title: title ?? snapshot.details.title,
        description: '',
        startDate: snapshot.details.startDate,
        endDate: snapshot.details.endDate,
        minExperience: 'beginner',
        skills: [],
        crewNeeded,
        contribution: snapshot.contribution,
        isCustom: false,
        customNotes: '',
        stops: stops === undefined ? all : all.slice(0, stops),
        custom: null,
      },
    };
  };
  const full: VoyageEvent = { type: 'VoyageStatusChanged', data: { status: 'full', previous: 'active' } };
  const twoAboard = [published(3), submitted('a1', 'c1'), submitted('a2', 'c2'), accepted('a1', 'c1'), accepted('a2', 'c2')];

  it('refuses to lower crew needed below the crew already accepted, and lowering it to them fills the voyage', () => {
    expect(rejection(twoAboard, edit(1))).toEqual({ kind: 'validation', code: 'CREW_NEEDED_BELOW_ACCEPTED' });
    const events = decide(twoAboard, edit(2));
    expect(events).toContainEqual({ type: 'VoyageCrewNeededChanged', data: { crewNeeded: 2, previous: 3 } });
    expect(events[events.length - 1]).toEqual(full);
  });

  it('opens a full voyage again when its skipper raises crew needed', () => {
    const fullVoyage = [...twoAboard, { type: 'VoyageCrewNeededChanged', data: { crewNeeded: 2, previous: 3 } } as VoyageEvent, full];
    expect(foldEvents(Voyage, fullVoyage).status).toBe('full');
    const events = decide(fullVoyage, edit(4));
    expect(events).toContainEqual({ type: 'VoyageCrewNeededChanged', data: { crewNeeded: 4, previous: 2 } });
    expect(events[events.length - 1]).toEqual({ type: 'VoyageStatusChanged', data: { status: 'active', previous: 'full' } });
    expect(foldEvents(Voyage, [...fullVoyage, ...events]).status).toBe('active');
    // Any other edit leaves it full, also when its skipper marked it full by hand.
    expect(decide(fullVoyage, edit(2)).map((event) => event.type)).not.toContain('VoyageStatusChanged');
    const markedFull = [published(3), { type: 'VoyageStatusChanged', data: { status: 'full', previous: 'active' } } as VoyageEvent];
    expect(decide(markedFull, edit(3, undefined, 'Channel hop, renamed')).map((event) => event.type)).toEqual(['VoyageDetailsEdited']);
  });

  it('keeps every leg that crew have applied for when the route is edited', () => {
    const legThree = [published(3), submitted('a1', 'c1', [3])];
    expect(rejection(legThree, edit(3, 3))).toEqual({ kind: 'validation', code: 'ROUTE_DROPS_APPLIED_LEGS' });
    const withdrawn = [...legThree, { type: 'ApplicationWithdrawn', data: { applicationId: 'a1', crewId: 'c1' } } as VoyageEvent];
    expect(decide(withdrawn, edit(3, 3)).map((event) => event.type)).toContain('VoyageRouteChanged');
  });
});

describe('cancelling', () => {
  it('rejects every pending application and names the live applicants to tell', () => {
    const events = [
      published(4),
      submitted('a1', 'c1'),
      submitted('a2', 'c2'),
      submitted('a3', 'c3'),
      accepted('a1', 'c1'),
      { type: 'ApplicationWithdrawn', data: { applicationId: 'a3', crewId: 'c3' } } as VoyageEvent,
      submitted('a4', 'c4'),
    ];
    expect(decide(events, { type: 'CancelVoyage', actorId: SKIPPER, reason: '' })).toEqual([
      { type: 'VoyageCancelled', data: { previous: 'active', reason: '', notifiedCrewIds: ['c1', 'c2', 'c4'] } },
      { type: 'ApplicationRejected', data: { applicationId: 'a2', crewId: 'c2', reason: 'voyage_cancelled' } },
      { type: 'ApplicationRejected', data: { applicationId: 'a4', crewId: 'c4', reason: 'voyage_cancelled' } },
    ]);
    // Cancelling from the status selector settles them the same way.
    expect(decide(events, { type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'cancelled' })).toHaveLength(3);
  });
});
