import { describe, expect, it } from '@jest/globals';
import { TRUST_CHECKS, TRUST_MAX_POINTS, hasEmergencyContact, hasSailingExperience, memberTrust, type TrustCheckKey, type TrustFacts } from './member-trust';

const KEYS = TRUST_CHECKS.map((check) => check.key);
/** Every combination of the checks: 2^n fact sets. */
const everyCombination = (): TrustFacts[] =>
  Array.from({ length: 2 ** KEYS.length }, (_, mask) => Object.fromEntries(KEYS.map((key, bit) => [key, (mask & (1 << bit)) !== 0])) as Record<TrustCheckKey, boolean>);

describe('member trust', () => {
  it('is out of 7, one point per check', () => {
    expect(TRUST_MAX_POINTS).toBe(7);
    expect(KEYS).toEqual(['email_verified', 'phone_verified', 'profile_photo', 'emergency_contact', 'sailing_experience', 'sailing_log_verified', 'identity_verified']);
  });

  it('gives exactly as many points as ticks, for every combination of the checks', () => {
    const combinations = everyCombination();
    expect(combinations).toHaveLength(2 ** 7);
    for (const facts of combinations) {
      const trust = memberTrust(facts);
      const ticks = trust.checks.filter((check) => check.done);
      expect(trust.points).toBe(ticks.length);
      expect(trust.points).toBe(Object.values(facts).filter(Boolean).length);
      expect(trust.maxPoints).toBe(trust.checks.length);
      expect(trust.checks.map((check) => check.key)).toEqual(KEYS);
      for (const check of trust.checks) expect(check.done).toBe(facts[check.key]);
    }
  });

  it('says "Verified" only after an identity check, for every combination', () => {
    for (const facts of everyCombination()) {
      const trust = memberTrust(facts);
      expect(trust.level === 'verified').toBe(facts.identity_verified);
      expect(trust.label === 'Verified').toBe(facts.identity_verified);
      if (!facts.identity_verified) {
        const expected = facts.email_verified ? (trust.points >= 4 ? 'established' : 'email_confirmed') : 'new';
        expect(trust.level).toBe(expected);
      }
    }
  });

  it('names the levels for what was checked', () => {
    const none: TrustFacts = {
      email_verified: false,
      phone_verified: false,
      profile_photo: false,
      emergency_contact: false,
      sailing_experience: false,
      sailing_log_verified: false,
      identity_verified: false,
    };
    expect(memberTrust(none)).toMatchObject({ level: 'new', label: 'New member', points: 0 });
    expect(memberTrust({ ...none, email_verified: true })).toMatchObject({ level: 'email_confirmed', label: 'Email confirmed', points: 1 });
    // Five points and no identity check: established, not verified.
    const five = { ...none, email_verified: true, profile_photo: true, emergency_contact: true, sailing_experience: true, sailing_log_verified: true };
    expect(memberTrust(five)).toMatchObject({ level: 'established', label: 'Established', points: 5, maxPoints: 7 });
    expect(memberTrust({ ...five, identity_verified: true })).toMatchObject({ level: 'verified', label: 'Verified', points: 6 });
    expect(memberTrust({ ...five, phone_verified: true, identity_verified: true })).toMatchObject({ level: 'verified', points: 7, maxPoints: 7 });
    // A verified phone is a point like the others: with an email it can make a member established.
    expect(memberTrust({ ...none, email_verified: true, phone_verified: true, profile_photo: true, emergency_contact: true })).toMatchObject({ level: 'established', points: 4 });
  });

  it('counts experience and an emergency contact only when filled in', () => {
    expect(hasSailingExperience(null)).toBe(false);
    expect(hasSailingExperience({ years_sailing: 0, certifications: [], informal_description: '  ' })).toBe(false);
    expect(hasSailingExperience({ years_sailing: 2 })).toBe(true);
    expect(hasSailingExperience({ years_sailing: 0, certifications: ['Day Skipper'] })).toBe(true);
    expect(hasEmergencyContact({ name: 'Morag', phone: '' })).toBe(false);
    expect(hasEmergencyContact({ name: 'Morag', phone: '+44 7700 900456' })).toBe(true);
  });
});
