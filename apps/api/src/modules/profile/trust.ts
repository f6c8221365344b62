import type { VerificationStatus } from '@crew/contracts';
import type { User } from '../accounts/user.entity';

/**
 * Trust points out of 6, one each for: verified email, a profile photo, an
 * emergency contact with name and phone, sailing experience filled in
 * (years, a certification or a description), a verified phone (not offered
 * yet, so 0), identity verified by an administrator, and at least one voyage
 * in the verified sailing log (capped at 6 points).
 * Level: 4 or more points "verified", 2 or 3 "basic", fewer "unverified".
 */
export function trustOf(user: User, verifiedVoyages = 0): VerificationStatus {
  const experience = user.sailingExperience;
  const verifications = {
    email_verified: user.emailVerified,
    profile_photo: Boolean(user.profilePhotoUrl),
    emergency_contact: Boolean(user.emergencyContact?.name && user.emergencyContact.phone),
    sailing_experience: Boolean(experience && (experience.years_sailing > 0 || experience.certifications.length > 0 || experience.informal_description)),
    phone_verified: false,
    identity_verified: user.identityVerified,
    sailing_log_verified: verifiedVoyages > 0,
  };
  // Still out of 6: phone verification is not offered, so a verified log is what makes the sixth point reachable.
  const points = Math.min(6, Object.values(verifications).filter(Boolean).length);
  return {
    verification_level: points >= 4 ? 'verified' : points >= 2 ? 'basic' : 'unverified',
    verification_points: points,
    max_points: 6,
    verifications,
  };
}
