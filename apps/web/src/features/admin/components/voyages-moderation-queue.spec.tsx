import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { fakeApi } from '../../../testing/ticket-fixtures';
import { AdminVoyagesPage } from '../routes/AdminVoyagesPage';
import { adminVoyage } from './test-fixtures';
import { VoyageActionDialog } from './voyages-dialogs';

const FLAGGED = adminVoyage({ id: '6b1f0c2e-4a7d-4e59-9c3b-2d8e5f1a7b90', title: 'Too good to be true', flagged_for_review: true, flag_notes: 'Price looks wrong' });
const wrap = (children: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('Voyage Oversight: the moderation queue', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('filters the list to the voyages flagged for review, shows the flag, and offers "Clear flag" instead of "Moderate"', async () => {
    const user = userEvent.setup();
    const calls = fakeApi((call) => {
      if (call.url.startsWith('/api/admin/voyages?')) {
        const flaggedOnly = call.url.includes('flagged=true');
        const voyages = flaggedOnly ? [FLAGGED] : [FLAGGED, adminVoyage({ id: 'v2', title: 'Quiet passage' })];
        return { body: { voyages, total: voyages.length, page: 1, page_size: 15 } };
      }
      if (call.url === '/api/admin/analytics/voyages') {
        return {
          body: {
            total_voyages: 2,
            new_this_month: 0,
            active_voyages: 2,
            departure_soon: 0,
            completed_voyages: 0,
            completion_rate: 0,
            total_applications: 0,
            pending_applications: 0,
          },
        };
      }
      return undefined;
    });
    wrap(<AdminVoyagesPage />);
    await screen.findByText('Quiet passage');
    await user.selectOptions(screen.getByLabelText('Moderation'), 'Flagged for review');
    await waitFor(() => expect(screen.queryByText('Quiet passage')).toBeNull());
    expect(calls.some((call) => call.url.includes('flagged=true'))).toBe(true);
    const row = screen.getByText('Too good to be true').closest('tr')!;
    expect(within(row).getByText('Flagged for review')).toHaveAttribute('title', 'Price looks wrong');
    expect(within(row).getByRole('button', { name: 'Clear the review flag of Too good to be true' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Moderate Too good to be true' })).toBeNull();
  });

  it('clears the flag with notes and says the voyage left the queue', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(() => ({ body: { message: 'Review flag cleared: the voyage has left the moderation queue' } }));
    const onDone = jest.fn();
    wrap(<VoyageActionDialog voyage={FLAGGED} kind="clear_flag" onClose={jest.fn()} onDone={onDone} />);
    const dialog = within(screen.getByRole('alertdialog', { name: 'Clear the review flag?' }));
    await user.type(dialog.getByLabelText('Notes'), 'Skipper confirmed the price');
    await user.click(dialog.getByRole('button', { name: 'Clear flag' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Review flag cleared: the voyage has left the moderation queue', true));
    expect(calls).toEqual([{ url: `/api/admin/voyages/${FLAGGED.id}/clear-flag`, method: 'POST', body: { notes: 'Skipper confirmed the price' } }]);
  });
});
