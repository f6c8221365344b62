/** Limits from the specification (section 9). */
export const PLATFORM_CONFIG_LIMITS = {
  rolloutMin: 0,
  rolloutMax: 100,
  freeTrialMinDays: 0,
  freeTrialMaxDays: 90,
  priceMinGbp: 1,
  priceMaxGbp: 10_000,
  priceStepGbp: 0.5,
  descriptionMaxLength: 500,
} as const;

export const PLATFORM_CONFIG_DEFAULTS = {
  monetizationEnabled: false,
  // Zero keeps everyone outside the rollout until an admin widens it, so turning
  // monetization on never charges anybody by surprise.
  rolloutPercentage: 0,
  freeTrialPeriodDays: 30,
  subscriptionPriceGbp: 30,
} as const;

export const isWholeNumberBetween = (value: number, min: number, max: number): boolean =>
  Number.isInteger(value) && value >= min && value <= max;

export const isPriceStep = (value: number): boolean =>
  Number.isFinite(value) && Math.abs(value / PLATFORM_CONFIG_LIMITS.priceStepGbp - Math.round(value / PLATFORM_CONFIG_LIMITS.priceStepGbp)) < 1e-9;
