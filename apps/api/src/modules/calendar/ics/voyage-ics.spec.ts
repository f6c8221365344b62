import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import ical, { type CalendarComponent, type VEvent } from 'node-ical';
import { mailI18n } from '../../../platform/mail/mail-i18n';
import { buildFeedCalendar, buildVoyageCalendar, legDays, type CalendarLeg, type CalendarVoyage, type FeedVoyage } from './voyage-ics';

const VOYAGE_ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const OTHER_ID = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

const leg = (order: number, from: string, to: string, departure: string | null, arrival: string | null, at: [number, number] | null = null): CalendarLeg => ({
  order,
  departure: { name: from, portId: null, coordinates: at },
  arrival: { name: to, portId: null, coordinates: null },
  estimatedDepartureDate: departure,
  estimatedArrivalDate: arrival,
});

/** Across both of Europe's 2027 clock changes: spring forward on Sunday 28 March, fall back on Sunday 31 October. */
const aegean: CalendarVoyage = {
  id: VOYAGE_ID,
  title: 'Aegean spring and autumn',
  status: 'active',
  startDate: '2027-03-27',
  endDate: '2027-11-01',
  legs: [
    leg(1, 'Piraeus', 'Hydra', '2027-03-27', '2027-03-29', [23.6465, 37.9421]),
    leg(2, 'Hydra', 'Marseille', null, null),
    leg(3, 'Marseille', 'Toulon', '2027-10-30', '2027-11-01'),
  ],
  revision: 7,
  updatedAt: new Date('2027-01-15T10:20:30Z'),
};

const options = { i18n: mailI18n('en'), voyageUrl: (id: string) => `https://crew.example/voyages/${id}` };

const eventsOf = (text: string): VEvent[] =>
  Object.values(ical.sync.parseICS(text))
    .filter((component): component is CalendarComponent & VEvent => component?.type === 'VEVENT')
    .sort((a, b) => a.uid.localeCompare(b.uid));

/** A date-only value as the calendar day node-ical read (it builds local midnights). */
const dayOf = (date: Date): string => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const text = (value: unknown): string => (typeof value === 'string' ? value : ((value as { val?: string } | undefined)?.val ?? ''));

const TEST_DIR = path.resolve(__dirname, '../../../../test');

/** Builds `voyage`'s calendar and reads it back in a process of its own in `zone` (jest's workers cannot change theirs). */
async function inZone(zone: string, voyage: CalendarVoyage): Promise<{ offset: number; written: string; read: [boolean, string, string][] }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--require', path.join(TEST_DIR, 'support/swc-register.cjs'), path.join(TEST_DIR, 'fixtures/calendar-in-zone.ts'), JSON.stringify(voyage)],
    { env: { ...process.env, TZ: zone } },
  );
  return JSON.parse(stdout) as { offset: number; written: string; read: [boolean, string, string][] };
}

