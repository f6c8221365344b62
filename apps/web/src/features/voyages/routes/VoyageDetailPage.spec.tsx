import { beforeAll, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { calls, makeSegment, makeVoyage, mockFetch } from '../../../testing/voyage-fixtures';
import { loadContracts } from '../../../lib/contracts-loader';
import { VoyageDetailPage } from './VoyageDetailPage';

// Answers are checked against the contract, whose chunk loads on the first request: load it once up front, not inside a test's wait.
beforeAll(async () => {
  await loadContracts();
}, 30_000);

const renderDetail = (id = 'v1') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/voyages/${id}`]}>
        <Routes>
          <Route path="/voyages/:id" element={<VoyageDetailPage />} />
          <Route path="/voyages" element={<p>browse screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('VoyageDetailPage', () => {
  it('shows Voyage not found with a way back on 404', async () => {
    mockFetch(() => ({ status: 404, body: { error: 'Voyage not found', code: 'VOYAGE_NOT_FOUND' } }));
    renderDetail('missing');
    expect(await screen.findByRole('heading', { name: 'Voyage not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to voyages' })).toHaveAttribute('href', '/voyages');
    expect(document.title).toContain('Voyage not found');
  });

  it('shows an error with Retry on other failures, never sample data', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'Database unavailable', code: 'INTERNAL' } }));
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('4.8')).toBeNull();
  });

  it('shows the public voyage to a guest without owner controls', async () => {
    mockFetch((url) =>
      url.pathname === '/api/voyages/v1'
        ? {
            status: 200,
            body: makeVoyage({
              is_custom_voyage: true,
              custom_voyage_notes: 'Island hopping around the Cyclades.',
              segments: [makeSegment({ estimated_duration_hours: 48 })],
            }),
          }
        : undefined,
    );
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Solent to Cherbourg' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Voyage status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Voyage' })).toBeNull();
    // No coordinates: the sailing-area panel instead of a map.
    expect(screen.getByTestId('sailing-area')).toHaveTextContent('Island hopping around the Cyclades.');
    expect(screen.getByText('Portsmouth → Cherbourg', { selector: '.segment__ports' })).toBeInTheDocument();
    expect(screen.getByText('2 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ann Bonny' })).toHaveAttribute('href', '/users/6f1c8a1e-0000-4000-8000-000000000001');
    expect(screen.getByText('3 voyages')).toBeInTheDocument();
    expect(screen.getByText('Night Watches')).toBeInTheDocument();
    expect(document.title).toContain('Solent to Cherbourg');
  });

  it("shows each leg's dates, duration and berths open, and says when its distance is a straight line over land", async () => {
    mockFetch((url) =>
      url.pathname === '/api/voyages/v1'
        ? {
            status: 200,
            body: makeVoyage({
              total_crew_needed: 4,
              segments: [
                makeSegment({ estimated_departure_date: '2026-06-05', estimated_arrival_date: '2026-06-06', estimated_duration_hours: 24, berths_open: 3, crew_needed: 2 }),
                makeSegment({
                  id: 's2',
                  segment_order: 2,
                  departure_port: 'Cherbourg',
                  arrival_port: 'Norderney',
                  estimated_departure_date: '2026-06-08',
                  estimated_arrival_date: '2026-06-12',
                  estimated_duration_hours: 96,
                  berths_open: 4,
                  crew_needed: 2,
                  crosses_land: true,
                }),
              ],
            }),
          }
        : undefined,
    );
    renderDetail();
    const port = await screen.findByText('Cherbourg → Norderney', { selector: '.segment__ports' });
    const list = port.closest('ol') as HTMLElement;
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('June 5, 2026 – June 6, 2026')).toBeInTheDocument();
    expect(within(first!).getByText('1 day')).toBeInTheDocument();
    expect(within(first!).getByText('Berths open').nextElementSibling).toHaveTextContent('3');
    expect(within(second!).getByText('June 8, 2026 – June 12, 2026')).toBeInTheDocument();
    expect(within(second!).getByText('4 days')).toBeInTheDocument();
    expect(within(second!).getByText('Berths open').nextElementSibling).toHaveTextContent('4');
    expect(within(second!).getByText('Straight-line distance: the passage around the coast is longer.')).toBeInTheDocument();
    expect(within(list).queryByText('Crew needed')).toBeNull();
    expect(within(list).queryByText('TBD')).toBeNull();
  });

  it('reverts the status selector and says so when the update fails', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname !== '/api/voyages/v1') return undefined;
      if (init.method === 'PUT') return { status: 500, body: { error: 'boom', code: 'INTERNAL' } };
      return { status: 200, body: makeVoyage({ is_owner: true, status: 'planning' }) };
    });
    renderDetail();
    const select = await screen.findByLabelText('Voyage status');
    expect(select).toHaveValue('planning');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Planning', 'Active', 'Full', 'In Progress', 'Completed', 'Cancelled']);

    fireEvent.change(select, { target: { value: 'active' } });
    expect(await screen.findByText('Failed to update voyage status. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Voyage status')).toHaveValue('planning'));
    const put = calls(fetchMock).find((call) => call.method === 'PUT');
    expect(put?.body).toBe(JSON.stringify({ status: 'active' }));
  });

  it('does not offer completing a voyage before its departure date, and says from when', async () => {
    mockFetch(() => ({ status: 200, body: makeVoyage({ is_owner: true, status: 'active', estimated_start_date: '2099-06-01' }) }));
    renderDetail();
    const select = await screen.findByLabelText('Voyage status');
    const completed = within(select).getByRole('option', { name: 'Completed (from 1 June 2099)' });
    expect(completed).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'In Progress' })).toBeEnabled();
    expect(screen.getByText('It can be marked completed once it has sailed, from its departure date, 1 June 2099.')).toBeInTheDocument();
    expect(select).toHaveAccessibleDescription('It can be marked completed once it has sailed, from its departure date, 1 June 2099.');
  });

  it('offers Edit, View Applications and Cancel while planning or active', async () => {
    mockFetch(() => ({ status: 200, body: makeVoyage({ is_owner: true, status: 'active' }) }));
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/voyages/v1/edit');
    expect(screen.getByRole('link', { name: 'View Applications (2)' })).toHaveAttribute('href', '/voyages/v1/applications');
    expect(screen.getByRole('button', { name: 'Cancel Voyage' })).toBeInTheDocument();
  });

  it('hides Edit and Cancel once the voyage is under way', async () => {
    mockFetch(() => ({ status: 200, body: makeVoyage({ is_owner: true, status: 'in_progress' }) }));
    renderDetail();
    expect(await screen.findByRole('link', { name: /View Applications/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Voyage' })).toBeNull();
  });

  it('cancels after confirmation and reports how many crew were notified', async () => {
    let cancelled = false;
    mockFetch((url, init) => {
      if (url.pathname === '/api/voyages/v1/cancel' && init.method === 'POST') {
        cancelled = true;
        return { status: 200, body: { message: 'Voyage cancelled', notifications_sent: 3, voyage: makeVoyage({ is_owner: true, status: 'cancelled' }) } };
      }
      if (url.pathname === '/api/voyages/v1') return { status: 200, body: makeVoyage({ is_owner: true, status: cancelled ? 'cancelled' : 'active' }) };
      return undefined;
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Voyage' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(dialog).toHaveTextContent('notify every crew member who applied');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Voyage' }));
    expect(await screen.findByText('The voyage has been cancelled. 3 crew members were notified.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the server error when cancelling fails', async () => {
    mockFetch((url, init) => {
      if (url.pathname === '/api/voyages/v1/cancel' && init.method === 'POST') return { status: 409, body: { error: 'Voyage already completed', code: 'CONFLICT' } };
      if (url.pathname === '/api/voyages/v1') return { status: 200, body: makeVoyage({ is_owner: true }) };
      return undefined;
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Voyage' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Voyage' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Voyage already completed');
  });

  it('edits the contribution: no amount when free, Cancel resets, failure message', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname !== '/api/voyages/v1') return undefined;
      if (init.method === 'PUT') return { status: 500, body: { error: 'boom', code: 'INTERNAL' } };
      return { status: 200, body: makeVoyage({ is_owner: true }) };
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit contribution' }));
    expect(screen.getByLabelText('Amount')).toHaveValue(120);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit contribution' }));
    expect(screen.getByLabelText('Amount')).toHaveValue(120); // reset

    fireEvent.change(screen.getByLabelText('Contribution type'), { target: { value: 'free' } });
    expect(screen.queryByLabelText('Amount')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save contribution' }));
    expect(await screen.findByText('Failed to update contribution. Please try again.')).toBeInTheDocument();
    const put = calls(fetchMock).find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ contribution_type: 'free', contribution_currency: 'GBP', contribution_details: 'Food and fuel split evenly.' });
  });
});
