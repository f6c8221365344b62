import { z } from 'zod';
import { LOCALES, SKILL_KEYS_BY_GROUP, TRUST_CHECK_KEYS, TRUST_LEVELS, TRUST_MAX_POINTS, USER_TYPES, type SkillGroup, type SkillKey } from '@crew/rules';
import {
  CERTIFICATION_MAX,
  CERTIFICATIONS_MAX_COUNT,
  EMAIL_MAX,
  EXPECTATION_DETAILS_MAX,
  EXPERIENCE_DESCRIPTION_MAX,
  PERSON_NAME_MAX,
  PHONE_MAX,
  RELATIONSHIP_MAX,
  YEARS_SAILING,
  YEARS_SAILING_MESSAGE,
} from './form-limits/account';
import { PASSWORD_LENGTH } from './password-constants';
import { safeText } from './text';

/** What a request that names another language is told. */
export const LOCALE_MESSAGE = 'Unknown language: choose en, fr, de, es or it';

/**
 * A member's language (`en`, `fr`, `de`, `es`, `it`): the one their mail is
 * written in and their signed-in screens follow.
 */
export const localeSchema = z.enum(LOCALES, { message: LOCALE_MESSAGE }).meta({ id: 'Locale', description: 'A language of the product: en, fr, de, es or it' });

/** Sailing experience. */
export const SAILING_AREAS = ['Coastal Waters', 'Offshore', 'Ocean Crossing', 'Mediterranean', 'Caribbean', 'North Atlantic', 'Pacific', 'Channel/North Sea'] as const;
export const EXPERIENCE_TYPES = ['day_sailing', 'overnight', 'racing', 'bareboat', 'delivery', 'instruction'] as const;

export const sailingExperienceSchema = z
  .object({
    years_sailing: z
      .number({ message: YEARS_SAILING_MESSAGE })
      .int('Years sailing must be a whole number')
      .min(YEARS_SAILING.min, YEARS_SAILING_MESSAGE)
      .max(YEARS_SAILING.max, YEARS_SAILING_MESSAGE),
    sailing_areas: z.array(z.enum(SAILING_AREAS)).max(SAILING_AREAS.length).default([]),
    experience_types: z.array(z.enum(EXPERIENCE_TYPES)).max(EXPERIENCE_TYPES.length).default([]),
    certifications: z.array(safeText().trim().min(1).max(CERTIFICATION_MAX)).max(CERTIFICATIONS_MAX_COUNT).default([]),
    informal_description: safeText().trim().max(EXPERIENCE_DESCRIPTION_MAX).default(''),
  })
  .meta({ id: 'SailingExperience' });
export type SailingExperience = z.infer<typeof sailingExperienceSchema>;

/** Counts as present when name and phone are filled. */
export const emergencyContactSchema = z
  .object({
    name: safeText().trim().min(1, 'Full name is required').max(PERSON_NAME_MAX),
    relationship: safeText().trim().max(RELATIONSHIP_MAX).default(''),
    phone: safeText()
      .trim()
      .min(1, 'Phone number is required')
      .max(PHONE_MAX)
      .regex(/^[+0-9 ()-]+$/, 'Please enter a valid phone number'),
    email: z.union([z.literal(''), safeText().trim().email('Please enter a valid email address')]).default(''),
  })
  .meta({ id: 'EmergencyContact' });
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/** The crew profile's skill groups: every skill of the one taxonomy (libs/rules), so a crew member can hold whatever a voyage asks for. */
export const CREW_SKILL_GROUPS = SKILL_KEYS_BY_GROUP;

const skillGroup = (group: SkillGroup) =>
  z
    .array(z.enum(SKILL_KEYS_BY_GROUP[group] as readonly [SkillKey, ...SkillKey[]]))
    .max(SKILL_KEYS_BY_GROUP[group].length)
    .default([]);
export const crewSkillsSchema = z
  .object({
    navigation: skillGroup('navigation'),
    sailing: skillGroup('sailing'),
    technical: skillGroup('technical'),
    safety: skillGroup('safety'),
    galley: skillGroup('galley'),
    experience: skillGroup('experience'),
  })
  .strict()
  .meta({ id: 'CrewSkills' });
export type CrewSkills = z.infer<typeof crewSkillsSchema>;

export const CREW_EXPECTATION_GROUPS = {
  watch_system: ['night_watches', 'watch_length', 'solo_watchkeeping'],
  maintenance: ['general_maintenance', 'sail_handling', 'line_handling'],
  galley: ['cooking_rotation', 'meal_planning', 'provisioning'],
  experience: ['minimum_experience', 'offshore_experience', 'certifications'],
  financial: ['fuel_sharing', 'food_costs', 'marina_fees'],
  personal: ['flexibility', 'team_player', 'language_skills'],
} as const;

