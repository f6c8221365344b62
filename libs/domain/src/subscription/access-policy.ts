import { isInsideRollout } from '../platform-config/platform-config.rules';

/** Why a user may, or may not, apply to voyages now. */
export type AccessReason =
  | 'skipper'
  | 'admin'
  | 'monetization_off'
  | 'outside_rollout'
  | 'grandfathered'
  | 'beta'
  | 'premium'
  | 'trial'
  | 'subscription_required';

export interface AccessPolicyInput {
  readonly user: { readonly id: string; readonly userType: 'skipper' | 'crew' | 'both' | 'admin'; readonly isAdmin: boolean; readonly createdAt: Date };
  readonly config: {
    readonly monetizationEnabled: boolean;
    readonly rolloutPercentage: number;
    readonly freeTrialPeriodDays: number;
    readonly grandfathered: boolean;
    readonly betaTester: boolean;
  };
  /** The member's subscription gives access now (paid or granted, inside its year). */
  readonly activeSubscription: boolean;
  readonly now: Date;
}

export interface AccessDecision {
  readonly canApply: boolean;
  readonly reason: AccessReason;
  /** When the free trial ends (created_at + free_trial_period_days); null for those the trial does not concern. */
  readonly trialEndsAt: Date | null;
}

const DAY_MS = 86_400_000;

/** The end of a member's free trial: their account's creation plus the configured days. */
export const trialEndOf = (createdAt: Date, freeTrialPeriodDays: number): Date => new Date(createdAt.getTime() + freeTrialPeriodDays * DAY_MS);

/** Whole days left in a trial (a part day counts as a day); 0 once it has ended. */
export const trialDaysLeft = (trialEndsAt: Date, now: Date): number => Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS));

/**
 * The one answer to "may this user apply now, and why" (PRODUCT.md,
 * Monetization): skippers and administrators always; with monetization off,
 * everyone; a member outside the rollout, grandfathered or a beta tester is
 * free; a paid or granted subscription is premium; within the free trial is
 * trial; anyone else needs a subscription. The trial is computed from the
 * configuration at `now`, so lengthening it reopens access at once.
 */
export function decideAccess({ user, config, activeSubscription, now }: AccessPolicyInput): AccessDecision {
  const allow = (reason: AccessReason, trialEndsAt: Date | null = null): AccessDecision => ({ canApply: true, reason, trialEndsAt });
  if (user.isAdmin || user.userType === 'admin') return allow('admin');
  if (user.userType === 'skipper') return allow('skipper');
  const trialEndsAt = trialEndOf(user.createdAt, config.freeTrialPeriodDays);
  if (!config.monetizationEnabled) return allow('monetization_off');
  if (!isInsideRollout(user.id, config.rolloutPercentage)) return allow('outside_rollout');
  if (config.grandfathered) return allow('grandfathered');
  if (config.betaTester) return allow('beta');
  if (activeSubscription) return allow('premium');
  if (now.getTime() < trialEndsAt.getTime()) return allow('trial', trialEndsAt);
  return { canApply: false, reason: 'subscription_required', trialEndsAt };
}

/** One sentence per reason, for the subscription page and the apply refusal. */
export const ACCESS_EXPLANATIONS: Readonly<Record<AccessReason, string>> = {
  skipper: 'Skipper accounts never need a subscription.',
  admin: 'Administrators never need a subscription.',
  monetization_off: 'Applying to voyages is free for everyone at the moment.',
  outside_rollout: 'Applying to voyages is free for your account.',
  grandfathered: 'Your account has permanent free access.',
  beta: 'As a beta tester you can apply to voyages for free.',
  premium: 'Your crew subscription is active: you can apply to any voyage.',
  trial: 'You are in your free trial: you can apply to voyages until it ends.',
  subscription_required: 'A crew subscription is needed to apply for voyages. Your free trial has ended; subscribe to apply.',
};
