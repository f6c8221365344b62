import { foldEvents } from '../shared/aggregate';
import { DomainError } from '../shared/result';
import { Voyage, buildSegments } from './voyage.aggregate';
import type { VoyageCommand } from './voyage.commands';
import type { AgreementTerms, PortStop, VoyageEvent, VoyageSnapshot } from './voyage.events';
import { matchScore, type CrewProfileForMatch } from './voyage.match';
import { coastguardRegionAt } from './voyage.safety';
import type { RecordedEvent } from '../shared/event-log';
import type { FloatPlanInput } from './voyage.trust';
import { voyageUpcasters } from './voyage.upcasters';

const SKIPPER = 'skipper-1';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const port = (name: string, lon: number, lat: number): PortStop => ({ name, portId: name.toLowerCase(), coordinates: [lon, lat] });

/** Cowes – Cherbourg – Saint-Malo, 1 to 5 July 2026, four crew. */
function published(skills: string[] = [], minExperience: 'beginner' | 'intermediate' | 'advanced' | 'expert' = 'beginner'): VoyageEvent {
  const plan = {
    title: 'Channel hop',
    description: '',
    startDate: '2026-07-01',
    endDate: '2026-07-05',
    minExperience,
    skills,
    crewNeeded: 4,
    contribution: { type: 'free' as const, amount: null, currency: 'GBP' as const, details: '' },
    isCustom: false,
    customNotes: '',
    stops: [port('Cowes', -1.3, 50.76), port('Cherbourg', -1.62, 49.65), port('Saint-Malo', -2.03, 48.65)],
    legs: [
      { departureDate: null, arrivalDate: '2026-07-02', distanceNm: null, crossesLand: false },
      { departureDate: '2026-07-03', arrivalDate: null, distanceNm: null, crossesLand: false },
    ],
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
      minExperience,
      skills,
      isCustom: false,
      customNotes: '',
      includesFood: false,
    },
    segments,
    totalDistanceNm,
    crewNeeded: 4,
    contribution: plan.contribution,
  };
  return { type: 'VoyagePublished', data: snapshot };
}

const submitted = (applicationId: string, crewId: string, submittedAt?: string, segmentOrders: number[] = []): VoyageEvent => ({
  type: 'ApplicationSubmitted',
  data: submittedAt ? { applicationId, crewId, segmentOrders, submittedAt } : { applicationId, crewId, segmentOrders },
});
const accepted = (applicationId: string, crewId: string, segmentOrders: number[] = []): VoyageEvent => ({
  type: 'ApplicationAccepted',
  data: { applicationId, crewId, segmentOrders },
});
const decide = (events: VoyageEvent[], command: VoyageCommand, now: Date): VoyageEvent[] => Voyage.decide(command, foldEvents(Voyage, events), now);
const sweep = (events: VoyageEvent[], now: Date): VoyageEvent[] => decide(events, { type: 'SweepVoyage' }, now);
const refusal = (run: () => unknown): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return `${error.kind}:${error.code}`;
    throw error;
  }
};

