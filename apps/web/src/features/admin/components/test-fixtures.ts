/* eslint-disable lingui/no-unlocalized-strings -- test data for the admin specs, never shown in the app */
import type { AdminVoyage } from '@crew/contracts';

/** A voyage as the admin list returns it, for the admin components' tests. */
export const adminVoyage = (overrides: Partial<AdminVoyage> = {}): AdminVoyage => ({
  id: 'v1',
  title: 'Solent shakedown',
  description: '',
  status: 'ACTIVE',
  voyage_status: 'active',
  suspended: false,
  departure_port: 'Cowes',
  arrival_port: 'Cherbourg',
  departure_date: '2027-06-01',
  return_date: '2027-06-10',
  duration_days: 9,
  segments: [],
  skipper: { id: 's1', first_name: 'Robin', last_name: 'Knox', email: 'robin@example.test', profile_photo_url: null, profile_complete: true, identity_verified: false },
  current_crew: 1,
  max_crew: 6,
  crew_needed: 3,
  application_count: 4,
  pending_count: 2,
  contribution_type: 'free',
  contribution_amount: null,
  contribution_currency: 'GBP',
  includes_food: false,
  flagged_for_review: false,
  flag_notes: '',
  created_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
