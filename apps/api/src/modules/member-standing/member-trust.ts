import type { TrustSummary, VerificationStatus } from '@crew/contracts';
import { hasEmergencyContact, hasSailingExperience, memberTrust, type MemberTrust, type TrustFacts } from '@crew/domain';
import type { DataSource } from 'typeorm';

/**
 * Members' trust for every screen that shows it, from the one pure rule
 * (memberTrust in the domain): the profile's verification status, the public
 * profile, the voyage page's skipper, applicant cards and the admin's user
 * list all read it here, so they always agree.
 */

interface TrustRow {
  id: string;
  email_verified: boolean;
  phone_verified: boolean;
  phone_number: string | null;
  profile_photo_url: string | null;
  emergency_contact: { name?: string; phone?: string } | null;
  sailing_experience: { years_sailing?: number; certifications?: string[]; informal_description?: string } | null;
  identity_verified: boolean;
  logged: boolean;
}

export interface MemberTrustResult {
  readonly trust: MemberTrust;
  readonly facts: TrustFacts;
  readonly hasPhoneNumber: boolean;
}

/**
 * A voyage in the verified sailing log: one confirmed as crew (by the skipper,
 * or 7 days after completion), or one skippered and completed.
 */
const LOGGED_SQL = `(EXISTS (SELECT 1 FROM sailing_log l WHERE l.crew_id = u.id AND l.status = 'confirmed')
  OR EXISTS (SELECT 1 FROM skipper_log s WHERE s.skipper_id = u.id AND s.completed_at IS NOT NULL))`;

export async function memberTrustOf(dataSource: DataSource, userIds: readonly string[]): Promise<Map<string, MemberTrustResult>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await dataSource.query<TrustRow[]>(
    `SELECT u.id, u.email_verified, u.phone_verified, u.phone_number, u.profile_photo_url, u.emergency_contact, u.sailing_experience, u.identity_verified, ${LOGGED_SQL} AS logged
       FROM users u WHERE u.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => {
      const facts: TrustFacts = {
        email_verified: row.email_verified,
        phone_verified: row.phone_verified,
        profile_photo: Boolean(row.profile_photo_url),
        emergency_contact: hasEmergencyContact(row.emergency_contact),
        sailing_experience: hasSailingExperience(row.sailing_experience),
        sailing_log_verified: row.logged,
        identity_verified: row.identity_verified,
      };
      return [row.id, { trust: memberTrust(facts), facts, hasPhoneNumber: Boolean(row.phone_number?.trim()) }];
    }),
  );
}

export const trustSummaryOf = (trust: MemberTrust): TrustSummary => ({ level: trust.level, label: trust.label, points: trust.points, max_points: trust.maxPoints });

/** Trust summaries by user id (members not found are left out). */
export async function trustSummaries(dataSource: DataSource, userIds: readonly string[]): Promise<Map<string, TrustSummary>> {
  const results = await memberTrustOf(dataSource, userIds);
  return new Map([...results].map(([id, result]) => [id, trustSummaryOf(result.trust)]));
}

/**
 * The signed-in member's verification status: every check as a tick, points =
 * ticks; `smsAvailable` says whether this site can send the phone check's code.
 */
export function verificationStatusOf({ trust, facts, hasPhoneNumber }: MemberTrustResult, smsAvailable: boolean): VerificationStatus {
  return {
    verification_level: trust.level,
    verification_label: trust.label,
    verification_points: trust.points,
    max_points: trust.maxPoints,
    checks: trust.checks.map((check) => ({ key: check.key, label: check.label, done: check.done })),
    verifications: {
      email_verified: facts.email_verified,
      profile_photo: facts.profile_photo,
      emergency_contact: facts.emergency_contact,
      sailing_experience: facts.sailing_experience,
      phone_verified: facts.phone_verified,
      identity_verified: facts.identity_verified,
      sailing_log_verified: facts.sailing_log_verified,
    },
    phone_verification: { available: smsAvailable, has_phone_number: hasPhoneNumber },
  };
}
