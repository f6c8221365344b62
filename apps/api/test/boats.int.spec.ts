import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import { hashPassword } from '../src/modules/accounts/password-hasher';
import { Boat } from '../src/modules/boats/boat.entity';
import type { Application } from '../src/application';
import { inject as injectInto, insertUser, signInWithPassword, startTestApp, type TestApp } from './support/harness';

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};

const inject = (options: { method: 'GET' | 'POST' | 'PUT'; url: string; token?: string; body?: unknown; headers?: Record<string, string>; payload?: Buffer | string }) =>
  injectInto(app, options.method, options.url, { token: options.token, body: options.body, headers: options.headers, raw: options.payload });

/** A multipart body with one file in the field "photo". */
const multipart = (filename: string, type: string, content: Buffer) => {
  const boundary = '----crewboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
};

/**
 * A PNG of the given size, 1 bit per pixel, all black: 32 MB of pixels that
 * deflate to about 31 KB. Decoding it would take seconds and hundreds of MB.
 */
function pixelBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const boat = {
  name: 'Sea Otter',
  boat_type: 'monohull',
  make_model: 'Beneteau Oceanis 38',
  length_feet: 38,
  year: 2015,
  capacity: 6,
  beam_feet: 13,
  draft_feet: 6,
  berths: 6,
  heads: 2,
  home_port_name: 'Portsmouth',
  registration_number: 'SSR-1234',
  registration_country: 'UK',
  description: 'Well-found cruiser.',
  equipment: { safety: ['life_raft', 'epirb'], navigation: ['gps'], comfort: [] },
};

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-boats-', projectors: false });
  ({ runtime, app } = testApp);
  const password = await hashPassword('pass-1234');
  for (const [name, type, admin] of [
    ['owner', 'skipper', false],
    ['other', 'skipper', false],
    ['crew', 'crew', false],
    ['admin', 'admin', true],
  ] as const) {
    await insertUser(runtime.dataSource, { email: `${name}@crew.test`, passwordHash: password, firstName: name, lastName: 'T', type, admin });
    tokens[name] = (await signInWithPassword(app, runtime.dataSource, `${name}@crew.test`, 'pass-1234')).access_token;
  }
});

afterAll(() => testApp.close());

describe('boats', () => {
  let boatId: string;

  it('lets a skipper add a boat with every field, and lists it', async () => {
    const created = await inject({ method: 'POST', url: '/api/profile/boats', token: tokens['owner'], body: boat });
    expect(created.statusCode).toBe(201);
    boatId = created.json().id;
    expect(created.json()).toMatchObject({ name: 'Sea Otter', year_built: 2015, max_crew: 6, capacity: 6, length_feet: 38, is_active: true, equipment: boat.equipment });
    const list = (await inject({ method: 'GET', url: '/api/profile/boats', token: tokens['owner'] })).json();
    expect(list.boats.map((b: { id: string }) => b.id)).toEqual([boatId]);
    expect((await inject({ method: 'GET', url: '/api/profile/boats', token: tokens['other'] })).json().boats).toEqual([]);
  });

  it('saves only the fields of the form, so a photo uploaded while the form was open stays', async () => {
    const boats = runtime.dataSource.getRepository(Boat);
    let raced = false;
    const spies = (['update', 'save'] as const).map((method) => {
      const original = boats[method].bind(boats) as (...args: unknown[]) => Promise<unknown>;
      return jest.spyOn(boats, method).mockImplementation((async (...args: unknown[]) => {
        if (!raced) {
          raced = true;
          await runtime.dataSource.query(`UPDATE boats SET boat_photo_url = '/uploads/raced.webp' WHERE id = $1`, [boatId]);
        }
        return original(...args);
      }) as never);
    });
    try {
      const saved = await inject({ method: 'PUT', url: `/api/profile/boats/${boatId}`, token: tokens['owner'], body: { ...boat, name: 'Sea Otter II' } });
      expect(saved.statusCode).toBe(200);
      expect(raced).toBe(true);
      expect(saved.json()).toMatchObject({ name: 'Sea Otter II', boat_photo_url: '/uploads/raced.webp' });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('answers each actor on each boat route as it should (owner, another user, guest, admin)', async () => {
    const routes = [
      { method: 'PUT' as const, url: () => `/api/profile/boats/${boatId}`, body: { ...boat, name: 'Sea Otter II' }, expect: { owner: 200, other: 404, guest: 401, admin: 404 } },
      { method: 'GET' as const, url: () => '/api/profile/boats', expect: { owner: 200, other: 200, guest: 401, admin: 200 } },
      { method: 'POST' as const, url: () => '/api/profile/boats', body: boat, expect: { owner: 201, other: 201, guest: 401, admin: 403 } },
    ];
    for (const route of routes) {
      for (const actor of ['owner', 'other', 'guest', 'admin'] as const) {
        const response = await inject({ method: route.method, url: route.url(), token: tokens[actor], body: route.body });
        expect({ url: route.url(), actor, status: response.statusCode }).toEqual({ url: route.url(), actor, status: route.expect[actor] });
      }
    }
    expect((await inject({ method: 'POST', url: '/api/profile/boats', token: tokens['crew'], body: boat })).json()).toEqual({
      error: 'Only skipper accounts can add boats',
      code: 'SKIPPER_ONLY',
    });
  });

  it('enforces the boat bounds with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Boat name is required'],
      [{ boat_type: '' }, 'Boat type is required'],
      [{ length_feet: 9 }, 'Length must be at least 10 feet'],
      [{ year: 1949 }, 'Year must be between 1950 and this year'],
      [{ year: new Date().getFullYear() + 1 }, 'Year must be between 1950 and this year'],
      [{ beam_feet: 51 }, 'Beam must be between 5 and 50 feet'],
      [{ draft_feet: 0.5 }, 'Draft must be between 1 and 15 feet'],
      [{ capacity: 21 }, 'Max crew must be between 2 and 20'],
      [{ berths: 13 }, 'Berths must be between 2 and 12'],
      [{ heads: 0 }, 'Heads must be between 1 and 6'],
    ];
    for (const [override, message] of cases) {
      const response = await inject({ method: 'POST', url: '/api/profile/boats', token: tokens['owner'], body: { ...boat, ...override } });
      expect({ override, status: response.statusCode, messages: response.json().details?.map((d: { message: string }) => d.message) }).toEqual({
        override,
        status: 400,
        messages: expect.arrayContaining([message]),
      });
    }
  });
});

