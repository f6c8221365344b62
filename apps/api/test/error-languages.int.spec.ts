import type { VoyageResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { addUser, inject, startTestApp, type TestApp } from './support/harness';

/**
 * The API's error texts follow the request's Accept-Language (the best of
 * en, fr, de, es, it it names, English otherwise); the `code` never changes.
 * A validation failure says each field's message in that language, and its
 * `error` lists them; a domain refusal with values (a leg's number) says them
 * in the language's own words.
 */
let testApp: TestApp;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
let voyageId = '';

const FRENCH = { 'accept-language': 'fr' };
const SWISS_GERMAN = { 'accept-language': 'de-CH,de;q=0.9' };

const send = async (method: 'GET' | 'POST', url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const response = await inject(app, method, url, options);
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, vary: String(response.headers['vary'] ?? '') };
};

const year = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  testApp = await startTestApp();
  app = testApp.app;
  const runtime = testApp.runtime;
  ({ token: tokens['skipper'] } = await addUser(runtime, { email: 'skipper@languages.test', type: 'skipper' }));
  ({ token: tokens['crew'] } = await addUser(runtime, { email: 'crew@languages.test', type: 'crew' }));
  const boat = await send('POST', '/api/profile/boats', { token: tokens['skipper'], body: { name: 'Kingfisher', boat_type: 'monohull', length_feet: 38, capacity: 6 } });
  expect(boat.status).toBe(201);
  const voyage = await send('POST', '/api/voyages/', {
    token: tokens['skipper'],
    body: {
      title: 'Channel Islands Hop',
      description: 'Two hops with time ashore.',
      estimated_start_date: `${year}-06-01`,
      estimated_end_date: `${year}-06-10`,
      contribution_type: 'free',
      boat_id: boat.body['id'],
      requirements: { crew_needed: 4, min_experience: 'beginner', skills: [] },
      is_custom_voyage: false,
      segments: [
        { departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] },
        { departure_port: 'Cherbourg', departure_coordinates: [-1.6217, 49.6453], arrival_port: 'Saint-Malo', arrival_coordinates: [-2.0257, 48.6493] },
      ],
    },
  });
  expect(voyage.status).toBe(201);
  voyageId = (voyage.body as unknown as VoyageResponse).id;
}, 60_000);

afterAll(async () => {
  await testApp.close();
});

describe('error texts in the language of Accept-Language', () => {
  const badSignIn = (headers?: Record<string, string>) => send('POST', '/api/auth/login', { body: { email: 'not-an-email', password: '' }, headers });

  it('a validation failure: each field’s message and the error listing them, in French, German or English, with the same code', async () => {
    const french = await badSignIn(FRENCH);
    expect(french.status).toBe(400);
    expect(french.body).toEqual({
      error: 'email: Veuillez saisir une adresse e-mail valide; password: Le mot de passe est obligatoire',
      code: 'VALIDATION_FAILED',
      details: [
        { path: 'email', message: 'Veuillez saisir une adresse e-mail valide' },
        { path: 'password', message: 'Le mot de passe est obligatoire' },
      ],
    });
    expect(french.vary.toLowerCase()).toContain('accept-language');

    const german = await badSignIn(SWISS_GERMAN);
    expect(german.status).toBe(400);
    expect(german.body['code']).toBe('VALIDATION_FAILED');
    expect(german.body['details']).toEqual([
      { path: 'email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein' },
      { path: 'password', message: 'Passwort ist erforderlich' },
    ]);

    const english = await badSignIn();
    expect(english.body).toEqual({
      error: 'email: Please enter a valid email address; password: Password is required',
      code: 'VALIDATION_FAILED',
      details: [
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password is required' },
      ],
    });
    // A language we do not have is English.
    expect((await badSignIn({ 'accept-language': 'ja, zh;q=0.8' })).body['error']).toBe(english.body['error']);
  });

  it('a malformed request in zod’s own words, said with zod’s wording in the language, ours untouched', async () => {
    const noFields = (headers?: Record<string, string>) => send('POST', '/api/auth/login', { body: {}, headers });
    const english = await noFields();
    expect(english.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'email', message: 'Invalid input: expected string, received undefined' }, { path: 'password' }],
    });
    const french = await noFields(FRENCH);
    expect(french.body['code']).toBe('VALIDATION_FAILED');
    const details = french.body['details'] as { path: string; message: string }[];
    expect(details.map((d) => d.path)).toEqual(['email', 'password']);
    for (const detail of details) expect(detail.message).toMatch(/^Entrée invalide/);
    expect(french.body['error']).toBe(details.map((d) => `${d.path}: ${d.message}`).join('; '));
  });

  it('a limit stated with its number: the number in the language’s message', async () => {
    const tooShort = (headers?: Record<string, string>) =>
      send('POST', '/api/applications/', { token: tokens['crew'], body: { voyage_id: voyageId, message: 'Hi there' }, headers });
    expect((await tooShort(FRENCH)).body).toMatchObject({ error: 'message: Veuillez écrire au skipper un message d’au moins 10 caractères.', code: 'VALIDATION_FAILED' });
    expect((await tooShort()).body).toMatchObject({ error: 'message: Please provide a message of at least 10 characters to the skipper.', code: 'VALIDATION_FAILED' });
  });

  it('a domain refusal with values: French, German and English words around the same leg, with the same code', async () => {
    const unknownLeg = (headers?: Record<string, string>) =>
      send('POST', '/api/applications/', {
        token: tokens['crew'],
        body: { voyage_id: voyageId, message: 'Keen sailor with five seasons of racing.', segment_orders: [7] },
        headers,
      });
    const french = await unknownLeg(FRENCH);
    expect(french.status).toBe(400);
    expect(french.body).toEqual({ error: 'Ce voyage n’a pas d’étape 7', code: 'UNKNOWN_LEG' });
    expect(french.vary.toLowerCase()).toContain('accept-language');
    expect((await unknownLeg(SWISS_GERMAN)).body).toEqual({ error: 'Dieser Törn hat keine Etappe 7', code: 'UNKNOWN_LEG' });
    expect((await unknownLeg()).body).toEqual({ error: 'This voyage has no leg 7', code: 'UNKNOWN_LEG' });
  });

  it('a domain refusal without values, and an application’s refusal, by their English words', async () => {
    const ownerApplies = (headers?: Record<string, string>) =>
      send('POST', '/api/applications/', { token: tokens['skipper'], body: { voyage_id: voyageId, message: 'Keen sailor with five seasons of racing.' }, headers });
    expect((await ownerApplies(FRENCH)).body).toEqual({ error: 'Vous ne pouvez pas postuler à votre propre voyage', code: 'OWN_VOYAGE' });
    expect((await ownerApplies(SWISS_GERMAN)).body).toEqual({ error: 'Sie können sich nicht für Ihren eigenen Törn bewerben', code: 'OWN_VOYAGE' });
    expect((await ownerApplies()).body).toEqual({ error: 'You cannot apply to your own voyage', code: 'OWN_VOYAGE' });

    const signedOut = await send('GET', '/api/applications/my-applications', { headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ error: 'Inicia sesión para continuar', code: 'UNAUTHENTICATED' });
  });

  it('a route with no handler: its method and path in the sentence', async () => {
    const missing = await send('GET', '/api/no-such-thing', { headers: { 'accept-language': 'it' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Nessuna route per GET /api/no-such-thing', code: 'NOT_FOUND' });
  });
});
