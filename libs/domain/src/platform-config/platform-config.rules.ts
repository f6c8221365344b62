// The configuration's limits are stated once in libs/rules (platform-config-rules.ts).
import { PLATFORM_CONFIG_LIMITS } from '@crew/rules';

export const PLATFORM_CONFIG_DEFAULTS = {
  monetizationEnabled: false,
  // Zero keeps everyone outside the rollout until an admin widens it, so turning
  // monetization on never charges anybody by surprise.
  rolloutPercentage: 0,
  freeTrialPeriodDays: 30,
  subscriptionPriceGbp: 30,
} as const;

export const isWholeNumberBetween = (value: number, min: number, max: number): boolean => Number.isInteger(value) && value >= min && value <= max;

export const isPriceStep = (value: number): boolean =>
  Number.isFinite(value) && Math.abs(value / PLATFORM_CONFIG_LIMITS.priceStepGbp - Math.round(value / PLATFORM_CONFIG_LIMITS.priceStepGbp)) < 1e-9;

/** Rollout moves in steps of 5. */
export const isRolloutPercentage = (value: number): boolean =>
  isWholeNumberBetween(value, PLATFORM_CONFIG_LIMITS.rolloutMin, PLATFORM_CONFIG_LIMITS.rolloutMax) && value % PLATFORM_CONFIG_LIMITS.rolloutStep === 0;

/**
 * A crew member's place in the rollout: a stable number from 0 to 99 taken
 * from their user id (its first 7 hex digits, modulo 100; ids are random v4
 * uuids, so buckets are evenly spread). A member is inside the rollout when
 * their bucket is below the rollout percentage, so widening the rollout only
 * ever adds members. The admin overview counts the same rule in SQL
 * (`ROLLOUT_BUCKET_SQL`); a test keeps the two equal.
 */
export const rolloutBucketOf = (userId: string): number => Number.parseInt(userId.slice(0, 7), 16) % 100;

export const isInsideRollout = (userId: string, rolloutPercentage: number): boolean => rolloutBucketOf(userId) < rolloutPercentage;
