import { userSchema, type UserResponse } from '@crew/contracts';

/** A /api/auth/me body for tests, checked against the contract so the fixture cannot drift from the API. */
export const makeUser = (overrides: Partial<UserResponse> = {}): UserResponse =>
  userSchema.parse({
    id: 'u-crew',
    email: 'grace@crew.test',
    first_name: 'Grace',
    last_name: 'OMalley',
    user_type: 'crew',
    is_admin: false,
    email_verified: true,
    created_at: '2026-01-01T00:00:00.000Z',
    phone_number: null,
    profile_photo_url: null,
    phone_verified: false,
    identity_verified: false,
    profile_complete: false,
    sailing_experience: null,
    emergency_contact: null,
    crew_skills: null,
    crew_expectations: null,
    ...overrides,
  });
