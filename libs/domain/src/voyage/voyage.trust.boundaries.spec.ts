import { foldEvents } from '../shared/aggregate';
import { SKIPPER, crewMember, givenVoyage, publishedVoyage, statusChanged } from '../testing/voyage-fixtures';
import { Voyage } from './voyage.aggregate';
import type { VoyageCommand } from './voyage.commands';
import type { AgreementTerms, Segment, VoyageEvent } from './voyage.events';
import { decideTrust, evolveTrust, expiryOf, initialTrustState, isIsoInstant, sailedLegsOf } from './voyage.trust';

const AGREEMENT = '0f6b6f8e-3c1d-4f8e-9a1b-2c3d4e5f6a7b';
const OTHER_AGREEMENT = '0f6b6f8e-3c1d-4f8e-9a1b-2c3d4e5f6a7c';
const CONTACT = '7d1c9e0a-1b2c-4d3e-8f4a-5b6c7d8e9f01';
const CHECK_IN = '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d';
const terms: AgreementTerms = {
  contributionAmount: 150,
  contributionCurrency: 'GBP',
  contributionCovers: 'Food and fuel',
  duties: 'Watches, cooking on rotation',
  watchSystem: '3 on, 6 off',
  houseRules: 'No alcohol under way',
  leavingEarly: 'At your own cost',
  insurance: 'Bring travel insurance',
};
const issue = (overrides: Partial<Extract<VoyageCommand, { type: 'IssueCrewAgreement' }>> = {}): VoyageCommand => ({
  type: 'IssueCrewAgreement',
  actorId: SKIPPER,
  crewId: 'anna',
  agreementId: AGREEMENT,
  terms,
  ...overrides,
});
const issued = (crewId = 'anna', version = 1, agreementId = AGREEMENT): VoyageEvent => ({ type: 'CrewAgreementIssued', data: { agreementId, crewId, version, terms } });
const acceptedAgreement = (shareEmergencyContact: boolean, version = 1): VoyageEvent => ({
  type: 'CrewAgreementAccepted',
  data: { agreementId: AGREEMENT, crewId: 'anna', version, shareEmergencyContact },
});
const accept = (shareEmergencyContact: boolean, overrides: Partial<Extract<VoyageCommand, { type: 'AcceptCrewAgreement' }>> = {}): VoyageCommand => ({
  type: 'AcceptCrewAgreement',
  actorId: 'anna',
  agreementId: AGREEMENT,
  version: 1,
  shareEmergencyContact,
  ...overrides,
});
/** Anna and Zoe accepted on the fixture voyage (1 to 10 July 2026, three legs). */
const crewed: VoyageEvent[] = [publishedVoyage(), ...crewMember('a1', 'anna'), ...crewMember('a2', 'zoe', [3])];

describe('the times a float plan is given in', () => {
  it.each(['2026-07-01T08:00Z', '2026-07-01T08:00:00Z', '2026-07-01T08:00:00.5Z', '2026-07-01T08:00:00.123Z', '2026-07-01T10:00+02:00', '2026-07-01T01:30:00-06:30'])(
    'takes %s',
    (value) => expect(isIsoInstant(value)).toBe(true),
  );

  it.each([
    ['milliseconds past three digits', '2026-07-01T08:00:00.1234Z'],
    ['an offset without its colon', '2026-07-01T08:00:00+0200'],
    ['an offset hour of one digit', '2026-07-01T08:00:00+2:00'],
    ['an offset minute of one digit', '2026-07-01T08:00:00+02:0'],
    ['an offset without its sign', '2026-07-01T08:00:00 02:00'],
    ['hour 24', '2026-07-01T24:00:00Z'],
    ['no time zone', '2026-07-01T08:00:00'],
    ['a day that does not exist', '2026-02-30T08:00:00Z'],
    ['a date only', '2026-07-01'],
  ])('refuses %s', (_label, value) => expect(isIsoInstant(value)).toBe(false));

  it('files the times of a plan given with offsets in UTC', () => {
    givenVoyage(crewed)
      .when(
        {
          type: 'FileFloatPlan',
          actorId: SKIPPER,
          plan: {
            segmentOrder: null,
            departureAt: '2026-07-01T10:00+02:00',
            expectedArrivalAt: '2026-07-01T21:30:00.250+01:00',
            boatDescription: 'Sloop',
            callSign: '',
            notes: '',
          },
          shoreContactIds: [CONTACT],
        },
        new Date('2026-06-30T18:00:00Z'),
      )
      .thenMatches([{ data: { departureAt: '2026-07-01T08:00:00.000Z', expectedArrivalAt: '2026-07-01T20:30:00.250Z' } }]);
  });
});