describe('expiring applications', () => {
  const voyage = published();

  it('expires a pending application 14 days after it was made, not a moment before', () => {
    const events = [voyage, submitted('a1', 'anna', '2026-06-01T10:00:00.000Z')];
    expect(sweep(events, new Date('2026-06-15T09:59:59.999Z'))).toEqual([]);
    expect(sweep(events, new Date('2026-06-15T10:00:00.000Z'))).toEqual([{ type: 'ApplicationExpired', data: { applicationId: 'a1', crewId: 'anna', reason: 'unanswered' } }]);
  });

  it('expires it at departure when that comes first, and an application older than expiry at departure only', () => {
    const events = [voyage, submitted('a1', 'anna', '2026-06-25T10:00:00.000Z'), submitted('a2', 'ben')];
    expect(sweep(events, new Date('2026-06-30T23:59:00Z'))).toEqual([]);
    expect(sweep(events, new Date('2026-07-01T00:00:00Z'))).toEqual([
      { type: 'ApplicationExpired', data: { applicationId: 'a1', crewId: 'anna', reason: 'departed' } },
      { type: 'ApplicationExpired', data: { applicationId: 'a2', crewId: 'ben', reason: 'departed' } },
    ]);
  });

  it('leaves answered and withdrawn applications alone, and expires nothing twice', () => {
    const events: VoyageEvent[] = [voyage, submitted('a1', 'anna', '2026-06-01T10:00:00Z'), accepted('a1', 'anna'), submitted('a2', 'ben', '2026-06-01T10:00:00Z')];
    const now = new Date('2026-06-20T00:00:00Z');
    const expired = sweep(events, now);
    expect(expired).toEqual([{ type: 'ApplicationExpired', data: { applicationId: 'a2', crewId: 'ben', reason: 'unanswered' } }]);
    expect(sweep([...events, ...expired], now)).toEqual([]);
  });

  it('lets an expired applicant apply again, and records when an application is made', () => {
    const events: VoyageEvent[] = [
      voyage,
      submitted('a1', 'anna', '2026-06-01T10:00:00Z'),
      { type: 'ApplicationExpired', data: { applicationId: 'a1', crewId: 'anna', reason: 'unanswered' } },
    ];
    const now = new Date('2026-06-20T00:00:00Z');
    const again = decide(
      events,
      { type: 'SubmitApplication', actorId: 'anna', actorUserType: 'crew', applicationId: 'a2', message: 'Still keen to sail with you.', segmentOrders: [] },
      now,
    );
    expect(again).toEqual([{ type: 'ApplicationSubmitted', data: { applicationId: 'a2', crewId: 'anna', segmentOrders: [], submittedAt: now.toISOString() } }]);
  });
});

describe('archiving voyages that departed without being started', () => {
  it('archives an open voyage the day after its departure date, once, and then takes no applications', () => {
    expect(sweep([published()], new Date('2026-07-01T23:00:00Z'))).toEqual([]);
    const archived = sweep([published()], new Date('2026-07-02T00:00:00Z'));
    expect(archived).toEqual([{ type: 'VoyageArchived', data: { startDate: '2026-07-01' } }]);
    const events = [published(), ...archived];
    expect(sweep(events, new Date('2026-07-03T00:00:00Z'))).toEqual([]);
    expect(
      refusal(() =>
        decide(
          events,
          { type: 'SubmitApplication', actorId: 'anna', actorUserType: 'crew', applicationId: 'a1', message: 'Is there still room?', segmentOrders: [] },
          new Date('2026-07-03T00:00:00Z'),
        ),
      ),
    ).toBe('conflict:VOYAGE_NOT_OPEN');
  });

  it('does not archive a voyage that was started', () => {
    const events: VoyageEvent[] = [published(), { type: 'VoyageStatusChanged', data: { status: 'in_progress', previous: 'active' } }];
    expect(sweep(events, new Date('2026-07-03T00:00:00Z'))).toEqual([]);
  });
});

