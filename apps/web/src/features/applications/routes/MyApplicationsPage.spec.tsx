import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeApplication, mockFetch, posts, renderAt } from '../../../testing/application-fixtures';
import { MyApplicationsPage } from './MyApplicationsPage';

const voyage = (id: string, title: string) => ({ ...makeApplication().voyage, id, title });

const applications = [
  makeApplication({ id: 'a1', status: 'pending', voyage: voyage('v1', 'Solent to Cherbourg'), segment_orders: [3, 1] }),
  makeApplication({ id: 'a2', status: 'pending', voyage: voyage('v2', 'Biscay Crossing'), created_at: new Date(Date.now() - 3 * 3_600_000).toISOString() }),
  makeApplication({ id: 'a3', status: 'accepted', voyage: voyage('v3', 'Azores Passage') }),
  makeApplication({ id: 'a4', status: 'rejected', voyage: voyage('v4', 'Greek Islands Hop') }),
];

const renderPage = () => renderAt('/applications', '/applications', <MyApplicationsPage />);
const card = (title: string) => screen.getByRole('article', { name: title });

describe('MyApplicationsPage', () => {
  it('filters by status with a count on each button', async () => {
    mockFetch((url) => (url.pathname === '/api/applications/my-applications' ? { status: 200, body: { applications } } : undefined));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Applications' })).toBeInTheDocument();
    const filters = await screen.findByRole('group', { name: /filter applications/i });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All (4)', 'Pending (2)', 'Accepted (1)', 'Rejected (1)', 'Withdrawn (0)', 'Expired (0)']);
    expect(screen.getByRole('button', { name: 'All (4)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('article')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Pending (2)' }));
    expect(screen.getByRole('button', { name: 'Pending (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All (4)' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual(['Solent to Cherbourg', 'Biscay Crossing']);

    await user.click(screen.getByRole('button', { name: 'Withdrawn (0)' }));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No withdrawn applications.')).toBeInTheDocument();
  });

  it('shows each card: title link, status, route, legs, message and when it was made', async () => {
    mockFetch(() => ({ status: 200, body: { applications } }));
    renderPage();
    const first = await screen.findByRole('article', { name: 'Solent to Cherbourg' });
    expect(within(first).getByRole('link', { name: 'Solent to Cherbourg' })).toHaveAttribute('href', '/voyages/v1');
    expect(first).toHaveTextContent('Status: Pending');
    expect(first).toHaveTextContent('Portsmouth → Cherbourg');
    expect(first).toHaveTextContent('Legs 1, 3');
    expect(first).toHaveTextContent('I have sailed the Channel many times');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(card('Biscay Crossing')).toHaveTextContent('Whole voyage');
    expect(card('Biscay Crossing')).toHaveTextContent('3 hours ago');
    expect(within(card('Azores Passage')).queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('does not link a rejected application to its voyage', async () => {
    mockFetch(() => ({ status: 200, body: { applications } }));
    renderPage();
    const rejected = await screen.findByRole('article', { name: 'Greek Islands Hop' });
    expect(within(rejected).queryByRole('link')).toBeNull();
    const title = within(rejected).getByText('Greek Islands Hop');
    expect(title).toHaveAttribute('aria-disabled', 'true');
    expect(title).toHaveAttribute('title', 'Voyage details cannot be viewed for rejected applications');
    expect(within(rejected).queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('withdraws after confirmation and says so', async () => {
    let withdrawn = false;
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/applications/a1/withdraw' && init.method === 'POST') {
        withdrawn = true;
        return { status: 200, body: { message: 'Application withdrawn successfully.', application: { ...applications[0], status: 'withdrawn' } } };
      }
      if (url.pathname === '/api/applications/my-applications') {
        return { status: 200, body: { applications: applications.map((a) => (a.id === 'a1' && withdrawn ? { ...a, status: 'withdrawn' } : a)) } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('article', { name: 'Solent to Cherbourg' })).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw application?' });
    expect(dialog).toHaveTextContent('Are you sure you want to withdraw your application for the voyage?');

    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep application' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(fetchMock)).toEqual([]);

    await user.click(within(card('Solent to Cherbourg')).getByRole('button', { name: 'Withdraw' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Application withdrawn successfully.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(fetchMock)).toEqual(['/api/applications/a1/withdraw']);
    await waitFor(() => expect(card('Solent to Cherbourg')).toHaveTextContent('Status: Withdrawn'));
    expect(within(card('Solent to Cherbourg')).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdrawn (1)' })).toBeInTheDocument();
  });

  it('keeps the dialog open with the failure message when withdrawing fails', async () => {
    mockFetch((url, init) => {
      if (url.pathname === '/api/applications/a1/withdraw' && init.method === 'POST') return { status: 500, body: { error: 'boom', code: 'INTERNAL' } };
      return { status: 200, body: { applications } };
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('article', { name: 'Solent to Cherbourg' })).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to withdraw application. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep application' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(card('Solent to Cherbourg')).toHaveTextContent('Status: Pending');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows the empty state with a way to browse voyages', async () => {
    mockFetch(() => ({ status: 200, body: { applications: [] } }));
    renderPage();
    expect(await screen.findByText('You have not applied to any voyages yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Available Voyages' })).toHaveAttribute('href', '/voyages');
  });

  it('shows an error with Retry on a failed load, never sample data', async () => {
    let fail = true;
    mockFetch(() => (fail ? { status: 500, body: { error: 'Database unavailable', code: 'INTERNAL' } } : { status: 200, body: { applications } }));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load applications. Please try again.');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(4);
  });
});
