import { foldEvents } from '../shared/aggregate';
import { DomainError, type DomainErrorKind } from '../shared/result';
import { Voyage, buildSegments } from './voyage.aggregate';
import type { BoatRef, LegPlan, VoyageCommand, VoyagePlan } from './voyage.commands';
import type { PortStop, VoyageEvent, VoyageSnapshot } from './voyage.events';
import { greatCircleNm, segmentCrewNeeded } from './voyage.rules';

const SKIPPER = 'skipper-1';
const OTHER = 'skipper-2';
const NOW = new Date('2026-06-01T12:00:00Z');
const BOAT: BoatRef = { id: 'boat-1', ownerId: SKIPPER, isActive: true };

const port = (name: string, lon: number, lat: number): PortStop => ({ name, portId: name.toLowerCase(), coordinates: [lon, lat] });
const PORTSMOUTH = port('Portsmouth', -1.1, 50.8);
const CHERBOURG = port('Cherbourg', -1.62, 49.65);
const LA_CORUNA = port('La Coruña', -8.4, 43.37);

const plan = (overrides: Partial<VoyagePlan> = {}): VoyagePlan => ({
  title: 'Biscay crossing',
  description: 'Portsmouth to La Coruña via Cherbourg.',
  startDate: '2026-07-01',
  endDate: '2026-07-10',
  minExperience: 'intermediate',
  skills: ['Night Watches', 'Night Watches', ' Cooking '],
  crewNeeded: 4,
  contribution: { type: 'shared_costs', amount: 150, currency: 'GBP', details: 'Food and fuel' },
  isCustom: false,
  customNotes: '',
  stops: [PORTSMOUTH, CHERBOURG, LA_CORUNA],
  custom: null,
  ...overrides,
});

