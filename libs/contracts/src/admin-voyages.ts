import { adminVoyagePaths } from './paths';
import { z } from 'zod';
import { adminHistoryResponseSchema } from './admin-audit';
import { ADMIN_REASON_MAX, sharedText } from '@crew/rules';
import { ADMIN_SEARCH_MAX } from './form-limits/admin';
import type { RouteContract } from './routes';
import { safeText } from './text';

/** Voyages page size 15. */
export const ADMIN_VOYAGES_PAGE_SIZE = 15;
/** Most voyages one export carries. */
export const ADMIN_VOYAGES_EXPORT_MAX = 50_000;

/** Its paths live zod-free in paths.ts, so the web client can name them without the schema library. */
export { adminVoyagePaths };

/** The admin area's statuses: planning, active and full are ACTIVE. */
export const ADMIN_VOYAGE_STATUSES = ['DRAFT', 'ACTIVE', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type AdminVoyageStatus = (typeof ADMIN_VOYAGE_STATUSES)[number];
export const ADMIN_VOYAGE_DATE_FILTERS = ['upcoming', 'this_month', 'recent'] as const;

export const adminVoyageListQuerySchema = z
  .object({
    search: safeText().trim().max(ADMIN_SEARCH_MAX).optional(),
    status: z.enum(ADMIN_VOYAGE_STATUSES).optional(),
    date: z.enum(ADMIN_VOYAGE_DATE_FILTERS).optional(),
    /** `true`: only the moderation queue (voyages flagged for review and not cleared). */
    flagged: z.enum(['true']).optional(),
    page: z.coerce.number().int('page must be a whole number').min(1).max(100_000).default(1),
  })
  .strict()
  .meta({ id: 'AdminVoyageListQuery' });
export type AdminVoyageListQuery = z.input<typeof adminVoyageListQuerySchema>;

export const adminVoyageExportQuerySchema = adminVoyageListQuerySchema.omit({ page: true }).meta({ id: 'AdminVoyageExportQuery' });

/** A voyage as the admin area shows it. */
export const adminVoyageSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.enum(ADMIN_VOYAGE_STATUSES),
    voyage_status: z.string().describe('The status as the voyage pages show it (planning, active, full, ...)'),
    suspended: z.boolean(),
    departure_port: z.string().nullable(),
    arrival_port: z.string().nullable(),
    departure_date: z.string().nullable(),
    return_date: z.string().nullable(),
    duration_days: z.number().int().nullable(),
    segments: z.array(z.object({ order: z.number().int(), departure_port: z.string(), arrival_port: z.string() })),
    skipper: z
      .object({
        id: z.string(),
        first_name: z.string(),
        last_name: z.string(),
        email: z.string(),
        profile_photo_url: z.string().nullable(),
        profile_complete: z.boolean(),
        identity_verified: z.boolean(),
      })
      .nullable(),
    current_crew: z.number().int(),
    max_crew: z.number().int().nullable(),
    crew_needed: z.number().int(),
    application_count: z.number().int(),
    pending_count: z.number().int(),
    contribution_type: z.string(),
    contribution_amount: z.number().nullable(),
    contribution_currency: z.string(),
    includes_food: z.boolean().describe('The skipper\'s own "Includes food" checkbox'),
    /** In the moderation queue: flagged for review and not cleared since. */
    flagged_for_review: z.boolean(),
    /** The notes given with the flag ('' when none). */
    flag_notes: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'AdminVoyage' });
export type AdminVoyage = z.infer<typeof adminVoyageSchema>;