describe('match score', () => {
  const crew = (overrides: Partial<CrewProfileForMatch> = {}): CrewProfileForMatch => ({
    yearsSailing: 6,
    sailingAreas: ['Channel/North Sea'],
    experienceTypes: ['day_sailing'],
    certifications: [],
    skills: ['night_watches', 'first_aid', 'galley_cooking', 'chart_plotting'],
    ...overrides,
  });

  it('counts required skills, experience against the minimum, and asks for offshore experience on a long passage', () => {
    const result = matchScore({ skills: ['Night Watches', 'First Aid', 'Cooking', 'Navigation', 'Reefing'], minExperience: 'intermediate', longestLegNm: 300 }, crew());
    expect(result.reasons).toEqual([
      'has 3 of 5 required skills (missing Navigation, Reefing)',
      '6 years sailing ≥ intermediate',
      'no offshore experience, which this voyage asks for',
    ]);
    expect(result.score).toBe(Math.round(50 * (3 / 5) + 35));
  });

  it('compares skills through the one taxonomy and says which to add: chart plotting is not navigation', () => {
    const voyage = { skills: ['navigation', 'chart_plotting'], minExperience: 'beginner' as const, longestLegNm: 40 };
    const plotter = matchScore(voyage, crew({ skills: ['Chart plotting'] }));
    expect(plotter.reasons[0]).toBe('has 1 of 2 required skills (missing Navigation)');
    expect(plotter.advice).toEqual(['Add Navigation to your skills to raise your match']);
    expect(plotter.missingSkills).toEqual(['Navigation']);
    // Once the profile holds Navigation (a checkbox of the profile now), the skill counts.
    expect(matchScore(voyage, crew({ skills: ['chart_plotting', 'navigation'] }))).toMatchObject({ score: 100, advice: [], missingSkills: [] });
    const several = matchScore({ ...voyage, skills: ['navigation', 'line_handling', 'mooring', 'knot_tying'] }, crew({ skills: [] }));
    expect(several.advice).toEqual(['Add Navigation, Line Handling, Mooring and Knot Tying to your skills to raise your match']);
  });

  it('reads older words on both sides and leaves out a required word naming no skill', () => {
    // An older voyage's words and an older profile's codes meet on the same keys.
    const older = matchScore(
      { skills: ['GPS electronics', 'Spinnaker Handling', 'Ukulele'], minExperience: 'beginner', longestLegNm: 40 },
      crew({ skills: ['gps_electronics', 'spinnaker'] }),
    );
    expect(older).toMatchObject({ score: 100, advice: [], reasons: ['has 2 of 2 required skills', '6 years sailing ≥ beginner'] });
    expect(matchScore({ skills: ['Ukulele'], minExperience: 'beginner', longestLegNm: 40 }, crew()).reasons[0]).toBe('no particular skills asked for');
  });

  it('gives 100 to a crew member who meets everything', () => {
    const result = matchScore({ skills: ['Night Watches'], minExperience: 'advanced', longestLegNm: 400 }, crew({ sailingAreas: ['Offshore'] }));
    expect(result).toEqual({
      score: 100,
      reasons: ['has 1 of 1 required skill', '6 years sailing ≥ advanced', 'offshore experience for a 400 nm passage'],
      advice: [],
      missingSkills: [],
    });
  });

  it('gives part of the experience points one level under the minimum, none further under', () => {
    const coastal = { skills: [], minExperience: 'advanced' as const, longestLegNm: 40 };
    expect(matchScore(coastal, crew({ yearsSailing: 3 }))).toEqual({
      score: 50 + 18 + 15,
      reasons: ['no particular skills asked for', '3 years sailing, a little under the advanced level this voyage asks for'],
      advice: [],
      missingSkills: [],
    });
    expect(matchScore(coastal, crew({ yearsSailing: 0 })).score).toBe(65);
    expect(matchScore(coastal, crew({ yearsSailing: 0 })).reasons[1]).toBe('0 years sailing, well under the advanced level this voyage asks for');
  });
});

