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
