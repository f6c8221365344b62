import { adminUserPaths } from './paths';
import { z } from 'zod';
import { adminHistoryResponseSchema } from './admin-audit';
import { ADMIN_REASON_MAX, IDENTITY_VERIFICATION_CODES, IDENTITY_VERIFICATION_MESSAGES, sharedText, USER_TYPES } from '@crew/rules';
import { ADMIN_EMAIL, ADMIN_SEARCH_MAX, SUSPENSION_REASON } from './form-limits/admin';
import { trustSummarySchema } from './profile';
import type { RouteContract } from './routes';
import { safeText } from './text';

/** Users page size 20. */
export const ADMIN_USERS_PAGE_SIZE = 20;
/**
 * A search matching more users than this says "more than 1,000": counting
 * further costs a visit to every match (tens of milliseconds for a common
 * name among a million members) and tells an administrator nothing a
 * narrower search would not; as the support desk's ticket search.
 */
export const ADMIN_USERS_COUNT_CAP = 1_000;

/** Its paths live zod-free in paths.ts, so the web client can name them without the schema library. */
export { adminUserPaths };

/** The sign-in refusal of a suspended account (every way in: password, sign-in link, email verification). */
export const ACCOUNT_SUSPENDED_CODE = 'ACCOUNT_SUSPENDED';
export const ACCOUNT_SUSPENDED_MESSAGE = 'This account is suspended. Contact support.';

/**
 * What a complete profile has, in the order the admin screens list what is
 * missing. Everyone: a photo, a phone number, sailing experience (years, a
 * certification or a description) and an emergency contact (name and phone);
 * crew (and "both") also at least one crew skill; skippers (and "both") their
 * crew expectations. Derived from the profile itself, never stored.
 */
export const PROFILE_ITEMS = ['photo', 'phone', 'sailing_experience', 'emergency_contact', 'crew_skills', 'crew_expectations'] as const;
export type ProfileItem = (typeof PROFILE_ITEMS)[number];
export const PROFILE_ITEM_LABELS: Record<ProfileItem, string> = {
  photo: 'profile photo',
  phone: 'phone number',
  sailing_experience: 'sailing experience',
  emergency_contact: 'emergency contact',
  crew_skills: 'crew skills',
  crew_expectations: 'crew expectations',
};

/** The profile fields completeness is judged on (the member's own profile answer has them all). */
export interface ProfileFields {
  readonly user_type: (typeof USER_TYPES)[number];
  readonly profile_photo_url: string | null;
  readonly phone_number: string | null;
  readonly sailing_experience: { readonly years_sailing?: number; readonly certifications?: readonly string[]; readonly informal_description?: string } | null;
  readonly emergency_contact: { readonly name?: string; readonly phone?: string } | null;
  readonly crew_skills: Readonly<Record<string, readonly string[] | undefined>> | null;
  readonly crew_expectations: Readonly<Record<string, unknown>> | null;
}

/** The one rule of profile completeness, used by every screen that shows it. */
export function profileCompletionOf(profile: ProfileFields): { complete: boolean; missing: ProfileItem[] } {
  const experience = profile.sailing_experience;
  const crew = profile.user_type === 'crew' || profile.user_type === 'both';
  const skipper = profile.user_type === 'skipper' || profile.user_type === 'both';
  const has: Record<ProfileItem, boolean> = {
    photo: Boolean(profile.profile_photo_url),
    phone: Boolean(profile.phone_number?.trim()),
    sailing_experience: Boolean(experience && ((experience.years_sailing ?? 0) > 0 || (experience.certifications?.length ?? 0) > 0 || experience.informal_description?.trim())),
    emergency_contact: Boolean(profile.emergency_contact?.name?.trim() && profile.emergency_contact.phone?.trim()),
    crew_skills: !crew || Object.values(profile.crew_skills ?? {}).some((skills) => (skills?.length ?? 0) > 0),
    crew_expectations: !skipper || profile.crew_expectations !== null,
  };
  const missing = PROFILE_ITEMS.filter((item) => !has[item]);
  return { complete: missing.length === 0, missing };
}

