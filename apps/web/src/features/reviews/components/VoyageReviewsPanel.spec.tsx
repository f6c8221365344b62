import type { MyVoyageReviewsResponse, ReviewCounterpart, ReviewResponse } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { VoyageReviewsPanel } from './VoyageReviewsPanel';

const mary = { id: 'u2', first_name: 'Mary', last_name: 'Read', profile_photo_url: null };
const jack = { id: 'u3', first_name: 'Jack', last_name: 'Rackham', profile_photo_url: null };

const myReview = (overrides: Partial<ReviewResponse> = {}): ReviewResponse => ({
  id: 'r1',
  voyage: { id: 'v1', title: 'Solent to Cherbourg' },
  reviewer: { id: 'u1', first_name: 'Ann', last_name: 'Bonny', profile_photo_url: null },
  reviewee_id: 'u2',
  reviewer_role: 'skipper',
  rating: 3,
  text: 'Good on watch, a little quiet.',
  created_at: '2030-06-06T10:00:00.000Z',
  updated_at: '2030-06-06T10:00:00.000Z',
  visible: false,
  visible_from: '2030-06-19T10:00:00.000Z',
  editable: true,
  ...overrides,
});

const counterpart = (overrides: Partial<ReviewCounterpart>): ReviewCounterpart => ({
  user: mary,
  role: 'crew',
  my_review: null,
  they_reviewed: false,
  can_review: true,
  ...overrides,
});

const panel = (counterparts: ReviewCounterpart[]): MyVoyageReviewsResponse => ({
  voyage_id: 'v1',
  open: true,
  reason: null,
  completed_at: '2030-06-05T10:00:00.000Z',
  counterparts,
});

type Reply = { status?: number; body: unknown };
function mockApi(answer: (url: string, method: string, body: unknown) => Reply | undefined) {
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const reply = answer(String(input), init?.method ?? 'GET', init?.body ? JSON.parse(String(init.body)) : undefined);
    const status = reply?.status ?? (reply ? 200 : 404);
    return { ok: status < 400, status, json: async () => (reply ? reply.body : { error: 'Not found', code: 'NOT_FOUND' }) };
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

const renderPanel = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <VoyageReviewsPanel voyageId="v1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('VoyageReviewsPanel', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('tells the author their review waits for the other side, until when, and that it can still change', async () => {
    mockApi((url) =>
      url === '/api/voyages/v1/reviews/mine'
        ? { body: panel([counterpart({ my_review: myReview() }), counterpart({ user: jack, my_review: myReview({ id: 'r2', reviewee_id: 'u3' }), they_reviewed: true })]) }
        : undefined,
    );
    renderPanel();
    const maryItem = within(await screen.findByRole('listitem', { name: 'Mary Read (crew)' }));
    expect(maryItem.getByRole('note')).toHaveTextContent(
      'Waiting for Mary to review you. Your review stays hidden until they do, or until 19 June 2030, and you can change it until then.',
    );
    expect(maryItem.getByRole('img', { name: '3 out of 5 stars' })).toBeInTheDocument();
    expect(maryItem.getByText('Good on watch, a little quiet.')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Jack Rackham (crew)' })).getByRole('note')).toHaveTextContent('Both of you have reviewed each other.');
  });

  it('edits a review while it is still hidden, sending the change to the review', async () => {
    const user = userEvent.setup();
    let current = myReview();
    const fn = mockApi((url, method, body) => {
      if (url === '/api/voyages/v1/reviews/mine') return { body: panel([counterpart({ my_review: current })]) };
      if (url === '/api/reviews/r1' && method === 'PUT') {
        const change = body as { rating: number; text: string };
        current = myReview({ rating: change.rating, text: change.text });
        return { body: { message: 'Your review has been updated.', review: current } };
      }
      return undefined;
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit your review of Mary Read' }));
    const text = screen.getByLabelText('Your review of Mary Read');
    expect(text).toHaveValue('Good on watch, a little quiet.');
    expect(screen.getByRole('radio', { name: '3 stars: good' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '5 stars: excellent' }));
    await user.clear(text);
    await user.type(text, 'A superb watch leader, calm in a blow.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your review has been updated.');
    const put = fn.mock.calls.find(([url, init]) => String(url) === '/api/reviews/r1' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ rating: 5, text: 'A superb watch leader, calm in a blow.' });
    expect(await screen.findByText('A superb watch leader, calm in a blow.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your review of Mary Read')).not.toBeInTheDocument();
  });

  it('offers no edit once the review shows, and a form to whom there is still someone to review', async () => {
    mockApi((url) =>
      url === '/api/voyages/v1/reviews/mine'
        ? { body: panel([counterpart({ my_review: myReview({ visible: true, editable: false }), they_reviewed: true, can_review: false }), counterpart({ user: jack })]) }
        : undefined,
    );
    renderPanel();
    const maryItem = within(await screen.findByRole('listitem', { name: 'Mary Read (crew)' }));
    expect(maryItem.getByText('Both reviews are shown on your profiles.')).toBeInTheDocument();
    expect(maryItem.queryByRole('button', { name: /Edit your review/ })).not.toBeInTheDocument();
    const jackItem = within(screen.getByRole('listitem', { name: 'Jack Rackham (crew)' }));
    expect(jackItem.getByRole('group', { name: 'Your rating of Jack Rackham' })).toBeInTheDocument();
    expect(jackItem.getByRole('button', { name: 'Submit review' })).toBeInTheDocument();
  });
});