describe('photos', () => {
  const jpeg = () =>
    sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0e6ba8' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'secret' } } })
      .toBuffer();

  it('accepts an image by its content, re-encodes it without metadata and serves it', async () => {
    const upload = multipart('holiday.png', 'image/png', await jpeg()); // the name and declared type lie; the bytes decide
    const response = await inject({ method: 'POST', url: '/api/profile/upload-photo', token: tokens['owner'], ...upload });
    expect(response.statusCode).toBe(201);
    const { photo_url: photoUrl, thumbnail_url: thumbnailUrl } = response.json();
    expect(photoUrl).toMatch(/^\/uploads\/[0-9a-f-]+\.webp$/);
    const served = await inject({ method: 'GET', url: photoUrl });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect((await sharp((await inject({ method: 'GET', url: thumbnailUrl })).rawPayload).metadata()).width).toBe(320);
    // The account carries the photo and its thumbnail, for the header's avatar.
    expect((await inject({ method: 'GET', url: '/api/auth/me', token: tokens['owner'] })).json()).toMatchObject({
      profile_photo_url: photoUrl,
      profile_photo_thumbnail_url: thumbnailUrl,
    });
  });

  it('refuses a PDF renamed .jpg, an oversize file, and a boat that is not yours', async () => {
    const pdf = multipart('photo.jpg', 'image/jpeg', Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'));
    const refused = await inject({ method: 'POST', url: '/api/profile/upload-photo', token: tokens['owner'], ...pdf });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ error: 'Please upload a JPEG, PNG, GIF or WebP image', code: 'UNSUPPORTED_IMAGE' });

    const big = multipart('big.jpg', 'image/jpeg', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    const tooLarge = await inject({ method: 'POST', url: '/api/profile/upload-photo', token: tokens['owner'], ...big });
    expect(tooLarge.statusCode).toBe(413);

    const created = (await inject({ method: 'POST', url: '/api/profile/boats', token: tokens['owner'], body: boat })).json();
    const upload = multipart('boat.jpg', 'image/jpeg', await jpeg());
    expect((await inject({ method: 'POST', url: `/api/profile/boats/${created.id}/upload-photo`, token: tokens['other'], ...upload })).statusCode).toBe(404);
    const ok = await inject({ method: 'POST', url: `/api/profile/boats/${created.id}/upload-photo`, token: tokens['owner'], ...upload });
    expect(ok.statusCode).toBe(201);
    const listed = (await inject({ method: 'GET', url: '/api/profile/boats', token: tokens['owner'] })).json().boats.find((b: { id: string }) => b.id === created.id);
    expect(listed.boat_photo_url).toBe(ok.json().photo_url);
  });

  it('refuses a pixel bomb (a 31 KB PNG declaring 16,000 × 16,000 pixels) from its header, without decoding it', async () => {
    const bomb = pixelBomb(16_000, 16_000);
    expect(bomb.length).toBeLessThan(40 * 1024);
    const upload = multipart('bomb.png', 'image/png', bomb);
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const refused = await inject({ method: 'POST', url: '/api/profile/upload-photo', token: tokens['owner'], ...upload });
      timings.push(performance.now() - started);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        error: 'The image is 16000 × 16000 pixels; photos may have at most 40 megapixels. Please resize it and try again.',
        code: 'IMAGE_TOO_LARGE',
      });
    }
    const median = [...timings].sort((a, b) => a - b)[2]!;
    process.stdout.write(`[pixel bomb] ${bomb.length} bytes declaring 16000 × 16000 refused in ${median.toFixed(1)} ms (median of 5)\n`);
    // Not a speed goal (a few ms when the machine is quiet): decoding 256 megapixels takes seconds and
    // a gigabyte, so an answer within a second, even on a loaded CI machine, shows nothing was decoded.
    expect(median).toBeLessThan(1_000);
  });

  it('refuses a 10 MB JSON body with 413', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/profile/boats',
      token: tokens['owner'],
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"${'x'.repeat(10 * 1024 * 1024)}"}`,
    });
    expect(response.statusCode).toBe(413);
  });
});
