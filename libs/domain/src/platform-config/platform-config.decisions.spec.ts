import { PLATFORM_CONFIG_LIMITS, disallowedCharactersMessage } from '@crew/rules';
import { DeciderSpecification } from '../testing/decider-specification';
import { PLATFORM_CONFIG_STREAM, PlatformConfig } from './platform-config.aggregate';
import type { PlatformConfigCommand } from './platform-config.commands';
import type { PlatformConfigEvent } from './platform-config.events';
import { isPriceStep } from './platform-config.rules';

const USER = '7b0c8a52-3a8e-4f7e-9a55-0e2f8d4c1a10';
const given = DeciderSpecification.for(PlatformConfig);

const rolloutAt = (percentage: number, previous = 0): PlatformConfigEvent => ({ type: 'RolloutPercentageChanged', data: { percentage, previous } });
const priceAt = (priceGbp: number, previous = 30): PlatformConfigEvent => ({ type: 'SubscriptionPriceChanged', data: { priceGbp, previous, description: null } });
const setPrice = (priceGbp: number): PlatformConfigCommand => ({ type: 'SetSubscriptionPrice', priceGbp, description: null });

describe('the platform configuration stream', () => {
  it('is the one stream named platform_config-global', () => {
    expect(PlatformConfig.streamPrefix).toBe('platform_config');
    expect(PLATFORM_CONFIG_STREAM).toBe('platform_config-global');
  });
});

describe('platform configuration decisions', () => {
  describe('monetization toggle', () => {
    it('refuses anything but true or false', () =>
      given([])
        .when({ type: 'ToggleMonetization', enabled: 'yes' as never })
        .thenThrows('validation', 'INVALID_ENABLED', 'enabled must be true or false'));
    it('switches off from the default without recording anything', () => given([]).when({ type: 'ToggleMonetization', enabled: false }).thenNothing());
  });

  describe('rollout percentage', () => {
    it('says which percentages it takes', () =>
      given([])
        .when({ type: 'SetRolloutPercentage', percentage: 12 })
        .thenThrows('validation', 'INVALID_ROLLOUT_PERCENTAGE', 'Rollout percentage must be a whole number from 0 to 100 in steps of 5'));
    it('records nothing when set to the default again', () => given([]).when({ type: 'SetRolloutPercentage', percentage: 0 }).thenNothing());
    it('remembers the latest percentage: the same one records nothing, another one names it as previous', () => {
      given([rolloutAt(35)])
        .when({ type: 'SetRolloutPercentage', percentage: 35 })
        .thenNothing();
      given([rolloutAt(35)])
        .when({ type: 'SetRolloutPercentage', percentage: 50 })
        .then([rolloutAt(50, 35)]);
    });
  });

  describe('free trial period', () => {
    it('says which periods it takes', () =>
      given([])
        .when({ type: 'SetFreeTrialPeriod', days: 91, description: null })
        .thenThrows('validation', 'INVALID_FREE_TRIAL_PERIOD', 'Free trial period must be a whole number of days from 0 to 90'));
    it('records nothing when set to the current period', () => given([]).when({ type: 'SetFreeTrialPeriod', days: 30, description: 'again' }).thenNothing());
    it('accepts no trial at all', () =>
      given([])
        .when({ type: 'SetFreeTrialPeriod', days: 0, description: null })
        .then([{ type: 'FreeTrialPeriodChanged', data: { days: 0, previous: 30, description: null } }]));
  });

  describe('subscription price', () => {
    it('accepts the lowest and the highest price', () => {
      given([])
        .when(setPrice(PLATFORM_CONFIG_LIMITS.priceMinGbp))
        .then([priceAt(1)]);
      given([])
        .when(setPrice(PLATFORM_CONFIG_LIMITS.priceMaxGbp))
        .then([priceAt(10_000)]);
    });
    it('refuses a step past the highest price, saying which prices it takes', () =>
      given([])
        .when(setPrice(PLATFORM_CONFIG_LIMITS.priceMaxGbp + PLATFORM_CONFIG_LIMITS.priceStepGbp))
        .thenThrows('validation', 'INVALID_SUBSCRIPTION_PRICE', 'Subscription price must be at least £1 and a multiple of £0.50'));
    it('records nothing when set to the current price', () => given([]).when(setPrice(30)).thenNothing());
    it('remembers the latest price: the same one records nothing, another one names it as previous', () => {
      given([priceAt(24.5)])
        .when(setPrice(24.5))
        .thenNothing();
      given([priceAt(24.5)])
        .when(setPrice(25))
        .then([priceAt(25, 24.5)]);
    });
    it('takes only whole steps of 50p, with no tolerance of a billionth of a step', () => {
      expect(isPriceStep(0.1 + 0.2 + 0.2)).toBe(true);
      // Halving a billionth is exact in binary, so this is a billionth of a step off, to the bit.
      expect(isPriceStep(5e-10)).toBe(false);
    });
  });

  describe('description', () => {
    it('names the description in its refusals', () => {
      given([])
        .when({ type: 'SetFreeTrialPeriod', days: 14, description: 'x'.repeat(501) })
        .thenThrows('validation', 'INVALID_DESCRIPTION', 'Description must be at most 500 characters');
      given([])
        .when({ type: 'SetSubscriptionPrice', priceGbp: 25, description: 'promo\u0000' })
        .thenThrows('validation', 'INVALID_DESCRIPTION', disallowedCharactersMessage('Description'));
    });
    it('takes exactly 500 characters', () =>
      given([])
        .when({ type: 'SetSubscriptionPrice', priceGbp: 25, description: 'x'.repeat(500) })
        .thenMatches([{ type: 'SubscriptionPriceChanged', data: { priceGbp: 25 } }]));
  });

  describe('grandfathered and beta lists', () => {
    const change = (action: 'add' | 'remove', listType: 'grandfathered' | 'beta'): PlatformConfigCommand => ({ type: 'ChangeAccessList', action, listType, userId: USER });
    const addedTo = (listType: 'grandfathered' | 'beta'): PlatformConfigEvent => ({ type: 'AccessListUserAdded', data: { listType, userId: USER } });

    it('says what a user id and a list are', () => {
      given([]).when({ type: 'ChangeAccessList', action: 'add', listType: 'beta', userId: 'someone' }).thenThrows('validation', 'INVALID_USER_ID', 'user_id must be a user id');
      given([])
        .when({ type: 'ChangeAccessList', action: 'add', listType: 'gold' as never, userId: USER })
        .thenThrows('validation', 'INVALID_LIST_TYPE', 'list_type must be grandfathered or beta');
    });
    it('names the list a user is already on', () => {
      given([addedTo('beta')])
        .when(change('add', 'beta'))
        .thenThrows('conflict', 'ALREADY_ON_LIST', 'This user is already on the beta testers list');
      given([addedTo('grandfathered')])
        .when(change('add', 'grandfathered'))
        .thenThrows('conflict', 'ALREADY_ON_LIST', 'This user is already on the grandfathered users list');
    });
    it('names the list a user is not on', () => {
      given([]).when(change('remove', 'beta')).thenThrows('not_found', 'NOT_ON_LIST', 'This user is not on the beta testers list');
      given([addedTo('beta')])
        .when(change('remove', 'grandfathered'))
        .thenThrows('not_found', 'NOT_ON_LIST', 'This user is not on the grandfathered users list');
    });
  });
});
