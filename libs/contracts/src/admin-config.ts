import { adminConfigPaths } from './paths';
import { z } from 'zod';
import type { RouteContract } from './routes';
import { CONFIG_LIMITS } from './form-limits/admin';
import { platformConfigResponseSchema } from './platform-config';
import { sharedText } from '@crew/rules';

/** Every key a configuration change is recorded under (the access lists count as keys). */
export const configHistoryKeys = ['monetization_enabled', 'rollout_percentage', 'free_trial_period_days', 'subscription_price_gbp', 'grandfathered_users', 'beta_testers'] as const;
export type ConfigHistoryKey = (typeof configHistoryKeys)[number];

/** How each setting is named on every screen and in every answer that names it (one list for API and web). */
export const CONFIG_KEY_LABELS: Record<ConfigHistoryKey, string> = {
  monetization_enabled: 'Monetization',
  rollout_percentage: 'Rollout percentage',
  free_trial_period_days: 'Free trial (days)',
  subscription_price_gbp: 'Subscription price (£ per year)',
  grandfathered_users: 'Grandfathered users',
  beta_testers: 'Beta testers',
};

/** Shown for an administrator (or member) whose account has been erased since. */
export const REMOVED_ACCOUNT_LABEL = '(removed)';

/** The config screen's Recent Changes shows 10 entries. */
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
    label: z.string().describe('The setting as screens name it (CONFIG_KEY_LABELS)'),
    member_name: z
      .string()
      .nullable()
      .describe('A grandfathered or beta list change: the member added or removed, as named now (null for other settings, or once the account is erased)'),
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
    /** The names of the members on either list who still have an account, by id (an erased member is absent). */
    member_names: z.record(z.string(), z.string()),
  })
  .meta({ id: 'ConfigAsOf' });
export type ConfigAsOfResponse = z.infer<typeof configAsOfResponseSchema>;

/** GET /api/admin/analytics/overview: the Platform Overview's figures (docs/features/admin-console.md). */
export const adminOverviewResponseSchema = z
  .object({
    user_stats: z.object({
      total_users: z.number().int(),
      /** Skipper and "both" accounts (administrators excluded). */
      skippers: z.number().int(),
      /** Crew and "both" accounts (administrators excluded). */
      crew_members: z.number().int(),
      admins: z.number().int(),
      /** The parts that add up to total_users: skipper-only, crew-only and "both" members, and administrators. */
      skipper_only: z.number().int(),
      crew_only: z.number().int(),
      both: z.number().int(),
      /** Members whose email address is not verified yet (they are also counted in their part). */
      unverified: z.number().int(),
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

const booleanParam = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((value) => value === 'true');

/**
 * GET /api/admin/monetization/impact: what a monetization setting would do
 * before it is saved. Each value left out is the one in force.
 */
export const monetizationImpactQuerySchema = z
  .object({
    enabled: booleanParam.optional(),
    rollout: wholeNumberParam(CONFIG_LIMITS.rollout.min, CONFIG_LIMITS.rollout.max)
      .refine((value) => value % CONFIG_LIMITS.rollout.step === 0, sharedText('rollout moves in steps of {step}', { step: CONFIG_LIMITS.rollout.step }))
      .optional(),
    trial_days: wholeNumberParam(CONFIG_LIMITS.freeTrialDays.min, CONFIG_LIMITS.freeTrialDays.max).optional(),
  })
  .strict()
  .meta({ id: 'MonetizationImpactQuery' });
export type MonetizationImpactQuery = z.input<typeof monetizationImpactQuerySchema>;

const monetizationSettingsSchema = z.object({
  monetization_enabled: z.boolean(),
  rollout_percentage: z.number().int(),
  free_trial_period_days: z.number().int(),
});

export const monetizationImpactSchema = z
  .object({
    current: monetizationSettingsSchema,
    proposed: monetizationSettingsSchema,
    /** Crew and "both" members (administrators excluded): everyone the policy can refuse. */
    crew_members: z.number().int(),
    /** Crew members the access policy would refuse applying under the proposed settings. */
    need_subscription: z.number().int(),
    /** The same under the settings in force now. */
    currently_need_subscription: z.number().int(),
    /** May apply now, would need a subscription under the proposed settings. */
    newly_blocked: z.number().int(),
    /** Need a subscription now, would not under the proposed settings. */
    newly_allowed: z.number().int(),
  })
  .meta({ id: 'MonetizationImpact' });
export type MonetizationImpact = z.infer<typeof monetizationImpactSchema>;

/** Its paths live zod-free in paths.ts, so the web client can name them without the schema library. */
export { adminConfigPaths };

export const adminConfigRoutes = {
  adminMonetizationImpact: {
    method: 'GET',
    path: adminConfigPaths.monetizationImpact,
    summary:
      'Before saving: how many crew members would need a subscription under a monetization switch, rollout and trial (each left out stays as it is), counted with the access policy applying enforces',
    tag: 'admin',
    auth: 'admin',
    query: monetizationImpactQuerySchema,
    response: monetizationImpactSchema,
  },
} as const satisfies Record<string, RouteContract>;
