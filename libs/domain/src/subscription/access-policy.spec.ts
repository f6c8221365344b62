import { rolloutBucketOf } from '../platform-config/platform-config.rules';
import { accessGuidance, decideAccess, monetizationTerms, trialDaysLeft, type AccessPolicyInput } from './access-policy';

const NOW = new Date('2027-03-10T12:00:00Z');
const DAY = 86_400_000;
/** Bucket 0x0000032 % 100 = 50. */
const MID_BUCKET_ID = '0000032a-0000-4000-8000-000000000000';

const input = (overrides: {
  user?: Partial<AccessPolicyInput['user']>;
  config?: Partial<AccessPolicyInput['config']>;
  activeSubscription?: boolean;
  now?: Date;
}): AccessPolicyInput => ({
  user: { id: MID_BUCKET_ID, userType: 'crew', isAdmin: false, createdAt: new Date(NOW.getTime() - 60 * DAY), ...overrides.user },
  config: { monetizationEnabled: true, rolloutPercentage: 100, freeTrialPeriodDays: 30, grandfathered: false, betaTester: false, ...overrides.config },
  activeSubscription: overrides.activeSubscription ?? false,
  now: overrides.now ?? NOW,
});

describe('access policy', () => {
  it('checks the test id sits in bucket 50', () => {
    expect(rolloutBucketOf(MID_BUCKET_ID)).toBe(50);
  });

  it('refuses a crew member inside the rollout, past the trial, without a subscription', () => {
    expect(decideAccess(input({}))).toEqual({ canApply: false, reason: 'subscription_required', trialEndsAt: new Date(NOW.getTime() - 30 * DAY) });
  });

  it.each([
    ['skipper', { user: { userType: 'skipper' as const } }],
    ['admin', { user: { userType: 'admin' as const } }],
    ['admin', { user: { userType: 'crew' as const, isAdmin: true } }],
    ['monetization_off', { config: { monetizationEnabled: false } }],
    ['grandfathered', { config: { grandfathered: true } }],
    ['beta', { config: { betaTester: true } }],
    ['premium', { activeSubscription: true }],
  ] as const)('lets %s apply', (reason, overrides) => {
    expect(decideAccess(input(overrides))).toMatchObject({ canApply: true, reason });
  });

  it('treats a "both" account as crew', () => {
    expect(decideAccess(input({ user: { userType: 'both' } })).reason).toBe('subscription_required');
  });

  it('puts the rollout boundary between bucket 50 and the percentage: 50 is outside at 50 %, inside at 55 %', () => {
    expect(decideAccess(input({ config: { rolloutPercentage: 50 } })).reason).toBe('outside_rollout');
    expect(decideAccess(input({ config: { rolloutPercentage: 55 } })).reason).toBe('subscription_required');
    expect(decideAccess(input({ config: { rolloutPercentage: 0 } })).reason).toBe('outside_rollout');
  });

  it('runs the trial from account creation for the configured days, to the millisecond', () => {
    const createdAt = new Date(NOW.getTime() - 30 * DAY + 1);
    expect(decideAccess(input({ user: { createdAt } }))).toEqual({ canApply: true, reason: 'trial', trialEndsAt: new Date(NOW.getTime() + 1) });
    expect(decideAccess(input({ user: { createdAt }, now: new Date(NOW.getTime() + 1) })).reason).toBe('subscription_required');
  });

  it('follows a config change while a trial runs: longer reopens it, shorter ends it', () => {
    const createdAt = new Date(NOW.getTime() - 20 * DAY);
    expect(decideAccess(input({ user: { createdAt }, config: { freeTrialPeriodDays: 30 } })).reason).toBe('trial');
    expect(decideAccess(input({ user: { createdAt }, config: { freeTrialPeriodDays: 10 } })).reason).toBe('subscription_required');
    expect(decideAccess(input({ config: { freeTrialPeriodDays: 90 } })).reason).toBe('trial');
  });

  it('names premium rather than trial for a member who paid during the trial', () => {
    expect(decideAccess(input({ user: { createdAt: NOW }, activeSubscription: true })).reason).toBe('premium');
  });

  it('counts whole trial days left, a part day as a day', () => {
    expect(trialDaysLeft(new Date(NOW.getTime() + 2 * DAY + 1), NOW)).toBe(3);
    expect(trialDaysLeft(new Date(NOW.getTime() + 2 * DAY), NOW)).toBe(2);
    expect(trialDaysLeft(new Date(NOW.getTime() - DAY), NOW)).toBe(0);
  });
});