/** essential = must have, preferred = really helpful, welcome = happy to teach (the default). */
export const expectationItemSchema = z.object({
  level: z.enum(['essential', 'preferred', 'welcome']).default('welcome'),
  details: safeText().trim().max(EXPECTATION_DETAILS_MAX).default(''),
});
const expectationGroup = <T extends readonly [string, ...string[]]>(items: T) => z.partialRecord(z.enum(items), expectationItemSchema).default({});
export const crewExpectationsSchema = z
  .object({
    watch_system: expectationGroup(CREW_EXPECTATION_GROUPS.watch_system),
    maintenance: expectationGroup(CREW_EXPECTATION_GROUPS.maintenance),
    galley: expectationGroup(CREW_EXPECTATION_GROUPS.galley),
    experience: expectationGroup(CREW_EXPECTATION_GROUPS.experience),
    financial: expectationGroup(CREW_EXPECTATION_GROUPS.financial),
    personal: expectationGroup(CREW_EXPECTATION_GROUPS.personal),
  })
  .strict()
  .meta({ id: 'CrewExpectations' });
export type CrewExpectations = z.infer<typeof crewExpectationsSchema>;

export const updateMeRequestSchema = z
  .object({
    first_name: safeText().trim().min(1, 'First name is required').max(PERSON_NAME_MAX),
    last_name: safeText().trim().min(1, 'Last name is required').max(PERSON_NAME_MAX),
    email: safeText().trim().min(1, 'Email is required').email('Please enter a valid email address').max(EMAIL_MAX),
    phone_number: z
      .union([
        z.literal(''),
        safeText()
          .trim()
          .max(PHONE_MAX)
          .regex(/^[+0-9 ()-]+$/, 'Please enter a valid phone number'),
      ])
      .nullish(),
    user_type: safeText().max(20).optional(),
    /** Needed only when `email` changes (the sign-in address): 400 without it, 403 when wrong. */
    current_password: safeText().max(PASSWORD_LENGTH.max).optional(),
    /** The member's language, saved with the rest of the form when given. */
    locale: localeSchema.optional(),
  })
  .meta({ id: 'UpdateMeRequest' });
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

/** The language switcher's save: the member's language alone, nothing else of the account. */
export const localeChangeRequestSchema = z.object({ locale: localeSchema }).strict().meta({ id: 'LocaleChangeRequest' });
export type LocaleChangeRequest = z.infer<typeof localeChangeRequestSchema>;

/**
 * PUT /api/users/me takes the account form (names, address, phone, and the
 * language if it likes) or the language alone. A body naming nothing but
 * `locale` is the latter (see isLocaleChange).
 */
export const updateMeBodySchema = z.union([localeChangeRequestSchema, updateMeRequestSchema]).meta({ id: 'UpdateMeBody' });
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

/** A body that changes only the language (what the account form never sends alone). */
export const isLocaleChange = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 1 && Object.keys(body)[0] === 'locale';

/** One trust check as the profile shows it: a tick when done. Points are the ticks (libs/rules, memberTrust). */
export const trustCheckSchema = z.object({ key: z.enum(TRUST_CHECK_KEYS), label: z.string(), done: z.boolean() }).meta({ id: 'TrustCheck' });

/** A member's trust wherever it is shown (public profile, voyage skipper, applicant, admin user list): the level's name and points. */
export const trustSummarySchema = z
  .object({
    level: z.enum(TRUST_LEVELS),
    label: z.string().describe('The level as shown: "Verified" only after an identity check by the team'),
    points: z.number().int().min(0).max(TRUST_MAX_POINTS).describe('One per check passed: equal to the ticks of the verification status'),
    max_points: z.number().int(),
  })
  .meta({ id: 'TrustSummary' });
export type TrustSummary = z.infer<typeof trustSummarySchema>;

export const verificationStatusSchema = z
  .object({
    verification_level: z.enum(TRUST_LEVELS),
    verification_label: z.string(),
    verification_points: z.number().int().min(0).max(TRUST_MAX_POINTS),
    max_points: z.number().int(),
    /** Every check in display order; verification_points is the number done. */
    checks: z.array(trustCheckSchema),
    verifications: z.object({
      email_verified: z.boolean(),
      profile_photo: z.boolean(),
      emergency_contact: z.boolean(),
      sailing_experience: z.boolean(),
      phone_verified: z.boolean().describe('The phone number was confirmed with a code sent to it by text message'),
      identity_verified: z.boolean().describe('Set by an administrator'),
      sailing_log_verified: z.boolean().describe('At least one voyage in the verified sailing log (as crew, confirmed; or skippered and completed)').optional(),
    }),
    phone_verification: z
      .object({
        available: z.boolean().describe('Whether this site sends text messages (an SMS provider, or the local mailbox outside production)'),
        has_phone_number: z.boolean(),
      })
      .describe('What the profile offers for the phone check'),
  })
  .meta({ id: 'VerificationStatus' });
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const publicProfileSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    profile_photo_url: z.string().nullable(),
    user_type: z.enum(USER_TYPES),
    member_since: z.string(),
    verification_level: z.enum(TRUST_LEVELS),
    verification_points: z.number().int(),
    trust: trustSummarySchema,
    sailing_experience: z
      .object({ years_sailing: z.number(), sailing_areas: z.array(z.string()), certifications: z.array(z.string()), informal_description: z.string() })
      .nullable(),
    /** As a skipper: share (0–1) of applications answered within 7 days, and the median hours to answer (null until known). */
    response_rate: z.number().min(0).max(1).nullable().optional(),
    median_response_hours: z.number().min(0).nullable().optional(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;
