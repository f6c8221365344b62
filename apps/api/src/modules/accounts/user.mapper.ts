import type { UserResponse } from '@crew/contracts';
import { thumbnailUrlOf } from '../../platform/uploads/photo-store';
import type { User } from './user.entity';

export const toUserResponse = (user: User): UserResponse => ({
  id: user.id,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  user_type: user.userType,
  is_admin: user.isAdmin,
  email_verified: user.emailVerified,
  pending_email: user.pendingEmail,
  created_at: user.createdAt.toISOString(),
  phone_number: user.phoneNumber,
  profile_photo_url: user.profilePhotoUrl,
  profile_photo_thumbnail_url: thumbnailUrlOf(user.profilePhotoUrl),
  phone_verified: user.phoneVerified,
  identity_verified: user.identityVerified,
  two_factor_enabled: Boolean(user.twoFactorEnabledAt),
  profile_complete: user.profileComplete,
  sailing_experience: user.sailingExperience,
  emergency_contact: user.emergencyContact,
  crew_skills: user.crewSkills,
  crew_expectations: user.crewExpectations,
  locale: user.locale,
});
