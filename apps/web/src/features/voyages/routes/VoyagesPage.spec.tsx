import { describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { calls, makeVoyage, mockFetch } from '../../../testing/voyage-fixtures';
import { apiPaths } from '@crew/contracts/paths';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { urlOf } from '../../../api/contract-client';
import { listQuery, parseBrowseParams } from '../lib/browse-filters';
import { prefetchGuestList, VoyagesPage } from './VoyagesPage';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

const renderAt = (url: string, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) =>
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/voyages"
            element={
              <>
                <VoyagesPage />
                <Location />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const list = (voyages: ReturnType<typeof makeVoyage>[], total = voyages.length) =>
  mockFetch((url) => (url.pathname === '/api/voyages/' ? { status: 200, body: { voyages, total, limit: 20, offset: Number(url.searchParams.get('offset') ?? 0) } } : undefined));

describe('VoyagesPage list view', () => {
  it('renders cards from the API and disables the cancelled one', async () => {
    list([
      makeVoyage({ id: 'v1', title: 'Solent to Cherbourg' }),
      makeVoyage({ id: 'v2', title: 'Biscay crossing', status: 'cancelled', contribution_type: 'free', contribution_amount: null }),
    ]);
    renderAt('/voyages?view=list');

    expect(await screen.findByText('2 voyages found')).toBeInTheDocument();
    const [open, cancelled] = screen.getAllByTestId('voyage-card');
    if (!open || !cancelled) throw new Error('expected two cards');

    expect(within(open).getByRole('link', { name: 'View details of Solent to Cherbourg' })).toHaveAttribute('href', '/voyages/v1');
    expect(within(open).getByText('Share costs (~£120)')).toBeInTheDocument();
    expect(within(open).getByText('June 5, 2026')).toBeInTheDocument();
    expect(within(open).getByText('1 week')).toBeInTheDocument();
    expect(within(open).getByText('Sea Breeze · Monohull · 40 ft')).toBeInTheDocument();
    expect(within(open).getByText('AB')).toBeInTheDocument(); // skipper initials without a photo

    expect(cancelled).toHaveAttribute('aria-disabled', 'true');
    expect(cancelled).toHaveAttribute('title', 'This voyage has been cancelled');
    expect(within(cancelled).queryByRole('link')).toBeNull();
    expect(within(cancelled).getByRole('button', { name: 'View Details' })).toBeDisabled();
    expect(within(cancelled).getByText('Free')).toBeInTheDocument();
  });

  it('disables the card of a voyage that did not select the viewer, with a way to other voyages', async () => {
    list([
      makeVoyage({ id: 'v1', title: 'Solent to Cherbourg', my_application: { id: 'a1', status: 'rejected' } }),
      makeVoyage({ id: 'v2', title: 'Biscay crossing', my_application: { id: 'a2', status: 'pending' } }),
    ]);
    renderAt('/voyages?view=list');
    expect(await screen.findByText('2 voyages found')).toBeInTheDocument();
    const [rejected, pending] = screen.getAllByTestId('voyage-card');
    if (!rejected || !pending) throw new Error('expected two cards');

    expect(rejected).toHaveAttribute('aria-disabled', 'true');
    expect(rejected).toHaveAttribute('title', 'You have already applied to this voyage');
    expect(within(rejected).getByText('Not selected for this voyage')).toBeInTheDocument();
    expect(within(rejected).getByRole('button', { name: 'View Details' })).toBeDisabled();
    expect(within(rejected).queryByRole('link', { name: /Solent to Cherbourg/ })).toBeNull();
    expect(within(rejected).getByRole('link', { name: 'Browse other voyages' })).toHaveAttribute('href', '/voyages');

    // Any other application leaves the card open.
    expect(pending).not.toHaveAttribute('aria-disabled');
    expect(within(pending).getByRole('link', { name: 'View details of Biscay crossing' })).toHaveAttribute('href', '/voyages/v2');
  });

  it('sends the URL filters to the server and keeps new ones in the URL', async () => {
    const fetchMock = list([makeVoyage()]);
    renderAt('/voyages?view=list&search=Cherbourg&duration=weeks');
    await screen.findByText('1 voyage found');
    const first = calls(fetchMock)[0];
    expect(first?.url.pathname).toBe('/api/voyages/');
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toEqual({ search: 'Cherbourg', duration: 'weeks', limit: '20', offset: '0' });
    expect(screen.getByRole('radio', { name: '1-4 weeks' })).toBeChecked();

    fireEvent.click(screen.getByRole('radio', { name: 'Free' }));
    expect(screen.getByTestId('location').textContent).toBe('?view=list&search=Cherbourg&duration=weeks&contribution=free');
    await screen.findByText('1 voyage found');
    expect(calls(fetchMock).some((call) => call.url.searchParams.get('contribution') === 'free')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('location').textContent).toBe('?view=list');
  });

  it('pages 20 at a time', async () => {
    const fetchMock = list([makeVoyage()], 45);
    renderAt('/voyages?view=list');
    expect(await screen.findByText('45 voyages found · page 1 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('location').textContent).toBe('?view=list&page=2');
    await screen.findByText('45 voyages found · page 2 of 3');
    expect(calls(fetchMock).at(-1)?.url.searchParams.get('offset')).toBe('20');
  });

  it('says No voyages found when nothing matches', async () => {
    list([]);
    renderAt('/voyages?view=list&contribution=paid');
    expect(await screen.findByText('No voyages found')).toBeInTheDocument();
  });

  it('shows an error with Retry, never sample voyages', async () => {
    let fail = true;
    mockFetch((url) =>
      url.pathname === '/api/voyages/'
        ? fail
          ? { status: 503, body: { error: 'Service unavailable', code: 'UNAVAILABLE' } }
          : { status: 200, body: { voyages: [makeVoyage()], total: 1, limit: 20, offset: 0 } }
        : undefined,
    );
    renderAt('/voyages?view=list');
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(screen.queryByTestId('voyage-card')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 voyage found')).toBeInTheDocument();
  });
});

describe("a guest's first page of the list, asked for as the app starts", () => {
  it('is the very query the list makes, so the list draws it without asking again', async () => {
    const fetched = list([makeVoyage({ id: 'v1', title: 'Solent to Cherbourg' })], 41);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchGuestList(new URLSearchParams('view=list&page=3&search=biscay'), client);
    expect(calls(fetched).map(({ url }) => url.pathname + url.search)).toEqual(['/api/voyages/?search=biscay&limit=20&offset=40']);

    renderAt('/voyages?view=list&page=3&search=biscay', client);
    expect(await screen.findByText('Solent to Cherbourg')).toBeInTheDocument();
    expect(calls(fetched)).toHaveLength(1);
  });

  it("takes the answer the page's HTML asked for when it is for the same address, and asks itself otherwise", async () => {
    const fetched = list([makeVoyage({ id: 'v2', title: 'Asked by the app' })]);
    const early = { voyages: [makeVoyage({ id: 'v1', title: 'Asked by the page' })], total: 1, limit: 20, offset: 40 };
    window.__crewEarlyList = { url: '/api/voyages/?limit=20&offset=40', answer: Promise.resolve(early) };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchGuestList(new URLSearchParams('view=list&page=3'), client);
    expect(window.__crewEarlyList).toBeNull();
    renderAt('/voyages?view=list&page=3', client);
    expect(await screen.findByText('Asked by the page')).toBeInTheDocument();
    expect(fetched).not.toHaveBeenCalled();

    // An answer for another address (the app's filters differ) is left aside.
    window.__crewEarlyList = { url: '/api/voyages/?limit=20&offset=0', answer: Promise.resolve(early) };
    const other = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchGuestList(new URLSearchParams('view=list&search=biscay'), other);
    expect(calls(fetched).map(({ url }) => url.pathname + url.search)).toEqual(['/api/voyages/?search=biscay&limit=20&offset=0']);
  });

  it("the page's early script asks for the address the app would, for a plain list or a page of it, and for nothing else", async () => {
    const script = readFileSync(path.resolve(__dirname, '../../../../public/voyage-prefetch.js'), 'utf8');
    for (const [address, expected] of [
      ['/voyages?view=list', '/api/voyages/?limit=20&offset=0'],
      ['/de/voyages?view=list&page=3', '/api/voyages/?limit=20&offset=40'],
      ['/voyages?view=list&search=biscay', null],
      ['/voyages', null],
      ['/voyages?view=list&page=0', null],
    ] as const) {
      const fetched = list([]);
      window.history.pushState(null, '', address);
      delete window.__crewEarlyList;
      new Function(script)();
      const asked = calls(fetched).map(({ url }) => url.pathname + url.search);
      expect(asked).toEqual(expected ? [expected] : []);
      if (expected) {
        const search = new URLSearchParams(address.split('?')[1]);
        expect(urlOf(apiPaths.listVoyages, undefined, listQuery(parseBrowseParams(search)))).toBe(expected);
        // Read afresh: the script set it after the delete above.
        const early = (): Window['__crewEarlyList'] => window.__crewEarlyList;
        expect(early()?.url).toBe(expected);
        await early()?.answer;
      }
    }
    window.history.pushState(null, '', '/');
    delete window.__crewEarlyList;
  });

  it('is not asked for the map, whose clusters wait for the first paint', () => {
    const fetched = list([]);
    prefetchGuestList(new URLSearchParams('search=biscay'), new QueryClient());
    expect(fetched).not.toHaveBeenCalled();
  });
});
