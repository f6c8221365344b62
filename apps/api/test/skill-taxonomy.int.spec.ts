import type { VoyageResponse } from '@crew/contracts';
import { voyageStreamId } from '@crew/domain';
import { allProjectors } from '@crew/projections';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { OneSkillTaxonomy1764930000000 } from '../src/platform/database/migrations/1764930000000-one-skill-taxonomy';
import type { Application } from '../src/application';
import { addUser, callAs, startTestApp, type TestApp } from './support/harness';

/**
 * One skill taxonomy over HTTP: a voyage asks for skills a crew profile can
 * hold, the match score compares them by key and says what to add, older
 * voyage events (skills as the skipper wrote them) are read through the
 * upcaster, and the migration maps the rows stored before.
 */

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const call = callAs(() => app, tokens);

async function addActor(actor: string, type: 'crew' | 'skipper', crewSkills: unknown = null): Promise<void> {
  const columns = {
    sailing_experience: JSON.stringify({ years_sailing: 3, sailing_areas: [], experience_types: [], certifications: [], informal_description: '' }),
    crew_skills: crewSkills === null ? null : JSON.stringify(crewSkills),
  };
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@skills.test`, firstName: actor, lastName: 'Sailor', type, admin: false, columns }));
}

const empty = { navigation: [], sailing: [], technical: [], safety: [], galley: [], experience: [] };
const year = new Date().getUTCFullYear() + 1;
const legs = [{ departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] }];
const voyageBody = (skills: string[]) => ({
  title: 'Cross-Channel hop',
  description: 'Over to Cherbourg and back.',
  estimated_start_date: `${year}-06-01`,
  estimated_end_date: `${year}-06-04`,
  contribution_type: 'free',
  boat_id: ids['boat'],
  requirements: { crew_needed: 3, min_experience: 'beginner', skills },
  is_custom_voyage: false,
  segments: legs,
});

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-skills-' });
  ({ runtime, app } = testApp);
  await addActor('skipper', 'skipper');
  await addActor('navigator', 'crew', empty);
  await addActor('plotter', 'crew', { ...empty, navigation: ['chart_plotting'] });
  const boat = await call('POST', '/api/profile/boats', 'skipper', { name: 'Kittiwake', boat_type: 'monohull', length_feet: 34, capacity: 5 });
  ids['boat'] = String(boat.body['id']);
}, 60_000);

afterAll(() => testApp.close());

describe('one skill taxonomy', () => {
  let voyageId = '';

  it('takes a voyage’s skills by label, key or older name, keeps them as keys and answers with labels', async () => {
    const published = await call('POST', '/api/voyages/', 'skipper', voyageBody(['Navigation', 'line_handling', 'knots', 'Mooring']));
    expect(published.status).toBe(201);
    voyageId = (published.body as unknown as VoyageResponse).id;
    expect((published.body as unknown as VoyageResponse).requirements.skills).toEqual(['Navigation', 'Line Handling', 'Knot Tying', 'Mooring']);
    const [row] = (await runtime.dataSource.query('SELECT skills FROM voyage_summaries WHERE voyage_id = $1', [voyageId])) as { skills: string[] }[];
    expect(row!.skills).toEqual(['navigation', 'line_handling', 'knot_tying', 'mooring']);
  });

  it('keeps a free-text skill as written (the spec allows it); only skills on the list are matched', async () => {
    const published = await call('POST', '/api/voyages/', 'skipper', voyageBody(['Navigation', 'Ukulele']));
    expect(published.status).toBe(201);
    expect((published.body as unknown as VoyageResponse).requirements.skills).toEqual(['Navigation', 'Ukulele']);
  });

  it('lets a crew member hold every skill a voyage asks for; holding it counts, lacking it says what to add', async () => {
    const before = (await call('GET', `/api/voyages/${voyageId}`, 'navigator')).body as unknown as VoyageResponse;
    expect(before.match_score).toMatchObject({
      reasons: ['has 0 of 4 required skills (missing Navigation, Line Handling, Knot Tying…)', '3 years sailing ≥ beginner'],
      advice: ['Add Navigation, Line Handling, Knot Tying and Mooring to your skills to raise your match'],
    });
    // The profile offers each of them (Navigation, Line Handling, Mooring, Knot Tying had no checkbox before).
    const saved = await call('PUT', '/api/profile/update-crew-skills', 'navigator', { ...empty, navigation: ['navigation'], sailing: ['line_handling', 'knot_tying', 'mooring'] });
    expect(saved.status).toBe(200);
    const after = (await call('GET', `/api/voyages/${voyageId}`, 'navigator')).body as unknown as VoyageResponse;
    expect(after.match_score).toEqual({ score: 100, reasons: ['has 4 of 4 required skills', '3 years sailing ≥ beginner'], advice: [], missing_skills: [] });
    // Chart plotting is not navigation: the plotter is told to add Navigation.
    const plotter = (await call('GET', `/api/voyages/${voyageId}`, 'plotter')).body as unknown as VoyageResponse;
    expect(plotter.match_score?.missing_skills).toEqual(['Navigation', 'Line Handling', 'Knot Tying', 'Mooring']);
  });

  it('reads a voyage published before the taxonomy through the upcaster: proper labels, and its skills match a profile', async () => {
    const id = randomUUID();
    const result = await runtime.eventStore.appendToStream(
      voyageStreamId(id),
      [
        {
          id: randomUUID(),
          type: 'VoyagePublished',
          data: {
            skipperId: ids['skipper']!,
            details: {
              title: 'An older voyage',
              description: 'Published before the skill taxonomy.',
              startDate: `${year}-07-01`,
              endDate: `${year}-07-03`,
              boatId: ids['boat']!,
              minExperience: 'beginner',
              skills: ['GPS electronics', 'Chart plotting', 'night watches', 'Ukulele'],
              isCustom: false,
              customNotes: '',
            },
            segments: [
              {
                order: 1,
                departure: { name: 'Cowes', portId: null, coordinates: [-1.2982, 50.7626] },
                arrival: { name: 'Cherbourg', portId: null, coordinates: [-1.6217, 49.6453] },
                distanceNm: 66,
                distanceManualOverride: false,
                crewNeeded: 2,
                estimatedDurationHours: null,
                estimatedDepartureDate: null,
                estimatedArrivalDate: null,
                crossesLand: false,
              },
            ],
            totalDistanceNm: 66,
            crewNeeded: 2,
            contribution: { type: 'free', amount: null, currency: 'GBP', details: '' },
          },
          metadata: { userId: ids['skipper']!, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() },
        },
      ],
      'no_stream',
    );
    expect(
      await runtime.progress.waitFor(
        result.position,
        allProjectors.map((p) => p.name),
        10_000,
      ),
    ).toBe(true);
    const voyage = (await call('GET', `/api/voyages/${id}`, 'plotter')).body as unknown as VoyageResponse;
    // Labels from the taxonomy ("GPS/Electronics", never "Gps electronics"); a word naming no skill as written.
    expect(voyage.requirements.skills).toEqual(['GPS/Electronics', 'Chart Plotting', 'Night Watches', 'Ukulele']);
    // The older words count against the profile's keys; the unknown word is left out of the score.
    expect(voyage.match_score?.reasons[0]).toBe('has 1 of 3 required skills (missing GPS/Electronics, Night Watches)');
    expect(voyage.match_score?.advice).toEqual(['Add GPS/Electronics and Night Watches to your skills to raise your match']);
  });

  it('maps the rows stored before the taxonomy with the same normalising function (migration)', async () => {
    await runtime.dataSource.query('UPDATE users SET crew_skills = $2 WHERE id = $1', [
      ids['plotter'],
      JSON.stringify({ navigation: ['Chart plotting', 'night_watches'], sailing: ['spinnaker', 'levitation'], other: ['GPS electronics'] }),
    ]);
    await runtime.dataSource.query('UPDATE voyage_summaries SET skills = $2 WHERE voyage_id = $1', [
      voyageId,
      JSON.stringify(['Navigation', 'Line Handling', 'Knot Tying', 'Mooring', 'Ukulele']),
    ]);
    const runner = runtime.dataSource.createQueryRunner();
    try {
      await new OneSkillTaxonomy1764930000000().up(runner);
    } finally {
      await runner.release();
    }
    const [user] = (await runtime.dataSource.query('SELECT crew_skills FROM users WHERE id = $1', [ids['plotter']])) as { crew_skills: unknown }[];
    expect(user!.crew_skills).toEqual({
      navigation: ['chart_plotting', 'gps_electronics'],
      sailing: ['spinnaker'],
      technical: [],
      safety: [],
      galley: [],
      experience: ['night_watches'],
    });
    const [row] = (await runtime.dataSource.query('SELECT skills FROM voyage_summaries WHERE voyage_id = $1', [voyageId])) as { skills: string[] }[];
    expect(row!.skills).toEqual(['navigation', 'line_handling', 'knot_tying', 'mooring', 'Ukulele']);
    // The migrated profile reads back through the contract, with proper labels on the skipper's side.
    const me = (await call('GET', '/api/auth/me', 'plotter')).body as { crew_skills: unknown };
    expect(me.crew_skills).toEqual(user!.crew_skills);
  });
});