export { USER_TYPES };
export const SUBSCRIPTION_FILTERS = ['premium', 'free', 'trial'] as const;
export type SubscriptionDisplay = (typeof SUBSCRIPTION_FILTERS)[number];

const page = z.coerce.number().int('page must be a whole number').min(1).max(100_000).default(1);

export const adminUserListQuerySchema = z
  .object({
    search: safeText().trim().max(ADMIN_SEARCH_MAX).optional(),
    user_type: z.enum(USER_TYPES).optional(),
    subscription: z.enum(SUBSCRIPTION_FILTERS).optional(),
    page,
  })
  .strict()
  .meta({ id: 'AdminUserListQuery' });
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

export const adminUserSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    user_type: z.enum(USER_TYPES),
    is_admin: z.boolean(),
    profile_photo_url: z.string().nullable(),
    phone_number: z.string().nullable(),
    email_verified: z.boolean(),
    identity_verified: z.boolean(),
    /** Trust level and points, by the same rule as the member's own profile. */
    trust: trustSummarySchema.optional(),
    profile_complete: z.boolean().describe('Marked as reviewed by an administrator (Mark reviewed); not derived from the profile: see profile_completion'),
    profile_completion: z
      .object({ complete: z.boolean(), missing: z.array(z.enum(PROFILE_ITEMS)) })
      .describe('Derived from the profile itself (profileCompletionOf): what a complete profile still lacks'),
    suspension: z
      .object({ suspended_at: z.string(), reason: z.string(), suspended_by: z.string().nullable(), suspended_by_name: z.string().nullable() })
      .nullable()
      .describe('Set while the account is suspended: it cannot sign in and its voyages are out of browse'),
    created_at: z.string(),
    subscription_status: z.string().nullable().describe("The stored subscription's status ('active' or other); null without one"),
    subscription_start_date: z.string().nullable(),
    subscription_end_date: z.string().nullable(),
    stripe_customer_id: z.string().nullable(),
    subscription: z.enum(SUBSCRIPTION_FILTERS).describe('Admins and skippers free; active with a future end premium; within 30 days of joining trial; else free'),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserStatsSchema = z
  .object({
    total_users: z.number().int(),
    skippers: z.number().int().describe('Skipper and "both" accounts'),
    crew_members: z.number().int().describe('Crew and "both" accounts'),
    both: z.number().int().describe('"Both" accounts, counted in skippers and in crew members'),
    admins: z.number().int(),
    premium_users: z.number().int(),
  })
  .meta({ id: 'AdminUserStats' });

export const adminUserListResponseSchema = z
  .object({
    users: z.array(adminUserSchema),
    total: z.number().int().describe('Users matching the search and filters; when total_exact is false, at least this many'),
    total_exact: z.boolean().describe(`False when more than ${ADMIN_USERS_COUNT_CAP} users match a search: counting them all is not worth the wait`),
    page: z.number().int(),
    page_size: z.number().int(),
    stats: adminUserStatsSchema.describe('Every user, whatever the filters'),
  })
  .meta({ id: 'AdminUserList' });
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

const reason = safeText().trim().max(ADMIN_REASON_MAX).optional();

export const subscriptionActionRequestSchema = z
  .object({ action: z.enum(['grant', 'revoke']), reason })
  .strict()
  .meta({ id: 'SubscriptionActionRequest' });
export type SubscriptionActionRequest = z.infer<typeof subscriptionActionRequestSchema>;

export const ADMIN_EMAIL_TEMPLATES = ['admin_contact', 'admin_voyage_contact'] as const;
export const adminSendEmailRequestSchema = z
  .object({
    template: z.enum(ADMIN_EMAIL_TEMPLATES),
    subject: safeText()
      .trim()
      .min(ADMIN_EMAIL.subject.min, 'Subject is required')
      .max(ADMIN_EMAIL.subject.max, sharedText('Subject must be at most {max} characters', { max: ADMIN_EMAIL.subject.max })),
    message: safeText()
      .trim()
      .min(ADMIN_EMAIL.message.min, 'Message is required')
      .max(ADMIN_EMAIL.message.max, sharedText('Message must be at most {max} characters', { max: ADMIN_EMAIL.message.max })),
    voyage_id: z.uuid('voyage_id must be a voyage id').optional(),
  })
  .strict()
  .refine((body) => body.template !== 'admin_voyage_contact' || body.voyage_id !== undefined, { message: 'voyage_id is required for a voyage contact', path: ['voyage_id'] })
  .meta({ id: 'AdminSendEmailRequest' });
