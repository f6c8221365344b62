import type { VoyageTrustResponse } from '@crew/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { makeVoyage } from '../../../testing/voyage-fixtures';
import { VoyageTrustPanel } from './VoyageTrustPanel';

/** A skipper's view of a voyage with a float plan filed (the plan's own details do not matter here). */
const trust = (): VoyageTrustResponse =>
  ({
    role: 'skipper',
    crew: [],
    float_plan: {
      voyage_id: 'v1',
      voyage_title: 'Solent to Cherbourg',
      version: 1,
      segment_order: null,
      route: [],
      departure_at: '2099-06-01T08:00:00.000Z',
      expected_arrival_at: '2099-06-01T18:00:00.000Z',
      overdue_alert_at: '2099-06-02T00:00:00.000Z',
      boat_description: 'Sloop',
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
      coastguard: { region: 'uk', name: 'United Kingdom', contacts: [] },
      timeline: [],
      link_expires_at: '2099-06-04T18:00:00.000Z',
      time_zone: 'Europe/London',
    },
    timeline: [],
  }) as VoyageTrustResponse;

const renderPanel = (startDate: string) => {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => trust() })) as unknown as typeof fetch;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <VoyageTrustPanel voyage={makeVoyage({ id: 'v1', is_owner: true, status: 'active', estimated_start_date: startDate })} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('VoyageTrustPanel check-ins', () => {
  it('says when check-ins open instead of offering them before the departure date', async () => {
    renderPanel('2099-06-01');
    expect(await screen.findByText('Check-ins open on the departure date, 1 June 2099.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Departed' })).toBeNull();
  });

  it('offers them from the departure date', async () => {
    renderPanel(new Date().toISOString().slice(0, 10));
    expect(await screen.findByRole('button', { name: 'Departed' })).toBeInTheDocument();
  });
});
