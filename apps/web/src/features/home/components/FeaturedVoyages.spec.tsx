import { voyageSchema, type VoyageResponse } from '@crew/contracts';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { FeaturedVoyages } from './FeaturedVoyages';
import { useLanguage } from '../../../testing/languages';

const segment = (order: number, berthsOpen: number) => ({
  id: `s${order}`,
  segment_order: order,
  departure_port: 'A',
  arrival_port: 'B',
  departure_port_id: null,
  arrival_port_id: null,
  departure_custom_location: null,
  arrival_custom_location: null,
  departure_coordinates: null,
  arrival_coordinates: null,
  distance_nm: 20,
  distance_manual_override: false,
  crew_needed: 2,
  berths_open: berthsOpen,
  crosses_land: false,
  estimated_duration_hours: 24,
  estimated_departure_date: null,
  estimated_arrival_date: null,
  description: '',
});

/** A list entry as the API sends it, checked against the contract. */
const voyage = (id: string, overrides: Partial<VoyageResponse> = {}): VoyageResponse =>
  voyageSchema.parse({
    id,
    title: `Voyage ${id}`,
    description: '',
    status: 'active',
    estimated_start_date: '2027-06-07',
    estimated_end_date: '2027-06-11',
    estimated_duration_days: 4,
    total_distance_nm: 120,
    total_crew_needed: 3,
    current_crew_count: 1,
    pending_count: 0,
    application_count: 1,
    contribution_type: 'shared_costs',
    contribution_amount: 180,
    contribution_currency: 'GBP',
    contribution_details: '',
    includes_food: false,
    is_custom_voyage: false,
    custom_voyage_notes: '',
    coordinates: [-1.5, 50.7],
    color: '#0e6ba8',
    departure_port: 'Lymington',
    arrival_port: 'Saint Helier',
    skipper: { id: 'u1', first_name: 'Helen', last_name: 'Marsh', profile_photo_url: null, voyage_count: 3 },
    boat: null,
    requirements: { crew_needed: 3, skills: [], min_experience: 'beginner' },
    segments: [segment(1, 2), segment(2, 3)],
    is_owner: false,
    suspended: false,
    my_application: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

const answer = (reply: () => { status: number; body: unknown }) => {
  const fetchMock = jest.fn(async () => {
    const { status, body } = reply();
    return { ok: status < 400, status, json: async () => body };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
};

const renderFeatured = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <FeaturedVoyages />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('FeaturedVoyages (home hero)', () => {
  it('shows the next three voyages from today, with route, dates, contribution and berths open', async () => {
    const fetchMock = answer(() => ({
      status: 200,
      body: {
        voyages: [voyage('v1'), voyage('v2', { contribution_type: 'free', contribution_amount: null }), voyage('v3', { segments: [segment(1, 0)] })],
        total: 12,
        limit: 3,
        offset: 0,
      },
    }));
    renderFeatured();
    // While loading, three placeholders hold the room the cards will take.
    expect(document.querySelectorAll('.featured-card--placeholder')).toHaveLength(3);
    const section = within(await screen.findByRole('region', { name: 'Sailing soon' }));
    await section.findByRole('link', { name: 'Voyage v1' });
    expect(section.getByRole('link', { name: 'Voyage v1' })).toHaveAttribute('href', '/voyages/v1');
    const url = String((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0]);
    expect(url).toMatch(/^\/api\/voyages\/\?departure_from=\d{4}-\d{2}-\d{2}&limit=3$/);
    const cards = section.getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Lymington → Saint Helier');
    expect(cards[0]).toHaveTextContent('Jun 7 – Jun 11, 2027 · Shared costs · £180 · 2 berths open');
    expect(cards[1]).toHaveTextContent('Free');
    expect(cards[2]).toHaveTextContent('crew complete');
    expect(section.getByRole('link', { name: 'See all voyages on the map →' })).toHaveAttribute('href', '/voyages');
  });

  it('says so when no voyage is planned, and offers Retry when the list cannot load', async () => {
    const user = userEvent.setup();
    let status = 500;
    answer(() => (status === 500 ? { status, body: { error: 'Database unavailable', code: 'INTERNAL' } } : { status, body: { voyages: [], total: 0, limit: 3, offset: 0 } }));
    renderFeatured();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    status = 200;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('No voyages are planned yet. Skippers: yours could be the first.')).toBeInTheDocument());
  });
});

describe('FeaturedVoyages in French', () => {
  afterEach(() => useLanguage('en'));

  it('writes dates, contribution, money and berths the French way', async () => {
    answer(() => ({ status: 200, body: { voyages: [voyage('v1'), voyage('v3', { segments: [segment(1, 1)] })], total: 2, limit: 3, offset: 0 } }));
    useLanguage('fr', 'home', 'web');
    renderFeatured();
    const section = within(await screen.findByRole('region', { name: 'Prochains départs' }));
    await section.findByRole('link', { name: 'Voyage v1' });
    const cards = section.getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('7 juin – 11 juin 2027 · Frais partagés · 180 £ · 2 couchettes libres');
    expect(cards[1]).toHaveTextContent('1 couchette libre');
    expect(section.getByRole('link', { name: 'Voir tous les voyages sur la carte →' })).toHaveAttribute('href', '/voyages');
  });
});