export const adminVoyageListResponseSchema = z
  .object({ voyages: z.array(adminVoyageSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() })
  .meta({ id: 'AdminVoyageList' });
export type AdminVoyageListResponse = z.infer<typeof adminVoyageListResponseSchema>;

export const adminVoyageExportResponseSchema = z.object({ voyages: z.array(adminVoyageSchema), total: z.number().int() }).meta({ id: 'AdminVoyageExport' });
export type AdminVoyageExportResponse = z.infer<typeof adminVoyageExportResponseSchema>;

/** The admin area's voyage analytics. */
export const voyageAnalyticsSchema = z
  .object({
    total_voyages: z.number().int(),
    new_this_month: z.number().int(),
    active_voyages: z.number().int(),
    departure_soon: z.number().int(),
    completed_voyages: z.number().int(),
    completion_rate: z.number(),
    total_applications: z.number().int(),
    pending_applications: z.number().int(),
  })
  .meta({ id: 'VoyageAnalytics' });
export type VoyageAnalytics = z.infer<typeof voyageAnalyticsSchema>;

const text = (label: string) =>
  safeText()
    .trim()
    .max(ADMIN_REASON_MAX, sharedText('{label} must be at most {max} characters', { label, max: ADMIN_REASON_MAX }));
const requiredText = (label: string) => text(label).min(1, sharedText('{label} is required', { label }));
const optionalText = (label: string) => text(label).optional();

export const moderateVoyageRequestSchema = z
  .object({ action: z.literal('review'), notes: optionalText('Notes') })
  .strict()
  .meta({ id: 'ModerateVoyageRequest' });
export type ModerateVoyageRequest = z.infer<typeof moderateVoyageRequestSchema>;
export const clearVoyageFlagRequestSchema = z
  .object({ notes: optionalText('Notes') })
  .strict()
  .meta({ id: 'ClearVoyageFlagRequest' });
export type ClearVoyageFlagRequest = z.infer<typeof clearVoyageFlagRequestSchema>;
export const suspendVoyageRequestSchema = z
  .object({ reason: requiredText('Reason') })
  .strict()
  .meta({ id: 'SuspendVoyageRequest' });
export type SuspendVoyageRequest = z.infer<typeof suspendVoyageRequestSchema>;
export const reinstateVoyageRequestSchema = z
  .object({ reason: optionalText('Reason') })
  .strict()
  .meta({ id: 'ReinstateVoyageRequest' });
export type ReinstateVoyageRequest = z.infer<typeof reinstateVoyageRequestSchema>;

export const adminVoyageActionResponseSchema = z.object({ message: z.string() }).meta({ id: 'AdminVoyageActionResponse' });
export type AdminVoyageActionResponse = z.infer<typeof adminVoyageActionResponseSchema>;

/** 409 on delete: crew are accepted ("Cannot delete voyage: There are {n} accepted crew members..."). */
export const deleteVoyageRefusedSchema = z.object({ error: z.string(), code: z.string(), accepted_applications: z.number().int().optional() }).meta({ id: 'DeleteVoyageRefused' });
export type DeleteVoyageRefused = z.infer<typeof deleteVoyageRefusedSchema>;

export const adminVoyageRoutes = {
  adminListVoyages: {
    method: 'GET',
    path: adminVoyagePaths.list,
    summary: 'Voyages: search (title, description, ports, skipper name, id), status, date and moderation-queue (flagged=true) filters, 15 a page, total',
    tag: 'admin',
    auth: 'admin',
    query: adminVoyageListQuerySchema,
    response: adminVoyageListResponseSchema,
  },
  adminExportVoyages: {
    method: 'GET',
    path: adminVoyagePaths.exportAll,
    summary: 'Every voyage matching the search and filters, for the CSV export',
    tag: 'admin',
    auth: 'admin',
    query: adminVoyageExportQuerySchema,
    response: adminVoyageExportResponseSchema,
  },
  adminVoyageAnalytics: {
    method: 'GET',
    path: adminVoyagePaths.analytics,
    summary: 'Voyage analytics for the Voyage Oversight stat cards',
    tag: 'admin',
    auth: 'admin',
    response: voyageAnalyticsSchema,
  },
  adminVoyageHistory: {
    method: 'GET',
    path: adminVoyagePaths.history,
    summary: "A voyage's administrator history, newest first",
    tag: 'admin',
    auth: 'admin',
    response: adminHistoryResponseSchema,
  },
  adminModerateVoyage: {
    method: 'POST',
    path: adminVoyagePaths.moderate,
    summary: 'Flag a voyage for review, with notes: it joins the moderation queue (the list filter flagged=true) until the flag is cleared',
    tag: 'admin',
    auth: 'admin',
    body: moderateVoyageRequestSchema,
    response: adminVoyageActionResponseSchema,
    errors: [409, 422],
    readsOwnWrite: true,
  },
  adminClearVoyageFlag: {
    method: 'POST',
    path: adminVoyagePaths.clearFlag,
    summary: 'Clear the review flag of a voyage (reviewed): it leaves the moderation queue; 409 VOYAGE_NOT_FLAGGED when it is not flagged',
    tag: 'admin',
    auth: 'admin',
    body: clearVoyageFlagRequestSchema,
    response: adminVoyageActionResponseSchema,
    errors: [409, 422],
    errorCodes: { 409: ['VOYAGE_NOT_FLAGGED'] },
    readsOwnWrite: true,
  },
  adminSuspendVoyage: {
    method: 'POST',
    path: adminVoyagePaths.suspend,
    summary: 'Suspend an active voyage: out of browse, map and search, closed to applications; its skipper is emailed the reason',
    tag: 'admin',
    auth: 'admin',
    body: suspendVoyageRequestSchema,
    response: adminVoyageActionResponseSchema,
    errors: [409, 422],
    readsOwnWrite: true,
  },
  adminReinstateVoyage: {
    method: 'POST',
    path: adminVoyagePaths.reinstate,
    summary: 'Reinstate a suspended voyage; its skipper is emailed',
    tag: 'admin',
    auth: 'admin',
    body: reinstateVoyageRequestSchema,
    response: adminVoyageActionResponseSchema,
    errors: [409, 422],
    readsOwnWrite: true,
  },
  adminDeleteVoyage: {
    method: 'DELETE',
    path: adminVoyagePaths.remove,
    summary: 'Delete a voyage (refused while crew are accepted: cancel it instead); applicants still waiting are told',
    tag: 'admin',
    auth: 'admin',
    response: adminVoyageActionResponseSchema,
    errors: [409],
    errorBodies: { 409: deleteVoyageRefusedSchema },
    readsOwnWrite: true,
  },
} as const satisfies Record<string, RouteContract>;
