import type { AccessListType } from '@crew/rules';

export type ToggleMonetization = { type: 'ToggleMonetization'; enabled: boolean };
export type SetRolloutPercentage = { type: 'SetRolloutPercentage'; percentage: number };
export type SetFreeTrialPeriod = { type: 'SetFreeTrialPeriod'; days: number; description: string | null };
export type SetSubscriptionPrice = { type: 'SetSubscriptionPrice'; priceGbp: number; description: string | null };
export type ChangeAccessList = {
  type: 'ChangeAccessList';
  action: 'add' | 'remove';
  listType: AccessListType;
  userId: string;
};

export type PlatformConfigCommand = ToggleMonetization | SetRolloutPercentage | SetFreeTrialPeriod | SetSubscriptionPrice | ChangeAccessList;