describe('when an application expires', () => {
  const made = (submittedAt?: string) => ({ crewId: 'anna', status: 'pending' as const, segmentOrders: [], ...(submittedAt ? { submittedAt } : {}) });

  it('expires 14 days after it was made when the voyage has no departure date to go by', () => {
    const unanswered = { at: new Date('2026-06-15T10:00:00.000Z'), reason: 'unanswered' };
    expect(expiryOf(made('2026-06-01T10:00:00.000Z'), '')).toEqual(unanswered);
    expect(expiryOf(made('2026-06-01T10:00:00.000Z'), 'some day')).toEqual(unanswered);
  });

  it('never expires an application of unknown age on a voyage without a departure date', () => {
    expect(expiryOf(made(), '')).toBeNull();
    expect(expiryOf(made(), '2026-02-30')).toBeNull();
  });

  it('expires at departure when the 14 days end exactly as the departure day begins', () => {
    expect(expiryOf(made('2026-06-17T00:00:00.000Z'), '2026-07-01')).toEqual({ at: new Date('2026-07-01T00:00:00.000Z'), reason: 'departed' });
    expect(expiryOf(made('2026-06-16T23:59:59.999Z'), '2026-07-01')).toEqual({ at: new Date('2026-06-30T23:59:59.999Z'), reason: 'unanswered' });
  });
});

describe('a voyage that is not there', () => {
  const state = foldEvents(Voyage, [...crewed, { type: 'ApplicationSubmitted', data: { applicationId: 'a3', crewId: 'ben', segmentOrders: [] } }]);
  const long = new Date('2026-09-01T00:00:00Z');

  it('sweeps nothing of a voyage whose status says it does not exist', () => {
    expect(decideTrust({ type: 'SweepVoyage' }, { ...state, status: 'none' }, long)).toEqual([]);
  });

  it('takes no check-in for a voyage deleted or never created', () => {
    const checkIn: VoyageCommand = { type: 'RecordCheckIn', actorId: 'anna', checkInId: CHECK_IN, kind: 'departed', lat: null, lon: null, note: '' };
    for (const view of [
      { ...state, deleted: true },
      { ...state, status: 'none' as const },
    ]) {
      expect(() => decideTrust(checkIn as Parameters<typeof decideTrust>[0], view, long)).toThrow('Voyage not found');
    }
  });

  it('files the plan of a voyage without legs for the open ocean', () => {
    const noLegs = { ...state, snapshot: { ...state.snapshot!, segments: [] as Segment[] } };
    const [event] = decideTrust(
      {
        type: 'FileFloatPlan',
        actorId: SKIPPER,
        plan: { segmentOrder: null, departureAt: '2026-07-01T08:00:00Z', expectedArrivalAt: '2026-07-01T20:00:00Z', boatDescription: 'Sloop', callSign: '', notes: '' },
        shoreContactIds: [CONTACT],
      },
      noLegs,
      new Date('2026-06-30T18:00:00Z'),
    );
    expect(event?.data).toMatchObject({ region: 'open_ocean' });
  });
});