describe('a voyage as an iCalendar file', () => {
  it('has one all-day event per leg with its ports in SUMMARY and LOCATION and the voyage link', () => {
    const events = eventsOf(buildVoyageCalendar(aegean, options));
    expect(events).toHaveLength(3);
    expect(events.map((event) => text(event.summary))).toEqual([
      'Aegean spring and autumn (leg 1 of 3): Piraeus → Hydra',
      'Aegean spring and autumn (leg 2 of 3): Hydra → Marseille',
      'Aegean spring and autumn (leg 3 of 3): Marseille → Toulon',
    ]);
    expect(events.map((event) => text(event.location))).toEqual(['Piraeus', 'Hydra', 'Marseille']);
    expect(events[0]!.geo).toEqual({ lat: 37.9421, lon: 23.6465 });
    for (const event of events) {
      expect(event.datetype).toBe('date');
      expect(text(event.url)).toBe(`https://crew.example/voyages/${VOYAGE_ID}`);
      expect(text(event.description)).toContain(`https://crew.example/voyages/${VOYAGE_ID}`);
      expect(event.status).toBe('CONFIRMED');
    }
  });

  // The clocks' offset from UTC on Sunday 28 March 2027 at noon (summer time in Europe, autumn in New Zealand).
  it.each([
    ['Europe/Athens', -180],
    ['Europe/Paris', -120],
    ['America/New_York', 240],
    ['Pacific/Auckland', -780],
    ['UTC', 0],
  ])('keeps the legs on their days across the spring and autumn clock changes (server and reader in %s)', async (zone, offset) => {
    const { offset: seen, written, read } = await inZone(zone, aegean);
    expect(seen).toBe(offset);
    // The days as written, whatever the zone: RFC 5545 DATE values, the end the day after arrival.
    expect(written).toContain('DTSTART;VALUE=DATE:20270327\r\nDTEND;VALUE=DATE:20270330');
    expect(written).toContain('DTSTART;VALUE=DATE:20271030\r\nDTEND;VALUE=DATE:20271102');
    // And as a calendar app in that zone reads them: the same days.
    expect(read).toEqual([
      [true, '2027-03-27', '2027-03-30'],
      // A leg without dates lies between its neighbours: from the day leg 1 arrives to the day leg 3 leaves.
      [true, '2027-03-29', '2027-10-31'],
      [true, '2027-10-30', '2027-11-02'],
    ]);
  });

  it('says when a leg’s dates were not set, and writes no event for a leg that has no day at all', () => {
    const events = eventsOf(buildVoyageCalendar(aegean, options));
    expect(text(events[1]!.description)).toContain("The skipper has not set this leg's dates yet");
    expect(text(events[0]!.description)).not.toContain('not set');
    const undated = { ...aegean, startDate: null, endDate: null, legs: [leg(1, 'Piraeus', 'Hydra', null, null)] };
    expect(legDays(undated).size).toBe(0);
    expect(eventsOf(buildVoyageCalendar(undated, options))).toEqual([]);
  });

  it('keeps each leg’s UID across an edit and raises SEQUENCE and LAST-MODIFIED with the voyage’s revision', () => {
    const before = eventsOf(buildVoyageCalendar(aegean, options));
    const edited: CalendarVoyage = {
      ...aegean,
      legs: [leg(1, 'Piraeus', 'Hydra', '2027-03-28', '2027-03-30'), ...aegean.legs.slice(1)],
      revision: 9,
      updatedAt: new Date('2027-02-01T08:00:00Z'),
    };
    const after = eventsOf(buildVoyageCalendar(edited, options));
    expect(after.map((event) => event.uid)).toEqual(before.map((event) => event.uid));
    expect(new Set(before.map((event) => event.uid)).size).toBe(3);
    expect(before[0]!.uid).toBe(`voyage-${VOYAGE_ID}-leg-1@crew-finder`);
    expect(before.map((event) => Number(event.sequence))).toEqual([7, 7, 7]);
    expect(after.map((event) => Number(event.sequence))).toEqual([9, 9, 9]);
    expect(after[0]!.lastmodified?.toISOString()).toBe('2027-02-01T08:00:00.000Z');
    expect(dayOf(after[0]!.start)).toBe('2027-03-28');
    // The same voyage makes the same bytes: nothing in the file depends on when it was asked for.
    expect(buildVoyageCalendar(edited, options)).toBe(buildVoyageCalendar(edited, options));
  });

  it('marks a cancelled voyage’s legs CANCELLED, says so, and asks no refresh of a one-off file', () => {
    const written = buildVoyageCalendar({ ...aegean, status: 'cancelled' }, options);
    const events = eventsOf(written);
    expect(events.every((event) => event.status === 'CANCELLED')).toBe(true);
    expect(text(events[0]!.description)).toContain('This voyage was cancelled.');
    expect(written).not.toContain('REFRESH-INTERVAL');
    expect(written).toContain('X-WR-CALNAME:Aegean spring and autumn');
  });

  it('writes its texts in the calendar’s language', () => {
    const [first] = eventsOf(buildVoyageCalendar(aegean, { ...options, i18n: mailI18n('fr') }));
    expect(text(first!.summary)).toBe('Aegean spring and autumn (étape 1 sur 3) : Piraeus → Hydra');
  });
});

