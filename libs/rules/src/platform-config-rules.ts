/**
 * Limits of the platform configuration (docs/features/admin-console.md): the
 * PlatformConfig aggregate enforces them on every change, the contracts check
 * them at the door and the admin config screen's controls show them.
 */
export const PLATFORM_CONFIG_LIMITS = {
  rolloutMin: 0,
  rolloutMax: 100,
  rolloutStep: 5,
  freeTrialMinDays: 0,
  freeTrialMaxDays: 90,
  priceMinGbp: 1,
  priceMaxGbp: 10_000,
  priceStepGbp: 0.5,
  descriptionMaxLength: 500,
} as const;

/** The lists of members who apply free whatever the rollout: kept from before monetization, and beta testers. */
export const ACCESS_LIST_TYPES = ['grandfathered', 'beta'] as const;
export type AccessListType = (typeof ACCESS_LIST_TYPES)[number];
