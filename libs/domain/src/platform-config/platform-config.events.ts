import type { AccessListType } from '@crew/rules';
import type { DomainEvent } from '../shared/event';

export type MonetizationToggled = DomainEvent<'MonetizationToggled', { enabled: boolean; previous: boolean }>;
export type RolloutPercentageChanged = DomainEvent<'RolloutPercentageChanged', { percentage: number; previous: number }>;
export type FreeTrialPeriodChanged = DomainEvent<'FreeTrialPeriodChanged', { days: number; previous: number; description: string | null }>;
export type SubscriptionPriceChanged = DomainEvent<'SubscriptionPriceChanged', { priceGbp: number; previous: number; description: string | null }>;
export type AccessListUserAdded = DomainEvent<'AccessListUserAdded', { listType: AccessListType; userId: string }>;
export type AccessListUserRemoved = DomainEvent<'AccessListUserRemoved', { listType: AccessListType; userId: string }>;

export type PlatformConfigEvent = MonetizationToggled | RolloutPercentageChanged | FreeTrialPeriodChanged | SubscriptionPriceChanged | AccessListUserAdded | AccessListUserRemoved;

export const platformConfigEventTypes = [
  'MonetizationToggled',
  'RolloutPercentageChanged',
  'FreeTrialPeriodChanged',
  'SubscriptionPriceChanged',
  'AccessListUserAdded',
  'AccessListUserRemoved',
] as const satisfies readonly PlatformConfigEvent['type'][];

export const isPlatformConfigEvent = (event: DomainEvent): event is PlatformConfigEvent => (platformConfigEventTypes as readonly string[]).includes(event.type);
