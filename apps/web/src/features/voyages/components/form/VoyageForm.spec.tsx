import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { tokenStore } from '../../../../lib/token-store';
import { CreateVoyagePage } from '../../routes/CreateVoyagePage';
import { CHERBOURG, GUERNSEY, PORTSMOUTH, boat, mockFetch, routeCheckReply, searchReply, voyage, type Call } from './test-fixtures';

function VoyageScreen() {
  const { id } = useParams();
  return <p>voyage page {id}</p>;
}

const renderCreate = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/create-voyage']}>
        <Routes>
          <Route path="/create-voyage" element={<CreateVoyagePage />} />
          <Route path="/voyages/:id" element={<VoyageScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const BOATS = { boats: [boat('b1', 'Sea Breeze'), boat('b2', 'Old Tub', false), boat('b3', 'Blue Note')] };

/** The API as the form sees it: boats, port search, and whatever `more` answers. */
const api = (more: (call: Call) => { status?: number; body?: unknown } | undefined = () => undefined, overLand: readonly number[] = []) =>
  mockFetch((call) => (call.url === '/api/profile/boats' ? { body: BOATS } : (searchReply(call.url) ?? routeCheckReply(call.url, overLand) ?? more(call))));

const errorOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : undefined;
};

async function pickPort(user: ReturnType<typeof userEvent.setup>, label: RegExp | string, typed: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  await user.clear(input);
  await user.type(input, typed);
  const choice = await screen.findByRole('option', { name: new RegExp(option) }, { timeout: 2000 });
  fireEvent.mouseDown(choice);
}