describe('access guidance: one message and a next step for every decision', () => {
  const context = { paymentsConfigured: true, freeTrialPeriodDays: 30, priceGbp: 30 };

  it('offers subscribing when payments are open, with the price, never a dead end', () => {
    expect(accessGuidance(decideAccess(input({})), context)).toEqual({
      message: 'A crew subscription (£30 a year) is needed to apply for voyages, and your free trial has ended. Subscribe to apply.',
      nextStep: 'subscribe',
    });
  });

  it('sends the member to the support team when payments are not configured, and never tells them to subscribe', () => {
    const guidance = accessGuidance(decideAccess(input({})), { ...context, paymentsConfigured: false });
    expect(guidance.nextStep).toBe('contact_support');
    expect(guidance.message).toMatch(/contact our support team/);
    expect(guidance.message).not.toMatch(/Subscribe to apply/);
  });

  it('speaks of no ended trial when there is none', () => {
    expect(accessGuidance(decideAccess(input({ config: { freeTrialPeriodDays: 0 } })), { ...context, freeTrialPeriodDays: 0 }).message).not.toMatch(/trial/);
  });

  it('says "apply" to everyone who may apply, and nothing to skippers and administrators', () => {
    const trial = decideAccess(input({ user: { createdAt: NOW } }));
    expect(trial.reason).toBe('trial');
    expect(accessGuidance(trial, context)).toEqual({ message: expect.stringMatching(/free trial/), nextStep: 'apply' });
    for (const overrides of [{ config: { monetizationEnabled: false } }, { activeSubscription: true }, { config: { betaTester: true } }]) {
      expect(accessGuidance(decideAccess(input(overrides)), context).nextStep).toBe('apply');
    }
    expect(accessGuidance(decideAccess(input({ user: { userType: 'skipper' } })), context).nextStep).toBe('none');
  });
});

describe('monetization terms for the Help centre', () => {
  const terms = { monetizationEnabled: false, rolloutPercentage: 100, freeTrialPeriodDays: 30, priceGbp: 30, paymentsConfigured: false };

  it('says applying is free while monetization is off, without a beta promise', () => {
    const { crewAccess } = monetizationTerms(terms);
    expect(crewAccess).toMatch(/^Yes, at the moment\. Applying to voyages is free for every crew member/);
    expect(crewAccess).not.toMatch(/beta/i);
  });

  it('says a subscription is needed once it is enforced, with the configured price and trial', () => {
    const { crewAccess, subscription } = monetizationTerms({ ...terms, monetizationEnabled: true, priceGbp: 29.5, freeTrialPeriodDays: 14, paymentsConfigured: true });
    expect(crewAccess).toMatch(/need a crew subscription of £29\.50 a year to apply/);
    expect(crewAccess).toMatch(/first 14 days/);
    expect(crewAccess).not.toMatch(/free for every crew member|beta/i);
    expect(subscription).toMatch(/subscribe by card on your \[Subscription\]\(\/subscription\) page/);
  });

  it('offers the support team, not a checkout, when card payments are not configured', () => {
    const { crewAccess, subscription } = monetizationTerms({ ...terms, monetizationEnabled: true });
    for (const text of [crewAccess, subscription]) {
      expect(text).toMatch(/Card payments are not open yet/);
      expect(text).toMatch(/\[contact our support team\]\(\/help#contact-heading\)/);
      expect(text).not.toMatch(/subscribe by card/);
    }
  });
});
