import { z } from 'zod';
import { adminHistoryResponseSchema, ADMIN_REASON_MAX } from './admin-audit';
import { trustSummarySchema } from './profile';
import type { RouteContract } from './routes';
import { safeText } from './text';

/** Spec section 9: users page size 20. */
export const ADMIN_USERS_PAGE_SIZE = 20;
/** A search matching more users than this says "10,000+": an exact count of most of the user base costs more than it tells. */
export const ADMIN_USERS_COUNT_CAP = 10_000;

export const adminUserPaths = {
  list: '/api/admin/users',
  history: '/api/admin/users/{id}/history',
  subscription: '/api/admin/users/{id}/subscription',
  sendEmail: '/api/admin/users/{id}/send-email',
  profileStatus: '/api/admin/users/{id}/profile-status',
  remove: '/api/admin/users/{id}',
} as const;

export const USER_TYPES = ['skipper', 'crew', 'both', 'admin'] as const;
export const SUBSCRIPTION_FILTERS = ['premium', 'free', 'trial'] as const;
export type SubscriptionDisplay = (typeof SUBSCRIPTION_FILTERS)[number];

const page = z.coerce.number().int('page must be a whole number').min(1).max(100_000).default(1);

export const adminUserListQuerySchema = z
  .object({
    search: safeText().trim().max(200).optional(),
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
    profile_complete: z.boolean(),
    created_at: z.string(),
    subscription_status: z.string().nullable().describe("The stored subscription's status ('active' or other); null without one"),
    subscription_start_date: z.string().nullable(),
    subscription_end_date: z.string().nullable(),
    stripe_customer_id: z.string().nullable(),
    subscription: z.enum(SUBSCRIPTION_FILTERS).describe('Spec section 4: admins and skippers free; active with a future end premium; within 30 days of joining trial; else free'),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserStatsSchema = z
  .object({ total_users: z.number().int(), skippers: z.number().int(), crew_members: z.number().int(), premium_users: z.number().int() })
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

export const subscriptionActionRequestSchema = z.object({ action: z.enum(['grant', 'revoke']), reason }).strict().meta({ id: 'SubscriptionActionRequest' });
export type SubscriptionActionRequest = z.infer<typeof subscriptionActionRequestSchema>;

export const ADMIN_EMAIL_TEMPLATES = ['admin_contact', 'admin_voyage_contact'] as const;
export const adminSendEmailRequestSchema = z
  .object({
    template: z.enum(ADMIN_EMAIL_TEMPLATES),
    subject: safeText().trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
    message: safeText().trim().min(1, 'Message is required').max(5000, 'Message must be at most 5000 characters'),
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
  adminListUsers: { method: 'GET', path: adminUserPaths.list, summary: 'Users: search (first name, last name, email, id), type and subscription filters, 20 a page, total and stat cards', tag: 'admin', auth: 'admin', query: adminUserListQuerySchema, response: adminUserListResponseSchema },
  adminUserHistory: { method: 'GET', path: adminUserPaths.history, summary: "A user's administrator history, newest first", tag: 'admin', auth: 'admin', response: adminHistoryResponseSchema },
  adminUserSubscription: { method: 'POST', path: adminUserPaths.subscription, summary: 'Grant or revoke premium (never for administrators); recorded in the audit trail', tag: 'admin', auth: 'admin', body: subscriptionActionRequestSchema, response: adminUserActionResponseSchema, errors: [403, 409], readsOwnWrite: true },
  adminSendEmail: { method: 'POST', path: adminUserPaths.sendEmail, summary: 'Email a user (admin_contact, or admin_voyage_contact about one of their voyages) through the job pipeline', tag: 'admin', auth: 'admin', body: adminSendEmailRequestSchema, response: adminSendEmailResponseSchema, errors: [422], readsOwnWrite: true },
  adminProfileStatus: { method: 'PUT', path: adminUserPaths.profileStatus, summary: "Mark a user's profile complete or incomplete", tag: 'admin', auth: 'admin', body: profileStatusRequestSchema, response: adminUserActionResponseSchema, readsOwnWrite: true },
  adminDeleteUser: { method: 'DELETE', path: adminUserPaths.remove, summary: 'Delete a user: erase personal data, withdraw pending applications, cancel and remove voyages, remove boats and photos (never an administrator, never oneself)', tag: 'admin', auth: 'admin', response: deleteUserResponseSchema, errors: [403, 409], errorBodies: { 409: deleteUserRefusedSchema }, readsOwnWrite: true },
} as const satisfies Record<string, RouteContract>;

