import type { CrewExpectations, CrewSkills, EmergencyContact, Locale, SailingExperience } from '@crew/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type UserType = 'crew' | 'skipper' | 'both' | 'admin';

/** Accounts are state, not events: erasing a person must really erase them. */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName!: string;

  @Column({ name: 'user_type', type: 'text' })
  userType!: UserType;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin!: boolean;

  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified!: boolean;

  /** A new address waiting for confirmation: `email` stays the sign-in address until the link mailed here is opened. */
  @Column({ name: 'pending_email', type: 'text', nullable: true })
  pendingEmail!: string | null;

  @Column({ name: 'token_version', type: 'integer', default: 0 })
  tokenVersion!: number;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber!: string | null;

  @Column({ name: 'profile_photo_url', type: 'text', nullable: true })
  profilePhotoUrl!: string | null;

  @Column({ name: 'phone_verified', type: 'boolean', default: false })
  phoneVerified!: boolean;

  @Column({ name: 'identity_verified', type: 'boolean', default: false })
  identityVerified!: boolean;

  /** When two-step sign-in was turned on (null: off). The secrets themselves are read only by TwoFactor. */
  @Column({ name: 'two_factor_enabled_at', type: 'timestamptz', nullable: true })
  twoFactorEnabledAt!: Date | null;

  @Column({ name: 'profile_complete', type: 'boolean', default: false })
  profileComplete!: boolean;

  @Column({ name: 'sailing_experience', type: 'jsonb', nullable: true })
  sailingExperience!: SailingExperience | null;

  @Column({ name: 'emergency_contact', type: 'jsonb', nullable: true })
  emergencyContact!: EmergencyContact | null;

  @Column({ name: 'crew_skills', type: 'jsonb', nullable: true })
  crewSkills!: CrewSkills | null;

  @Column({ name: 'crew_expectations', type: 'jsonb', nullable: true })
  crewExpectations!: CrewExpectations | null;

  /** The member's saved language: their mail is written in it (the one they registered in until they choose another). */
  @Column({ type: 'text', default: 'en' })
  locale!: Locale;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
