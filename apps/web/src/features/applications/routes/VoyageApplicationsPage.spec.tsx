import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCrewMember, makeVoyageApplication, makeVoyageApplications, mockFetch, posts, renderAt } from '../../../testing/application-fixtures';
import { VoyageApplicationsPage } from './VoyageApplicationsPage';

const grace = makeVoyageApplication({ id: 'a1', status: 'pending', segment_orders: [2] });
const jack = makeVoyageApplication({
  id: 'a2',
  status: 'accepted',
  crew_member: makeCrewMember({ id: 'c2', first_name: 'Jack', last_name: 'Rackham', email: 'jack@crew.test', sailing_experience: null, crew_skills: null }),
});
const mary = makeVoyageApplication({
  id: 'a3',
  status: 'pending',
  crew_member: makeCrewMember({ id: 'c3', first_name: 'Mary', last_name: 'Read', email: 'mary@crew.test', profile_photo_url: '/uploads/mary.jpg' }),
});
const body = makeVoyageApplications([grace, jack, mary]);

const LIST = '/api/voyages/v1/applications';
const renderPage = (id = 'v1') => renderAt(`/voyages/${id}/applications`, '/voyages/:id/applications', <VoyageApplicationsPage />);
const card = (name: string) => screen.getByRole('article', { name });

describe('VoyageApplicationsPage', () => {
  it('shows the voyage summary and each applicant in full', async () => {
    mockFetch((url) => (url.pathname === LIST ? { status: 200, body } : undefined));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications: Solent to Cherbourg' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Solent to Cherbourg' });
    expect(within(summary).getByRole('link', { name: 'Solent to Cherbourg' })).toHaveAttribute('href', '/voyages/v1');
    expect(summary).toHaveTextContent('Portsmouth → Cherbourg');
    expect(summary).toHaveTextContent('June 5, 2030');
    expect(summary).toHaveTextContent('1 week 3 days');
    expect(summary).toHaveTextContent('Active');
    expect(summary).toHaveTextContent('1 / 3');

    const first = card('Grace OMalley');
    expect(within(first).getByRole('link', { name: 'grace@crew.test' })).toHaveAttribute('href', 'mailto:grace@crew.test');
    expect(first).toHaveTextContent('GO'); // initials without a photo
    expect(first).toHaveTextContent('6 years sailing');
    expect(first).toHaveTextContent('Dinghy racer turned cruiser.');
    expect(
      within(within(first).getByRole('list', { name: 'Certifications' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['RYA Day Skipper', 'VHF SRC']);
    // Skills under the taxonomy's group names and labels (never a capitalised code).
    expect(first).toHaveTextContent('Sail Trim');
    expect(first).toHaveTextContent('Heavy Weather Sailing');
    expect(within(first).getByText('Navigation and communications')).toBeInTheDocument();
    expect(within(first).getByText('Chart Plotting')).toBeInTheDocument();
    expect(within(first).queryByText('Galley and life aboard')).toBeNull(); // empty groups are left out
    expect(first).toHaveTextContent('Leg 2 (Cherbourg → Guernsey)');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(first).toHaveTextContent('I have sailed the Channel many times');
    expect(first).toHaveTextContent('Status: Pending');
    expect(card('Mary Read').querySelector('img')).toHaveAttribute('src', '/uploads/mary.jpg');

    const accepted = card('Jack Rackham');
    expect(accepted).toHaveTextContent('No sailing experience added yet.');
    expect(accepted).toHaveTextContent('No skills listed.');
    expect(accepted).toHaveTextContent('Whole voyage');
    expect(within(accepted).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(accepted).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('filters applicants by status with counts', async () => {
    mockFetch(() => ({ status: 200, body }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Accepted (1)' }));
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual(['Jack Rackham']);
    expect(screen.getByRole('button', { name: 'Pending (2)' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('accepts after confirmation and says so', async () => {
    let accepted = false;
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/applications/a1/accept' && init.method === 'POST') {
        accepted = true;
        const { crew_member: _crew, ...application } = grace;
        return { status: 200, body: { message: 'Application accepted successfully!', application: { ...application, status: 'accepted' } } };
      }
      if (url.pathname === LIST) return { status: 200, body: accepted ? makeVoyageApplications([{ ...grace, status: 'accepted' }, jack, mary], { current_crew_count: 2 }) : body };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('article', { name: 'Grace OMalley' })).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept Grace?' });
    expect(dialog).toHaveTextContent('Grace OMalley will join the crew of “Solent to Cherbourg”.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Application accepted successfully!');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(fetchMock)).toEqual(['/api/applications/a1/accept']);
    expect(card('Grace OMalley')).toHaveTextContent('Status: Accepted');
    expect(within(card('Grace OMalley')).queryByRole('button', { name: 'Accept' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Solent to Cherbourg' })).toHaveTextContent('2 / 3'));
  });

  it('rejects after confirmation, and cancelling the dialog sends nothing', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/applications/a3/reject' && init.method === 'POST') {
        const { crew_member: _crew, ...application } = mary;
        return { status: 200, body: { message: 'Application rejected.', application: { ...application, status: 'rejected' } } };
      }
      if (url.pathname === LIST) return { status: 200, body };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('article', { name: 'Mary Read' })).getByRole('button', { name: 'Reject' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Reject Mary?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(fetchMock)).toEqual([]);

    await user.click(within(card('Mary Read')).getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Reject Mary?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Application rejected.');
    expect(posts(fetchMock)).toEqual(['/api/applications/a3/reject']);
  });

  it("shows the server's reason when accepting fails, else the generic text", async () => {
    mockFetch((url, init) => {
      if (url.pathname === '/api/applications/a1/accept' && init.method === 'POST') return { status: 409, body: { error: 'Voyage is full', code: 'VOYAGE_FULL' } };
      if (url.pathname === '/api/applications/a3/reject' && init.method === 'POST') return { status: 502, body: undefined };
      if (url.pathname === LIST) return { status: 200, body };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('article', { name: 'Grace OMalley' })).getByRole('button', { name: 'Accept' }));
    let dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Voyage is full');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(within(card('Mary Read')).getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Reject Mary?' });
    expect(within(dialog).queryByRole('alert')).toBeNull(); // the earlier failure is not carried over
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to reject application. Please try again.');
  });

  it('says the user is not authorized, then goes to the dashboard on 403', async () => {
    mockFetch(() => ({ status: 403, body: { error: 'Forbidden', code: 'FORBIDDEN' } }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorized to view applications for this voyage');
    expect(await screen.findByText(/dashboard screen/, {}, { timeout: 4_000 })).toHaveTextContent('You are not authorized to view applications for this voyage');
  });

  it('shows Voyage not found with a way back on 404', async () => {
    mockFetch(() => ({ status: 404, body: { error: 'Voyage not found', code: 'VOYAGE_NOT_FOUND' } }));
    renderPage('missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Voyage not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(document.title).toContain('Voyage not found');
  });

  it('shows the load failure with Retry on other errors', async () => {
    let fail = true;
    mockFetch(() => (fail ? { status: 500, body: { error: 'Database unavailable', code: 'INTERNAL' } } : { status: 200, body }));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load applications. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications: Solent to Cherbourg' })).toBeInTheDocument();
  });
});
