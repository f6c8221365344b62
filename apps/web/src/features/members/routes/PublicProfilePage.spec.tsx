import type { PublicProfile, ReviewResponse, UserReviewsResponse, UserVoyagesResponse } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { PublicProfilePage } from './PublicProfilePage';

const profile: PublicProfile = {
  id: 'u2',
  first_name: 'Mary',
  last_name: 'Read',
  profile_photo_url: null,
  user_type: 'skipper',
  member_since: '2026-03-01T00:00:00.000Z',
  verification_level: 'established',
  verification_points: 5,
  trust: { level: 'established', label: 'Established', points: 5, max_points: 6 },
  sailing_experience: { years_sailing: 12, sailing_areas: ['Solent', 'Brittany'], certifications: ['Yachtmaster Offshore'], informal_description: '' },
};

const review = (n: number): ReviewResponse => ({
  id: `r${n}`,
  voyage: { id: 'v1', title: 'Solent to Cherbourg' },
  reviewer: { id: `c${n}`, first_name: `Crew${n}`, last_name: 'Sailor', profile_photo_url: null },
  reviewee_id: 'u2',
  reviewer_role: 'crew',
  rating: n % 2 === 0 ? 5 : 4,
  text: `Review number ${n}: a calm and careful skipper.`,
  created_at: '2030-06-20T10:00:00.000Z',
  updated_at: '2030-06-20T10:00:00.000Z',
  visible: true,
  visible_from: '2030-06-20T10:00:00.000Z',
  editable: false,
});

const reviewsPage = (page: number): UserReviewsResponse => ({
  reviews: page === 1 ? Array.from({ length: 10 }, (_, i) => review(i + 1)) : [review(11), review(12)],
  rating: { average: 4.5, count: 12 },
  page,
  page_size: 10,
  total: 12,
});

const voyages: UserVoyagesResponse = {
  skippered: [
    { id: 'v1', title: 'Solent to Cherbourg', departure_port: 'Cowes', arrival_port: 'Cherbourg', start_date: '2030-06-01', end_date: '2030-06-05' },
    { id: 'v2', title: 'Round the Island', departure_port: null, arrival_port: null, start_date: null, end_date: null },
  ],
  crewed: [],
  skippered_count: 2,
  crewed_count: 0,
};

function mockApi(answer: (url: string) => { status?: number; body: unknown } | undefined) {
  const fn = jest.fn(async (input: RequestInfo | URL) => {
    const reply = answer(String(input));
    const status = reply?.status ?? (reply ? 200 : 404);
    return { ok: status < 400, status, json: async () => (reply ? reply.body : { error: 'Member not found', code: 'USER_NOT_FOUND' }) };
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

const renderProfile = (id = 'u2') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/users/${id}`]}>
        <Routes>
          <Route path="/users/:id" element={<PublicProfilePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('PublicProfilePage', () => {
  beforeEach(() => tokenStore.clear());

  it('shows the member with their average rating and review count, and the completed voyages they skippered and crewed', async () => {
    mockApi((url) => {
      if (url === '/api/users/u2/public') return { body: profile };
      if (url === '/api/users/u2/reviews?page=1') return { body: reviewsPage(1) };
      if (url === '/api/users/u2/voyages') return { body: voyages };
      return undefined;
    });
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mary Read' })).toBeInTheDocument();
    expect(screen.getByText(/Skipper · member since March 2026/)).toBeInTheDocument();
    // The trust level as the API named it: five points without an identity check is "Established", never "Verified".
    expect(screen.getByTestId('trust-badge')).toHaveTextContent('Trust level: Established (5 / 6 points)');
    const rating = await screen.findByTestId('member-rating');
    expect(within(rating).getByRole('img', { name: '4.5 out of 5 stars' })).toBeInTheDocument();
    expect(rating).toHaveTextContent('4.5 · 12 reviews');
    expect(screen.getByRole('heading', { name: 'Reviews (12)' })).toBeInTheDocument();

    const completed = within(screen.getByRole('region', { name: 'Completed voyages' }));
    expect(completed.getByRole('heading', { name: 'Skippered (2)' })).toBeInTheDocument();
    expect(completed.getByRole('link', { name: 'Solent to Cherbourg' })).toHaveAttribute('href', '/voyages/v1');
    expect(completed.getByRole('link', { name: 'Solent to Cherbourg' }).closest('li')).toHaveTextContent('Solent to Cherbourg · Cowes to Cherbourg · June 2030');
    expect(completed.getByRole('link', { name: 'Round the Island' })).toHaveAttribute('href', '/voyages/v2');
    expect(completed.getByRole('heading', { name: 'Crewed (0)' })).toBeInTheDocument();
    expect(completed.getByText('No completed voyages as crew yet.')).toBeInTheDocument();
  });

  it('pages through the reviews, newest first, 10 at a time', async () => {
    const user = userEvent.setup();
    const fn = mockApi((url) => {
      if (url === '/api/users/u2/public') return { body: profile };
      const page = /\/api\/users\/u2\/reviews\?page=(\d+)$/.exec(url);
      if (page) return { body: reviewsPage(Number(page[1])) };
      if (url === '/api/users/u2/voyages') return { body: voyages };
      return undefined;
    });
    renderProfile();
    const reviews = within(await screen.findByRole('region', { name: 'Reviews (12)' }));
    expect(await reviews.findByText('Review number 1: a calm and careful skipper.')).toBeInTheDocument();
    expect(reviews.getAllByRole('listitem')).toHaveLength(10);
    expect(reviews.getByRole('link', { name: 'Crew1 Sailor' })).toHaveAttribute('href', '/users/c1');
    expect(reviews.queryByText('Review number 11: a calm and careful skipper.')).not.toBeInTheDocument();

    const pager = within(reviews.getByRole('navigation', { name: 'Review pages' }));
    await user.click(pager.getByRole('button', { name: 'Page 2' }));
    expect(await reviews.findByText('Review number 11: a calm and careful skipper.')).toBeInTheDocument();
    expect(reviews.getAllByRole('listitem')).toHaveLength(2);
    // The pager stayed while the page loaded: the button pressed keeps the focus.
    expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(pager.getByRole('button', { name: 'Page 2' })).toHaveFocus();
    expect(fn.mock.calls.map(([url]) => String(url))).toContain('/api/users/u2/reviews?page=2');
    // A guest may read them, but not report them.
    expect(reviews.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
  });

  it('says when there are no reviews yet', async () => {
    mockApi((url) => {
      if (url === '/api/users/u2/public') return { body: { ...profile, sailing_experience: null } };
      if (url === '/api/users/u2/reviews?page=1') return { body: { reviews: [], rating: { average: null, count: 0 }, page: 1, page_size: 10, total: 0 } };
      if (url === '/api/users/u2/voyages') return { body: { skippered: [], crewed: [], skippered_count: 0, crewed_count: 0 } };
      return undefined;
    });
    renderProfile();
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getByTestId('member-rating')).toHaveTextContent('No reviews yet');
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    expect(screen.getByText('No sailing experience shared yet.')).toBeInTheDocument();
  });

  it('says so when the member does not exist', async () => {
    mockApi(() => undefined);
    renderProfile('gone');
    expect(await screen.findByRole('heading', { name: 'Member not found' })).toBeInTheDocument();
    expect(screen.getByText(/does not exist or has left Crew Finder/)).toBeInTheDocument();
  });
});