describe('the legs a sailing log counts', () => {
  const leg = (order: number, overrides: Partial<Segment> = {}): Segment => ({
    order,
    departure: { name: `Port ${order}`, portId: null, coordinates: null },
    arrival: { name: `Port ${order + 1}`, portId: null, coordinates: null },
    distanceNm: 10 * order,
    distanceManualOverride: false,
    crewNeeded: 2,
    estimatedDurationHours: null,
    estimatedDepartureDate: null,
    estimatedArrivalDate: null,
    crossesLand: false,
    ...overrides,
  });

  it('counts the whole days between a leg’s dates, at least one', () => {
    expect(sailedLegsOf([leg(1, { estimatedDepartureDate: '2026-07-01', estimatedArrivalDate: '2026-07-04', estimatedDurationHours: 5 })]).days).toBe(3);
    expect(sailedLegsOf([leg(1, { estimatedDepartureDate: '2026-07-01', estimatedArrivalDate: '2026-07-01', estimatedDurationHours: 72 })]).days).toBe(1);
  });

  it('counts from the duration a leg missing a date or with a date that does not exist', () => {
    expect(sailedLegsOf([leg(1, { estimatedDepartureDate: '2026-07-01', estimatedDurationHours: 48 })]).days).toBe(2);
    expect(sailedLegsOf([leg(1, { estimatedArrivalDate: '2026-07-09', estimatedDurationHours: 30 })]).days).toBe(2);
    expect(sailedLegsOf([leg(1, { estimatedDepartureDate: '2026-02-30', estimatedArrivalDate: '2026-03-09', estimatedDurationHours: 30 })]).days).toBe(2);
    expect(sailedLegsOf([leg(1, { estimatedDepartureDate: '2026-07-01', estimatedArrivalDate: '2026-07-32', estimatedDurationHours: 30 })]).days).toBe(2);
  });

  it('counts a day for a leg of a few hours or of unknown duration', () => {
    expect(sailedLegsOf([leg(1, { estimatedDurationHours: 5 })]).days).toBe(1);
    expect(sailedLegsOf([leg(1, { estimatedDurationHours: 0 })]).days).toBe(1);
    expect(sailedLegsOf([leg(1)]).days).toBe(1);
  });

  it('holds only the legs sailed, or all of them when none are named', () => {
    const legs = [leg(1, { estimatedDurationHours: 24 }), leg(2, { estimatedDurationHours: 48 }), leg(3, { estimatedDurationHours: 72 })];
    const second = sailedLegsOf(legs, [2]);
    expect(second).toMatchObject({ distanceNm: 20, days: 2 });
    expect(second.legs.map((sailed) => `${sailed.order}: ${sailed.from}–${sailed.to}`)).toEqual(['2: Port 2–Port 3']);
    expect(sailedLegsOf(legs)).toMatchObject({ distanceNm: 60, days: 6 });
    expect(sailedLegsOf(legs).legs).toHaveLength(3);
  });
});

describe('confirming who sailed', () => {
  const completedAt = '2026-07-11T12:00:00.000Z';
  const completed: VoyageEvent[] = [
    ...crewed,
    statusChanged('in_progress', 'active'),
    statusChanged('completed', 'in_progress'),
    {
      type: 'VoyageCompleted',
      data: {
        completedAt,
        crew: [
          { crewId: 'anna', segmentOrders: [1, 2, 3] },
          { crewId: 'zoe', segmentOrders: [3] },
        ],
        invited: [SKIPPER, 'anna', 'zoe'],
      },
    },
  ];
  const soon = new Date('2026-07-12T00:00:00Z');

  it('logs only the legs a crew member sailed', () => {
    givenVoyage(completed)
      .when({ type: 'ConfirmSailingLog', actorId: SKIPPER, crewId: 'zoe' }, soon)
      .thenMatches([{ type: 'SailingLogConfirmed', data: { crewId: 'zoe', by: 'skipper', legs: [{ order: 3, from: 'Saint-Malo', to: 'Guernsey' }] } }]);
  });

  it('removes a crew member once: removing again changes nothing', () => {
    const removed: VoyageEvent = { type: 'SailingLogCrewRemoved', data: { crewId: 'zoe' } };
    givenVoyage(completed).when({ type: 'RemoveFromSailingLog', actorId: SKIPPER, crewId: 'zoe' }, soon).then([removed]);
    givenVoyage([...completed, removed])
      .when({ type: 'RemoveFromSailingLog', actorId: SKIPPER, crewId: 'zoe' }, soon)
      .thenNothing();
    expect(foldEvents(Voyage, [...completed, removed]).trust.sailingLog).toEqual({ zoe: 'removed' });
  });

  it('says why it refuses', () => {
    givenVoyage(completed)
      .when({ type: 'ConfirmSailingLog', actorId: 'anna', crewId: 'zoe' }, soon)
      .thenThrows('forbidden', 'NOT_VOYAGE_OWNER', 'Only the skipper of this voyage can confirm who sailed');
    givenVoyage(crewed)
      .when({ type: 'RemoveFromSailingLog', actorId: SKIPPER, crewId: 'zoe' }, soon)
      .thenThrows('conflict', 'VOYAGE_NOT_COMPLETED', 'The sailing log is confirmed once the voyage is completed');
    givenVoyage(completed)
      .when({ type: 'ConfirmSailingLog', actorId: SKIPPER, crewId: 'ben' }, soon)
      .thenThrows('not_found', 'CREW_NOT_ON_VOYAGE', 'That person was not recorded as crew of this voyage');
    givenVoyage([...completed, { type: 'SailingLogConfirmed', data: { crewId: 'zoe', by: 'skipper', legs: [], distanceNm: 0, days: 0 } }])
      .when({ type: 'RemoveFromSailingLog', actorId: SKIPPER, crewId: 'zoe' }, soon)
      .thenThrows('conflict', 'LOG_ALREADY_CONFIRMED', 'This crew member’s legs are already confirmed in their log');
    givenVoyage(completed)
      .when({ type: 'RemoveFromSailingLog', actorId: SKIPPER, crewId: 'zoe' }, new Date('2026-07-18T12:00:00.000Z'))
      .thenThrows('conflict', 'LOG_ALREADY_CONFIRMED', 'Legs are confirmed automatically 7 days after completion');
  });
});