describe('VoyageForm (create)', () => {
  beforeEach(() => tokenStore.set('token-1'));
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows every publishing message next to its field', async () => {
    const user = userEvent.setup();
    api();
    renderCreate();
    await screen.findByRole('option', { name: /Sea Breeze/ });
    // Inactive boats are never offered.
    expect(screen.queryByRole('option', { name: /Old Tub/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish Voyage' }));
    const title = screen.getByLabelText('Title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(title)).toBe('Title is required');
    expect(errorOf(screen.getByLabelText('Departure date'))).toBe('Departure date is required');
    expect(errorOf(screen.getByLabelText('Return date'))).toBe('Return date is required');
    expect(errorOf(screen.getByRole('combobox', { name: 'Departure port' }))).toBe('Departure port is required');
    expect(errorOf(screen.getByRole('combobox', { name: 'Destination port' }))).toBe('Destination port is required');
    expect(screen.getByText('Please select valid ports from the dropdown suggestions')).toBeInTheDocument();
    expect(errorOf(screen.getByLabelText('Boat for this voyage'))).toBe('Please select a boat');

    await user.type(title, 'Abc');
    expect(errorOf(title)).toBe('Title must be at least 5 characters');
    fireEvent.change(screen.getByLabelText('Departure date'), { target: { value: '2030-05-10' } });
    fireEvent.change(screen.getByLabelText('Return date'), { target: { value: '2030-05-10' } });
    await waitFor(() => expect(errorOf(screen.getByLabelText('Return date'))).toBe('Return date must be after departure date'));

    // Typed but never picked from the suggestions: not a valid port.
    await user.type(screen.getByRole('combobox', { name: 'Departure port' }), 'Nowhere');
    expect(screen.getByText('Please select valid ports from the dropdown suggestions')).toBeInTheDocument();

    // The custom toggle drops the port state and its errors, and brings the custom rules.
    await user.click(screen.getByRole('switch', { name: /Custom voyage/ }));
    expect(screen.queryByText('Departure port is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Please select valid ports from the dropdown suggestions')).not.toBeInTheDocument();
    expect(errorOf(screen.getByLabelText('Departure location'))).toBe('Departure location is required');
    expect(errorOf(screen.getByLabelText('Destination location'))).toBe('Destination location is required');
    const distance = screen.getByLabelText('Distance (nautical miles)');
    expect(errorOf(distance)).toBe('Distance must be greater than 0');
    await user.type(distance, '60000');
    expect(errorOf(distance)).toBe('Distance seems unreasonably large (max 50,000 nm)');

    // And back: the custom fields are cleared.
    await user.click(screen.getByRole('switch', { name: /Custom voyage/ }));
    await user.click(screen.getByRole('switch', { name: /Custom voyage/ }));
    expect(screen.getByLabelText('Distance (nautical miles)')).toHaveValue(null);
  });

  it('clears each error as its field becomes valid, and the banner with the last one, without publishing again', async () => {
    const user = userEvent.setup();
    api();
    renderCreate();
    await screen.findByRole('option', { name: /Sea Breeze/ });
    await user.click(screen.getByRole('button', { name: 'Publish Voyage' }));
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    const title = screen.getByLabelText('Title');
    await user.type(title, 'Channel hop');
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(errorOf(title)).toBeUndefined();
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Departure date'), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText('Return date'), { target: { value: '2030-06-08' } });
    await pickPort(user, 'Departure port', 'Ports', 'Portsmouth');
    await pickPort(user, 'Destination port', 'Cherb', 'Cherbourg');
    await user.click(screen.getByRole('button', { name: '+ Add intermediate stop' }));
    await pickPort(user, 'Stop 1', 'St P', 'St Peter Port');
    // A stop date outside the voyage is flagged at once, and cleared when put right.
    const arrival = screen.getByLabelText('Arrival at stop 1');
    fireEvent.change(arrival, { target: { value: '2030-06-09' } });
    await waitFor(() => expect(errorOf(arrival)).toBe('Dates must lie between the departure date and the return date'));
    fireEvent.change(arrival, { target: { value: '2030-06-03' } });
    await waitFor(() => expect(errorOf(arrival)).toBeUndefined());
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Boat for this voyage'), 'b1');
    expect(screen.queryByText('Please correct the highlighted fields.')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.voyage-form [aria-invalid="true"]')).toHaveLength(0);
  });

  it("tells the skipper a leg's straight line crosses land and sends their own distance for it", async () => {
    const user = userEvent.setup();
    const { calls } = api((call) => (call.method === 'POST' ? { status: 201, body: voyage({ id: 'v9' }) } : undefined), [1]);
    renderCreate();
    await user.type(screen.getByLabelText('Title'), 'Round the headland');
    fireEvent.change(screen.getByLabelText('Departure date'), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText('Return date'), { target: { value: '2030-06-08' } });
    await pickPort(user, 'Departure port', 'Ports', 'Portsmouth');
    await pickPort(user, 'Destination port', 'Cherb', 'Cherbourg');
    expect(await screen.findByText('The straight line crosses land.')).toBeInTheDocument();
    expect(screen.getByText(/70 nm is a straight-line estimate/)).toBeInTheDocument();
    const own = screen.getByLabelText('Your distance for leg 1 (nm)');
    await user.type(own, '0');
    await user.click(screen.getByRole('button', { name: 'Publish Voyage' }));
    expect(errorOf(own)).toBe('Distance must be greater than 0');
    await user.clear(own);
    await user.type(own, '84');
    expect(own).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('84 nm (your distance)')).toBeInTheDocument();
    expect(screen.getByText(/1 with your own distance/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Boat for this voyage'), 'b1');
    await user.click(screen.getByRole('button', { name: 'Publish Voyage' }));
    expect(await screen.findByText('voyage page v9')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')?.body as { segments: Record<string, unknown>[] };
    expect(body.segments[0]).toMatchObject({ distance_manual_override: true, distance_nm: 84 });
    expect(calls.some((c) => c.url.startsWith('/api/voyages/route-check?points='))).toBe(true);
  });

  it('debounces the port search by 300 ms and picks a port with the keyboard', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { calls } = api();
    renderCreate();
    const departure = screen.getByRole('combobox', { name: 'Departure port' });
    await user.type(departure, 'P');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(400);
    });
    expect(calls.filter((c) => c.url.startsWith('/api/geo'))).toHaveLength(0); // 1 character: no search

    await user.type(departure, 'o');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(299);
    });
    expect(calls.filter((c) => c.url.startsWith('/api/geo'))).toHaveLength(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    const searches = calls.filter((c) => c.url.startsWith('/api/geo'));
    expect(searches.map((c) => c.url)).toEqual(['/api/geo/ports/search?q=Po&limit=8&major_only=false']);

    const list = await screen.findByRole('listbox', { name: 'Departure port suggestions' });
    const options = within(list).getAllByRole('option');
    // Full name and sailing region for each port.
    expect(options.map((o) => o.textContent)).toEqual([
      'Portsmouth, United KingdomChannel/North Sea',
      'Poole, United KingdomChannel/North Sea',
      'St Peter Port, United KingdomChannel/North Sea',
    ]);
    expect(departure).toHaveAttribute('aria-expanded', 'true');
    expect(departure).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(departure).toHaveAttribute('aria-activedescendant', options[1]?.id);
    // Wraps both ways: 1 → 2 → 0 → 2 → 1.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowUp}{Enter}');
    expect(departure).toHaveValue('Poole');
    expect(screen.queryByRole('listbox', { name: 'Departure port suggestions' })).not.toBeInTheDocument();
  });

  it('empties the suggestions when the search fails', async () => {
    const user = userEvent.setup();
    mockFetch((call) => (call.url === '/api/profile/boats' ? { body: BOATS } : call.url.startsWith('/api/geo') ? { status: 500, body: {} } : undefined));
    renderCreate();
    await user.type(screen.getByRole('combobox', { name: 'Departure port' }), 'Port');
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalledWith(expect.stringContaining('/api/geo/ports/search?q=Port'), expect.anything()));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('listbox', { name: 'Departure port suggestions' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Departure port' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('publishes chained segments, no amount when free, then opens the voyage and forgets the local draft', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('voyage_draft', JSON.stringify({ form: { title: 'Old' }, selected_ports: [], saved_at: '2030-01-01T00:00:00Z' }));
    const { calls } = api((call) => (call.method === 'POST' && call.url === '/api/voyages/' ? { status: 201, body: voyage({ id: 'v42' }) } : undefined));
    renderCreate();
    expect(screen.getByRole('region', { name: 'Saved draft' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'Channel hop to Normandy');
    fireEvent.change(screen.getByLabelText('Departure date'), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText('Return date'), { target: { value: '2030-06-08' } });
    await pickPort(user, 'Departure port', 'Ports', 'Portsmouth');
    await pickPort(user, 'Destination port', 'St P', 'St Peter Port');
    await user.click(screen.getByRole('button', { name: '+ Add intermediate stop' }));
    await pickPort(user, 'Stop 1', 'Cherb', 'Cherbourg');
    fireEvent.change(screen.getByLabelText('Arrival at stop 1'), { target: { value: '2030-06-02' } });
    fireEvent.change(screen.getByLabelText('Departure from stop 1'), { target: { value: '2030-06-04' } });
    // Nothing is chosen for the skipper; one click adds a popular skill.
    expect(screen.queryByRole('list', { name: 'Chosen skills' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /\+ Cooking/ }));

    // Route preview: each leg rounded, total = sum.
    expect(screen.getByText('Leg 1: Portsmouth → Cherbourg')).toBeInTheDocument();
    expect(screen.getByText('Leg 2: Cherbourg → St Peter Port')).toBeInTheDocument();
    expect(screen.getByText('70 nm')).toBeInTheDocument();
    expect(screen.getByText('38 nm')).toBeInTheDocument();
    expect(screen.getByText('108 nm')).toBeInTheDocument();

    // Shared costs then back to free: the amount must not be sent.
    await user.click(screen.getByRole('radio', { name: /Shared costs/ }));
    await user.type(screen.getByLabelText('Amount'), '200');
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    await user.click(screen.getByRole('radio', { name: /Free/ }));
    await user.selectOptions(screen.getByLabelText('Boat for this voyage'), 'b3');

    await user.click(screen.getByRole('button', { name: 'Publish Voyage' }));
    expect(await screen.findByText('voyage page v42')).toBeInTheDocument();

    const post = calls.find((c) => c.method === 'POST');
    const body = post?.body as Record<string, unknown> & { segments: Record<string, unknown>[]; requirements: Record<string, unknown> };
    expect(body).not.toHaveProperty('contribution_amount');
    expect(body).toMatchObject({
      title: 'Channel hop to Normandy',
      estimated_start_date: '2030-06-01',
      estimated_end_date: '2030-06-08',
      contribution_type: 'free',
      contribution_currency: 'USD',
      boat_id: 'b3',
      is_custom_voyage: false,
      draft: false,
      requirements: { crew_needed: 4, min_experience: 'beginner', skills: ['Cooking'] },
    });
    expect(body.segments).toEqual([
      {
        departure_port_id: PORTSMOUTH.id,
        arrival_port_id: CHERBOURG.id,
        departure_port: 'Portsmouth',
        arrival_port: 'Cherbourg',
        departure_coordinates: [PORTSMOUTH.longitude, PORTSMOUTH.latitude],
        arrival_coordinates: [CHERBOURG.longitude, CHERBOURG.latitude],
        estimated_departure_date: '2030-06-01',
        estimated_arrival_date: '2030-06-02',
      },
      {
        departure_port_id: CHERBOURG.id,
        arrival_port_id: GUERNSEY.id,
        departure_port: 'Cherbourg',
        arrival_port: 'St Peter Port',
        departure_coordinates: [CHERBOURG.longitude, CHERBOURG.latitude],
        arrival_coordinates: [GUERNSEY.longitude, GUERNSEY.latitude],
        estimated_departure_date: '2030-06-04',
        estimated_arrival_date: '2030-06-08',
      },
    ]);
    expect(window.localStorage.getItem('voyage_draft')).toBeNull();
  });

  it('saves a draft locally and on the server, then updates that same draft', async () => {
    const user = userEvent.setup();
    const { calls } = api((call) => {
      if (call.method === 'POST' && call.url === '/api/voyages/') return { status: 201, body: voyage({ id: 'd1', status: 'draft' }) };
      if (call.method === 'PUT' && call.url === '/api/voyages/d1') return { body: voyage({ id: 'd1', status: 'draft' }) };
      return undefined;
    });
    renderCreate();
    await user.type(screen.getByLabelText('Title'), 'Autumn delivery');
    await pickPort(user, 'Departure port', 'Ports', 'Portsmouth');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved successfully!')).toBeInTheDocument();

    const stored = JSON.parse(window.localStorage.getItem('voyage_draft') ?? 'null') as {
      form: { title: string };
      selected_ports: { port: { id: string } | null }[];
      saved_at: string;
      server_draft_id: string;
    };
    expect(stored.form.title).toBe('Autumn delivery');
    expect(stored.selected_ports[0]?.port?.id).toBe(PORTSMOUTH.id);
    expect(stored.selected_ports).toHaveLength(2);
    expect(Number.isNaN(Date.parse(stored.saved_at))).toBe(false);
    expect(stored.server_draft_id).toBe('d1');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ title: 'Autumn delivery', draft: true });

    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ draft: true });
  });

  it('offers to restore a local draft', async () => {
    const user = userEvent.setup();
    api();
    window.localStorage.setItem(
      'voyage_draft',
      JSON.stringify({
        form: { title: 'Restored passage', contribution_currency: 'EUR' },
        selected_ports: [
          { query: 'Portsmouth', port: { id: 'p-ports', name: 'Portsmouth', fullName: 'Portsmouth', region: null, coordinates: [-1.108, 50.787] }, arrivalDate: '' },
          { query: 'Cherbourg', port: { id: 'p-cher', name: 'Cherbourg', fullName: 'Cherbourg', region: null, coordinates: [-1.62, 49.66] }, arrivalDate: '' },
        ],
        saved_at: '2030-01-01T10:00:00Z',
      }),
    );
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Restore draft' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Restored passage');
    expect(screen.getByRole('combobox', { name: 'Departure port' })).toHaveValue('Portsmouth');
    expect(screen.getAllByText('70 nm')).toHaveLength(2); // the one leg, and the total
    expect(screen.queryByRole('region', { name: 'Saved draft' })).not.toBeInTheDocument();
  });

  it('shows the server message next to its field, or the fallback text', async () => {
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } = { status: 400, body: { error: 'Please select a boat', code: 'BOAT_REQUIRED' } };
    api((call) => (call.method === 'POST' ? answer : undefined));
    renderCreate();
    await user.type(screen.getByLabelText('Title'), 'Channel hop');
    fireEvent.change(screen.getByLabelText('Departure date'), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText('Return date'), { target: { value: '2030-06-08' } });
    await pickPort(user, 'Departure port', 'Ports', 'Portsmouth');
    await pickPort(user, 'Destination port', 'Cherb', 'Cherbourg');
    await user.selectOptions(await screen.findByLabelText('Boat for this voyage'), 'b1');
    await user.click(screen.getByRole('button', { name: 'Publish Voyage' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a boat');
    expect(errorOf(screen.getByLabelText('Boat for this voyage'))).toBe('Please select a boat');

    answer = { status: 500, body: 'not json' };
    await user.click(screen.getByRole('button', { name: 'Publish Voyage' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to create voyage. Please try again.'));
  });

  it('previews only when complete, draws the route and publishes from the preview', async () => {
    const user = userEvent.setup();
    const drawn: string[] = [];
    const context = new Proxy(
      {},
      {
        get: (_target, prop: string) => (prop === 'canvas' ? undefined : (...args: unknown[]) => drawn.push(`${prop}(${args.join(',')})`)),
        set: () => true,
      },
    );
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    api((call) => (call.method === 'POST' ? { status: 201, body: voyage({ id: 'v7' }) } : undefined));
    renderCreate();
    const preview = screen.getByRole('button', { name: 'Preview Voyage' });
    expect(preview).toBeDisabled();
    await user.type(screen.getByLabelText('Title'), 'Channel hop');
    fireEvent.change(screen.getByLabelText('Departure date'), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText('Return date'), { target: { value: '2030-06-08' } });
    await pickPort(user, 'Departure port', 'Ports', 'Portsmouth');
    expect(preview).toBeDisabled();
    await pickPort(user, 'Destination port', 'Cherb', 'Cherbourg');
    await user.click(screen.getByRole('radio', { name: /Paid experience/ }));
    await user.type(screen.getByLabelText('Amount'), '300');
    await user.selectOptions(await screen.findByLabelText('Boat for this voyage'), 'b1');
    expect(preview).toBeEnabled();
    await user.click(preview);

    const dialog = screen.getByRole('dialog', { name: 'Channel hop' });
    expect(within(dialog).getAllByText('Paid Experience').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('$300', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByText('7 days')).toBeInTheDocument();
    expect(within(dialog).getByText('70 nm')).toBeInTheDocument();
    const canvas = within(dialog).getByRole('img', { name: 'Route map: Portsmouth → Cherbourg' });
    expect(canvas).toHaveAttribute('width', '400');
    expect(canvas).toHaveAttribute('height', '200');
    expect(drawn.filter((d) => d.startsWith('arc('))).toHaveLength(2);
    expect(drawn.some((d) => d.startsWith('fillText(Portsmouth'))).toBe(true);
    expect(within(dialog).getByText(/June 1, 2030/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit More' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Publish Now' }));
    expect(await screen.findByText('voyage page v7')).toBeInTheDocument();
  });

  it('offers a link to the profile when there is no active boat', async () => {
    mockFetch((call) => (call.url === '/api/profile/boats' ? { body: { boats: [boat('b2', 'Old Tub', false)] } } : undefined));
    renderCreate();
    expect(await screen.findByRole('link', { name: /Add a boat on your profile/ })).toHaveAttribute('href', '/profile');
  });
});