export type AdminSendEmailRequest = z.infer<typeof adminSendEmailRequestSchema>;

export const profileStatusRequestSchema = z.object({ profile_complete: z.boolean(), reason }).strict().meta({ id: 'ProfileStatusRequest' });
export type ProfileStatusRequest = z.infer<typeof profileStatusRequestSchema>;

export const adminUserActionResponseSchema = z.object({ message: z.string(), user: adminUserSchema }).meta({ id: 'AdminUserActionResponse' });
export type AdminUserActionResponse = z.infer<typeof adminUserActionResponseSchema>;

export const adminSendEmailResponseSchema = z.object({ message: z.string(), recipient: z.string() }).meta({ id: 'AdminSendEmailResponse' });
export type AdminSendEmailResponse = z.infer<typeof adminSendEmailResponseSchema>;

export const deletedRecordsSchema = z.object({ applications: z.number().int(), voyages: z.number().int(), boats: z.number().int() });
export const deleteUserResponseSchema = z.object({ message: z.string(), deleted_records: deletedRecordsSchema }).meta({ id: 'DeleteUserResponse' });
export type DeleteUserResponse = z.infer<typeof deleteUserResponseSchema>;

const suspensionReason = safeText()
  .trim()
  .min(SUSPENSION_REASON.min, 'Please give a reason')
  .max(SUSPENSION_REASON.max, sharedText('The reason must be at most {max} characters', { max: SUSPENSION_REASON.max }));
export const suspendUserRequestSchema = z.object({ reason: suspensionReason }).strict().meta({ id: 'SuspendUserRequest' });
export type SuspendUserRequest = z.infer<typeof suspendUserRequestSchema>;
export const reinstateUserRequestSchema = z
  .object({
    reason: safeText()
      .trim()
      .max(SUSPENSION_REASON.max, sharedText('The reason must be at most {max} characters', { max: SUSPENSION_REASON.max }))
      .optional(),
  })
  .strict()
  .meta({ id: 'ReinstateUserRequest' });
export type ReinstateUserRequest = z.infer<typeof reinstateUserRequestSchema>;

/** Marking a member's identity as checked: how it was checked (recorded in the audit trail). */
export const identityVerificationRequestSchema = z
  .object({
    note: safeText()
      .trim()
      .min(1, IDENTITY_VERIFICATION_MESSAGES.noteRequired)
      .max(ADMIN_REASON_MAX, sharedText('The note can be at most {max} characters', { max: ADMIN_REASON_MAX })),
  })
  .strict()
  .meta({ id: 'IdentityVerificationRequest' });
export type IdentityVerificationRequest = z.infer<typeof identityVerificationRequestSchema>;

/** 409: the user skippers a voyage still to sail with accepted crew. */
export const deleteUserRefusedSchema = z
  .object({
    error: z.string(),
    code: z.literal('USER_HAS_ACTIVE_CREW'),
    reason: z.string(),
    active_voyages: z.number().int(),
    accepted_applications: z.number().int(),
  })
  .meta({ id: 'DeleteUserRefused' });
export type DeleteUserRefused = z.infer<typeof deleteUserRefusedSchema>;

