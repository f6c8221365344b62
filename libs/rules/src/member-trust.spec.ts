import { describe, expect, it } from '@jest/globals';
import { TRUST_CHECKS, TRUST_MAX_POINTS, hasEmergencyContact, hasSailingExperience, memberTrust, type TrustCheckKey, type TrustFacts } from './member-trust';

const KEYS = TRUST_CHECKS.map((check) => check.key);
const FACTS = [...KEYS, 'sailing_log_verified'] as const;
/** Every combination of the facts: 2^n fact sets. */
const everyCombination = (): TrustFacts[] =>
  Array.from(
    { length: 2 ** FACTS.length },
    (_, mask) => Object.fromEntries(FACTS.map((key, bit) => [key, (mask & (1 << bit)) !== 0])) as Record<TrustCheckKey | 'sailing_log_verified', boolean>,
  );
const experienceShown = (facts: TrustFacts): boolean => facts.sailing_experience || facts.sailing_log_verified;

describe('member trust', () => {
  it('is out of 6, one point per check', () => {
    expect(TRUST_MAX_POINTS).toBe(6);
    expect(KEYS).toEqual(['email_verified', 'phone_verified', 'profile_photo', 'emergency_contact', 'sailing_experience', 'identity_verified']);
  });

  it('gives exactly as many points as ticks, for every combination of the checks', () => {
    const combinations = everyCombination();
    expect(combinations).toHaveLength(2 ** 7);
    for (const facts of combinations) {
      const trust = memberTrust(facts);
      const ticks = trust.checks.filter((check) => check.done);
      expect(trust.points).toBe(ticks.length);
      const { sailing_experience: _written, sailing_log_verified: _logged, ...others } = facts;
      expect(trust.points).toBe(Object.values(others).filter(Boolean).length + (experienceShown(facts) ? 1 : 0));
      expect(trust.maxPoints).toBe(trust.checks.length);
      expect(trust.checks.map((check) => check.key)).toEqual(KEYS);
      for (const check of trust.checks) expect(check.done).toBe(check.key === 'sailing_experience' ? experienceShown(facts) : facts[check.key]);
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
    const five = { ...none, email_verified: true, phone_verified: true, profile_photo: true, emergency_contact: true, sailing_experience: true };
    expect(memberTrust(five)).toMatchObject({ level: 'established', label: 'Established', points: 5, maxPoints: 6 });
    expect(memberTrust({ ...five, identity_verified: true })).toMatchObject({ level: 'verified', label: 'Verified', points: 6, maxPoints: 6 });
    // A voyage in the verified sailing log shows experience as well as writing it does, and counts once.
    const logged = { ...five, sailing_experience: false, sailing_log_verified: true };
    expect(memberTrust(logged)).toMatchObject({ points: 5 });
    expect(memberTrust({ ...logged, sailing_experience: true })).toMatchObject({ points: 5 });
    expect(memberTrust(logged).checks.find((check) => check.key === 'sailing_experience')).toEqual({
      key: 'sailing_experience',
      label: 'Sailing experience filled in or logged',
      done: true,
    });
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
