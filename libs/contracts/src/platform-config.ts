import { ACCESS_LIST_TYPES, sharedText } from '@crew/rules';
import { z } from 'zod';
import { CONFIG_LIMITS } from './form-limits/admin';
import { safeText } from './text';

const entry = <T extends z.ZodType>(value: T) =>
  z.object({
    value,
    description: z.string().nullable(),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  });

/** GET /api/admin/config: key to value, description, updated_at, updated_by. */
export const platformConfigResponseSchema = z
  .object({
    monetization_enabled: entry(z.boolean()),
    rollout_percentage: entry(z.number().int()),
    free_trial_period_days: entry(z.number().int()),
    subscription_price_gbp: entry(z.number()),
  })
  .meta({ id: 'PlatformConfig' });
export type PlatformConfigResponse = z.infer<typeof platformConfigResponseSchema>;

export const toggleMonetizationRequestSchema = z.object({ enabled: z.boolean() }).strict().meta({ id: 'ToggleMonetizationRequest' });
export type ToggleMonetizationRequest = z.infer<typeof toggleMonetizationRequestSchema>;

export const rolloutPercentageRequestSchema = z
  .object({
    percentage: z
      .number()
      .int('percentage must be a whole number')
      .min(CONFIG_LIMITS.rollout.min)
      .max(CONFIG_LIMITS.rollout.max)
      .multipleOf(CONFIG_LIMITS.rollout.step, sharedText('percentage moves in steps of {step}', { step: CONFIG_LIMITS.rollout.step })),
  })
  .strict()
  .meta({ id: 'RolloutPercentageRequest' });
export type RolloutPercentageRequest = z.infer<typeof rolloutPercentageRequestSchema>;

export const configValueRequestSchema = z
  .object({ value: z.number(), description: safeText().trim().max(CONFIG_LIMITS.descriptionMaxLength).optional().nullable() })
  .strict()
  .meta({ id: 'ConfigValueRequest' });
export type ConfigValueRequest = z.infer<typeof configValueRequestSchema>;

export const editableConfigKeys = ['free_trial_period_days', 'subscription_price_gbp'] as const;
export const editableConfigKeySchema = z.enum(editableConfigKeys);

export const accessListChangeRequestSchema = z
  .object({
    action: z.enum(['add', 'remove']),
    user_id: z.uuid('user_id must be a user id'),
    list_type: z.enum(ACCESS_LIST_TYPES),
  })
  .strict()
  .meta({ id: 'AccessListChangeRequest' });
export type AccessListChangeRequest = z.infer<typeof accessListChangeRequestSchema>;

/** A member on an access list as the screen names them (read from the accounts now). */
export const accessListPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() }).meta({ id: 'AccessListPerson' });
export type AccessListPerson = z.infer<typeof accessListPersonSchema>;

export const accessListsResponseSchema = z
  .object({
    grandfathered_users: z.array(z.string()),
    beta_testers: z.array(z.string()),
    people: z.array(accessListPersonSchema).describe('Name and email of every listed user whose account still exists (an erased one is left out: show it as removed)'),
  })
  .meta({ id: 'AccessLists' });
export type AccessListsResponse = z.infer<typeof accessListsResponseSchema>;
