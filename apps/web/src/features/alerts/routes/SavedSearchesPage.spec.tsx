import type { SavedSearch, VoyageWatch } from '@crew/contracts';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { loadContracts } from '../../../lib/contracts-loader';
import { calls, mockFetch } from '../../../testing/voyage-fixtures';
import { SavedSearchesPage } from './SavedSearchesPage';

// Answers are checked against the contract, whose chunk loads on the first request: load it once up front.
beforeAll(async () => {
  await loadContracts();
}, 30_000);

const SOLENT = '0b9f3a52-8d1c-4c57-9a43-2f4e8f1d6a01';
const ADRIATIC = '5c2d7e19-3b4a-4f6e-8c1d-9a0b2c3d4e02';
const VOYAGE = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c04';

const makeSearch = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  id: SOLENT,
  name: 'Solent weekends',
  filters: { search: 'Solent', duration: 'days', contribution: 'shared' },
  bbox: [-2.5, 50.1, -0.5, 51],
  alert: 'daily',
  time_zone: 'Europe/London',
  new_matches: 3,
  last_opened_at: '2026-05-01T10:00:00.000Z',
  created_at: '2026-04-01T10:00:00.000Z',
  updated_at: '2026-05-01T10:00:00.000Z',
  ...overrides,
});

const makeWatch = (overrides: Partial<VoyageWatch> = {}): VoyageWatch => ({
  voyage_id: VOYAGE,
  title: 'Biscay crossing',
  departure_port: 'Brest',
  estimated_start_date: '2026-07-04',
  status: 'full',
  total_crew_needed: 3,
  current_crew_count: 3,
  watching_since: '2026-05-20T08:00:00.000Z',
  ...overrides,
});

function Browse() {
  const location = useLocation();
  return <output data-testid="browse">{`${location.pathname}${location.search}`}</output>;
}

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/saved-searches']}>
        <Routes>
          <Route path="/saved-searches" element={<SavedSearchesPage />} />
          <Route path="/voyages" element={<Browse />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

type Answer = { status: number; body: unknown };

/** The API of the page: the list and the watches, and the writes the test answers. */
function api(searches: SavedSearch[], watches: VoyageWatch[] = [], writes: (method: string, path: string, body: unknown) => Answer | undefined = () => undefined) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/saved-searches') return { status: 200, body: { saved_searches: searches, limit: 20 } };
    if (method === 'GET' && url.pathname === '/api/users/me/watches') return { status: 200, body: { watches } };
    return writes(method, url.pathname, init.body ? JSON.parse(String(init.body)) : undefined);
  });
}

const item = async (name: string) => within(await screen.findByRole('article', { name }));

