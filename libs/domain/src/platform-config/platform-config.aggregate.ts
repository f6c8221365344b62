import type { Aggregate } from '../shared/aggregate';
import { reject } from '../shared/result';
import { checkText, isOneOf, isUuid } from '../shared/values';
import type { PlatformConfigCommand } from './platform-config.commands';
import { isPlatformConfigEvent, type PlatformConfigEvent } from './platform-config.events';
import { ACCESS_LIST_TYPES, PLATFORM_CONFIG_LIMITS as L, type AccessListType } from '@crew/rules';
import { PLATFORM_CONFIG_DEFAULTS, isPriceStep, isRolloutPercentage, isWholeNumberBetween } from './platform-config.rules';

export interface PlatformConfigState {
  readonly monetizationEnabled: boolean;
  readonly rolloutPercentage: number;
  readonly freeTrialPeriodDays: number;
  readonly subscriptionPriceGbp: number;
  readonly grandfathered: readonly string[];
  readonly beta: readonly string[];
}

/** The platform has exactly one configuration stream. */
export const PLATFORM_CONFIG_STREAM = 'platform_config-global';

const listKey = (listType: AccessListType): 'grandfathered' | 'beta' => listType;

export const evolvePlatformConfig = (state: PlatformConfigState, event: PlatformConfigEvent): PlatformConfigState => {
  switch (event.type) {
    case 'MonetizationToggled':
      return { ...state, monetizationEnabled: event.data.enabled };
    case 'RolloutPercentageChanged':
      return { ...state, rolloutPercentage: event.data.percentage };
    case 'FreeTrialPeriodChanged':
      return { ...state, freeTrialPeriodDays: event.data.days };
    case 'SubscriptionPriceChanged':
      return { ...state, subscriptionPriceGbp: event.data.priceGbp };
    case 'AccessListUserAdded': {
      const key = listKey(event.data.listType);
      return { ...state, [key]: [...state[key], event.data.userId] };
    }
    case 'AccessListUserRemoved': {
      const key = listKey(event.data.listType);
      return { ...state, [key]: state[key].filter((id) => id !== event.data.userId) };
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the compiler's exhaustiveness check; a fold passes only events isPlatformConfigEvent accepts
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
};

/** The note an admin may add to a change; kept in config history as text. */
const checkDescription = (description: string | null): void => {
  if (description !== null) checkText(description, 'Description', L.descriptionMaxLength, 'INVALID_DESCRIPTION');
};

/**
 * Decides what a configuration command changes. Setting a value to what it
 * already is records nothing, so repeated clicks do not flood the history.
 */
export const decidePlatformConfig = (command: PlatformConfigCommand, state: PlatformConfigState): PlatformConfigEvent[] => {
  switch (command.type) {
    case 'ToggleMonetization':
      if (typeof command.enabled !== 'boolean') reject('validation', 'INVALID_ENABLED', 'enabled must be true or false');
      if (command.enabled === state.monetizationEnabled) return [];
      return [{ type: 'MonetizationToggled', data: { enabled: command.enabled, previous: state.monetizationEnabled } }];
    case 'SetRolloutPercentage':
      if (!isRolloutPercentage(command.percentage)) {
        reject('validation', 'INVALID_ROLLOUT_PERCENTAGE', 'Rollout percentage must be a whole number from 0 to 100 in steps of 5');
      }
      if (command.percentage === state.rolloutPercentage) return [];
      return [
        {
          type: 'RolloutPercentageChanged',
          data: { percentage: command.percentage, previous: state.rolloutPercentage },
        },
      ];
    case 'SetFreeTrialPeriod':
      checkDescription(command.description);
      if (!isWholeNumberBetween(command.days, L.freeTrialMinDays, L.freeTrialMaxDays)) {
        reject('validation', 'INVALID_FREE_TRIAL_PERIOD', 'Free trial period must be a whole number of days from 0 to 90');
      }
      if (command.days === state.freeTrialPeriodDays) return [];
      return [
        {
          type: 'FreeTrialPeriodChanged',
          data: { days: command.days, previous: state.freeTrialPeriodDays, description: command.description },
        },
      ];
    case 'SetSubscriptionPrice':
      checkDescription(command.description);
      if (command.priceGbp < L.priceMinGbp || command.priceGbp > L.priceMaxGbp || !isPriceStep(command.priceGbp)) {
        reject('validation', 'INVALID_SUBSCRIPTION_PRICE', 'Subscription price must be at least £1 and a multiple of £0.50');
      }
      if (command.priceGbp === state.subscriptionPriceGbp) return [];
      return [
        {
          type: 'SubscriptionPriceChanged',
          data: { priceGbp: command.priceGbp, previous: state.subscriptionPriceGbp, description: command.description },
        },
      ];
    case 'ChangeAccessList': {
      if (!isUuid(command.userId)) reject('validation', 'INVALID_USER_ID', 'user_id must be a user id');
      if (!isOneOf(ACCESS_LIST_TYPES, command.listType)) reject('validation', 'INVALID_LIST_TYPE', 'list_type must be grandfathered or beta');
      const members = state[listKey(command.listType)];
      const present = members.includes(command.userId);
      const list = { list: command.listType };
      if (command.action === 'add') {
        if (present) reject('conflict', 'ALREADY_ON_LIST', 'This user is already on the {list, select, beta {beta testers} other {grandfathered users}} list', list);
        return [{ type: 'AccessListUserAdded', data: { listType: command.listType, userId: command.userId } }];
      }
      if (!present) reject('not_found', 'NOT_ON_LIST', 'This user is not on the {list, select, beta {beta testers} other {grandfathered users}} list', list);
      return [{ type: 'AccessListUserRemoved', data: { listType: command.listType, userId: command.userId } }];
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the compiler's exhaustiveness check over the command union
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
};

export const PlatformConfig: Aggregate<PlatformConfigState, PlatformConfigCommand, PlatformConfigEvent> = {
  streamPrefix: 'platform_config',
  initialState: () => ({
    monetizationEnabled: PLATFORM_CONFIG_DEFAULTS.monetizationEnabled,
    rolloutPercentage: PLATFORM_CONFIG_DEFAULTS.rolloutPercentage,
    freeTrialPeriodDays: PLATFORM_CONFIG_DEFAULTS.freeTrialPeriodDays,
    subscriptionPriceGbp: PLATFORM_CONFIG_DEFAULTS.subscriptionPriceGbp,
    grandfathered: [],
    beta: [],
  }),
  evolve: evolvePlatformConfig,
  decide: (command, state) => decidePlatformConfig(command, state),
  isEvent: isPlatformConfigEvent,
};
