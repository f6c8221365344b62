import { EARTH_RADIUS_NM, greatCircleNm, hasDepartureDayBegun, isValidCoordinates, type Coordinates } from './voyage.rules';

/** A minute of arc on a great circle: one nautical mile on this sphere. */
const ONE_DEGREE_NM = (EARTH_RADIUS_NM * Math.PI) / 180;

describe('great-circle distance', () => {
  it('is a degree of arc along the equator or a meridian, about 60 nm', () => {
    expect(greatCircleNm([0, 0], [1, 0])).toBeCloseTo(ONE_DEGREE_NM, 6);
    expect(greatCircleNm([-1.3, 50], [-1.3, 51])).toBeCloseTo(ONE_DEGREE_NM, 6);
    expect(ONE_DEGREE_NM).toBeCloseTo(60.04, 2);
  });

  it('shrinks a degree of longitude with the cosine of the latitude', () => {
    // At 60°N a degree of longitude is half as long as at the equator (very nearly, the path bowing north a little).
    expect(greatCircleNm([0, 60], [1, 60])).toBeCloseTo(ONE_DEGREE_NM / 2, 1);
    expect(greatCircleNm([10, 45], [11, 46])).toBeCloseTo(Math.hypot(ONE_DEGREE_NM * Math.cos((45.5 * Math.PI) / 180), ONE_DEGREE_NM), 0);
  });

  it('is the same both ways and half the world at most', () => {
    expect(greatCircleNm([-1.3, 50.76], [-2.54, 49.45])).toBeCloseTo(greatCircleNm([-2.54, 49.45], [-1.3, 50.76]), 9);
    expect(greatCircleNm([0, 0], [180, 0])).toBeCloseTo(ONE_DEGREE_NM * 180, 6);
  });
});

describe('valid coordinates', () => {
  it('are a longitude and a latitude within range', () => {
    expect(isValidCoordinates([-180, -90])).toBe(true);
    expect(isValidCoordinates([180, 90])).toBe(true);
    expect(isValidCoordinates([180.1, 0])).toBe(false);
    expect(isValidCoordinates([0, -90.1])).toBe(false);
  });

  it('are exactly two numbers in an array', () => {
    expect(isValidCoordinates([1, 2, 3] as unknown as Coordinates)).toBe(false);
    expect(isValidCoordinates([1] as unknown as Coordinates)).toBe(false);
    expect(isValidCoordinates({ 0: 1, 1: 2, length: 2 } as unknown as Coordinates)).toBe(false);
  });
});

describe('whether the departure day has begun', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it('begins when the day starts in the earliest time zone, 14 hours before it starts in UTC', () => {
    expect(hasDepartureDayBegun('2026-06-02', new Date('2026-06-01T10:00:00Z'))).toBe(true);
    expect(hasDepartureDayBegun('2026-06-02', new Date('2026-06-01T09:59:59.999Z'))).toBe(false);
  });

  it('sets no limit on a voyage without a start date, or with one that is no calendar date', () => {
    expect(hasDepartureDayBegun('', now)).toBe(true);
    expect(hasDepartureDayBegun('next summer', now)).toBe(true);
    expect(hasDepartureDayBegun('2027-02-30', now)).toBe(true);
  });
});
