import { ACCESS_EXPLANATIONS, accessGuidance, formatGbp, monetizationTerms, trialEndOf, type AccessDecision } from './access-policy';

const decision = (reason: AccessDecision['reason']): AccessDecision => ({ canApply: reason !== 'subscription_required', reason, trialEndsAt: null });
const refused = decision('subscription_required');

describe('what a member reads about their access', () => {
  it('explains every reason in a sentence of its own', () => {
    const sentences = Object.values(ACCESS_EXPLANATIONS);
    expect(Object.keys(ACCESS_EXPLANATIONS)).toHaveLength(9);
    expect(new Set(sentences).size).toBe(sentences.length);
    for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z].{20,}\.$/);
  });

  it('shows the explanation of the reason, with nothing to do for skippers and administrators', () => {
    expect(accessGuidance(decision('admin'), { paymentsConfigured: true, freeTrialPeriodDays: 30, priceGbp: 30 })).toEqual({
      message: 'Administrators never need a subscription.',
      nextStep: 'none',
    });
    expect(accessGuidance(decision('beta'), { paymentsConfigured: false, freeTrialPeriodDays: 30, priceGbp: 30 })).toEqual({
      message: 'As a beta tester you can apply to voyages for free.',
      nextStep: 'apply',
    });
  });

  it.each([
    ['skipper', 'Skipper accounts never need a subscription.', 'none'],
    ['admin', 'Administrators never need a subscription.', 'none'],
    ['monetization_off', 'Applying to voyages is free for everyone at the moment.', 'apply'],
    ['outside_rollout', 'Applying to voyages is free for your account.', 'apply'],
    ['grandfathered', 'Your account has permanent free access.', 'apply'],
    ['beta', 'As a beta tester you can apply to voyages for free.', 'apply'],
    ['premium', 'Your crew subscription is active: you can apply to any voyage.', 'apply'],
    ['trial', 'You are in your free trial: you can apply to voyages until it ends.', 'apply'],
  ] as const)('tells a member let in as %s why', (reason, message, nextStep) => {
    expect(accessGuidance(decision(reason), { paymentsConfigured: true, freeTrialPeriodDays: 30, priceGbp: 30 })).toEqual({ message, nextStep });
  });

  it('keeps a sentence for a member who needs a subscription', () => {
    expect(ACCESS_EXPLANATIONS.subscription_required).toBe('A crew subscription is needed to apply for voyages. Your free trial has ended; subscribe to apply.');
  });

  it('speaks of an ended trial from a trial of one day', () => {
    const context = { paymentsConfigured: false, freeTrialPeriodDays: 1, priceGbp: 30 };
    expect(accessGuidance(refused, context).message).toBe(
      'A crew subscription is needed to apply for voyages, and your free trial has ended. Card payments are not open yet, so you cannot subscribe here: contact our support team, who can give your account access.',
    );
    expect(accessGuidance(refused, { ...context, paymentsConfigured: true, freeTrialPeriodDays: 0, priceGbp: 29.5 }).message).toBe(
      'A crew subscription (£29.50 a year) is needed to apply for voyages. Subscribe to apply.',
    );
  });

  it('writes prices in pounds, with pence only when there are some', () => {
    expect([formatGbp(30), formatGbp(29.5), formatGbp(0.5)]).toEqual(['£30', '£29.50', '£0.50']);
  });

  it('ends the trial the configured days after the account was made', () => {
    expect(trialEndOf(new Date('2027-01-31T10:00:00Z'), 30)).toEqual(new Date('2027-03-02T10:00:00Z'));
  });
});

describe('the Help centre’s answers about paying', () => {
  const enforced = { monetizationEnabled: true, rolloutPercentage: 100, freeTrialPeriodDays: 1, priceGbp: 30, paymentsConfigured: true };
  const renewal =
    'It renews automatically each year; you can cancel at any time before the renewal date and keep access until the end of the year you have paid for. Payments go through our card payment provider, so we never see or store your card details. The subscription only covers using Crew Finder; it is not a payment to any skipper.';

  it('states the subscription in full while it is enforced', () => {
    expect(monetizationTerms(enforced)).toEqual({
      crewAccess:
        'Skipper accounts are always free. Crew members need a crew subscription of £30 a year to apply to voyages; browsing voyages, messaging skippers and your profile stay free. New crew accounts can apply free for their first 1 day. Your [Subscription](/subscription) page shows whether your account needs one. You subscribe by card on your [Subscription](/subscription) page.',
      subscription: `The crew subscription costs £30 a year. New crew accounts can apply free for their first 1 day. You subscribe by card on your [Subscription](/subscription) page. ${renewal}`,
    });
  });

  it('says when some accounts keep free access during the rollout, and when there is no trial', () => {
    const { crewAccess } = monetizationTerms({ ...enforced, rolloutPercentage: 95, freeTrialPeriodDays: 0 });
    expect(crewAccess).toContain('There is no free trial at the moment. While it is being introduced, some crew accounts keep free access. Your');
    expect(monetizationTerms({ ...enforced, freeTrialPeriodDays: 2 }).crewAccess).toContain('their first 2 days.');
  });

  it('states free access in full while monetization is off', () => {
    expect(monetizationTerms({ ...enforced, monetizationEnabled: false })).toEqual({
      crewAccess:
        'Yes, at the moment. Applying to voyages is free for every crew member, and skipper accounts are always free. Our terms provide for an annual crew subscription of £30 a year; nothing is charged while applying is free, and your [Subscription](/subscription) page always shows whether you need one.',
      subscription: `No subscription is needed at the moment: applying to voyages is free. If the crew subscription is introduced, it costs £30 a year. ${renewal}`,
    });
  });

  it('points to the support team while card payments are not open', () => {
    expect(monetizationTerms({ ...enforced, paymentsConfigured: false }).subscription).toContain(
      'Card payments are not open yet: if you need access to apply, [contact our support team](/help#contact-heading), who can give your account access.',
    );
  });
});
