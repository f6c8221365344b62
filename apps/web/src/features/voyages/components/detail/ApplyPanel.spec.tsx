import type { UserResponse, VoyageResponse } from '@crew/contracts';
import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { loadContracts } from '../../../../lib/contracts-loader';
import { tokenStore } from '../../../../lib/token-store';
import { VoyageDetailPage } from '../../routes/VoyageDetailPage';
import { calls, makeSegment, makeUser, makeVoyage, mockFetch } from '../../../../testing/voyage-fixtures';

// Answers are checked against the contract, whose chunk loads on the first request: load it once up front, not inside a test's wait.
beforeAll(async () => {
  await loadContracts();
}, 30_000);

function LoginScreen() {
  const location = useLocation();
  return <p>login screen from {(location.state as { from?: string } | null)?.from}</p>;
}

const renderDetail = (url = '/voyages/v1') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/voyages/:id" element={<VoyageDetailPage />} />
          <Route path="/voyages" element={<p>browse screen</p>} />
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/register" element={<p>register screen</p>} />
          <Route path="/subscription" element={<p>subscription screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const signedInAs = (user: UserResponse | null) => {
  if (user) tokenStore.set('token-1');
};

type Answer = { status: number; body: unknown };
/** The viewer (null: a guest), the voyage as the server shows it, and an answer for POST /api/applications/. */
function api(user: UserResponse | null, voyage: () => VoyageResponse, apply?: (body: unknown) => Answer) {
  signedInAs(user);
  return mockFetch((url, init) => {
    if (url.pathname === '/api/auth/me' && user) return { status: 200, body: user };
    if (url.pathname === '/api/voyages/v1' && (init.method ?? 'GET') === 'GET') return { status: 200, body: voyage() };
    if (url.pathname === '/api/applications/' && init.method === 'POST' && apply) return apply(JSON.parse(String(init.body)));
    return undefined;
  });
}

const region = async () => within(await screen.findByRole('region', { name: 'Join this voyage' }));

const THREE_LEGS = [
  makeSegment({ id: 's1', segment_order: 1, departure_port: 'Portsmouth', arrival_port: 'Cherbourg' }),
  makeSegment({ id: 's2', segment_order: 2, departure_port: 'Cherbourg', arrival_port: 'St Peter Port' }),
  makeSegment({ id: 's3', segment_order: 3, departure_port: 'St Peter Port', arrival_port: 'Falmouth' }),
];

const applicationBody = (status: 'pending' | 'withdrawn' = 'pending') => ({
  message: 'Application received',
  application: {
    id: 'a1',
    status,
    message: 'Ten years of coastal sailing.',
    segment_orders: [],
    created_at: '2026-05-02T10:00:00.000Z',
    updated_at: '2026-05-02T10:00:00.000Z',
    voyage: {
      id: 'v1',
      title: 'Solent to Cherbourg',
      status: 'active',
      departure_port: 'Portsmouth',
      arrival_port: 'Cherbourg',
      estimated_start_date: '2026-06-05',
      estimated_end_date: '2026-06-12',
      skipper: { id: 'sk', first_name: 'Ann', last_name: 'Bonny' },
    },
  },
});

describe('Voyage detail apply area', () => {
  beforeEach(() => tokenStore.clear());

  describe('who sees what', () => {
    it('offers a guest Login to Apply, coming back to the voyage after login', async () => {
      api(null, () => makeVoyage());
      renderDetail('/voyages/v1?from=map');
      const panel = await region();
      const login = panel.getByRole('link', { name: 'Login to Apply' });
      expect(login).toHaveAttribute('href', '/login');
      await userEvent.setup().click(login);
      expect(await screen.findByText('login screen from /voyages/v1?from=map')).toBeInTheDocument();
    });

    it('shows the owner nothing to apply with (the owner panel is there instead)', async () => {
      api(makeUser({ id: 'sk', user_type: 'skipper' }), () => makeVoyage({ is_owner: true }));
      renderDetail();
      expect(await screen.findByRole('heading', { name: 'Manage your voyage' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Join this voyage' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Apply to Join' })).toBeNull();
    });

    it('offers a skipper account the switch to Skipper & Crew, confirmed, then opens the application form', async () => {
      const user = userEvent.setup();
      let account = makeUser({ id: 'u-sk', user_type: 'skipper' });
      let switches = 0;
      signedInAs(account);
      mockFetch((url, init) => {
        if (url.pathname === '/api/auth/me') return { status: 200, body: account };
        if (url.pathname === '/api/voyages/v1' && (init.method ?? 'GET') === 'GET') return { status: 200, body: makeVoyage() };
        if (url.pathname === '/api/users/me/account-type' && init.method === 'POST') {
          switches++;
          expect(JSON.parse(String(init.body))).toEqual({ user_type: 'both' });
          account = { ...account, user_type: 'both' };
          return { status: 200, body: account };
        }
        return undefined;
      });
      renderDetail();
      const panel = await region();
      expect(panel.getByText('Skipper accounts cannot apply for voyages')).toBeInTheDocument();
      expect(panel.queryByRole('link', { name: /Create crew account/ })).toBeNull();
      expect(panel.queryByRole('button', { name: 'Apply to Join' })).toBeNull();
      // The switch loads with the panel's first render for a skipper only (a chunk of its own).
      await user.click(await panel.findByRole('button', { name: 'Switch to Skipper & Crew to apply' }));
      // Nothing changes before the member confirms, and they can step back.
      const confirm = within(panel.getByRole('group', { name: 'Switch your account to Skipper & Crew?' }));
      expect(confirm.getByText(/This cannot be undone/)).toBeInTheDocument();
      expect(switches).toBe(0);
      await user.click(confirm.getByRole('button', { name: 'Yes, switch my account' }));
      // Then the application goes on where it was asked for.
      expect(await screen.findByRole('dialog', { name: /Apply to join/ })).toBeInTheDocument();
      expect(switches).toBe(1);
    });

    it('does not let an admin account apply either, and says so in its own words', async () => {
      api(makeUser({ id: 'u-admin', user_type: 'admin', is_admin: true }), () => makeVoyage());
      renderDetail();
      const panel = await region();
      expect(panel.getByText('Administrator accounts cannot apply for voyages')).toBeInTheDocument();
      expect(panel.queryByRole('button', { name: /Switch/ })).toBeNull();
      expect(panel.queryByRole('button', { name: 'Apply to Join' })).toBeNull();
    });

    it.each([
      ['crew', 'planning'],
      ['both', 'active'],
    ] as const)('offers Apply to Join to a %s account on a %s voyage', async (userType, status) => {
      api(makeUser({ user_type: userType }), () => makeVoyage({ status }));
      renderDetail();
      expect((await region()).getByRole('button', { name: 'Apply to Join' })).toBeInTheDocument();
    });

    it.each([
      ['full', 'This voyage is full'],
      ['in_progress', 'Applications are closed'],
      ['completed', 'Applications are closed'],
      ['cancelled', 'Applications are closed'],
    ] as const)('says why a %s voyage cannot be applied to', async (status, text) => {
      api(makeUser(), () => makeVoyage({ status }));
      renderDetail();
      const panel = await region();
      expect(panel.getByText(text)).toBeInTheDocument();
      expect(panel.queryByRole('button', { name: /Apply/ })).toBeNull();
    });

    it('says a suspended voyage takes no applications, and why, even while its status is open', async () => {
      api(makeUser(), () => makeVoyage({ status: 'active', suspended: true, my_application: { id: 'a1', status: 'withdrawn' } }));
      renderDetail();
      const panel = await region();
      expect(panel.getByText('Applications are closed')).toBeInTheDocument();
      expect(panel.queryByRole('button', { name: /Apply/ })).toBeNull();
      expect(screen.getByRole('note')).toHaveTextContent('An administrator has suspended this voyage');
    });

    it.each([
      ['pending', 'Applied - Pending Review'],
      ['accepted', 'Application Accepted ✓'],
    ] as const)('shows a %s application as "%s"', async (status, label) => {
      api(makeUser(), () => makeVoyage({ my_application: { id: 'a1', status } }));
      renderDetail();
      const panel = await region();
      expect(panel.getByText(label)).toBeInTheDocument();
      expect(panel.queryByRole('button', { name: /Apply/ })).toBeNull();
    });

    it('shows a rejected applicant Not Selected This Time, a way to other voyages, and no way to apply again', async () => {
      api(makeUser(), () => makeVoyage({ my_application: { id: 'a1', status: 'rejected' } }));
      renderDetail();
      const panel = await region();
      expect(panel.getByText('Not Selected This Time')).toBeInTheDocument();
      expect(panel.getByRole('link', { name: 'Browse other voyages' })).toHaveAttribute('href', '/voyages');
      expect(panel.queryByRole('button', { name: /Apply/ })).toBeNull();
    });

    it('lets a withdrawn applicant apply again while the voyage is open', async () => {
      api(makeUser(), () => makeVoyage({ status: 'planning', my_application: { id: 'a1', status: 'withdrawn' } }));
      renderDetail();
      const panel = await region();
      expect(panel.getByText('Application Withdrawn')).toBeInTheDocument();
      expect(panel.getByRole('button', { name: 'Apply Again' })).toBeInTheDocument();
    });

    it('does not offer Apply Again once the voyage is no longer open', async () => {
      api(makeUser(), () => makeVoyage({ status: 'completed', my_application: { id: 'a1', status: 'withdrawn' } }));
      renderDetail();
      const panel = await region();
      expect(panel.getByText('Application Withdrawn')).toBeInTheDocument();
      expect(panel.getByText('Applications are closed')).toBeInTheDocument();
      expect(panel.queryByRole('button', { name: 'Apply Again' })).toBeNull();
    });
  });

  describe('the apply dialog', () => {
    it('asks for at least 10 characters and sends nothing until then', async () => {
      const user = userEvent.setup();
      const fetchMock = api(
        makeUser(),
        () => makeVoyage(),
        () => ({ status: 201, body: applicationBody() }),
      );
      renderDetail();
      await user.click((await region()).getByRole('button', { name: 'Apply to Join' }));
      const dialog = await screen.findByRole('dialog', { name: 'Apply to join Solent to Cherbourg' });
      const message = within(dialog).getByLabelText('Message to the skipper');
      await user.type(message, '   Hi there  ');
      expect(within(dialog).getByText('13 / 2000 characters')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
      expect(within(dialog).getByText('Please provide a message of at least 10 characters to the skipper.')).toBeInTheDocument();
      expect(message).toHaveAttribute('aria-invalid', 'true');
      expect(calls(fetchMock).some((call) => call.method === 'POST')).toBe(false);
      // A one-leg voyage has no legs to choose.
      expect(within(dialog).queryByRole('radio', { name: /^Whole voyage/ })).toBeNull();
    });

    it('applies for the whole voyage by default, without segment_orders', async () => {
      const user = userEvent.setup();
      const fetchMock = api(
        makeUser(),
        () => makeVoyage({ segments: THREE_LEGS }),
        () => ({ status: 201, body: applicationBody() }),
      );
      renderDetail();
      await user.click((await region()).getByRole('button', { name: 'Apply to Join' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('radio', { name: /^Whole voyage/ })).toBeChecked();
      expect(within(dialog).queryByRole('checkbox')).toBeNull();
      await user.type(within(dialog).getByLabelText('Message to the skipper'), '  Ten years of coastal sailing.  ');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
      await waitFor(() => expect(calls(fetchMock).some((call) => call.method === 'POST')).toBe(true));
      const post = calls(fetchMock).find((call) => call.method === 'POST');
      expect(post?.url.pathname).toBe('/api/applications/');
      expect(JSON.parse(String(post?.body))).toEqual({ voyage_id: 'v1', message: 'Ten years of coastal sailing.' });
    });

    it('sends the chosen legs, and needs at least one', async () => {
      const user = userEvent.setup();
      const fetchMock = api(
        makeUser(),
        () => makeVoyage({ segments: THREE_LEGS }),
        () => ({ status: 201, body: applicationBody() }),
      );
      renderDetail();
      await user.click((await region()).getByRole('button', { name: 'Apply to Join' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.type(dialog.getByLabelText('Message to the skipper'), 'Ten years of coastal sailing.');
      await user.click(dialog.getByRole('radio', { name: 'Selected legs' }));
      expect(dialog.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
        'Leg 1: Portsmouth → Cherbourg (4 berths open)',
        'Leg 2: Cherbourg → St Peter Port (4 berths open)',
        'Leg 3: St Peter Port → Falmouth (4 berths open)',
      ]);
      await user.click(dialog.getByRole('button', { name: 'Submit Application' }));
      expect(dialog.getByText('Please choose at least one leg')).toBeInTheDocument();
      expect(calls(fetchMock).some((call) => call.method === 'POST')).toBe(false);

      await user.click(dialog.getByRole('checkbox', { name: /^Leg 3: St Peter Port → Falmouth/ }));
      await user.click(dialog.getByRole('checkbox', { name: /^Leg 1: Portsmouth → Cherbourg/ }));
      await user.click(dialog.getByRole('button', { name: 'Submit Application' }));
      await waitFor(() => expect(calls(fetchMock).some((call) => call.method === 'POST')).toBe(true));
      const post = calls(fetchMock).find((call) => call.method === 'POST');
      expect(JSON.parse(String(post?.body))).toEqual({ voyage_id: 'v1', message: 'Ten years of coastal sailing.', segment_orders: [1, 3] });
    });

    it('shows the berths open on each leg and offers only what the server would take', async () => {
      const user = userEvent.setup();
      const legs = [THREE_LEGS[0]!, { ...THREE_LEGS[1]!, berths_open: 0 }, { ...THREE_LEGS[2]!, berths_open: 1 }];
      api(
        makeUser(),
        () => makeVoyage({ segments: legs }),
        () => ({ status: 201, body: applicationBody() }),
      );
      renderDetail();
      const page = await region();
      await user.click(page.getByRole('button', { name: 'Apply to Join' }));
      const dialog = within(screen.getByRole('dialog'));
      // Leg 2 is full, so the whole voyage is too: only legs can be chosen, and not leg 2.
      expect(dialog.getByRole('radio', { name: 'Whole voyage (no berth left)' })).toBeDisabled();
      expect(dialog.getByRole('radio', { name: 'Selected legs' })).toBeChecked();
      expect(dialog.getByRole('checkbox', { name: 'Leg 1: Portsmouth → Cherbourg (4 berths open)' })).toBeEnabled();
      expect(dialog.getByRole('checkbox', { name: 'Leg 2: Cherbourg → St Peter Port (no berth left)' })).toBeDisabled();
      expect(dialog.getByRole('checkbox', { name: 'Leg 3: St Peter Port → Falmouth (1 berth open)' })).toBeEnabled();
    });

    it('closes on success, says so, and shows the application as pending', async () => {
      const user = userEvent.setup();
      let applied = false;
      api(
        makeUser(),
        () => makeVoyage({ my_application: applied ? { id: 'a1', status: 'pending' } : null }),
        () => {
          applied = true;
          return { status: 201, body: applicationBody() };
        },
      );
      renderDetail();
      await user.click((await region()).getByRole('button', { name: 'Apply to Join' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Message to the skipper'), 'Ten years of coastal sailing.');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
      expect(await screen.findByText('Application submitted successfully! The skipper will review your application.')).toHaveAttribute('role', 'status');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const panel = await region();
      expect(panel.getByText('Applied - Pending Review')).toBeInTheDocument();
      expect(panel.queryByRole('button', { name: 'Apply to Join' })).toBeNull();
    });

    it('applies again after a withdrawal', async () => {
      const user = userEvent.setup();
      let applied = false;
      api(
        makeUser(),
        () => makeVoyage({ my_application: { id: applied ? 'a2' : 'a1', status: applied ? 'pending' : 'withdrawn' } }),
        () => {
          applied = true;
          return { status: 201, body: applicationBody() };
        },
      );
      renderDetail();
      await user.click((await region()).getByRole('button', { name: 'Apply Again' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Message to the skipper'), 'Still keen to sail with you.');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
      expect(await (await region()).findByText('Applied - Pending Review')).toBeInTheDocument();
    });

    it('shows the server error text inside the dialog, else the fallback', async () => {
      const user = userEvent.setup();
      let answer: Answer = { status: 409, body: { error: 'Voyage is full', code: 'VOYAGE_FULL' } };
      api(
        makeUser(),
        () => makeVoyage(),
        () => answer,
      );
      renderDetail();
      await user.click((await region()).getByRole('button', { name: 'Apply to Join' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.type(dialog.getByLabelText('Message to the skipper'), 'Ten years of coastal sailing.');
      await user.click(dialog.getByRole('button', { name: 'Submit Application' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent('Voyage is full');
      expect(dialog.getByRole('button', { name: 'Submit Application' })).toBeEnabled();

      answer = { status: 500, body: null };
      await user.click(dialog.getByRole('button', { name: 'Submit Application' }));
      await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('Failed to submit application. Please try again.'));
      expect(await screen.findByRole('dialog')).toBeInTheDocument();
    });

    it("offers the subscription, with the server's words, at the top of the dialog when applying needs one (402)", async () => {
      const user = userEvent.setup();
      const refusal = 'A crew subscription (£30 a year) is needed to apply for voyages, and your free trial has ended. Subscribe to apply.';
      api(
        makeUser(),
        () => makeVoyage(),
        () => ({ status: 402, body: { error: refusal, code: 'SUBSCRIPTION_REQUIRED', reason: 'subscription_required', next_step: 'subscribe' } }),
      );
      renderDetail();
      await user.click((await region()).getByRole('button', { name: 'Apply to Join' }));
      const dialog = within(await screen.findByRole('dialog'));
      const message = dialog.getByLabelText('Message to the skipper');
      await user.type(message, 'Ten years of coastal sailing.');
      await user.click(dialog.getByRole('button', { name: 'Submit Application' }));
      const alert = await dialog.findByRole('alert');
      expect(alert).toHaveTextContent(refusal);
      // Above the form, where it is seen, and focused.
      expect(alert.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(alert.parentElement).toHaveFocus();
      expect(dialog.queryByText('Failed to submit application. Please try again.')).toBeNull();
      const options = dialog.getByRole('link', { name: 'Subscribe' });
      expect(options).toHaveAttribute('href', '/subscription');
      await user.click(options);
      expect(await screen.findByText('subscription screen')).toBeInTheDocument();
    });

    it('offers the support team, not a checkout, when card payments are not open (402)', async () => {
      const user = userEvent.setup();
      const refusal =
        'A crew subscription is needed to apply for voyages. Card payments are not open yet, so you cannot subscribe here: contact our support team, who can give your account access.';
      api(
        makeUser(),
        () => makeVoyage(),
        () => ({ status: 402, body: { error: refusal, code: 'SUBSCRIPTION_REQUIRED', reason: 'subscription_required', next_step: 'contact_support' } }),
      );
      renderDetail();
      await user.click((await region()).getByRole('button', { name: 'Apply to Join' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.type(dialog.getByLabelText('Message to the skipper'), 'Ten years of coastal sailing.');
      await user.click(dialog.getByRole('button', { name: 'Submit Application' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent(refusal);
      expect(dialog.getByRole('button', { name: 'Contact support' })).toBeInTheDocument();
      expect(dialog.queryByRole('link', { name: 'Subscribe' })).toBeNull();
      expect(dialog.getByRole('link', { name: 'See your subscription status' })).toHaveAttribute('href', '/subscription');
    });

    it('shows a 402 of another kind as any other refusal', async () => {
      const user = userEvent.setup();
      api(
        makeUser(),
        () => makeVoyage(),
        () => ({ status: 402, body: { error: 'Payment required', code: 'PAYMENT_REQUIRED' } }),
      );
      renderDetail();
      await user.click((await region()).getByRole('button', { name: 'Apply to Join' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.type(dialog.getByLabelText('Message to the skipper'), 'Ten years of coastal sailing.');
      await user.click(dialog.getByRole('button', { name: 'Submit Application' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent('Payment required');
      expect(dialog.queryByRole('link', { name: 'See subscription options' })).toBeNull();
    });

    it('marks the viewer as applied when the server says they already applied', async () => {
      const user = userEvent.setup();
      let posted = false;
      const fetchMock = api(
        makeUser(),
        // The page was loaded before the application was made elsewhere.
        () => makeVoyage({ my_application: posted ? { id: 'a0', status: 'pending' } : null }),
        () => {
          posted = true;
          return { status: 409, body: { error: 'You have already applied to this voyage', code: 'ALREADY_APPLIED' } };
        },
      );
      renderDetail();
      await user.click((await region()).getByRole('button', { name: 'Apply to Join' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Message to the skipper'), 'Ten years of coastal sailing.');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const panel = await region();
      expect(panel.getByRole('status')).toHaveTextContent('You have already applied to this voyage');
      expect(await panel.findByText('Applied - Pending Review')).toBeInTheDocument();
      expect(panel.queryByRole('button', { name: 'Apply to Join' })).toBeNull();
      // The voyage was asked for again to learn which application it is.
      expect(calls(fetchMock).filter((call) => call.url.pathname === '/api/voyages/v1')).toHaveLength(2);
    });

    it('shows Applied when the server refuses but the voyage names no application', async () => {
      const user = userEvent.setup();
      api(
        makeUser(),
        () => makeVoyage(),
        () => ({ status: 409, body: { error: 'You have already applied to this voyage', code: 'ALREADY_REJECTED' } }),
      );
      renderDetail();
      await user.click((await region()).getByRole('button', { name: 'Apply to Join' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Message to the skipper'), 'Ten years of coastal sailing.');
      await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
      expect(await (await region()).findByText('Applied')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Apply to Join' })).toBeNull();
    });
  });

  describe('login state', () => {
    it('asks for the voyage again as a guest after sign-out, and forgets the application', async () => {
      const fetchMock = mockFetch((url, init) => {
        const headers = (init.headers ?? {}) as Record<string, string>;
        const signedIn = Boolean(headers['authorization']);
        if (url.pathname === '/api/auth/me') return { status: 200, body: makeUser() };
        if (url.pathname === '/api/voyages/v1') return { status: 200, body: makeVoyage({ my_application: signedIn ? { id: 'a1', status: 'accepted' } : null }) };
        return undefined;
      });
      tokenStore.set('token-1');
      renderDetail();
      expect(await (await region()).findByText('Application Accepted ✓')).toBeInTheDocument();

      act(() => tokenStore.clear());
      expect(await (await region()).findByRole('link', { name: 'Login to Apply' })).toBeInTheDocument();
      expect(screen.queryByText('Application Accepted ✓')).toBeNull();
      const voyageCalls = calls(fetchMock).filter((call) => call.url.pathname === '/api/voyages/v1');
      expect(voyageCalls).toHaveLength(2);
    });

    it('asks for the voyage again once a guest signs in', async () => {
      mockFetch((url, init) => {
        const headers = (init.headers ?? {}) as Record<string, string>;
        const signedIn = Boolean(headers['authorization']);
        if (url.pathname === '/api/auth/me') return { status: 200, body: makeUser() };
        if (url.pathname === '/api/voyages/v1') return { status: 200, body: makeVoyage({ my_application: signedIn ? { id: 'a1', status: 'pending' } : null }) };
        return undefined;
      });
      renderDetail();
      expect((await region()).getByRole('link', { name: 'Login to Apply' })).toBeInTheDocument();
      act(() => tokenStore.set('token-1'));
      expect(await (await region()).findByText('Applied - Pending Review')).toBeInTheDocument();
    });
  });
});