/** given(events) / when(command) / then(events) or thenRejects(kind, code, message) */
const given = (...events: VoyageEvent[]) => ({
  when: (command: VoyageCommand) => {
    const run = () => Voyage.decide(command, foldEvents(Voyage, events), NOW);
    return {
      run,
      then: (expected: VoyageEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (kind: DomainErrorKind, code: string, message?: string) => {
        let caught: unknown;
        try {
          run();
        } catch (error) {
          caught = error;
        }
        expect(caught).toBeInstanceOf(DomainError);
        expect({ kind: (caught as DomainError).kind, code: (caught as DomainError).code }).toEqual({ kind, code });
        if (message) expect((caught as DomainError).message).toBe(message);
      },
    };
  },
});

const publish = (overrides: Partial<VoyagePlan> = {}, boat: BoatRef | null = BOAT): VoyageCommand => ({ type: 'PublishVoyage', actorId: SKIPPER, plan: plan(overrides), boat });
const published = (): VoyageEvent => Voyage.decide(publish(), Voyage.initialState(), NOW)[0]!;
const snapshotOf = (event: VoyageEvent) => event.data as VoyageSnapshot;

describe('Voyage', () => {
  describe('distances and segments', () => {
    it('measures each leg as great-circle nautical miles (radius 3440.065), rounds each, and sums them', () => {
      const { segments, totalDistanceNm } = buildSegments(plan());
      const legs = [Math.round(greatCircleNm(PORTSMOUTH.coordinates!, CHERBOURG.coordinates!)), Math.round(greatCircleNm(CHERBOURG.coordinates!, LA_CORUNA.coordinates!))];
      expect(segments.map((s) => s.distanceNm)).toEqual(legs);
      expect(totalDistanceNm).toBe(legs[0]! + legs[1]!);
      expect(legs[0]).toBeGreaterThan(60);
      expect(legs[0]).toBeLessThan(80);
      // One degree of latitude is 60 nm on this sphere.
      expect(greatCircleNm([0, 0], [0, 1])).toBeCloseTo((3440.065 * Math.PI) / 180, 6);
    });

    it('gives each segment half the crew, rounded up, and orders them', () => {
      const { segments } = buildSegments(plan({ crewNeeded: 5 }));
      expect(segments.map((s) => [s.order, s.crewNeeded])).toEqual([
        [1, 3],
        [2, 3],
      ]);
      expect(segmentCrewNeeded(4)).toBe(2);
      expect(segmentCrewNeeded(1)).toBe(1);
    });

    it('makes a custom voyage one segment with the manual distance, or the defaults', () => {
      const manual = buildSegments(plan({ isCustom: true, stops: [], custom: { departure: 'Anchorage A', destination: 'Anchorage B', distanceNm: 42 } }));
      expect(manual.totalDistanceNm).toBe(42);
      // Its one leg spans the voyage's dates: 1 to 10 July is 9 days.
      expect(manual.segments[0]).toMatchObject({ distanceManualOverride: true, estimatedDurationHours: 216, departure: { name: 'Anchorage A' } });
      const defaults = buildSegments(plan({ isCustom: true, stops: [], custom: null, startDate: '', endDate: '' }));
      expect(defaults.segments[0]).toMatchObject({
        distanceNm: 100,
        estimatedDurationHours: 24,
        departure: { name: 'Unknown Departure' },
        arrival: { name: 'Unknown Destination' },
      });
    });
  });

  describe('leg dates, distances and land', () => {
    const leg = (overrides: Partial<LegPlan> = {}): LegPlan => ({ departureDate: null, arrivalDate: null, distanceNm: null, crossesLand: false, ...overrides });
    const PLYMOUTH = port('Plymouth', -4.14, 50.37);
    const fourStops = { stops: [PORTSMOUTH, CHERBOURG, PLYMOUTH, LA_CORUNA] };

    it('keeps the dates of every leg, the first departing on departure day and the last arriving on return day', () => {
      const given = plan({
        ...fourStops,
        legs: [leg({ arrivalDate: '2026-07-02' }), leg({ departureDate: '2026-07-04', arrivalDate: '2026-07-05' }), leg({ departureDate: '2026-07-06' })],
      });
      const { segments } = buildSegments(given);
      expect(segments.map((s) => [s.estimatedDepartureDate, s.estimatedArrivalDate, s.estimatedDurationHours])).toEqual([
        ['2026-07-01', '2026-07-02', 24],
        ['2026-07-04', '2026-07-05', 24],
        ['2026-07-06', '2026-07-10', 96],
      ]);
      const [event] = Voyage.decide(publish({ ...given }), Voyage.initialState(), NOW);
      expect(snapshotOf(event!).segments[1]).toMatchObject({ estimatedDepartureDate: '2026-07-04', estimatedArrivalDate: '2026-07-05' });
    });

    it('leaves an unknown date unknown and its duration too', () => {
      const { segments } = buildSegments(plan({ legs: [leg(), leg()] }));
      expect(segments.map((s) => [s.estimatedDepartureDate, s.estimatedArrivalDate, s.estimatedDurationHours])).toEqual([
        ['2026-07-01', null, null],
        [null, '2026-07-10', null],
      ]);
    });

    it.each([
      [[leg({ arrivalDate: '2026-06-30' }), leg()], 'LEG_DATE_OUTSIDE_VOYAGE', 'Leg 1: dates must lie between the departure date and the return date'],
      [
        [leg({ arrivalDate: '2026-07-03' }), leg({ departureDate: '2026-07-11' })],
        'LEG_DATE_OUTSIDE_VOYAGE',
        'Leg 2: dates must lie between the departure date and the return date',
      ],
      [[leg({ arrivalDate: '2026-07-05' }), leg({ departureDate: '2026-07-04' })], 'LEG_DEPARTS_TOO_EARLY', 'Leg 2 cannot depart before leg 1 arrives'],
      [[leg({ arrivalDate: '2026-02-30' }), leg()], 'LEG_DATE_INVALID', 'Leg 1: Use a real calendar date between 2000 and 2100'],
      [[leg({ distanceNm: 0 }), leg()], 'LEG_DISTANCE_NOT_POSITIVE', 'Leg 1: Distance must be greater than 0'],
      [[leg(), leg({ distanceNm: 50_001 })], 'LEG_DISTANCE_TOO_LARGE', 'Leg 2: Distance seems unreasonably large (max 50,000 nm)'],
    ] as [LegPlan[], string, string][])('refuses legs %j with "%s"', (legs, code, message) => {
      given().when(publish({ legs })).thenRejects('validation', code, message);
    });

    it('refuses a leg that arrives before it departs, and a stop reached before the one before it', () => {
      given()
        .when(publish({ ...fourStops, legs: [leg(), leg({ departureDate: '2026-07-05', arrivalDate: '2026-07-04' }), leg()] }))
        .thenRejects('validation', 'LEG_ARRIVES_BEFORE_DEPARTING', 'Leg 2 cannot arrive before it departs');
      given()
        .when(publish({ ...fourStops, legs: [leg({ arrivalDate: '2026-07-05' }), leg({ arrivalDate: '2026-07-03' }), leg()] }))
        .thenRejects('validation', 'LEG_DEPARTS_TOO_EARLY', 'Leg 2 cannot arrive before leg 1 arrives');
    });

    it('refuses a date that is not on the calendar even in a draft, where the order is not checked yet', () => {
      const draft = (overrides: Partial<VoyagePlan>): VoyageCommand => ({ type: 'SaveVoyageDraft', actorId: SKIPPER, plan: plan(overrides), boat: null });
      given()
        .when(draft({ startDate: '2026-02-30' }))
        .thenRejects('validation', 'DATE_INVALID');
      given()
        .when(draft({ legs: [leg({ departureDate: '2026-13-01' })] }))
        .thenRejects('validation', 'LEG_DATE_INVALID');
      expect(
        given()
          .when(draft({ legs: [leg({ arrivalDate: '2026-08-01' })] }))
          .run(),
      ).toHaveLength(1);
    });

    it("uses the skipper's own distance for a leg, marks it overridden and counts it in the total", () => {
      const { segments, totalDistanceNm } = buildSegments(plan({ legs: [leg({ distanceNm: 92.4, crossesLand: true }), leg()] }));
      const second = Math.round(greatCircleNm(CHERBOURG.coordinates!, LA_CORUNA.coordinates!));
      expect(segments.map((s) => [s.distanceNm, s.distanceManualOverride, s.crossesLand])).toEqual([
        [92, true, true],
        [second, false, false],
      ]);
      expect(totalDistanceNm).toBe(92 + second);
    });

    it('records a route change when only a leg date moves', () => {
      const events = given(published())
        .when({ type: 'EditVoyage', actorId: SKIPPER, plan: plan({ legs: [leg({ arrivalDate: '2026-07-03' }), leg({ departureDate: '2026-07-04' })] }), boat: BOAT })
        .run();
      expect(events.map((e) => e.type)).toEqual(['VoyageRouteChanged']);
    });
  });

  describe('publishing', () => {
    it('publishes a valid plan as an active voyage with clean details', () => {
      const [event] = given().when(publish()).run();
      expect(event!.type).toBe('VoyagePublished');
      const snapshot = snapshotOf(event!);
      // Skills are kept as taxonomy keys, each once, whichever name the skipper used.
      expect(snapshot).toMatchObject({ skipperId: SKIPPER, crewNeeded: 4, details: { boatId: 'boat-1', skills: ['night_watches', 'galley_cooking'] } });
      expect(foldEvents(Voyage, [event!]).status).toBe('active');
    });

    it('keeps a free-text skill as written (never scored) and older names as their keys', () => {
      const [free] = given()
        .when(publish({ skills: ['Navigation', 'Ukulele'] }))
        .run();
      expect(snapshotOf(free!).details.skills).toEqual(['navigation', 'Ukulele']);
      const [event] = given()
        .when(publish({ skills: ['GPS electronics', 'gps_electronics', 'Line Handling'] }))
        .run();
      expect(snapshotOf(event!).details.skills).toEqual(['gps_electronics', 'line_handling']);
    });

    it.each([
      [{ title: ' ' }, 'TITLE_REQUIRED', 'Title is required'],
      [{ title: 'Sail' }, 'TITLE_TOO_SHORT', 'Title must be at least 5 characters'],
      [{ startDate: '' }, 'DEPARTURE_DATE_REQUIRED', 'Departure date is required'],
      [{ endDate: '' }, 'RETURN_DATE_REQUIRED', 'Return date is required'],
      [{ endDate: '2026-07-01' }, 'RETURN_BEFORE_DEPARTURE', 'Return date must be after departure date'],
      [{ startDate: '2026-05-31' }, 'DEPARTURE_IN_PAST', 'Departure date cannot be in the past'],
      [{ crewNeeded: 0 }, 'CREW_NEEDED_RANGE', 'Crew needed must be between 1 and 20'],
      [{ crewNeeded: 21 }, 'CREW_NEEDED_RANGE', 'Crew needed must be between 1 and 20'],
      [{ stops: [] }, 'DEPARTURE_PORT_REQUIRED', 'Departure port is required'],
      [{ stops: [PORTSMOUTH] }, 'DESTINATION_PORT_REQUIRED', 'Destination port is required'],
      [{ stops: [PORTSMOUTH, { name: 'Somewhere', portId: null, coordinates: null }] }, 'PORTS_INVALID', 'Please select valid ports from the dropdown suggestions'],
      [{ isCustom: true, stops: [], custom: { departure: '', destination: 'B', distanceNm: 10 } }, 'DEPARTURE_LOCATION_REQUIRED', 'Departure location is required'],
      [{ isCustom: true, stops: [], custom: { departure: 'A', destination: ' ', distanceNm: 10 } }, 'DESTINATION_LOCATION_REQUIRED', 'Destination location is required'],
      [{ isCustom: true, stops: [], custom: { departure: 'A', destination: 'B', distanceNm: 0 } }, 'DISTANCE_NOT_POSITIVE', 'Distance must be greater than 0'],
      [{ isCustom: true, stops: [], custom: { departure: 'A', destination: 'B', distanceNm: 50_001 } }, 'DISTANCE_TOO_LARGE', 'Distance seems unreasonably large (max 50,000 nm)'],
      [{ contribution: { type: 'paid', amount: -1, currency: 'EUR', details: '' } }, 'CONTRIBUTION_NEGATIVE', 'Contribution amount cannot be negative'],
    ] as [Partial<VoyagePlan>, string, string][])('refuses %j with "%s"', (overrides, code, message) => {
      given().when(publish(overrides)).thenRejects('validation', code, message);
    });

    it('accepts the boundaries: today, 1 and 20 crew, 50,000 nm', () => {
      expect(
        given()
          .when(publish({ startDate: '2026-06-01', crewNeeded: 1 }))
          .run(),
      ).toHaveLength(1);
      expect(
        given()
          .when(publish({ crewNeeded: 20 }))
          .run(),
      ).toHaveLength(1);
      expect(
        given()
          .when(publish({ isCustom: true, stops: [], custom: { departure: 'A', destination: 'B', distanceNm: 50_000 } }))
          .run(),
      ).toHaveLength(1);
    });

    it('needs a boat of the skipper that is active', () => {
      given().when(publish({}, null)).thenRejects('validation', 'BOAT_REQUIRED', 'Please select a boat');
      given()
        .when(publish({}, { ...BOAT, ownerId: OTHER }))
        .thenRejects('forbidden', 'BOAT_NOT_YOURS');
      given()
        .when(publish({}, { ...BOAT, isActive: false }))
        .thenRejects('validation', 'BOAT_INACTIVE');
    });

    it('keeps no amount for a free voyage', () => {
      const [event] = given()
        .when(publish({ contribution: { type: 'free', amount: 50, currency: 'USD', details: '' } }))
        .run();
      expect(snapshotOf(event!).contribution).toEqual({ type: 'free', amount: null, currency: 'USD', details: '' });
    });

    it('refuses to publish twice', () => {
      given(published()).when(publish()).thenRejects('conflict', 'ALREADY_PUBLISHED');
    });
  });

  describe('drafts', () => {
    it('saves an incomplete draft and publishes it later', () => {
      const draft = given()
        .when({ type: 'SaveVoyageDraft', actorId: SKIPPER, plan: plan({ title: '', startDate: '' }), boat: null })
        .run();
      expect(draft[0]!.type).toBe('VoyageDraftSaved');
      expect(foldEvents(Voyage, draft).status).toBe('draft');
      const [event] = given(...draft)
        .when(publish())
        .run();
      expect(event!.type).toBe('VoyagePublished');
    });

    it('lets only the owner touch a draft, and cannot change the status of one', () => {
      const draft = given().when({ type: 'SaveVoyageDraft', actorId: SKIPPER, plan: plan(), boat: BOAT }).run();
      given(...draft)
        .when({ type: 'SaveVoyageDraft', actorId: OTHER, plan: plan(), boat: null })
        .thenRejects('forbidden', 'NOT_VOYAGE_OWNER');
      given(...draft)
        .when({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'active' })
        .thenRejects('conflict', 'VOYAGE_IS_DRAFT');
      given(...draft)
        .when({ type: 'CancelVoyage', actorId: SKIPPER, reason: '' })
        .thenRejects('conflict', 'VOYAGE_IS_DRAFT');
    });
  });

  describe('values the read models hold', () => {
    const draft = (overrides: Partial<VoyagePlan>): VoyageCommand => ({ type: 'SaveVoyageDraft', actorId: SKIPPER, plan: plan(overrides), boat: null });
    const edit = (overrides: Partial<VoyagePlan>): VoyageCommand => ({ type: 'EditVoyage', actorId: SKIPPER, plan: plan(overrides), boat: BOAT });

    it.each(['2027-02-30', '9999-99-99', '2026-13-01', '2026-00-10', '2026-04-31', '1999-12-31', '2101-01-01', '2026-7-01', '0000-01-01'])(
      'refuses %s as a date: in a draft, on publish and in an edit',
      (date) => {
        for (const command of [draft({ startDate: date }), publish({ endDate: date }), draft({ endDate: date })]) {
          given().when(command).thenRejects('validation', 'DATE_INVALID');
        }
        given(published())
          .when(edit({ endDate: date }))
          .thenRejects('validation', 'DATE_INVALID');
      },
    );

    it('accepts real days at the edges: 29 February of a leap year, the last day of 2100', () => {
      expect(
        given()
          .when(publish({ startDate: '2028-02-29', endDate: '2100-12-31' }))
          .run(),
      ).toHaveLength(1);
      given()
        .when(publish({ startDate: '2027-02-29', endDate: '2027-03-10' }))
        .thenRejects('validation', 'DATE_INVALID');
    });

    it.each([
      ['a NUL', 'Biscay\u0000crossing'],
      ['a lone high surrogate', 'Biscay \ud800 crossing'],
      ['a lone low surrogate', 'Biscay \udc00 crossing'],
      ['an escape character', 'Biscay \u001b[31m crossing'],
      ['a C1 control', 'Biscay \u0085 crossing'],
    ])('refuses %s in any text, even in a draft', (_name, bad) => {
      given()
        .when(draft({ title: bad }))
        .thenRejects('validation', 'TITLE_INVALID');
      given()
        .when(publish({ description: bad }))
        .thenRejects('validation', 'DESCRIPTION_INVALID');
      given()
        .when(draft({ skills: ['Navigation', bad] }))
        .thenRejects('validation', 'SKILL_INVALID');
      given()
        .when(draft({ contribution: { type: 'paid', amount: 10, currency: 'GBP', details: bad } }))
        .thenRejects('validation', 'TEXT_INVALID');
      given()
        .when(draft({ stops: [PORTSMOUTH, { name: bad, portId: null, coordinates: [-1, 50] }] }))
        .thenRejects('validation', 'PORTS_INVALID');
      given()
        .when(draft({ isCustom: true, custom: { departure: bad, destination: 'Cowes', distanceNm: 10 } }))
        .thenRejects('validation', 'DEPARTURE_LOCATION_INVALID');
    });

    it('keeps tabs and line breaks in long texts and a real emoji', () => {
      const [event] = given()
        .when(publish({ description: 'Day 1:\tPortsmouth\r\nDay 2: Cherbourg 🌊' }))
        .run();
      expect(snapshotOf(event!).details.description).toBe('Day 1:\tPortsmouth\r\nDay 2: Cherbourg 🌊');
    });

    it('refuses texts longer than their columns are meant to be', () => {
      given()
        .when(draft({ title: 'x'.repeat(201) }))
        .thenRejects('validation', 'TITLE_INVALID', 'Title must be at most 200 characters');
      given()
        .when(draft({ description: 'x'.repeat(10_001) }))
        .thenRejects('validation', 'DESCRIPTION_INVALID');
      given()
        .when(draft({ skills: Array.from({ length: 9 }, (_, i) => `Skill ${i}`) }))
        .thenRejects('validation', 'TOO_MANY_SKILLS');
    });

    it('refuses numbers that are not whole, finite or within range, in drafts as well', () => {
      for (const crewNeeded of [0, 21, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        given().when(draft({ crewNeeded })).thenRejects('validation', 'CREW_NEEDED_RANGE');
      }
      for (const distanceNm of [-1, 50_001, 1e12, Number.NaN]) {
        given()
          .when(draft({ isCustom: true, custom: { departure: 'Cowes', destination: 'Yarmouth', distanceNm } }))
          .thenRejects('validation', expect.stringMatching(/^DISTANCE_/) as unknown as string);
      }
      for (const amount of [-0.01, 1_000_000.01, Number.POSITIVE_INFINITY]) {
        given()
          .when(draft({ contribution: { type: 'paid', amount, currency: 'GBP', details: '' } }))
          .thenRejects('validation', expect.stringMatching(/^CONTRIBUTION_/) as unknown as string);
      }
    });

    it('keeps a manual distance in whole nautical miles, as the read models count it', () => {
      const [event] = given()
        .when(publish({ isCustom: true, stops: [], custom: { departure: 'Cowes', destination: 'Yarmouth', distanceNm: 12.6 } }))
        .run();
      expect(snapshotOf(event!).totalDistanceNm).toBe(13);
      expect(snapshotOf(event!).segments[0]!.distanceNm).toBe(13);
    });

    it('refuses coordinates off the globe and values outside their lists', () => {
      given()
        .when(draft({ stops: [PORTSMOUTH, { name: 'Nowhere', portId: null, coordinates: [181, 0] }] }))
        .thenRejects('validation', 'PORTS_INVALID');
      given()
        .when(draft({ stops: [PORTSMOUTH, { name: 'Nowhere', portId: null, coordinates: [0, -90.5] }] }))
        .thenRejects('validation', 'PORTS_INVALID');
      given()
        .when(draft({ minExperience: 'pirate' as never }))
        .thenRejects('validation', 'EXPERIENCE_INVALID');
      given()
        .when(draft({ contribution: { type: 'barter' as never, amount: null, currency: 'GBP', details: '' } }))
        .thenRejects('validation', 'CONTRIBUTION_TYPE_INVALID');
      given()
        .when(draft({ contribution: { type: 'paid', amount: 5, currency: 'BTC' as never, details: '' } }))
        .thenRejects('validation', 'CURRENCY_INVALID');
      given(published())
        .when({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'sunk' as never })
        .thenRejects('validation', 'STATUS_INVALID');
    });

    it('checks a contribution change and a cancellation reason like the full form', () => {
      given(published())
        .when({ type: 'ChangeVoyageContribution', actorId: SKIPPER, contribution: { type: 'paid', amount: 1e9, currency: 'GBP', details: '' } })
        .thenRejects('validation', 'CONTRIBUTION_TOO_LARGE');
      given(published())
        .when({ type: 'ChangeVoyageContribution', actorId: SKIPPER, contribution: { type: 'paid', amount: 5, currency: 'GBP', details: 'x\u0000' } })
        .thenRejects('validation', 'TEXT_INVALID');
      given(published()).when({ type: 'CancelVoyage', actorId: SKIPPER, reason: 'storm\ud800' }).thenRejects('validation', 'REASON_INVALID');
    });
  });

  describe('editing', () => {
    const edit = (overrides: Partial<VoyagePlan>, actorId = SKIPPER): VoyageCommand => ({ type: 'EditVoyage', actorId, plan: plan(overrides), boat: BOAT });

    it('records only what changed', () => {
      given(published()).when(edit({})).then([]);
      const events = given(published())
        .when(edit({ title: 'Biscay crossing, take two', crewNeeded: 6 }))
        .run();
      expect(events.map((e) => e.type)).toEqual(['VoyageDetailsEdited', 'VoyageRouteChanged', 'VoyageCrewNeededChanged']);
      expect(events[2]!.data).toEqual({ crewNeeded: 6, previous: 4 });
      const route = given(published())
        .when(edit({ stops: [PORTSMOUTH, LA_CORUNA] }))
        .run();
      expect(route.map((e) => e.type)).toEqual(['VoyageRouteChanged']);
    });

    it('sees no change when the stored event came back with its keys in another order', () => {
      // PostgreSQL's jsonb sorts object keys, so state folded from the store is ordered differently.
      const reorder = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(reorder)
          : value && typeof value === 'object'
            ? Object.fromEntries(
                Object.entries(value)
                  .reverse()
                  .map(([key, item]) => [key, reorder(item)]),
              )
            : value;
      const stored = reorder(published()) as VoyageEvent;
      given(stored).when(edit({})).then([]);
      given(stored).when({ type: 'ChangeVoyageContribution', actorId: SKIPPER, contribution: plan().contribution }).then([]);
    });

    it('allows a past departure on an existing voyage but still checks every other rule', () => {
      expect(
        given(published())
          .when(edit({ startDate: '2026-05-01' }))
          .run()
          .map((e) => e.type),
      ).toEqual(['VoyageDetailsEdited', 'VoyageRouteChanged']);
      given(published())
        .when(edit({ title: 'Nope' }))
        .thenRejects('validation', 'TITLE_TOO_SHORT');
    });

    it('is refused to anyone but the skipper, and outside planning or active', () => {
      given(published()).when(edit({}, OTHER)).thenRejects('forbidden', 'NOT_VOYAGE_OWNER', 'Only the skipper of this voyage can change it');
      const inProgress: VoyageEvent = { type: 'VoyageStatusChanged', data: { status: 'in_progress', previous: 'active' } };
      given(published(), inProgress)
        .when(edit({ title: 'Biscay crossing again' }))
        .thenRejects('conflict', 'VOYAGE_NOT_EDITABLE');
      const planning: VoyageEvent = { type: 'VoyageStatusChanged', data: { status: 'planning', previous: 'active' } };
      expect(
        given(published(), planning)
          .when(edit({ title: 'Biscay crossing again' }))
          .run(),
      ).toHaveLength(1);
    });

    it('refuses anything on a voyage that does not exist', () => {
      given().when(edit({})).thenRejects('not_found', 'VOYAGE_NOT_FOUND');
    });
  });

  describe('status, contribution and cancelling', () => {
    it('lets the owner pick any status, in any order, and records nothing when unchanged', () => {
      // On its departure date (1 July), the voyage has sailed and can be completed.
      const sailed = new Date('2026-07-01T08:00:00Z');
      expect(Voyage.decide({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'completed' }, foldEvents(Voyage, [published()]), sailed)).toEqual([
        { type: 'VoyageStatusChanged', data: { status: 'completed', previous: 'active' } },
        { type: 'VoyageCompleted', data: { completedAt: sailed.toISOString(), crew: [], invited: [SKIPPER] } },
      ]);
      const completed: VoyageEvent = { type: 'VoyageStatusChanged', data: { status: 'completed', previous: 'active' } };
      given(published(), completed)
        .when({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'planning' })
        .then([{ type: 'VoyageStatusChanged', data: { status: 'planning', previous: 'completed' } }]);
      given(published()).when({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'active' }).then([]);
      given(published()).when({ type: 'ChangeVoyageStatus', actorId: OTHER, status: 'completed' }).thenRejects('forbidden', 'NOT_VOYAGE_OWNER');
    });

    it('refuses completing a voyage before its departure date, with the date, and takes it from the first zone where that day has begun', () => {
      // NOW is 1 June; the voyage departs on 1 July.
      given(published())
        .when({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'completed' })
        .thenRejects('conflict', 'VOYAGE_NOT_DEPARTED', 'This voyage departs on 1 July 2026: it can be marked completed once it has sailed, from its departure date');
      const complete = (at: string) => () => Voyage.decide({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'completed' }, foldEvents(Voyage, [published()]), new Date(at));
      // 1 July has begun at UTC+14 at 10:00 UTC on 30 June; not a minute before.
      expect(complete('2026-06-30T09:59:00Z')).toThrow('This voyage departs on 1 July 2026');
      expect(complete('2026-06-30T10:00:00Z')()).toHaveLength(2);
      // Other status changes are not dated.
      given(published())
        .when({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'full' })
        .then([{ type: 'VoyageStatusChanged', data: { status: 'full', previous: 'active' } }]);
    });

    it('changes the contribution, dropping the amount when free', () => {
      given(published())
        .when({ type: 'ChangeVoyageContribution', actorId: SKIPPER, contribution: { type: 'free', amount: 10, currency: 'GBP', details: '' } })
        .then([{ type: 'VoyageContributionChanged', data: { contribution: { type: 'free', amount: null, currency: 'GBP', details: '' } } }]);
    });

    it('makes cancelling final: nothing changes a cancelled voyage again', () => {
      const cancelled = given(published()).when({ type: 'CancelVoyage', actorId: SKIPPER, reason: ' Weather ' }).run();
      expect(cancelled).toEqual([{ type: 'VoyageCancelled', data: { previous: 'active', reason: 'Weather', notifiedCrewIds: [] } }]);
      expect(foldEvents(Voyage, [published(), ...cancelled]).status).toBe('cancelled');
      for (const command of [
        { type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'active' },
        { type: 'CancelVoyage', actorId: SKIPPER, reason: '' },
        { type: 'EditVoyage', actorId: SKIPPER, plan: plan(), boat: BOAT },
        { type: 'ChangeVoyageContribution', actorId: SKIPPER, contribution: { type: 'free', amount: null, currency: 'GBP', details: '' } },
      ] as VoyageCommand[]) {
        given(published(), ...cancelled)
          .when(command)
          .thenRejects('conflict', 'VOYAGE_CANCELLED', 'This voyage has been cancelled');
      }
    });

    it('treats choosing the cancelled status as cancelling', () => {
      given(published())
        .when({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'cancelled' })
        .then([{ type: 'VoyageCancelled', data: { previous: 'active', reason: '', notifiedCrewIds: [] } }]);
    });
  });
});
