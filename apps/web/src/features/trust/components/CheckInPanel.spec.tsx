import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fieldErrorOf } from '../../../testing/field-error';
import { provideOfflineParts, type OfflineWrite } from '../../../lib/offline-hooks';
import { mockFetch, renderAt } from '../../../testing/application-fixtures';
import { CheckInPanel } from './CheckInPanel';

const TRUST = { role: 'skipper', crew: [], float_plan: null, timeline: [] };

describe('CheckInPanel', () => {
  afterEach(() => provideOfflineParts(() => Promise.reject(new Error('no offline parts in this test'))));

  it('records a departure without a position, with the trimmed note, and empties the note', async () => {
    const bodies: Record<string, unknown>[] = [];
    const keys: string[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/voyages/v1/check-ins' && init.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        keys.push((init.headers as Record<string, string>)['idempotency-key'] ?? '');
        return { status: 201, body: { message: 'Departure recorded. Fair winds!', check_in_id: 'c1', trust: TRUST } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/voyages/v1', '/voyages/:id', <CheckInPanel voyageId="v1" />);
    await user.type(screen.getByLabelText('Note (optional)'), '  Slipped lines  ');
    await user.click(screen.getByRole('button', { name: 'Departed' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Departure recorded. Fair winds!');
    // Dated on the device when made, so that one sent later still says when it was made.
    expect(bodies).toEqual([{ kind: 'departed', note: 'Slipped lines', observed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) }]);
    // Named by a key of its own, so that sending it again could never record it twice.
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('');
  });

  it('keeps a check-in made without a connection on the device, with its key, and says it waits to be sent', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const queued: OfflineWrite[] = [];
    const queueWrite = jest.fn(async (write: OfflineWrite) => {
      queued.push(write);
      return true;
    });
    provideOfflineParts(async () => ({ readCopy: async () => null, queueWrite }));
    const user = userEvent.setup();
    renderAt('/voyages/v1', '/voyages/:id', <CheckInPanel voyageId="v1" />);
    await user.click(screen.getByRole('button', { name: 'Arrived' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No connection: the check-in is saved on this device and waiting to send.');
    expect(queued).toEqual([
      {
        kind: 'check-in',
        path: '/api/voyages/v1/check-ins',
        body: { kind: 'arrived', note: '', observed_at: expect.any(String) },
        idempotencyKey: expect.any(String),
        voyageId: 'v1',
      },
    ]);
  });

  it('asks for a position before recording one, and each message goes as soon as its figure is right', async () => {
    const fetch = mockFetch(() => undefined);
    const user = userEvent.setup();
    renderAt('/voyages/v1', '/voyages/:id', <CheckInPanel voyageId="v1" />);
    const lat = screen.getByLabelText('Latitude');
    const lon = screen.getByLabelText('Longitude');
    await user.click(screen.getByRole('button', { name: 'Record position' }));
    await waitFor(() => expect(fieldErrorOf(lat)).toBe('Give a position: use your location or type the latitude and longitude.'));
    expect(lat).toHaveAttribute('aria-invalid', 'true');

    // Out of the contract's range, in its own words.
    await user.type(lat, '95');
    await waitFor(() => expect(fieldErrorOf(lat)).toBe('Latitude must be between -90 and 90'));
    expect(fieldErrorOf(lon)).toBe('Give the longitude too');

    await user.clear(lat);
    await user.type(lat, '49.95');
    await user.type(lon, '-6.0');
    await waitFor(() => expect(fieldErrorOf(lat)).toBeUndefined());
    expect(fieldErrorOf(lon)).toBeUndefined();
    expect(lat).not.toHaveAttribute('aria-invalid');
    expect(fetch).not.toHaveBeenCalled();
  });
});
