import type { SavedSearch } from '@crew/contracts';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { loadContracts } from '../../../../lib/contracts-loader';
import { tokenStore } from '../../../../lib/token-store';
import { calls, makeUser, makeVoyage, mockFetch } from '../../../../testing/voyage-fixtures';
import { VoyagesPage } from '../../routes/VoyagesPage';

beforeAll(async () => {
  await loadContracts();
}, 30_000);

afterEach(() => tokenStore.clear());

const SKIPPER = '6f1c8a1e-0000-4000-8000-000000000001';

const saved = (body: Record<string, unknown>): SavedSearch =>
  ({
    id: '0b9f3a52-8d1c-4c57-9a43-2f4e8f1d6a01',
    filters: {},
    bbox: null,
    time_zone: 'UTC',
    new_matches: 0,
    last_opened_at: null,
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-01T10:00:00.000Z',
    ...body,
  }) as SavedSearch;

type Answer = { status: number; body: unknown };

function Login() {
  const location = useLocation();
  return <p>sign in, then back to {(location.state as { from?: string } | null)?.from}</p>;
}

/** Browse at `url` (the list, so no map is drawn), signed in unless `guest`; POST /api/saved-searches answers with `answer`. */
function browse(url: string, answer: (body: Record<string, unknown>) => Answer = (body) => ({ status: 201, body: saved(body) }), guest = false) {
  if (!guest) tokenStore.set('token-1');
  const fetchMock = mockFetch((request, init) => {
    if (request.pathname === '/api/auth/me') return { status: 200, body: makeUser() };
    if (request.pathname === '/api/voyages/') return { status: 200, body: { voyages: [makeVoyage()], total: 1, limit: 20, offset: 0 } };
    if (request.pathname === '/api/saved-searches' && init.method === 'POST') return answer(JSON.parse(String(init.body)) as Record<string, unknown>);
    return undefined;
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/voyages" element={<VoyagesPage />} />
          <Route path="/login" element={<Login />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const posted = (fetchMock: ReturnType<typeof mockFetch>) => {
  const post = calls(fetchMock).find((call) => call.method === 'POST');
  return post ? (JSON.parse(String(post.body)) as Record<string, unknown>) : undefined;
};

const openDialog = async () => {
  await screen.findByText('1 voyage found');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Save this search' }));
  return within(await screen.findByRole('dialog', { name: 'Save this search' }));
};

describe('Save this search', () => {
  it('saves the filters of the address and the searched area (never the view, page or order), named from its words, daily unless changed', async () => {
    const fetchMock = browse(
      `/voyages?view=list&search=Azores&departure_from=2026-06-01&duration=weeks&contribution=shared&status=full&skipper_id=${SKIPPER}&bbox=170.5,-20,-170,-10&page=2&sort=match`,
    );
    const dialog = await openDialog();
    expect(dialog.getAllByRole('listitem').map((part) => part.textContent)).toEqual([
      'Matching “Azores”',
      'Departing from June 1, 2026',
      '1-4 weeks',
      'Shared costs',
      'Status: Full',
      'One skipper’s voyages',
      'Map area 170.5° E to 170.0° W, 20.0° S to 10.0° S',
    ]);
    expect(dialog.getByLabelText('Name')).toHaveValue('Azores');
    expect(dialog.getByLabelText('Email alerts')).toHaveValue('daily');

    const user = userEvent.setup();
    await user.selectOptions(dialog.getByLabelText('Email alerts'), 'Instantly, for each new voyage');
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Pacific crossings');
    await user.click(dialog.getByRole('button', { name: 'Save search' }));

    const notice = await screen.findByText(/Search “Pacific crossings” saved\./);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'See your saved searches' })).toHaveAttribute('href', '/saved-searches');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted(fetchMock)).toEqual({
      name: 'Pacific crossings',
      alert: 'instant',
      filters: { search: 'Azores', departure_from: '2026-06-01', duration: 'weeks', contribution: 'shared', status: 'full', skipper_id: SKIPPER },
      bbox: [170.5, -20, -170, -10],
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Search “Pacific crossings” saved\./)).toBeNull();
  });

  it('suggests a name from the first date when there are no words, saves no area when none limits the results, and needs a name', async () => {
    const fetchMock = browse('/voyages?view=list&departure_from=2026-07-01');
    const dialog = await openDialog();
    expect(dialog.getByLabelText('Name')).toHaveValue('Voyages from July 1, 2026');
    expect(dialog.getAllByRole('listitem').map((part) => part.textContent)).toEqual(['Departing from July 1, 2026']);

    const user = userEvent.setup();
    await user.clear(dialog.getByLabelText('Name'));
    await user.click(dialog.getByRole('button', { name: 'Save search' }));
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(posted(fetchMock)).toBeUndefined();

    await user.type(dialog.getByLabelText('Name'), 'July');
    await user.click(dialog.getByRole('button', { name: 'Save search' }));
    await screen.findByText(/Search “July” saved\./);
    expect(posted(fetchMock)).toMatchObject({ filters: { departure_from: '2026-07-01' }, bbox: null });
  });

  it('shows the server’s refusal at the 20-search limit and stays open until cancelled', async () => {
    browse('/voyages?view=list', () => ({ status: 409, body: { error: 'You can keep at most 20 saved searches. Delete one to save another.', code: 'SAVED_SEARCH_LIMIT' } }));
    const dialog = await openDialog();
    expect(dialog.getByText('Every voyage open for crew, anywhere')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveValue('New voyages');
    const user = userEvent.setup();
    await user.click(dialog.getByRole('button', { name: 'Save search' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('You can keep at most 20 saved searches. Delete one to save another.');
    expect(screen.getByRole('dialog', { name: 'Save this search' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/saved\./)).toBeNull();
    // Asked again, it opens again.
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    expect(await screen.findByRole('dialog', { name: 'Save this search' })).toBeInTheDocument();
  });

  it('shows a refused filter in the server’s words', async () => {
    browse('/voyages?view=list&bbox=10,40,20,50', () => ({
      status: 400,
      body: { error: 'bbox west and east must differ', code: 'VALIDATION_FAILED', details: [{ path: 'bbox', message: 'bbox west and east must differ' }] },
    }));
    const dialog = await openDialog();
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Save search' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('bbox west and east must differ');
  });

  it('sends a guest to sign in and back to the same search', async () => {
    const fetchMock = browse('/voyages?view=list&search=Solent', undefined, true);
    await screen.findByText('1 voyage found');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save this search' }));
    expect(await screen.findByText('sign in, then back to /voyages?view=list&search=Solent')).toBeInTheDocument();
    expect(posted(fetchMock)).toBeUndefined();
  });
});
