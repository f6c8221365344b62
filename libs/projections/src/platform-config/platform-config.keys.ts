import type { PlatformConfigEvent } from '@crew/domain';

/** Config keys as the config screen and its history name them, with their default descriptions. */
export const CONFIG_KEYS = {
  monetization_enabled: 'Whether crew members need a subscription to apply',
  rollout_percentage: 'Share of crew members (0-100) the subscription requirement applies to',
  free_trial_period_days: 'Days of free access for new crew members',
  subscription_price_gbp: 'Annual crew subscription price in pounds',
} as const;

export type ConfigKey = keyof typeof CONFIG_KEYS;

export interface ConfigChange {
  readonly key: ConfigKey | 'grandfathered_users' | 'beta_testers';
  readonly oldValue: boolean | number | string | null;
  readonly newValue: boolean | number | string | null;
  readonly description: string | null;
}

/** What a config event changes, in the vocabulary of the config screen. */
export const configChangeOf = (event: PlatformConfigEvent): ConfigChange => {
  switch (event.type) {
    case 'MonetizationToggled':
      return { key: 'monetization_enabled', oldValue: event.data.previous, newValue: event.data.enabled, description: null };
    case 'RolloutPercentageChanged':
      return { key: 'rollout_percentage', oldValue: event.data.previous, newValue: event.data.percentage, description: null };
    case 'FreeTrialPeriodChanged':
      return { key: 'free_trial_period_days', oldValue: event.data.previous, newValue: event.data.days, description: event.data.description };
    case 'SubscriptionPriceChanged':
      return { key: 'subscription_price_gbp', oldValue: event.data.previous, newValue: event.data.priceGbp, description: event.data.description };
    case 'AccessListUserAdded':
      return {
        key: event.data.listType === 'beta' ? 'beta_testers' : 'grandfathered_users',
        oldValue: null,
        newValue: event.data.userId,
        description: null,
      };
    case 'AccessListUserRemoved':
      return {
        key: event.data.listType === 'beta' ? 'beta_testers' : 'grandfathered_users',
        oldValue: event.data.userId,
        newValue: null,
        description: null,
      };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
};
