import type { AgreementResponse } from '@crew/contracts';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderAt } from '../../../testing/application-fixtures';
import { tokenStore } from '../../../lib/token-store';
import { makeUser } from '../../../testing/user-fixture';
import { AgreementPage } from './AgreementPage';
import { FloatPlanPage } from './FloatPlanPage';

const terms = {
  contribution_amount: 150,
  contribution_currency: 'GBP',
  contribution_covers: 'Food and marina fees',
  duties: 'Watches on rota',
  watch_system: '3 on, 6 off',
  house_rules: '',
  leaving_early: 'Crew pay their own way home',
  insurance: 'Boat insured for crew',
};
const agreement = (overrides: Partial<AgreementResponse> = {}): AgreementResponse => ({
  id: 'ag1',
  voyage_id: 'v1',
  voyage_title: 'Falmouth to the Scillies',
  crew_id: 'u-crew',
  crew_name: 'Grace OMalley',
  skipper_name: 'Ellen MacArthur',
  version: 2,
  terms,
  issued_at: '2026-06-01T08:00:00.000Z',
  accepted_version: 1,
  accepted_terms: { ...terms, contribution_amount: 100 },
  accepted_at: '2026-05-30T08:00:00.000Z',
  accepted: false,
  share_emergency_contact: false,
  ...overrides,
});

describe('AgreementPage', () => {
  beforeEach(() => tokenStore.set('token'));
  afterEach(() => tokenStore.clear());

  it('shows the new version beside the accepted one and accepts the version read, with the emergency-contact opt-in', async () => {
    const bodies: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/auth/me') return { status: 200, body: makeUser() };
      if (url.pathname === '/api/agreements/ag1' && init.method !== 'POST') return { status: 200, body: agreement() };
      if (url.pathname === '/api/agreements/ag1/accept' && init.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return { status: 200, body: agreement({ accepted: true, accepted_version: 2, accepted_terms: terms, share_emergency_contact: true }) };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/agreements/ag1', '/agreements/:id', <AgreementPage />);
    expect(await screen.findByRole('heading', { level: 2, name: /Version 1, accepted/ })).toBeInTheDocument();
    expect(screen.getByText('Version 2 waiting for your acceptance')).toBeInTheDocument();
    await user.click(screen.getByLabelText("Include my emergency contact in this voyage's float plan"));
    await user.click(screen.getByRole('button', { name: 'Accept the agreement' }));
    expect(await screen.findByText('You accepted version 2.')).toBeInTheDocument();
    expect(bodies).toEqual([{ version: 2, share_emergency_contact: true }]);
  });
});

describe('FloatPlanPage', () => {
  it('explains an expired link in the server’s words and an unknown one plainly', async () => {
    mockFetch((url) =>
      url.pathname === '/api/float-plans/old'
        ? { status: 410, body: { error: 'This float plan link has expired: the voyage is over', code: 'LINK_EXPIRED' } }
        : { status: 404, body: { error: 'Not found', code: 'FLOAT_PLAN_NOT_FOUND' } },
    );
    const first = renderAt('/float-plans/old', '/float-plans/:token', <FloatPlanPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This float plan link has expired: the voyage is over');
    first.unmount();
    renderAt('/float-plans/nope', '/float-plans/:token', <FloatPlanPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
  });
});