describe('verified sailing log', () => {
  const completedAt = '2026-07-06T12:00:00.000Z';
  const completed: VoyageEvent[] = [
    published(),
    submitted('a1', 'anna'),
    accepted('a1', 'anna'),
    submitted('a2', 'ben', undefined, [2]),
    accepted('a2', 'ben', [2]),
    { type: 'VoyageStatusChanged', data: { status: 'in_progress', previous: 'active' } },
    { type: 'VoyageStatusChanged', data: { status: 'completed', previous: 'in_progress' } },
    {
      type: 'VoyageCompleted',
      data: {
        completedAt,
        crew: [
          { crewId: 'anna', segmentOrders: [1, 2] },
          { crewId: 'ben', segmentOrders: [2] },
        ],
        invited: [SKIPPER, 'anna', 'ben'],
      },
    },
  ];
  const soon = new Date('2026-07-07T00:00:00Z');

  it('adds the legs a crew member sailed when the skipper confirms them, with miles and days', () => {
    const [event] = decide(completed, { type: 'ConfirmSailingLog', actorId: SKIPPER, crewId: 'anna' }, soon);
    expect(event?.type).toBe('SailingLogConfirmed');
    const data = event?.data as { legs: { from: string; to: string; distanceNm: number; departureDate: string | null }[]; distanceNm: number; days: number; by: string };
    expect(data.by).toBe('skipper');
    expect(data.legs.map((leg) => `${leg.from}–${leg.to}`)).toEqual(['Cowes–Cherbourg', 'Cherbourg–Saint-Malo']);
    expect(data.legs[0]?.departureDate).toBe('2026-07-01');
    expect(data.distanceNm).toBe(data.legs[0]!.distanceNm + data.legs[1]!.distanceNm);
    expect(data.days).toBe(1 + 2);
    // Confirming again changes nothing.
    expect(decide([...completed, event!], { type: 'ConfirmSailingLog', actorId: SKIPPER, crewId: 'anna' }, soon)).toEqual([]);
  });

  it('lets only the skipper confirm, only crew recorded at completion, only once the voyage is completed', () => {
    expect(refusal(() => decide(completed, { type: 'ConfirmSailingLog', actorId: 'anna', crewId: 'anna' }, soon))).toBe('forbidden:NOT_VOYAGE_OWNER');
    expect(refusal(() => decide(completed, { type: 'ConfirmSailingLog', actorId: SKIPPER, crewId: 'cleo' }, soon))).toBe('not_found:CREW_NOT_ON_VOYAGE');
    expect(refusal(() => decide(completed.slice(0, 6), { type: 'ConfirmSailingLog', actorId: SKIPPER, crewId: 'anna' }, soon))).toBe('conflict:VOYAGE_NOT_COMPLETED');
  });

  it('confirms everyone automatically 7 days after completion, except those the skipper removed', () => {
    const removed = decide(completed, { type: 'RemoveFromSailingLog', actorId: SKIPPER, crewId: 'ben' }, soon);
    expect(removed).toEqual([{ type: 'SailingLogCrewRemoved', data: { crewId: 'ben' } }]);
    const events = [...completed, ...removed];
    expect(sweep(events, new Date(Date.parse(completedAt) + 7 * DAY - 1))).toEqual([]);
    const auto = sweep(events, new Date(Date.parse(completedAt) + 7 * DAY));
    expect(auto.map((event) => [event.type, (event.data as { crewId: string; by: string }).crewId, (event.data as { by: string }).by])).toEqual([
      ['SailingLogConfirmed', 'anna', 'auto'],
    ]);
    expect(sweep([...events, ...auto], new Date(Date.parse(completedAt) + 8 * DAY))).toEqual([]);
  });

  it('refuses to remove someone once their legs are confirmed, by the skipper or by time', () => {
    const confirmed = decide(completed, { type: 'ConfirmSailingLog', actorId: SKIPPER, crewId: 'anna' }, soon);
    expect(refusal(() => decide([...completed, ...confirmed], { type: 'RemoveFromSailingLog', actorId: SKIPPER, crewId: 'anna' }, soon))).toBe('conflict:LOG_ALREADY_CONFIRMED');
    expect(refusal(() => decide(completed, { type: 'RemoveFromSailingLog', actorId: SKIPPER, crewId: 'ben' }, new Date(Date.parse(completedAt) + 7 * DAY)))).toBe(
      'conflict:LOG_ALREADY_CONFIRMED',
    );
  });
});