describe('a member’s calendar feed', () => {
  const channel: FeedVoyage = {
    id: OTHER_ID,
    title: 'Solent to Cherbourg',
    status: 'planning',
    startDate: '2027-06-01',
    endDate: '2027-06-02',
    legs: [leg(1, 'Cowes', 'Cherbourg', '2027-06-01', '2027-06-02')],
    revision: 3,
    updatedAt: new Date('2027-01-10T00:00:00Z'),
    role: 'applicant',
    legOrders: [],
  };

  it('asks calendar apps to refresh every hour, names itself, and shows the member’s own part in each voyage', () => {
    const written = buildFeedCalendar([{ ...aegean, role: 'crew', legOrders: [1, 3] }, channel], options);
    expect(written).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(written).toContain('X-PUBLISHED-TTL:PT1H');
    expect(written).toContain('X-WR-CALNAME:Crew Finder voyages');
    const events = eventsOf(written);
    // Accepted for legs 1 and 3 of the Aegean voyage: those two legs, confirmed; the pending application is tentative.
    expect(events.map((event) => [event.uid, event.status])).toEqual([
      [`voyage-${OTHER_ID}-leg-1@crew-finder`, 'TENTATIVE'],
      [`voyage-${VOYAGE_ID}-leg-1@crew-finder`, 'CONFIRMED'],
      [`voyage-${VOYAGE_ID}-leg-3@crew-finder`, 'CONFIRMED'],
    ]);
    expect(text(events[0]!.summary)).toBe('Application pending: Solent to Cherbourg: Cowes → Cherbourg');
    expect(text(events[0]!.description)).toContain('Your part: Application pending');
    expect(text(events[1]!.description)).toContain('Your part: Accepted crew');
    const skippered = eventsOf(buildFeedCalendar([{ ...aegean, role: 'skipper', legOrders: [2] }], options));
    // A skipper sails every leg, whatever a list of legs says.
    expect(skippered).toHaveLength(3);
    expect(text(skippered[0]!.description)).toContain('Your part: Skipper');
  });

  it('carries nothing but titles, ports, dates, links and the member’s own part: no name, email or phone number of anyone', () => {
    const written = buildFeedCalendar([{ ...aegean, role: 'skipper', legOrders: [] }, channel], options);
    expect(written).not.toMatch(/ORGANIZER|ATTENDEE|CONTACT|mailto:|@(?!crew-finder)/i);
    const properties = new Set(
      written
        .split('\r\n')
        .filter((line) => /^[A-Z-]+[:;]/.test(line))
        .map((line) => /^[A-Z-]+/.exec(line)![0]),
    );
    expect([...properties].sort()).toEqual(
      [
        'BEGIN',
        'DESCRIPTION',
        'DTEND',
        'DTSTAMP',
        'DTSTART',
        'END',
        'GEO',
        'LAST-MODIFIED',
        'LOCATION',
        'PRODID',
        'REFRESH-INTERVAL',
        'SEQUENCE',
        'STATUS',
        'SUMMARY',
        'UID',
        'URL',
        'NAME',
        'VERSION',
        'X-MICROSOFT-CDO-ALLDAYEVENT',
        'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT',
        'X-PUBLISHED-TTL',
        'X-WR-CALDESC',
        'X-WR-CALNAME',
      ].sort(),
    );
  });

  it('is an empty calendar, still refreshed, when the member has no voyage', () => {
    const written = buildFeedCalendar([], options);
    expect(eventsOf(written)).toEqual([]);
    expect(written).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
  });
});