describe('Saved searches page', () => {
  it('lists each search with its filters and map area in words, its new voyages, its alert and the limit', async () => {
    api([makeSearch(), makeSearch({ id: ADRIATIC, name: 'Adriatic summer', filters: { departure_from: '2026-07-01', status: 'full' }, bbox: null, alert: 'off', new_matches: 0 })]);
    renderPage();

    const solent = await item('Solent weekends');
    expect(solent.getByText('3 new voyages')).toBeInTheDocument();
    expect(solent.getByText('Published since you last opened this search.')).toBeInTheDocument();
    const summary = within(solent.getByRole('list', { name: 'What it looks for' }));
    expect(summary.getAllByRole('listitem').map((part) => part.textContent)).toEqual([
      'Matching “Solent”',
      '1-7 days',
      'Shared costs',
      'Map area 2.5° W to 0.5° W, 50.1° N to 51.0° N',
    ]);
    expect(solent.getByLabelText('Email alerts')).toHaveValue('daily');

    const adriatic = await item('Adriatic summer');
    expect(adriatic.getByText('No new voyages')).toBeInTheDocument();
    expect(adriatic.getByText('Departing from July 1, 2026')).toBeInTheDocument();
    expect(adriatic.getByText('Status: Full')).toBeInTheDocument();
    expect(adriatic.getByLabelText('Email alerts')).toHaveValue('off');

    expect(screen.getByText('2 of 20 saved searches')).toBeInTheDocument();
    expect(screen.queryByText(/You have reached the limit/)).toBeNull();
  });

  it('explains how to save a search from browse when there is none, and how to watch a full voyage', async () => {
    api([]);
    renderPage();
    expect(await screen.findByText('You have no saved searches yet.')).toBeInTheDocument();
    expect(screen.getByText(/set the filters you want .* then choose “Save this search”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voyages' })).toHaveAttribute('href', '/voyages');
    expect(await screen.findByText('You are not watching any voyage.')).toBeInTheDocument();
  });

  it('says the limit is reached at 20 searches', async () => {
    api(Array.from({ length: 20 }, (_, index) => makeSearch({ id: `0b9f3a52-8d1c-4c57-9a43-2f4e8f1d6a${String(index).padStart(2, '0')}`, name: `Search ${index + 1}` })));
    renderPage();
    expect(await screen.findByText('You have reached the limit of 20 saved searches. Delete one to save another.')).toBeInTheDocument();
    expect(screen.getByText('20 of 20 saved searches')).toBeInTheDocument();
  });

  it('changes the alert in place', async () => {
    const fetchMock = api([makeSearch()], [], (method, path, body) =>
      method === 'PATCH' && path === `/api/saved-searches/${SOLENT}` ? { status: 200, body: makeSearch(body as Partial<SavedSearch>) } : undefined,
    );
    renderPage();
    const solent = await item('Solent weekends');
    await userEvent.setup().selectOptions(solent.getByLabelText('Email alerts'), 'Weekly digest');
    expect(await solent.findByText('Email alerts: Weekly digest.')).toBeInTheDocument();
    expect(solent.getByLabelText('Email alerts')).toHaveValue('weekly');
    const patch = calls(fetchMock).find((call) => call.method === 'PATCH');
    expect(JSON.parse(String(patch?.body))).toEqual({ alert: 'weekly' });
  });

  it('opens a search in browse with its filters and map area, once the server has restarted its count', async () => {
    const fetchMock = api([makeSearch()], [], (method, path) =>
      method === 'POST' && path === `/api/saved-searches/${SOLENT}/open` ? { status: 200, body: makeSearch({ new_matches: 0 }) } : undefined,
    );
    renderPage();
    const solent = await item('Solent weekends');
    await userEvent.setup().click(solent.getByRole('button', { name: 'Open Solent weekends' }));
    expect(await screen.findByTestId('browse')).toHaveTextContent('/voyages?search=Solent&duration=days&contribution=shared&bbox=-2.5%2C50.1%2C-0.5%2C51');
    expect(calls(fetchMock).some((call) => call.method === 'POST' && call.url.pathname === `/api/saved-searches/${SOLENT}/open`)).toBe(true);
  });

  it('renames a search, and shows the server’s refusal under the name', async () => {
    let refuse = true;
    api([makeSearch()], [], (method, path, body) => {
      if (method !== 'PATCH' || path !== `/api/saved-searches/${SOLENT}`) return undefined;
      if (refuse)
        return { status: 400, body: { error: 'Validation failed', code: 'VALIDATION_FAILED', details: [{ path: 'name', message: 'Name must be at most 80 characters' }] } };
      return { status: 200, body: makeSearch(body as Partial<SavedSearch>) };
    });
    renderPage();
    const user = userEvent.setup();
    const solent = await item('Solent weekends');
    await user.click(solent.getByRole('button', { name: 'Rename Solent weekends' }));
    const field = solent.getByLabelText('New name');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Solent in June');
    await user.click(solent.getByRole('button', { name: 'Save name' }));
    expect(await solent.findByText('Name must be at most 80 characters')).toBeInTheDocument();

    refuse = false;
    await user.click(solent.getByRole('button', { name: 'Save name' }));
    const renamed = await item('Solent in June');
    expect(renamed.queryByLabelText('New name')).toBeNull();
    await waitFor(() => expect(renamed.getByRole('button', { name: 'Rename Solent in June' })).toHaveFocus());
  });

  it('asks before deleting a search, then removes it', async () => {
    let deleted = false;
    const fetchMock = mockFetch((url, init) => {
      const method = init.method ?? 'GET';
      if (method === 'GET' && url.pathname === '/api/saved-searches') return { status: 200, body: { saved_searches: deleted ? [] : [makeSearch()], limit: 20 } };
      if (method === 'GET' && url.pathname === '/api/users/me/watches') return { status: 200, body: { watches: [] } };
      if (method === 'DELETE' && url.pathname === `/api/saved-searches/${SOLENT}`) {
        deleted = true;
        return { status: 200, body: { message: 'Saved search deleted' } };
      }
      return undefined;
    });
    renderPage();
    const user = userEvent.setup();
    await user.click((await item('Solent weekends')).getByRole('button', { name: 'Delete Solent weekends' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Delete this saved search?' }));
    expect(dialog.getByText('“Solent weekends” and its email alerts will be deleted. Voyages are not affected.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(calls(fetchMock).some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('article', { name: 'Solent weekends' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Solent weekends' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Saved search “Solent weekends” deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Solent weekends' })).toBeNull();
    expect(await screen.findByText('You have no saved searches yet.')).toBeInTheDocument();
  });

  it('lists the voyages the member watches, and stops watching one', async () => {
    const watches = [
      makeWatch(),
      makeWatch({ voyage_id: '8b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d05', title: 'Azores delivery', departure_port: null, status: 'active', current_crew_count: 2 }),
    ];
    const fetchMock = api([makeSearch()], watches, (method, path) => {
      if (method !== 'DELETE' || path !== `/api/voyages/${VOYAGE}/watch`) return undefined;
      watches.shift();
      return { status: 200, body: { watching: false } };
    });
    renderPage();
    const watching = within(screen.getByRole('region', { name: 'Watching' }));
    expect(await watching.findByRole('link', { name: 'Biscay crossing' })).toHaveAttribute('href', `/voyages/${VOYAGE}`);
    expect(watching.getByText('From Brest, departing July 4, 2026')).toBeInTheDocument();
    expect(watching.getByText('Departing July 4, 2026')).toBeInTheDocument();
    expect(watching.getByText('Full · 3 of 3 crew · watching since May 20, 2026')).toBeInTheDocument();
    // A berth opened on the other one: the member is told they can apply.
    expect(watching.getAllByText('A berth is open: you can apply now.')).toHaveLength(1);

    await userEvent.setup().click(watching.getByRole('button', { name: 'Stop watching Biscay crossing' }));
    await waitFor(() => expect(watching.queryByRole('link', { name: 'Biscay crossing' })).toBeNull());
    expect(watching.getByRole('link', { name: 'Azores delivery' })).toBeInTheDocument();
    expect(calls(fetchMock).some((call) => call.method === 'DELETE' && call.url.pathname === `/api/voyages/${VOYAGE}/watch`)).toBe(true);
  });
});