describe('issuing a crew agreement', () => {
  it('says who may issue one and to whom', () => {
    givenVoyage(crewed)
      .when(issue({ actorId: 'anna' }))
      .thenThrows('forbidden', 'NOT_VOYAGE_OWNER', 'Only the skipper of this voyage can issue crew agreements');
    givenVoyage(crewed)
      .when(issue({ crewId: 'ben' }))
      .thenThrows('rule', 'NOT_ACCEPTED_CREW', 'Agreements are issued to accepted crew members of this voyage');
  });

  it('needs a UUID for a new agreement, and keeps the id it has when the terms change', () => {
    givenVoyage(crewed)
      .when(issue({ agreementId: 'agreement-1' }))
      .thenThrows('validation', 'AGREEMENT_ID_INVALID', 'Agreement id must be a UUID');
    givenVoyage([...crewed, issued()])
      .when(issue({ agreementId: 'agreement-1', terms: { ...terms, duties: 'Watches only' } }))
      .thenMatches([{ type: 'CrewAgreementIssued', data: { agreementId: AGREEMENT, version: 2 } }]);
  });

  it('takes a contribution in a currency the platform knows, between 0 and 1,000,000', () => {
    givenVoyage(crewed)
      .when(issue({ terms: { ...terms, contributionCurrency: 'JPY' as AgreementTerms['contributionCurrency'] } }))
      .thenThrows('validation', 'AGREEMENT_CURRENCY_INVALID', 'Currency must be one of USD, EUR, GBP');
    givenVoyage(crewed)
      .when(issue({ terms: { ...terms, contributionAmount: 1_000_001 } }))
      .thenThrows('validation', 'AGREEMENT_AMOUNT_INVALID', 'The contribution must be between 0 and 1,000,000');
  });

  it.each([
    ['contributionCovers', 'What the contribution covers'],
    ['duties', 'Duties'],
    ['watchSystem', 'Watch system'],
    ['houseRules', 'House rules'],
    ['leavingEarly', 'Leaving early'],
    ['insurance', 'Insurance'],
  ] as const)('names the field %s as "%s" when its text is refused', (field, label) => {
    givenVoyage(crewed)
      .when(issue({ terms: { ...terms, [field]: 'Bell\u0007' } }))
      .thenThrows('validation', 'AGREEMENT_TEXT_INVALID', new RegExp(`^${label}`));
  });

  it.each([
    ['duties', 'Duties must be filled in'],
    ['leavingEarly', 'Leaving early must be filled in'],
    ['insurance', 'Insurance must be filled in'],
  ] as const)('needs %s filled in', (field, message) => {
    givenVoyage(crewed)
      .when(issue({ terms: { ...terms, [field]: ' ' } }))
      .thenThrows('validation', 'AGREEMENT_TEXT_REQUIRED', message);
  });

  it('remembers no emergency-contact sharing until the crew member agrees to it, and keeps it over a new version', () => {
    expect(foldEvents(Voyage, [...crewed, issued()]).trust.agreements['anna']).toEqual({
      agreementId: AGREEMENT,
      version: 1,
      terms,
      acceptedVersion: null,
      shareEmergencyContact: false,
    });
    expect(foldEvents(Voyage, [...crewed, issued(), acceptedAgreement(true), issued('anna', 2)]).trust.agreements['anna']).toMatchObject({
      version: 2,
      acceptedVersion: 1,
      shareEmergencyContact: true,
    });
  });
});

