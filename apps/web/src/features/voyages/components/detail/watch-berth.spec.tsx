import type { UserResponse, VoyageResponse } from '@crew/contracts';
import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { loadContracts } from '../../../../lib/contracts-loader';
import { tokenStore } from '../../../../lib/token-store';
import { makeUser, makeVoyage, mockFetch } from '../../../../testing/voyage-fixtures';
import { VoyageDetailPage } from '../../routes/VoyageDetailPage';
import { mayWatchBerth } from './ApplyPanel';

beforeAll(async () => {
  await loadContracts();
}, 30_000);

beforeEach(() => tokenStore.clear());

const crew = makeUser({ id: 'u-crew', user_type: 'crew' });
const full = (overrides: Partial<VoyageResponse> = {}) => makeVoyage({ status: 'full', total_crew_needed: 2, current_crew_count: 2, ...overrides });

describe('who may ask to hear when a berth opens', () => {
  it.each<[string, VoyageResponse, UserResponse | undefined, boolean]>([
    ['crew on a full voyage', full(), crew, true],
    ['a guest on a full voyage (signs in first)', full(), undefined, true],
    ['a "both" account on a full voyage', full(), makeUser({ user_type: 'both' }), true],
    ['crew on a voyage whose crew is complete before its status says full', full({ status: 'active' }), crew, true],
    ['crew who withdrew their application', full({ my_application: { id: 'a1', status: 'withdrawn' } }), crew, true],
    ['crew on a voyage with a free berth', full({ status: 'active', current_crew_count: 1 }), crew, false],
    ['crew already aboard', full({ my_application: { id: 'a1', status: 'accepted' } }), crew, false],
    ['crew still applying', full({ my_application: { id: 'a1', status: 'pending' } }), crew, false],
    ['crew the skipper did not select', full({ my_application: { id: 'a1', status: 'rejected' } }), crew, false],
    ['its skipper', full({ is_owner: true }), makeUser({ user_type: 'skipper' }), false],
    ['a skipper-only account', full(), makeUser({ user_type: 'skipper' }), false],
    ['crew on a suspended voyage', full({ suspended: true }), crew, false],
    ['crew on a voyage under way', full({ status: 'in_progress' }), crew, false],
  ])('%s', (_case, voyage, user, expected) => {
    expect(mayWatchBerth(voyage, user)).toBe(expected);
  });
});

const renderDetail = (voyage: VoyageResponse, user: UserResponse | null) => {
  if (user) tokenStore.set('token-1');
  mockFetch((url) => {
    if (url.pathname === '/api/auth/me' && user) return { status: 200, body: user };
    if (url.pathname === '/api/voyages/v1') return { status: 200, body: voyage };
    if (url.pathname === '/api/voyages/v1/watch') return { status: 200, body: { watching: false } };
    return undefined;
  });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/voyages/v1']}>
        <Routes>
          <Route path="/voyages/:id" element={<VoyageDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('the voyage page’s berth watch', () => {
  it('offers crew "Tell me when a berth opens" in the apply area of a full voyage', async () => {
    renderDetail(full(), crew);
    const area = within(await screen.findByRole('region', { name: 'Join this voyage' }));
    expect(area.getByText('This voyage is full')).toBeInTheDocument();
    expect(await area.findByRole('button', { name: 'Tell me when a berth opens' })).toBeEnabled();
  });

  it('offers a guest the way to sign in for it', async () => {
    renderDetail(full(), null);
    const area = within(await screen.findByRole('region', { name: 'Join this voyage' }));
    expect(await area.findByRole('link', { name: 'Tell me when a berth opens' })).toHaveAttribute('href', '/login');
  });

  it('shows nothing of it on a voyage with a free berth', async () => {
    renderDetail(makeVoyage({ status: 'active', total_crew_needed: 2, current_crew_count: 0 }), crew);
    expect(await screen.findByRole('button', { name: 'Apply to Join' })).toBeInTheDocument();
    expect(screen.queryByText('Tell me when a berth opens')).toBeNull();
  });
});