export const adminUserRoutes = {
  adminListUsers: {
    method: 'GET',
    path: adminUserPaths.list,
    summary: 'Users: search (first name, last name, email, id), type and subscription filters, 20 a page, total and stat cards',
    tag: 'admin',
    auth: 'admin',
    query: adminUserListQuerySchema,
    response: adminUserListResponseSchema,
  },
  adminUserHistory: {
    method: 'GET',
    path: adminUserPaths.history,
    summary: "A user's administrator history, newest first",
    tag: 'admin',
    auth: 'admin',
    response: adminHistoryResponseSchema,
  },
  adminUserSubscription: {
    method: 'POST',
    path: adminUserPaths.subscription,
    summary: 'Grant or revoke premium (crew and "both" accounts only: never administrators nor skippers); recorded in the audit trail',
    tag: 'admin',
    auth: 'admin',
    body: subscriptionActionRequestSchema,
    response: adminUserActionResponseSchema,
    errors: [403, 409],
    errorCodes: { 403: ['ADMIN_PROTECTED'], 409: ['NOT_CREW', 'ALREADY_PREMIUM', 'NOT_PREMIUM'] },
    readsOwnWrite: true,
  },
  adminSendEmail: {
    method: 'POST',
    path: adminUserPaths.sendEmail,
    summary: 'Email a user (admin_contact, or admin_voyage_contact about one of their voyages) through the job pipeline',
    tag: 'admin',
    auth: 'admin',
    body: adminSendEmailRequestSchema,
    response: adminSendEmailResponseSchema,
    errors: [422],
    readsOwnWrite: true,
  },
  adminProfileStatus: {
    method: 'PUT',
    path: adminUserPaths.profileStatus,
    summary: "Mark a user's profile complete or incomplete",
    tag: 'admin',
    auth: 'admin',
    body: profileStatusRequestSchema,
    response: adminUserActionResponseSchema,
    readsOwnWrite: true,
  },
  adminDeleteUser: {
    method: 'DELETE',
    path: adminUserPaths.remove,
    summary: 'Delete a user: erase personal data, withdraw pending applications, cancel and remove voyages, remove boats and photos (never an administrator, never oneself)',
    tag: 'admin',
    auth: 'admin',
    response: deleteUserResponseSchema,
    errors: [403, 409],
    errorBodies: { 409: deleteUserRefusedSchema },
    readsOwnWrite: true,
  },
  adminSuspendUser: {
    method: 'POST',
    path: adminUserPaths.suspend,
    summary:
      'Suspend a member: signed out everywhere (sessions and live message streams end), sign-in refused, their voyages out of browse; they are emailed the reason; recorded in the audit trail. Never an administrator, never oneself',
    tag: 'admin',
    auth: 'admin',
    body: suspendUserRequestSchema,
    response: adminUserActionResponseSchema,
    errors: [403, 409],
    errorCodes: { 403: ['ADMIN_PROTECTED', 'CANNOT_SUSPEND_SELF'], 409: ['ALREADY_SUSPENDED'] },
    readsOwnWrite: true,
  },
  adminReinstateUser: {
    method: 'POST',
    path: adminUserPaths.reinstate,
    summary: 'Reinstate a suspended member: they can sign in again and their voyages return to browse; they are emailed; recorded in the audit trail',
    tag: 'admin',
    auth: 'admin',
    body: reinstateUserRequestSchema,
    response: adminUserActionResponseSchema,
    errors: [409],
    errorCodes: { 409: ['NOT_SUSPENDED'] },
    readsOwnWrite: true,
  },
  adminVerifyIdentity: {
    method: 'POST',
    path: adminUserPaths.identityVerification,
    summary:
      "Mark a member's identity as checked (after a check done outside the product), with a note of how: identity_verified and the trust level follow (Verified); recorded in the audit trail with the administrator, the time and the note",
    tag: 'admin',
    auth: 'admin',
    body: identityVerificationRequestSchema,
    response: adminUserActionResponseSchema,
    errors: [409],
    errorCodes: { 409: [IDENTITY_VERIFICATION_CODES.alreadyVerified] },
    readsOwnWrite: true,
  },
  adminRevokeIdentity: {
    method: 'DELETE',
    path: adminUserPaths.identityVerification,
    summary: "Revoke a member's identity check: identity_verified and the trust level follow; recorded in the audit trail",
    tag: 'admin',
    auth: 'admin',
    response: adminUserActionResponseSchema,
    errors: [409],
    errorCodes: { 409: [IDENTITY_VERIFICATION_CODES.notVerified] },
    readsOwnWrite: true,
  },
} as const satisfies Record<string, RouteContract>;