describe('crew agreement', () => {
  const crewed: VoyageEvent[] = [published(), submitted('a1', 'anna'), accepted('a1', 'anna'), submitted('a2', 'ben')];
  const terms: AgreementTerms = {
    contributionAmount: 150,
    contributionCurrency: 'GBP',
    contributionCovers: 'Food and fuel',
    duties: 'Watches, cooking on rotation',
    watchSystem: '3 on, 6 off',
    houseRules: 'No alcohol under way',
    leavingEarly: 'Crew leaving early pay their own way home',
    insurance: 'Boat insured third party; bring travel insurance',
  };
  const now = new Date('2026-06-10T10:00:00Z');
  const AGREEMENT = '0f6b6f8e-3c1d-4f8e-9a1b-2c3d4e5f6a7b';
  const issue = (actorId = SKIPPER, crewId = 'anna', withTerms = terms): VoyageCommand => ({
    type: 'IssueCrewAgreement',
    actorId,
    crewId,
    agreementId: AGREEMENT,
    terms: withTerms,
  });

  it('issues version 1 to an accepted crew member; the same terms again are no new version, changed terms are version 2', () => {
    const v1 = decide(crewed, issue(), now);
    expect(v1).toEqual([{ type: 'CrewAgreementIssued', data: { agreementId: AGREEMENT, crewId: 'anna', version: 1, terms } }]);
    expect(decide([...crewed, ...v1], issue(), now)).toEqual([]);
    const v2 = decide([...crewed, ...v1], issue(SKIPPER, 'anna', { ...terms, watchSystem: '4 on, 8 off' }), now);
    expect(v2).toEqual([{ type: 'CrewAgreementIssued', data: { agreementId: AGREEMENT, crewId: 'anna', version: 2, terms: { ...terms, watchSystem: '4 on, 8 off' } } }]);
  });

  it('needs accepting again after a change, and only the latest version can be accepted, only by its crew member', () => {
    const v1 = decide(crewed, issue(), now);
    const accept = (version: number, actorId = 'anna'): VoyageCommand => ({ type: 'AcceptCrewAgreement', actorId, agreementId: AGREEMENT, version, shareEmergencyContact: true });
    const acceptedV1 = decide([...crewed, ...v1], accept(1), now);
    expect(acceptedV1).toEqual([{ type: 'CrewAgreementAccepted', data: { agreementId: AGREEMENT, crewId: 'anna', version: 1, shareEmergencyContact: true } }]);
    const v2 = decide([...crewed, ...v1, ...acceptedV1], issue(SKIPPER, 'anna', { ...terms, houseRules: 'Shoes off below' }), now);
    const events = [...crewed, ...v1, ...acceptedV1, ...v2];
    const state = foldEvents(Voyage, events);
    expect(state.trust.agreements['anna']).toMatchObject({ version: 2, acceptedVersion: 1 });
    expect(refusal(() => decide(events, accept(1), now))).toBe('conflict:AGREEMENT_CHANGED');
    expect(refusal(() => decide(events, accept(2, 'ben'), now))).toBe('forbidden:NOT_AGREEMENT_CREW');
    expect(refusal(() => decide(events, accept(2, SKIPPER), now))).toBe('forbidden:NOT_AGREEMENT_CREW');
    expect(decide(events, accept(2), now)).toHaveLength(1);
  });

  it('refuses agreements from anyone but the skipper, to crew not accepted, after departure, and with bad text', () => {
    expect(refusal(() => decide(crewed, issue('anna'), now))).toBe('forbidden:NOT_VOYAGE_OWNER');
    expect(refusal(() => decide(crewed, issue(SKIPPER, 'ben'), now))).toBe('rule:NOT_ACCEPTED_CREW');
    const started: VoyageEvent[] = [...crewed, { type: 'VoyageStatusChanged', data: { status: 'in_progress', previous: 'active' } }];
    expect(refusal(() => decide(started, issue(), now))).toBe('conflict:AGREEMENT_AFTER_DEPARTURE');
    expect(refusal(() => decide(crewed, issue(SKIPPER, 'anna', { ...terms, duties: 'Watches\u0007' }), now))).toBe('validation:AGREEMENT_TEXT_INVALID');
    expect(refusal(() => decide(crewed, issue(SKIPPER, 'anna', { ...terms, insurance: '  ' }), now))).toBe('validation:AGREEMENT_TEXT_REQUIRED');
    expect(refusal(() => decide(crewed, issue(SKIPPER, 'anna', { ...terms, contributionAmount: -1 }), now))).toBe('validation:AGREEMENT_AMOUNT_INVALID');
  });
});

