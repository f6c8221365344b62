import { foldEvents } from '../shared/aggregate';
import { DomainError } from '../shared/result';
import { PlatformConfig, decidePlatformConfig } from './platform-config.aggregate';
import type { PlatformConfigCommand } from './platform-config.commands';
import type { PlatformConfigEvent } from './platform-config.events';
import { isInsideRollout, rolloutBucketOf } from './platform-config.rules';

const USER = '7b0c8a52-3a8e-4f7e-9a55-0e2f8d4c1a10';

/** given(events) / when(command) / then(events or error) */
const given = (...events: PlatformConfigEvent[]) => ({
  when: (command: PlatformConfigCommand) => {
    const run = () => decidePlatformConfig(command, foldEvents(PlatformConfig, events));
    return {
      then: (...expected: PlatformConfigEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (code: string, kind = 'validation') => {
        expect(run).toThrow(DomainError);
        try {
          run();
        } catch (error) {
          expect((error as DomainError).code).toBe(code);
          expect((error as DomainError).kind).toBe(kind);
        }
      },
    };
  },
});

describe('PlatformConfig', () => {
  it('starts with the specified defaults: monetization off, 30 trial days, £30', () => {
    expect(PlatformConfig.initialState()).toEqual({
      monetizationEnabled: false,
      rolloutPercentage: 0,
      freeTrialPeriodDays: 30,
      subscriptionPriceGbp: 30,
      grandfathered: [],
      beta: [],
    });
  });

  describe('monetization toggle', () => {
    it('records the switch with the previous value', () =>
      given()
        .when({ type: 'ToggleMonetization', enabled: true })
        .then({ type: 'MonetizationToggled', data: { enabled: true, previous: false } }));
    it('records nothing when the value does not change', () =>
      given({ type: 'MonetizationToggled', data: { enabled: true, previous: false } })
        .when({ type: 'ToggleMonetization', enabled: true })
        .then());
    it('can be switched off again', () =>
      given({ type: 'MonetizationToggled', data: { enabled: true, previous: false } })
        .when({ type: 'ToggleMonetization', enabled: false })
        .then({ type: 'MonetizationToggled', data: { enabled: false, previous: true } }));
  });

  describe('rollout percentage', () => {
    it('accepts a whole number from 0 to 100', () =>
      given()
        .when({ type: 'SetRolloutPercentage', percentage: 100 })
        .then({ type: 'RolloutPercentageChanged', data: { percentage: 100, previous: 0 } }));
    it('moves in steps of 5', () =>
      given()
        .when({ type: 'SetRolloutPercentage', percentage: 35 })
        .then({ type: 'RolloutPercentageChanged', data: { percentage: 35, previous: 0 } }));
    it.each([-5, 101, 105, 12.5, 12, 99, Number.NaN])('refuses %p', (percentage) =>
      given().when({ type: 'SetRolloutPercentage', percentage }).thenRejects('INVALID_ROLLOUT_PERCENTAGE'),
    );
  });

  describe('free trial period', () => {
    it('accepts up to 90 days and keeps the description', () =>
      given()
        .when({ type: 'SetFreeTrialPeriod', days: 90, description: 'Summer promotion' })
        .then({ type: 'FreeTrialPeriodChanged', data: { days: 90, previous: 30, description: 'Summer promotion' } }));
    it.each([91, -1, 1.5])('refuses %p days', (days) => given().when({ type: 'SetFreeTrialPeriod', days, description: null }).thenRejects('INVALID_FREE_TRIAL_PERIOD'));
    it('uses the latest value as the previous one', () =>
      given({ type: 'FreeTrialPeriodChanged', data: { days: 14, previous: 30, description: null } })
        .when({ type: 'SetFreeTrialPeriod', days: 7, description: null })
        .then({ type: 'FreeTrialPeriodChanged', data: { days: 7, previous: 14, description: null } }));
  });

  describe('subscription price', () => {
    it('accepts £1 and steps of 50p', () =>
      given()
        .when({ type: 'SetSubscriptionPrice', priceGbp: 24.5, description: null })
        .then({ type: 'SubscriptionPriceChanged', data: { priceGbp: 24.5, previous: 30, description: null } }));
    it.each([0.5, 0, 24.25, -30])('refuses £%p', (priceGbp) =>
      given().when({ type: 'SetSubscriptionPrice', priceGbp, description: null }).thenRejects('INVALID_SUBSCRIPTION_PRICE'),
    );
  });

  describe('grandfathered and beta lists', () => {
    const added: PlatformConfigEvent = { type: 'AccessListUserAdded', data: { listType: 'grandfathered', userId: USER } };
    it('adds a user once, and refuses a duplicate', () => {
      given().when({ type: 'ChangeAccessList', action: 'add', listType: 'grandfathered', userId: USER }).then(added);
      given(added).when({ type: 'ChangeAccessList', action: 'add', listType: 'grandfathered', userId: USER }).thenRejects('ALREADY_ON_LIST', 'conflict');
    });
    it('keeps the two lists apart', () =>
      given(added)
        .when({ type: 'ChangeAccessList', action: 'add', listType: 'beta', userId: USER })
        .then({ type: 'AccessListUserAdded', data: { listType: 'beta', userId: USER } }));
    it('removes only a present user', () => {
      given(added)
        .when({ type: 'ChangeAccessList', action: 'remove', listType: 'grandfathered', userId: USER })
        .then({ type: 'AccessListUserRemoved', data: { listType: 'grandfathered', userId: USER } });
      given().when({ type: 'ChangeAccessList', action: 'remove', listType: 'grandfathered', userId: USER }).thenRejects('NOT_ON_LIST', 'not_found');
    });
    it('folds additions and removals into the member list', () => {
      const state = foldEvents(PlatformConfig, [
        added,
        { type: 'AccessListUserAdded', data: { listType: 'grandfathered', userId: 'other' } },
        { type: 'AccessListUserRemoved', data: { listType: 'grandfathered', userId: USER } },
      ]);
      expect(state.grandfathered).toEqual(['other']);
      expect(state.beta).toEqual([]);
    });
  });

  describe('values the read models hold', () => {
    it('refuses a description with control characters or broken text, or longer than 500 characters', () => {
      for (const description of ['promo\u0000', 'promo \udfff', 'x'.repeat(501)]) {
        given().when({ type: 'SetFreeTrialPeriod', days: 14, description }).thenRejects('INVALID_DESCRIPTION');
        given().when({ type: 'SetSubscriptionPrice', priceGbp: 25, description }).thenRejects('INVALID_DESCRIPTION');
      }
    });
    it('refuses a price or period that is not a finite number', () => {
      for (const priceGbp of [Number.NaN, Number.POSITIVE_INFINITY]) {
        given().when({ type: 'SetSubscriptionPrice', priceGbp, description: null }).thenRejects('INVALID_SUBSCRIPTION_PRICE');
      }
      given().when({ type: 'SetFreeTrialPeriod', days: Number.NaN, description: null }).thenRejects('INVALID_FREE_TRIAL_PERIOD');
    });
    it('puts only user ids on the access lists (the read model keeps them as uuid)', () => {
      given().when({ type: 'ChangeAccessList', action: 'add', listType: 'grandfathered', userId: '42' }).thenRejects('INVALID_USER_ID');
      given()
        .when({ type: 'ChangeAccessList', action: 'add', listType: 'gold' as never, userId: USER })
        .thenRejects('INVALID_LIST_TYPE');
    });
  });

  describe('rollout buckets', () => {
    it('places a user id in a stable bucket from 0 to 99', () => {
      expect(rolloutBucketOf('000000f0-0000-4000-8000-000000000000')).toBe(15);
      expect(rolloutBucketOf('fffffff0-0000-4000-8000-000000000000')).toBe(55);
      expect(isInsideRollout('000000f0-0000-4000-8000-000000000000', 15)).toBe(false);
      expect(isInsideRollout('000000f0-0000-4000-8000-000000000000', 20)).toBe(true);
    });
  });

  it('ignores events of other aggregates found in its stream', () => {
    const state = foldEvents(PlatformConfig, [{ type: 'VoyagePublished', data: {} }]);
    expect(state).toEqual(PlatformConfig.initialState());
  });
});
