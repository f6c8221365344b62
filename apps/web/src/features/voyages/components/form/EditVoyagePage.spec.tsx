import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { tokenStore } from '../../../../lib/token-store';
import { EditVoyagePage } from '../../routes/EditVoyagePage';
import { boat, mockFetch, voyage, type Call } from './test-fixtures';

const renderEdit = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/voyages/v1/edit']}>
        <Routes>
          <Route path="/voyages/:id/edit" element={<EditVoyagePage />} />
          <Route path="/voyages/:id" element={<p>voyage page</p>} />
          <Route path="/dashboard" element={<p>dashboard screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const withBoat = voyage({ boat: { ...boat('b1', 'Sea Breeze'), year_built: 2012 } });
const api = (
  answer: Partial<Record<string, { status?: number; body: unknown; headers?: Record<string, string> }>>,
  more: (call: Call) => { status?: number; body?: unknown } | undefined = () => undefined,
) =>
  mockFetch((call) =>
    call.url === '/api/profile/boats'
      ? { body: { boats: [boat('b1', 'Sea Breeze'), boat('b3', 'Blue Note')] } }
      : ((call.method === 'GET' ? answer[call.url] : undefined) ?? more(call)),
  );

describe('EditVoyagePage', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('sends a non-owner to /dashboard', async () => {
    api({ '/api/voyages/v1': { body: voyage({ is_owner: false }) } });
    renderEdit();
    expect(await screen.findByText('dashboard screen')).toBeInTheDocument();
  });

  it('sends the user to /dashboard when the voyage cannot be loaded', async () => {
    api({ '/api/voyages/v1': { status: 404, body: { error: 'Voyage not found', code: 'VOYAGE_NOT_FOUND' } } });
    renderEdit();
    expect(await screen.findByText('dashboard screen')).toBeInTheDocument();
  });

  it('says a completed voyage can no longer be edited', async () => {
    api({ '/api/voyages/v1': { body: voyage({ status: 'completed' }) } });
    renderEdit();
    expect(await screen.findByText('This voyage is completed and can no longer be edited.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Voyage' })).not.toBeInTheDocument();
  });

  it('prefills everything, ports included, and saves the full edit with PUT', async () => {
    const user = userEvent.setup();
    const { calls } = api({ '/api/voyages/v1': { body: withBoat } }, (call) => (call.method === 'PUT' ? { body: withBoat } : undefined));
    renderEdit();
    expect(await screen.findByLabelText('Title')).toHaveValue('Solent to Cherbourg');
    expect(screen.getByRole('combobox', { name: 'Departure port' })).toHaveValue('Portsmouth');
    expect(screen.getByRole('combobox', { name: 'Destination port' })).toHaveValue('Cherbourg');
    expect(screen.getByLabelText('Departure date')).toHaveValue('2030-06-01');
    expect(screen.getByLabelText('Amount')).toHaveValue(150);
    expect(screen.getByLabelText('Currency')).toHaveValue('GBP');
    expect(screen.getByRole('button', { name: 'Remove Cooking' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Boat for this voyage')).toHaveValue('b1'));

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Solent to Cherbourg and back');
    await user.click(screen.getByRole('button', { name: 'Update Voyage' }));
    expect(await screen.findByText('voyage page')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/voyages/v1');
    expect(put?.body).not.toHaveProperty('draft');
    expect(put?.body).toMatchObject({
      title: 'Solent to Cherbourg and back',
      contribution_amount: 150,
      boat_id: 'b1',
      segments: [{ departure_port_id: 'p-ports', arrival_port_id: 'p-cher' }],
      requirements: { crew_needed: 4, min_experience: 'intermediate', skills: ['Navigation', 'Cooking'] },
    });
  });

  it("loads every leg's dates and the skipper's own distance back into the form, and sends them again unchanged", async () => {
    const user = userEvent.setup();
    const [first] = withBoat.segments;
    const twoLegs = voyage({
      ...withBoat,
      estimated_end_date: '2030-06-08',
      segments: [
        {
          ...first!,
          arrival_port: 'Cherbourg',
          estimated_departure_date: '2030-06-01',
          estimated_arrival_date: '2030-06-02',
          distance_nm: 84,
          distance_manual_override: true,
          crosses_land: true,
        },
        {
          ...first!,
          id: 's2',
          segment_order: 2,
          departure_port: 'Cherbourg',
          departure_port_id: 'p-cher',
          departure_coordinates: [-1.62, 49.66],
          arrival_port: 'St Peter Port',
          arrival_port_id: 'p-guern',
          arrival_coordinates: [-2.535, 49.455],
          estimated_departure_date: '2030-06-04',
          estimated_arrival_date: '2030-06-08',
        },
      ],
    });
    const { calls } = api({ '/api/voyages/v1': { body: twoLegs } }, (call) =>
      call.method === 'PUT'
        ? { body: twoLegs }
        : call.url.startsWith('/api/voyages/route-check')
          ? {
              body: {
                legs: [
                  { distance_nm: 70, crosses_land: true },
                  { distance_nm: 38, crosses_land: false },
                ],
              },
            }
          : undefined,
    );
    renderEdit();
    expect(await screen.findByLabelText('Arrival at stop 1')).toHaveValue('2030-06-02');
    expect(screen.getByLabelText('Departure from stop 1')).toHaveValue('2030-06-04');
    expect(screen.getByLabelText('Your distance for leg 1 (nm)')).toHaveValue(84);
    await waitFor(() => expect(screen.getByLabelText('Boat for this voyage')).toHaveValue('b1'));
    await user.click(screen.getByRole('button', { name: 'Update Voyage' }));
    expect(await screen.findByText('voyage page')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')?.body as { segments: Record<string, unknown>[] };
    expect(put.segments).toEqual([
      expect.objectContaining({ estimated_departure_date: '2030-06-01', estimated_arrival_date: '2030-06-02', distance_manual_override: true, distance_nm: 84 }),
      expect.objectContaining({ estimated_departure_date: '2030-06-04', estimated_arrival_date: '2030-06-08' }),
    ]);
    expect(put.segments[1]).not.toHaveProperty('distance_manual_override');
  });

  it('shows the update fallback text when the server gives no message', async () => {
    const user = userEvent.setup();
    api({ '/api/voyages/v1': { body: withBoat } }, (call) => (call.method === 'PUT' ? { status: 502, body: null } : undefined));
    renderEdit();
    await waitFor(() => expect(screen.getByLabelText('Boat for this voyage')).toHaveValue('b1'));
    await user.click(screen.getByRole('button', { name: 'Update Voyage' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update voyage. Please try again.');
  });

  it('sends the version it loaded as If-Match', async () => {
    const user = userEvent.setup();
    const { calls } = api({ '/api/voyages/v1': { body: withBoat, headers: { etag: '"3"' } } }, (call) =>
      call.method === 'PUT' ? { body: withBoat, headers: { etag: '"4"' } } : undefined,
    );
    renderEdit();
    await waitFor(() => expect(screen.getByLabelText('Boat for this voyage')).toHaveValue('b1'));
    await user.click(screen.getByRole('button', { name: 'Update Voyage' }));
    expect(await screen.findByText('voyage page')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.headers).toMatchObject({ 'if-match': '"3"' });
  });

  it('says when someone else changed the voyage, keeps what was typed, and reloads only when the user agrees', async () => {
    const user = userEvent.setup();
    let current = { body: withBoat, headers: { etag: '"3"' } };
    const { calls } = api({}, (call) => {
      if (call.method === 'GET' && call.url === '/api/voyages/v1') return current;
      if (call.method !== 'PUT') return undefined;
      return call.headers['if-match'] === current.headers.etag
        ? { body: current.body, headers: current.headers }
        : { status: 412, body: { error: 'Someone else changed this since you loaded it. Reload to see their changes, then make yours again.', code: 'PRECONDITION_FAILED' } };
    });
    renderEdit();
    await waitFor(() => expect(screen.getByLabelText('Boat for this voyage')).toHaveValue('b1'));
    // Another tab saves first.
    current = { body: { ...withBoat, title: 'Changed in another tab' }, headers: { etag: '"4"' } };

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'My own new title');
    await user.click(screen.getByRole('button', { name: 'Update Voyage' }));
    expect(await screen.findByText(/Someone else changed this voyage since you opened it, so your changes were not saved/)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('My own new title');
    expect(screen.queryByText('voyage page')).not.toBeInTheDocument();

    // Asked first; keeping the changes keeps them.
    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    expect(await screen.findByRole('alertdialog', { name: 'Load the latest version?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep my changes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Title')).toHaveValue('My own new title');

    // Agreeing loads the other change into the form, and the next save carries its version.
    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await user.click(await screen.findByRole('button', { name: 'Discard my changes and reload' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Changed in another tab'));
    expect(screen.queryByText(/Someone else changed this voyage/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Voyage' }));
    expect(await screen.findByText('voyage page')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.headers['if-match'])).toEqual(['"3"', '"4"']);
  });
});
