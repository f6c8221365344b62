import type { FloatPlanResponse } from '@crew/contracts';
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { FloatPlanSummary } from './FloatPlanSummary';

const plan = (overrides: Partial<FloatPlanResponse> = {}): FloatPlanResponse => ({
  voyage_id: 'v1',
  voyage_title: 'Channel hop',
  version: 1,
  segment_order: 1,
  route: [{ from: 'Cherbourg', to: 'Cowes', distance_nm: 64 }],
  // The skipper entered 09:00 in Cherbourg (CEST).
  departure_at: '2027-08-01T07:00:00.000Z',
  expected_arrival_at: '2027-08-01T19:00:00.000Z',
  overdue_alert_at: '2027-08-02T01:00:00.000Z',
  boat_description: 'Sloop, 38 ft',
  call_sign: '',
  notes: '',
  skipper: { name: 'Ann Bonny', phone: '' },
  aboard: [],
  emergency_contacts: [],
  shore_contacts: [],
  status: 'filed',
  departed_at: null,
  arrived_at: null,
  overdue_at: null,
  last_position: null,
  coastguard: { region: 'scandinavia', name: 'Scandinavia and the Baltic', contacts: ['Dial 112 and ask for sea rescue (JRCC / MRCC)'] },
  timeline: [],
  link_expires_at: '2027-08-04T19:00:00.000Z',
  time_zone: 'Europe/Paris',
  ...overrides,
});

describe('FloatPlanSummary', () => {
  it('shows times local to the departure port, with its zone, as the mails do', () => {
    render(<FloatPlanSummary plan={plan()} />);
    expect(screen.getByText('Sun, 1 Aug 2027, 09:00 CEST')).toBeInTheDocument();
    expect(screen.getByText('Sun, 1 Aug 2027, 21:00 CEST')).toBeInTheDocument();
    expect(screen.queryByText(/GMT/)).toBeNull();
  });

  it('names the area of the rescue services in words, never by its key', () => {
    render(<FloatPlanSummary plan={plan()} />);
    expect(screen.getByText(/Rescue services for this area \(Scandinavia and the Baltic\): Dial 112/)).toBeInTheDocument();
    expect(screen.queryByText(/\(scandinavia\)|Call the Scandinavia/)).toBeNull();
  });
});
