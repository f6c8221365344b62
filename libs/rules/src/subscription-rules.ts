/**
 * Why a member may (or may not) apply to voyages now, as the access policy
 * answers it. Everything but `subscription_required` allows applying.
 */
export const ACCESS_REASONS = ['skipper', 'admin', 'monetization_off', 'outside_rollout', 'grandfathered', 'beta', 'trial', 'premium', 'subscription_required'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

/**
 * What the member can do next about applying: apply; subscribe (card payments
 * are open); contact the support team (a subscription is needed and card
 * payments are not configured, so an administrator's grant is the way); or
 * nothing (skippers and administrators never need a subscription).
 */
export const ACCESS_NEXT_STEPS = ['none', 'apply', 'subscribe', 'contact_support'] as const;
export type AccessNextStep = (typeof ACCESS_NEXT_STEPS)[number];

/** Where a member's own subscription stands (the Subscription aggregate's state). */
export const SUBSCRIPTION_STATES = ['none', 'checkout_pending', 'active', 'payment_failed', 'cancelling', 'expired', 'revoked'] as const;
export type SubscriptionStateName = (typeof SUBSCRIPTION_STATES)[number];

/** The lists of members who apply free whatever the rollout: kept from before monetization, and beta testers. */
export const ACCESS_LIST_TYPES = ['grandfathered', 'beta'] as const;
export type AccessListType = (typeof ACCESS_LIST_TYPES)[number];
