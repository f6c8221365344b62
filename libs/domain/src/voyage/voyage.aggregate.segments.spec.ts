import { BOAT, COWES, GUERNSEY, SKIPPER, givenVoyage, voyagePlan } from '../testing/voyage-fixtures';
import { Voyage, buildSegments, voyageIdOfStream, voyageStreamId } from './voyage.aggregate';
import type { LegPlan, VoyageCommand, VoyagePlan } from './voyage.commands';

const leg = (overrides: Partial<LegPlan> = {}): LegPlan => ({ departureDate: null, arrivalDate: null, distanceNm: null, crossesLand: false, ...overrides });
const customPlan = (custom: VoyagePlan['custom'], overrides: Partial<VoyagePlan> = {}): VoyagePlan => voyagePlan({ isCustom: true, stops: [], custom, ...overrides });
const publish = (overrides: Partial<VoyagePlan> = {}): VoyageCommand => ({ type: 'PublishVoyage', actorId: SKIPPER, plan: voyagePlan(overrides), boat: BOAT });
/** The fixture's route, Cowes – Cherbourg – Saint-Malo – Guernsey, 1 to 10 July: three legs. */
const legsOf = (events: ReturnType<typeof Voyage.decide>) =>
  events.flatMap((event) => (event.type === 'VoyagePublished' ? event.data.segments : [])).map((s) => [s.estimatedDepartureDate, s.estimatedArrivalDate, s.estimatedDurationHours]);

describe('Voyage streams', () => {
  it("names a voyage's stream after its id, and reads the id back from the stream", () => {
    expect(voyageStreamId('v-42')).toBe('voyage-v-42');
    expect(voyageIdOfStream('voyage-v-42')).toBe('v-42');
    expect(voyageIdOfStream(voyageStreamId('0a1b'))).toBe('0a1b');
    expect(Voyage.streamPrefix).toBe('voyage');
  });
});

describe('Voyage segments', () => {
  describe('a custom voyage', () => {
    it('names its one leg after the trimmed locations, with the default distance and no override when no distance is given', () => {
      const { segments, totalDistanceNm } = buildSegments(customPlan({ departure: '  Yarmouth ', destination: ' Lymington  ', distanceNm: null }));
      expect(segments).toHaveLength(1);
      expect(segments[0]).toMatchObject({
        order: 1,
        departure: { name: 'Yarmouth', portId: null, coordinates: null },
        arrival: { name: 'Lymington', portId: null, coordinates: null },
        distanceNm: 100,
        distanceManualOverride: false,
        crossesLand: false,
      });
      expect(totalDistanceNm).toBe(100);
    });

    it("never crosses land, even with the skipper's own distance", () => {
      const { segments } = buildSegments(customPlan({ departure: 'Yarmouth', destination: 'Lymington', distanceNm: 8 }));
      expect(segments[0]).toMatchObject({ distanceNm: 8, distanceManualOverride: true, crossesLand: false });
    });

    it.each([
      ['departs and returns the same day: no hours', '2026-07-04', '2026-07-04', 0],
      ['returns before it departs: the default day', '2026-07-10', '2026-07-01', 24],
      ['departs on a day off the calendar: the default day', '1999-12-31', '2026-07-10', 24],
      ['returns on a day off the calendar: the default day', '2026-07-01', '2101-01-01', 24],
    ])('takes its duration from its dates: %s', (_case, startDate, endDate, hours) => {
      const { segments } = buildSegments(customPlan({ departure: 'Yarmouth', destination: 'Lymington', distanceNm: 8 }, { startDate, endDate }));
      expect(segments[0]!.estimatedDurationHours).toBe(hours);
    });
  });

  describe('a catalogue route', () => {
    it('measures a leg to or from a stop without coordinates as 0 nm', () => {
      const somewhere = { name: 'Somewhere', portId: null, coordinates: null };
      const { segments, totalDistanceNm } = buildSegments(voyagePlan({ stops: [COWES, somewhere, GUERNSEY] }));
      expect(segments.map((s) => s.distanceNm)).toEqual([0, 0]);
      expect(totalDistanceNm).toBe(0);
    });

    it('crosses no land unless the skipper says a leg does', () => {
      expect(buildSegments(voyagePlan()).segments.map((s) => s.crossesLand)).toEqual([false, false, false]);
      expect(buildSegments(voyagePlan({ legs: [leg(), leg({ crossesLand: true })] })).segments.map((s) => s.crossesLand)).toEqual([false, true, false]);
    });

    it('gives a leg arriving before it departs no duration, and one arriving the day it departs 0 hours', () => {
      const { segments } = buildSegments(
        voyagePlan({ legs: [leg(), leg({ departureDate: '2026-07-05', arrivalDate: '2026-07-04' }), leg({ departureDate: '2026-07-06', arrivalDate: '2026-07-06' })] }),
      );
      expect(segments.map((s) => s.estimatedDurationHours)).toEqual([null, null, 96]);
      const sameDay = buildSegments(voyagePlan({ legs: [leg({ arrivalDate: '2026-07-03' }), leg({ departureDate: '2026-07-04', arrivalDate: '2026-07-04' })] }));
      expect(sameDay.segments[1]!.estimatedDurationHours).toBe(0);
    });
  });
});

describe('Voyage leg dates on publishing', () => {
  it('accepts a leg that arrives the day it departs, and one departing the day the leg before arrives', () => {
    const events = givenVoyage()
      .when(publish({ legs: [leg({ arrivalDate: '2026-07-03' }), leg({ departureDate: '2026-07-03', arrivalDate: '2026-07-03' }), leg({ departureDate: '2026-07-03' })] }))
      .events();
    expect(legsOf(events)).toEqual([
      ['2026-07-01', '2026-07-03', 48],
      ['2026-07-03', '2026-07-03', 0],
      ['2026-07-03', '2026-07-10', 168],
    ]);
  });

  it('accepts a leg of unknown departure arriving the day the leg before arrives', () => {
    const events = givenVoyage()
      .when(publish({ legs: [leg({ arrivalDate: '2026-07-03' }), leg({ arrivalDate: '2026-07-03' }), leg()] }))
      .events();
    expect(legsOf(events)).toEqual([
      ['2026-07-01', '2026-07-03', 48],
      [null, '2026-07-03', null],
      [null, '2026-07-10', null],
    ]);
  });

  it('compares a leg with the last known date before it, past a leg with no dates', () => {
    givenVoyage()
      .when(publish({ legs: [leg({ arrivalDate: '2026-07-05' }), leg(), leg({ departureDate: '2026-07-04' })] }))
      .thenThrows('validation', 'LEG_DEPARTS_TOO_EARLY', /^Leg 3 cannot depart before leg 1 arrives$/);
  });

  it("does not read catalogue legs' distances on a custom voyage", () => {
    const custom = { departure: 'Yarmouth', destination: 'Lymington', distanceNm: 8 };
    givenVoyage()
      .when(publish({ isCustom: true, stops: [], custom, legs: [leg({ distanceNm: 0 })] }))
      .thenMatches([{ type: 'VoyagePublished', data: { totalDistanceNm: 8 } }]);
  });
});