describe('accepting a crew agreement', () => {
  const issuedToBoth = [...crewed, issued(), issued('zoe', 1, OTHER_AGREEMENT)];

  it('finds the agreement by its id', () => {
    givenVoyage(issuedToBoth)
      .when(accept(true, { actorId: 'zoe', agreementId: OTHER_AGREEMENT }))
      .then([{ type: 'CrewAgreementAccepted', data: { agreementId: OTHER_AGREEMENT, crewId: 'zoe', version: 1, shareEmergencyContact: true } }]);
    givenVoyage(issuedToBoth)
      .when(accept(true, { agreementId: '0f6b6f8e-3c1d-4f8e-9a1b-2c3d4e5f6a7d' }))
      .thenThrows('not_found', 'AGREEMENT_NOT_FOUND', 'Agreement not found');
  });

  it('says why it refuses', () => {
    givenVoyage(issuedToBoth)
      .when(accept(true, { actorId: 'zoe' }))
      .thenThrows('forbidden', 'NOT_AGREEMENT_CREW', 'Only the crew member it is for can accept this agreement');
    givenVoyage([...issuedToBoth, issued('anna', 2)])
      .when(accept(true))
      .thenThrows('conflict', 'AGREEMENT_CHANGED', 'The skipper changed this agreement: please read version 2 and accept it');
  });

  it('is refused to a crew member who has left the voyage', () => {
    givenVoyage([...issuedToBoth, { type: 'ApplicationWithdrawn', data: { applicationId: 'a1', crewId: 'anna' } }])
      .when(accept(true))
      .thenThrows('conflict', 'NOT_ACCEPTED_CREW', 'You are no longer crew of this voyage');
  });

  it('records an acceptance once, and again only to change the emergency-contact choice', () => {
    givenVoyage([...issuedToBoth, acceptedAgreement(true)])
      .when(accept(true))
      .thenNothing();
    givenVoyage([...issuedToBoth, acceptedAgreement(true)])
      .when(accept(false))
      .then([acceptedAgreement(false)]);
  });

  it('ignores an acceptance of an agreement never issued', () => {
    expect(evolveTrust(initialTrustState(), acceptedAgreement(true) as Extract<VoyageEvent, { type: 'CrewAgreementAccepted' }>)).toEqual(initialTrustState());
  });
});

describe('refusing a float plan', () => {
  it('says an arrival already past is refused', () => {
    givenVoyage(crewed)
      .when(
        {
          type: 'FileFloatPlan',
          actorId: SKIPPER,
          plan: { segmentOrder: null, departureAt: '2026-07-01T08:00:00Z', expectedArrivalAt: '2026-07-01T20:00:00Z', boatDescription: 'Sloop', callSign: '', notes: '' },
          shoreContactIds: [CONTACT],
        },
        new Date('2026-07-02T00:00:00Z'),
      )
      .thenThrows('rule', 'ARRIVAL_IN_PAST', 'Expected arrival is already past: a float plan needs an arrival still to come');
  });
});

describe('the last known position', () => {
  const recorded = (lat: number | null, lon: number | null): Extract<VoyageEvent, { type: 'CheckInRecorded' }> => ({
    type: 'CheckInRecorded',
    data: { checkInId: CHECK_IN, kind: 'position', lat, lon, note: '', reportedBy: 'anna', reportedAt: '2026-07-01T12:00:00.000Z', planVersion: null },
  });

  it('is never half a position', () => {
    const known = evolveTrust(initialTrustState(), recorded(49.9, -1.9));
    expect(evolveTrust(known, recorded(50, null)).lastPosition).toEqual({ lat: 49.9, lon: -1.9, reportedAt: '2026-07-01T12:00:00.000Z' });
    expect(evolveTrust(known, recorded(null, -2)).lastPosition).toEqual({ lat: 49.9, lon: -1.9, reportedAt: '2026-07-01T12:00:00.000Z' });
  });
});
