import { z } from 'zod';
import { platformConfigResponseSchema } from './platform-config';

/** Every key a configuration change is recorded under (the access lists count as keys). */
export const configHistoryKeys = [
  'monetization_enabled',
  'rollout_percentage',
  'free_trial_period_days',
  'subscription_price_gbp',
  'grandfathered_users',
  'beta_testers',
] as const;
export type ConfigHistoryKey = (typeof configHistoryKeys)[number];

/** Spec section 9: the config screen's Recent Changes shows 10 entries. */
export const CONFIG_RECENT_CHANGES = 10;
/** Rows per page of the full history. */
export const CONFIG_HISTORY_PAGE_SIZE = 20;
export const CONFIG_HISTORY_MAX_LIMIT = 100;

const wholeNumberParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** GET /api/admin/config/history: newest first; filter by key; paging by limit and offset. */
export const configHistoryQuerySchema = z
  .object({
    key: z.enum(configHistoryKeys).optional(),
    limit: wholeNumberParam(1, CONFIG_HISTORY_MAX_LIMIT).optional(),
    offset: wholeNumberParam(0, 1_000_000).optional(),
  })
  .strict()
  .meta({ id: 'ConfigHistoryQuery' });
export type ConfigHistoryQuery = z.input<typeof configHistoryQuerySchema>;

const configValue = z.union([z.boolean(), z.number(), z.string()]).nullable();

export const configHistoryEntrySchema = z
  .object({
    id: z.string(),
    key: z.enum(configHistoryKeys),
    old_value: configValue,
    new_value: configValue,
    description: z.string().nullable(),
    changed_at: z.string(),
    changed_by: z.string().nullable(),
    /** The administrator's name, read from the accounts at read time (null once the account is erased). */
    changed_by_name: z.string().nullable(),
  })
  .meta({ id: 'ConfigHistoryEntry' });
export type ConfigHistoryEntry = z.infer<typeof configHistoryEntrySchema>;

export const configHistoryPageSchema = z
  .object({
    history: z.array(configHistoryEntrySchema),
    /** Changes matching the filter, all pages together. */
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'ConfigHistoryPage' });
export type ConfigHistoryPage = z.infer<typeof configHistoryPageSchema>;

/** GET /api/admin/config/as-of?at=…: an ISO 8601 date-time with its offset (Z or ±hh:mm). */
export const configAsOfQuerySchema = z
  .object({ at: z.iso.datetime({ offset: true, message: 'at must be a date and time such as 2026-01-31T12:00:00Z' }) })
  .strict()
  .meta({ id: 'ConfigAsOfQuery' });
export type ConfigAsOfQuery = z.infer<typeof configAsOfQuerySchema>;

/** The configuration as it stood at `at`, folded from the PlatformConfig events recorded up to then. */
export const configAsOfResponseSchema = z
  .object({
    at: z.string(),
    /** Configuration events folded (0: nothing had changed yet, every key at its default). */
    events_applied: z.number().int(),
    /** When the last of them was recorded (null when none). */
    last_change_at: z.string().nullable(),
    config: platformConfigResponseSchema,
    grandfathered_users: z.array(z.string()),
    beta_testers: z.array(z.string()),
  })
  .meta({ id: 'ConfigAsOf' });
export type ConfigAsOfResponse = z.infer<typeof configAsOfResponseSchema>;

/** GET /api/admin/analytics/overview: spec section 3 "Admin analytics overview". */
export const adminOverviewResponseSchema = z
  .object({
    user_stats: z.object({
      total_users: z.number().int(),
      /** Skipper and "both" accounts. */
      skippers: z.number().int(),
      /** Crew and "both" accounts. */
      crew_members: z.number().int(),
      admins: z.number().int(),
      premium_users: z.number().int(),
    }),
    subscription_stats: z.object({
      premium_users: z.number().int(),
      /** Premium users as a percentage of all users, one decimal. */
      conversion_rate: z.number(),
      free_users: z.number().int(),
      trial_users: z.number().int(),
    }),
    voyage_stats: z.object({ total_voyages: z.number().int(), active_voyages: z.number().int() }),
    application_stats: z.object({ total_applications: z.number().int(), pending_applications: z.number().int() }),
    monetization_info: z.object({
      estimated_affected_users: z.number().int(),
      monetization_enabled: z.boolean(),
      rollout_percentage: z.number().int(),
      free_trial_period_days: z.number().int(),
    }),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;

/**
 * Limits of the config screen's controls (spec sections 5 and 9), for the
 * forms; the domain enforces the same limits on every change.
 */
export const CONFIG_LIMITS = {
  rollout: { min: 0, max: 100, step: 5 },
  freeTrialDays: { min: 0, max: 90, step: 1 },
  priceGbp: { min: 1, step: 0.5 },
  descriptionMaxLength: 500,
} as const;
