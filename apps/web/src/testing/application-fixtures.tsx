import {
  applicationSchema,
  voyageApplicationSchema,
  voyageApplicationsResponseSchema,
  type ApplicationResponse,
  type CrewMember,
  type VoyageApplication,
  type VoyageApplicationsResponse,
} from '@crew/contracts';
import { jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/*
 * Test helpers for this feature: API bodies checked against the contracts so
 * fixtures cannot drift from the API, a fetch mock routed by path, and a render
 * with a router and a fresh QueryClient.
 */

const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString();

export const makeApplication = (overrides: Partial<ApplicationResponse> = {}): ApplicationResponse =>
  applicationSchema.parse({
    id: 'a1',
    status: 'pending',
    message: 'I have sailed the Channel many times and love night watches.',
    segment_orders: [],
    created_at: minutesAgo(5),
    updated_at: minutesAgo(5),
    voyage: {
      id: 'v1',
      title: 'Solent to Cherbourg',
      status: 'active',
      departure_port: 'Portsmouth',
      arrival_port: 'Cherbourg',
      estimated_start_date: '2030-06-05',
      estimated_end_date: '2030-06-12',
      skipper: { id: 's1', first_name: 'Ann', last_name: 'Bonny' },
    },
    ...overrides,
  });

export const makeCrewMember = (overrides: Partial<CrewMember> = {}): CrewMember => ({
  id: 'c1',
  first_name: 'Grace',
  last_name: 'OMalley',
  email: 'grace@crew.test',
  profile_photo_url: null,
  sailing_experience: { years_sailing: 6, informal_description: 'Dinghy racer turned cruiser.', certifications: ['RYA Day Skipper', 'VHF SRC'], sailing_areas: ['Offshore'] },
  crew_skills: { navigation: ['chart_plotting'], sailing: ['sail_trim', 'heavy_weather'], technical: [], safety: ['first_aid'], galley: [], experience: [] },
  rating: { average: 4.5, count: 2 },
  ...overrides,
});

export const makeVoyageApplication = (overrides: Partial<VoyageApplication> = {}): VoyageApplication =>
  voyageApplicationSchema.parse({ ...makeApplication(), crew_member: makeCrewMember(), ...overrides });

export const makeVoyageApplications = (applications: VoyageApplication[], voyage: Partial<VoyageApplicationsResponse['voyage']> = {}): VoyageApplicationsResponse =>
  voyageApplicationsResponseSchema.parse({
    voyage: {
      id: 'v1',
      title: 'Solent to Cherbourg',
      skipper_id: 's1',
      departure_port: 'Portsmouth',
      arrival_port: 'Cherbourg',
      estimated_start_date: '2030-06-05',
      estimated_duration_days: 10,
      status: 'active',
      crew_needed: 3,
      current_crew_count: 1,
      segments: [
        { order: 1, departure_port: 'Portsmouth', arrival_port: 'Cherbourg', crew_needed: 2 },
        { order: 2, departure_port: 'Cherbourg', arrival_port: 'Guernsey', crew_needed: 2 },
      ],
      ...voyage,
    },
    applications,
  });

type Answer = { status: number; body: unknown };
type Handler = (url: URL, init: RequestInit) => Answer | undefined;

/** Replaces global fetch with a router over (method, path); unknown calls answer 500 so a test notices. */
export function mockFetch(handler: Handler) {
  const fn = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = handler(url, init) ?? { status: 500, body: { error: `unexpected ${init.method ?? 'GET'} ${url.pathname}`, code: 'TEST' } };
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, json: async () => answer.body } as Response;
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

export const posts = (fn: ReturnType<typeof mockFetch>): string[] =>
  fn.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => new URL(String(input), 'http://localhost').pathname);

/** Stands in for the dashboard, repeating any notice passed in the navigation state. */
function DashboardStub() {
  const state: unknown = useLocation().state;
  const notice = typeof state === 'object' && state !== null && 'notice' in state ? String(state.notice) : '';
  return <p>dashboard screen {notice}</p>;
}

/** Renders `element` at `path` (matched by `pattern`), beside a stub dashboard and browse screen. */
export function renderAt(path: string, pattern: string, element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="/dashboard" element={<DashboardStub />} />
          <Route path="/voyages" element={<p>browse screen</p>} />
          <Route path="/voyages/:id" element={<p>voyage screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