describe('float plan, check-ins and the overdue rule', () => {
  const crewed: VoyageEvent[] = [published(), submitted('a1', 'anna'), accepted('a1', 'anna')];
  const CONTACT = '7d1c9e0a-1b2c-4d3e-8f4a-5b6c7d8e9f01';
  const plan: FloatPlanInput = {
    segmentOrder: 1,
    departureAt: '2026-07-01T08:00:00Z',
    expectedArrivalAt: '2026-07-01T20:00:00Z',
    boatDescription: 'Sloop, 38 ft, white hull, blue sprayhood',
    callSign: 'mabc1',
    notes: '',
  };
  const file = (input: FloatPlanInput = plan, actorId = SKIPPER): VoyageCommand => ({ type: 'FileFloatPlan', actorId, plan: input, shoreContactIds: [CONTACT] });
  const checkIn = (kind: 'departed' | 'position' | 'arrived', actorId = SKIPPER, position: [number, number] | null = null): VoyageCommand => ({
    type: 'RecordCheckIn',
    actorId,
    checkInId: '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
    kind,
    lat: position ? position[1] : null,
    lon: position ? position[0] : null,
    note: '',
  });
  const filedAt = new Date('2026-06-30T18:00:00Z');
  const filed = () => [...crewed, ...decide(crewed, file(), filedAt)];
  /** The sweep's safety events (the voyage itself is archived meanwhile: nobody set it in progress). */
  const sweep = (events: VoyageEvent[], now: Date) => decide(events, { type: 'SweepVoyage' }, now).filter((event) => event.type === 'FloatPlanOverdue');
  const deadline = Date.parse('2026-07-02T02:00:00Z');

  it('files a plan with the people aboard by id, the region for the coastguard, and the shore contacts by id', () => {
    const [event] = decide(crewed, file(), filedAt);
    expect(event).toEqual({
      type: 'FloatPlanFiled',
      data: {
        version: 1,
        segmentOrder: 1,
        departureAt: '2026-07-01T08:00:00.000Z',
        expectedArrivalAt: '2026-07-01T20:00:00.000Z',
        aboard: [SKIPPER, 'anna'],
        boatDescription: 'Sloop, 38 ft, white hull, blue sprayhood',
        callSign: 'MABC1',
        notes: '',
        shoreContactIds: [CONTACT],
        region: 'uk',
        filedAt: filedAt.toISOString(),
      },
    });
  });

  it('refuses a plan whose expected arrival is already past, however the departure lies', () => {
    const fiveDaysLate = new Date(Date.parse(plan.expectedArrivalAt) + 5 * DAY);
    expect(refusal(() => decide(crewed, file(), fiveDaysLate))).toBe('rule:ARRIVAL_IN_PAST');
    expect(refusal(() => decide(crewed, file(), new Date(plan.expectedArrivalAt)))).toBe('rule:ARRIVAL_IN_PAST');
    // Under way already (departure past), arrival still to come: filed.
    expect(decide(crewed, file(), new Date(Date.parse(plan.expectedArrivalAt) - 60_000))[0]?.type).toBe('FloatPlanFiled');
  });

  it('refuses a plan from crew, with impossible times, arrival before departure, or no shore contact', () => {
    expect(refusal(() => decide(crewed, file(plan, 'anna'), filedAt))).toBe('forbidden:NOT_VOYAGE_OWNER');
    expect(refusal(() => decide(crewed, file({ ...plan, departureAt: '2026-02-30T08:00:00Z' }), filedAt))).toBe('validation:DEPARTURE_TIME_INVALID');
    expect(refusal(() => decide(crewed, file({ ...plan, expectedArrivalAt: '2026-07-01T25:00:00Z' }), filedAt))).toBe('validation:ARRIVAL_TIME_INVALID');
    expect(refusal(() => decide(crewed, file({ ...plan, expectedArrivalAt: '2026-07-01T07:00:00Z' }), filedAt))).toBe('validation:ARRIVAL_BEFORE_DEPARTURE');
    expect(refusal(() => decide(crewed, file({ ...plan, segmentOrder: 9 }), filedAt))).toBe('validation:UNKNOWN_LEG');
    expect(refusal(() => decide(crewed, { type: 'FileFloatPlan', actorId: SKIPPER, plan, shoreContactIds: [] }, filedAt))).toBe('validation:SHORE_CONTACTS_COUNT');
  });

  it('declares the boat overdue 6 hours after the expected arrival without "arrived", exactly once', () => {
    const events = filed();
    expect(sweep(events, new Date(deadline - 1))).toEqual([]);
    const overdue = sweep(events, new Date(deadline));
    expect(overdue).toEqual([
      {
        type: 'FloatPlanOverdue',
        data: {
          version: 1,
          expectedArrivalAt: '2026-07-01T20:00:00.000Z',
          declaredAt: new Date(deadline).toISOString(),
          lastPosition: null,
          region: 'uk',
          shoreContactIds: [CONTACT],
          aboard: [SKIPPER, 'anna'],
          filedAt: filedAt.toISOString(),
        },
      },
    ]);
    // A second sweep (another scheduler, or one restarted at the deadline) finds it declared.
    expect(sweep([...events, ...overdue], new Date(deadline + HOUR))).toEqual([]);
  });

  it('never archives a voyage someone reported departed on', () => {
    const departed = [...filed(), ...decide(filed(), checkIn('departed'), new Date('2026-07-01T08:10:00Z'))];
    expect(decide(departed, { type: 'SweepVoyage' }, new Date('2026-07-01T21:00:00Z'))).toEqual([]);
    expect(decide(departed, { type: 'SweepVoyage' }, new Date('2026-07-03T00:00:00Z')).map((event) => event.type)).toEqual(['FloatPlanOverdue']);
  });

  it('gives the last known position and its coastguard region', () => {
    const at = new Date('2026-07-01T12:00:00Z');
    const events = [...filed(), ...decide(filed(), checkIn('departed', 'anna'), at), ...decide(filed(), checkIn('position', SKIPPER, [-1.9, 49.9]), at)];
    const [overdue] = sweep(events, new Date(deadline));
    expect(overdue?.data).toMatchObject({ lastPosition: { lat: 49.9, lon: -1.9, reportedAt: at.toISOString() }, region: 'uk' });
    expect(coastguardRegionAt([-1.62, 49.65]).id).toBe('france');
    expect(coastguardRegionAt([-40, 30]).id).toBe('open_ocean');
  });

  it('raises no alert once "arrived" is recorded, and a new plan starts a new watch', () => {
    const arrived = [...filed(), ...decide(filed(), checkIn('arrived', 'anna'), new Date('2026-07-01T19:00:00Z'))];
    expect(sweep(arrived, new Date(deadline + DAY))).toEqual([]);
    const next = decide(
      arrived,
      file({ ...plan, segmentOrder: 2, departureAt: '2026-07-03T08:00:00Z', expectedArrivalAt: '2026-07-03T18:00:00Z' }),
      new Date('2026-07-02T10:00:00Z'),
    );
    expect(next[0]?.data).toMatchObject({ version: 2 });
    expect(sweep([...arrived, ...next], new Date('2026-07-04T00:00:00Z'))).toHaveLength(1);
  });

  it('takes check-ins from the skipper and accepted crew only, with positions on the globe', () => {
    const events = filed();
    const at = new Date('2026-07-01T09:00:00Z');
    expect(refusal(() => decide(events, checkIn('departed', 'stranger'), at))).toBe('forbidden:NOT_ABOARD');
    expect(refusal(() => decide(events, checkIn('position', SKIPPER, [-1.9, 91]), at))).toBe('validation:LATITUDE_INVALID');
    expect(refusal(() => decide(events, checkIn('position', SKIPPER, [181, 49]), at))).toBe('validation:LONGITUDE_INVALID');
    expect(refusal(() => decide(events, checkIn('position'), at))).toBe('validation:POSITION_REQUIRED');
    expect(refusal(() => decide(events, { ...(checkIn('departed') as Extract<VoyageCommand, { type: 'RecordCheckIn' }>), note: 'all\u0000well' }, at))).toBe(
      'validation:NOTE_INVALID',
    );
    expect(decide(events, checkIn('departed', 'anna'), at)[0]).toMatchObject({
      type: 'CheckInRecorded',
      data: { kind: 'departed', reportedBy: 'anna', reportedAt: at.toISOString(), planVersion: 1 },
    });
  });

  it('takes no check-in before the departure date of the voyage, with a stable code and the date', () => {
    const events = filed();
    // The voyage departs on 1 July 2026; the day begins first at UTC+14, at 10:00 UTC on 30 June.
    expect(refusal(() => decide(events, checkIn('departed'), new Date('2026-06-30T09:59:00Z')))).toBe('conflict:VOYAGE_NOT_DEPARTED');
    expect(() => decide(events, checkIn('arrived'), new Date('2026-06-15T09:00:00Z'))).toThrow('This voyage departs on 1 July 2026: check-ins open on its departure date');
    expect(decide(events, checkIn('departed'), new Date('2026-06-30T10:00:00Z'))).toHaveLength(1);
  });

  /** A plan as the log may hold it from before past arrivals were refused: filed at `at`, arriving at `arrival`. */
  const legacyFiled = (arrival: string, at: string | undefined): VoyageEvent => ({
    type: 'FloatPlanFiled',
    data: {
      version: 1,
      segmentOrder: 1,
      departureAt: new Date(Date.parse(arrival) - 12 * HOUR).toISOString(),
      expectedArrivalAt: arrival,
      aboard: [SKIPPER, 'anna'],
      boatDescription: 'Sloop',
      callSign: '',
      notes: '',
      shoreContactIds: [CONTACT],
      region: 'uk',
      ...(at ? { filedAt: at } : {}),
    } as Extract<VoyageEvent, { type: 'FloatPlanFiled' }>['data'],
  });

  it('never declares overdue a plan whose alert was already due when it was filed, at any later sweep', () => {
    // Given a plan filed with an arrival five days past (its alert due 4 days 18 hours before filing)
    const events = [...crewed, legacyFiled('2026-07-01T20:00:00.000Z', '2026-07-06T20:00:00.000Z')];
    // When the scheduler sweeps, a minute or a month later, then no alert
    expect(sweep(events, new Date('2026-07-06T20:01:00Z'))).toEqual([]);
    expect(sweep(events, new Date('2026-08-06T20:00:00Z'))).toEqual([]);
    // Filed exactly at its alert time: already due, never declared.
    expect(sweep([...crewed, legacyFiled('2026-07-01T20:00:00.000Z', '2026-07-02T02:00:00.000Z')], new Date('2026-07-03T00:00:00Z'))).toEqual([]);
  });

  it('still declares a late-filed plan overdue when its alert was not yet due at filing', () => {
    // Given a plan filed an hour after its expected arrival (before such plans were refused), its alert 5 hours ahead
    const events = [...crewed, legacyFiled('2026-07-01T20:00:00.000Z', '2026-07-01T21:00:00.000Z')];
    expect(sweep(events, new Date(deadline - 1))).toEqual([]);
    expect(sweep(events, new Date(deadline))).toEqual([
      expect.objectContaining({ type: 'FloatPlanOverdue', data: expect.objectContaining({ filedAt: '2026-07-01T21:00:00.000Z' }) }),
    ]);
  });

  it('dates a plan filed before the filing time was recorded by its event, so an old plan is judged too', () => {
    const [upcaster] = voyageUpcasters.filter((candidate) => candidate.eventType === 'FloatPlanFiled');
    const old = legacyFiled('2026-07-01T20:00:00.000Z', undefined);
    const stored: RecordedEvent = {
      id: 'e1',
      streamId: 'voyage-v1',
      type: old.type,
      revision: 3n,
      position: { commit: 1n, prepare: 1n },
      data: old.data,
      metadata: { userId: SKIPPER, correlationId: 'c', causationId: null, timestamp: '2026-07-06T20:00:00.000Z' },
      recordedAt: new Date('2026-07-06T20:00:00.000Z'),
    };
    const upcast = upcaster!.upcast(stored);
    expect(upcast.data['filedAt']).toBe('2026-07-06T20:00:00.000Z');
    expect(sweep([...crewed, { type: 'FloatPlanFiled', data: upcast.data } as VoyageEvent], new Date('2026-07-07T00:00:00Z'))).toEqual([]);
    // An event that has its filing time is left as it is.
    const recent = { ...stored, data: { ...stored.data, filedAt: '2026-06-30T18:00:00.000Z' } };
    expect(upcaster!.upcast(recent)).toBe(recent);
  });

  it('refuses check-ins on a completed, cancelled or archived voyage', () => {
    const at = new Date('2026-07-01T09:00:00Z');
    const completed: VoyageEvent[] = [
      ...filed(),
      { type: 'VoyageStatusChanged', data: { status: 'in_progress', previous: 'active' } },
      { type: 'VoyageStatusChanged', data: { status: 'completed', previous: 'in_progress' } },
    ];
    const cancelled: VoyageEvent[] = [...filed(), { type: 'VoyageCancelled', data: { previous: 'active', reason: '' } }];
    const archived: VoyageEvent[] = [...filed(), { type: 'VoyageArchived', data: { startDate: '2026-07-01' } }];
    for (const kind of ['departed', 'position', 'arrived'] as const) {
      const command = checkIn(kind, 'anna', kind === 'position' ? [-1.9, 49.9] : null);
      expect(refusal(() => decide(completed, command, at))).toBe('conflict:VOYAGE_COMPLETED');
      expect(refusal(() => decide(cancelled, command, at))).toBe('conflict:VOYAGE_CANCELLED');
      expect(refusal(() => decide(archived, command, at))).toBe('conflict:VOYAGE_ARCHIVED');
    }
    // Started after all, the archived voyage takes check-ins again.
    const started: VoyageEvent[] = [...archived, { type: 'VoyageStatusChanged', data: { status: 'in_progress', previous: 'active' } }];
    expect(decide(started, checkIn('arrived', 'anna'), at)[0]?.type).toBe('CheckInRecorded');
  });

  it('raises no alert for a completed voyage, whose crew can no longer report arriving', () => {
    const completed: VoyageEvent[] = [
      ...filed(),
      { type: 'VoyageStatusChanged', data: { status: 'in_progress', previous: 'active' } },
      { type: 'VoyageStatusChanged', data: { status: 'completed', previous: 'in_progress' } },
    ];
    expect(sweep(completed, new Date(deadline + DAY))).toEqual([]);
  });
});
