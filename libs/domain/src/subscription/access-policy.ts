import type { AccessNextStep, AccessReason, UserType } from '@crew/rules';
import { isInsideRollout } from '../platform-config/platform-config.rules';

export interface AccessPolicyInput {
  readonly user: { readonly id: string; readonly userType: UserType; readonly isAdmin: boolean; readonly createdAt: Date };
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
 * The one answer to "may this user apply now, and why" (monetization,
 * docs/features/admin-console.md): skippers and administrators always; with monetization off,
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

export interface AccessGuidance {
  /** The one sentence (or two) the subscription page, the apply refusal and the profile show. */
  readonly message: string;
  readonly nextStep: AccessNextStep;
}

export interface AccessGuidanceContext {
  /** Card payments are set up on this server: a checkout can be started. */
  readonly paymentsConfigured: boolean;
  /** The configured free trial: a member never had one when it is 0 days. */
  readonly freeTrialPeriodDays: number;
  readonly priceGbp: number;
}

/** "£30" or "£29.50": whole pounds without pence. */
export const formatGbp = (pounds: number): string => `£${Number.isInteger(pounds) ? String(pounds) : pounds.toFixed(2)}`;

/**
 * The one status message and next step for an access decision, computed once
 * on the server: the subscription page, the 402 of applying and the profile
 * all show this, so they never disagree. A refusal never ends at a dead end:
 * subscribe when card payments are open, otherwise contact the support team,
 * who can give access.
 */
export function accessGuidance(decision: AccessDecision, context: AccessGuidanceContext): AccessGuidance {
  switch (decision.reason) {
    case 'skipper':
    case 'admin':
      return { message: ACCESS_EXPLANATIONS[decision.reason], nextStep: 'none' };
    case 'subscription_required': {
      const trialEnded = context.freeTrialPeriodDays > 0 ? ', and your free trial has ended' : '';
      if (context.paymentsConfigured) {
        return {
          message: `A crew subscription (${formatGbp(context.priceGbp)} a year) is needed to apply for voyages${trialEnded}. Subscribe to apply.`,
          nextStep: 'subscribe',
        };
      }
      return {
        message: `A crew subscription is needed to apply for voyages${trialEnded}. Card payments are not open yet, so you cannot subscribe here: contact our support team, who can give your account access.`,
        nextStep: 'contact_support',
      };
    }
    default:
      return { message: ACCESS_EXPLANATIONS[decision.reason], nextStep: 'apply' };
  }
}

export interface MonetizationTermsInput {
  readonly monetizationEnabled: boolean;
  readonly rolloutPercentage: number;
  readonly freeTrialPeriodDays: number;
  readonly priceGbp: number;
  readonly paymentsConfigured: boolean;
}

/**
 * The Help centre's answers about paying, written from the configuration as it
 * is now, so they never say "free during the beta"
 * while subscriptions are enforced, nor promise a checkout that is not there.
 * `crewAccess` answers "Is Crew Finder free?"; `subscription` says how the
 * crew subscription works. Markdown, with links to pages of the site.
 */
export function monetizationTerms(input: MonetizationTermsInput): { readonly crewAccess: string; readonly subscription: string } {
  const price = formatGbp(input.priceGbp);
  const trial =
    input.freeTrialPeriodDays > 0
      ? `New crew accounts can apply free for their first ${input.freeTrialPeriodDays} ${input.freeTrialPeriodDays === 1 ? 'day' : 'days'}.`
      : 'There is no free trial at the moment.';
  const howToPay = input.paymentsConfigured
    ? 'You subscribe by card on your [Subscription](/subscription) page.'
    : 'Card payments are not open yet: if you need access to apply, [contact our support team](/help#contact-heading), who can give your account access.';
  const subscriptionTerms = `It renews automatically each year; you can cancel at any time before the renewal date and keep access until the end of the year you have paid for. Payments go through our card payment provider, so we never see or store your card details. The subscription only covers using Crew Finder; it is not a payment to any skipper.`;
  if (!input.monetizationEnabled) {
    return {
      crewAccess: `Yes, at the moment. Applying to voyages is free for every crew member, and skipper accounts are always free. Our terms provide for an annual crew subscription of ${price} a year; nothing is charged while applying is free, and your [Subscription](/subscription) page always shows whether you need one.`,
      subscription: `No subscription is needed at the moment: applying to voyages is free. If the crew subscription is introduced, it costs ${price} a year. ${subscriptionTerms}`,
    };
  }
  const rollout = input.rolloutPercentage < 100 ? ' While it is being introduced, some crew accounts keep free access.' : '';
  return {
    crewAccess: `Skipper accounts are always free. Crew members need a crew subscription of ${price} a year to apply to voyages; browsing voyages, messaging skippers and your profile stay free. ${trial}${rollout} Your [Subscription](/subscription) page shows whether your account needs one. ${howToPay}`,
    subscription: `The crew subscription costs ${price} a year. ${trial} ${howToPay} ${subscriptionTerms}`,
  };
}
