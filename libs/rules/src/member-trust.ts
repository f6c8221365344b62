/**
 * A member's trust: one point per check passed, the checks as ticks, and a
 * level named for what was really checked. The API computes it with this one
 * function wherever trust is shown (the profile's verification status, the
 * public profile, the voyage page's skipper, applicant cards, the admin's user
 * list); the web client shows what it is given.
 *
 * Points are out of 6 (the specification's number) and are the ticks: every
 * check is shown, and each passed check is one point, so "5 / 6 points" always
 * comes with five ticks. A phone number counts once the member has confirmed a
 * code sent to it by text message; sailing experience counts when it is filled
 * in or when a voyage of theirs is in the verified sailing log.
 */

export const TRUST_CHECKS = [
  { key: 'email_verified', label: 'Email address confirmed' },
  { key: 'phone_verified', label: 'Phone number verified' },
  { key: 'profile_photo', label: 'Profile photo added' },
  { key: 'emergency_contact', label: 'Emergency contact added' },
  { key: 'sailing_experience', label: 'Sailing experience filled in or logged' },
  { key: 'identity_verified', label: 'Identity checked by our team' },
] as const;

export type TrustCheckKey = (typeof TRUST_CHECKS)[number]['key'];
export const TRUST_CHECK_KEYS = TRUST_CHECKS.map((check) => check.key) as unknown as readonly [TrustCheckKey, ...TrustCheckKey[]];
/** What is known of the member: one fact per check, and whether a voyage of theirs is in the verified sailing log. */
export type TrustFacts = Readonly<Record<TrustCheckKey | 'sailing_log_verified', boolean>>;

export const TRUST_MAX_POINTS = TRUST_CHECKS.length;

/** Whether the member passes one check: experience is shown by what they wrote or by a logged voyage. */
const passes = (key: TrustCheckKey, facts: TrustFacts): boolean =>
  key === 'sailing_experience' ? facts.sailing_experience === true || facts.sailing_log_verified === true : facts[key] === true;

/**
 * Levels from least to most. Only an identity check by the team makes a member
 * "Verified"; without one, a confirmed email is "Email confirmed", and a member
 * with four points or more (email, phone, photo, emergency contact,
 * experience) is "Established".
 */
export const TRUST_LEVELS = ['new', 'email_confirmed', 'established', 'verified'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

export const TRUST_LEVEL_LABELS: Readonly<Record<TrustLevel, string>> = {
  new: 'New member',
  email_confirmed: 'Email confirmed',
  established: 'Established',
  verified: 'Verified',
};

/** Points that make a member without an identity check "Established". */
export const ESTABLISHED_MIN_POINTS = 4;

export interface TrustCheck {
  readonly key: TrustCheckKey;
  readonly label: string;
  readonly done: boolean;
}

export interface MemberTrust {
  readonly level: TrustLevel;
  readonly label: string;
  readonly points: number;
  readonly maxPoints: number;
  readonly checks: readonly TrustCheck[];
}

export function memberTrust(facts: TrustFacts): MemberTrust {
  const checks = TRUST_CHECKS.map((check) => ({ key: check.key, label: check.label, done: passes(check.key, facts) }));
  const points = checks.filter((check) => check.done).length;
  const level: TrustLevel = facts.identity_verified
    ? 'verified'
    : facts.email_verified && points >= ESTABLISHED_MIN_POINTS
      ? 'established'
      : facts.email_verified
        ? 'email_confirmed'
        : 'new';
  return { level, label: TRUST_LEVEL_LABELS[level], points, maxPoints: TRUST_MAX_POINTS, checks };
}

/** Sailing experience counts as filled in with years sailed, a certification or a description. */
export const hasSailingExperience = (
  experience: { readonly years_sailing?: number; readonly certifications?: readonly string[]; readonly informal_description?: string } | null | undefined,
): boolean => Boolean(experience && ((experience.years_sailing ?? 0) > 0 || (experience.certifications?.length ?? 0) > 0 || (experience.informal_description ?? '').trim() !== ''));

/** An emergency contact counts when its name and phone are filled in. */
export const hasEmergencyContact = (contact: { readonly name?: string; readonly phone?: string } | null | undefined): boolean =>
  Boolean(contact?.name?.trim() && contact.phone?.trim());
