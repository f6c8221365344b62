import { ACCESS_NEXT_STEPS, ACCESS_REASONS, SUBSCRIPTION_STATES, type AccessNextStep, type AccessReason } from '@crew/rules';
import { subscriptionPaths } from './paths';
import { z } from 'zod';
import type { RouteContract } from './routes';

/** Its paths live zod-free in paths.ts, so the web client can name them without the schema library. */
export { subscriptionPaths };

/** Why a member may apply, what they can do next, and where a subscription stands: the access policy's words (libs/rules). */
export { ACCESS_NEXT_STEPS, ACCESS_REASONS, SUBSCRIPTION_STATES, type AccessNextStep, type AccessReason };
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const subscriptionStatusResponseSchema = z
  .object({
    can_apply: z.boolean(),
    reason: z.enum(ACCESS_REASONS),
    /** The one message about applying, for the screen (the same words as the 402 of applying). */
    explanation: z.string(),
    /** What the member can do next: the screen offers exactly this. */
    next_step: z.enum(ACCESS_NEXT_STEPS),
    /** Free, trial or premium, from the access policy's decision (trial only while the trial gives access). */
    display: z.enum(['free', 'trial', 'premium']),
    /** While the free trial runs: when it ends and whole days left. */
    trial_ends_at: z.string().nullable(),
    trial_days_left: z.number().int().nullable(),
    subscription: z.object({
      state: z.enum(SUBSCRIPTION_STATES),
      /** Who gave it: a card payment or an administrator. */
      source: z.enum(['payment', 'admin']).nullable(),
      started_at: z.string().nullable(),
      /** End of the paid (or granted) year: renewal date, or the last day when cancelling. */
      current_period_end: z.string().nullable(),
      cancel_at_period_end: z.boolean(),
      /** A billing account exists at the payment provider: "Manage billing" works. */
      has_billing_account: z.boolean(),
    }),
    /** The annual price now (config `subscription_price_gbp`). */
    price_gbp: z.number(),
    currency: z.literal('GBP'),
    /** Card payments are set up on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). */
    payments_configured: z.boolean(),
    monetization_enabled: z.boolean(),
  })
  .meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;

/** GET /api/subscription/terms: what the Terms of Service say about the crew subscription, from the configuration now. */
export const subscriptionTermsSchema = z
  .object({
    /** The annual price (config `subscription_price_gbp`). */
    price_gbp: z.number(),
    /** Monetization is on: crew inside the rollout need a subscription to apply (false: applying is free for every crew member). */
    subscription_required: z.boolean(),
    /** Of crew members, the percentage the requirement reaches while it is introduced. */
    rollout_percentage: z.number().int(),
    /** Days new crew accounts apply free (0: no trial). */
    free_trial_days: z.number().int(),
    /** Card payments are open on this site. */
    payments_configured: z.boolean(),
  })
  .meta({ id: 'SubscriptionTerms' });
export type SubscriptionTerms = z.infer<typeof subscriptionTermsSchema>;

export const checkoutResponseSchema = z.object({ checkout_url: z.string() }).meta({ id: 'CheckoutSession' });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const billingPortalResponseSchema = z.object({ portal_url: z.string() }).meta({ id: 'BillingPortalSession' });
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;

export const webhookResponseSchema = z.object({ received: z.literal(true) }).meta({ id: 'WebhookReceived' });

/** 402 of POST /api/applications/ when the access policy refuses: the same message and next step as GET /api/subscription. */
export const subscriptionRequiredSchema = z
  .object({
    error: z.string(),
    code: z.literal('SUBSCRIPTION_REQUIRED'),
    reason: z.literal('subscription_required'),
    next_step: z.enum(['subscribe', 'contact_support']),
  })
  .meta({ id: 'SubscriptionRequired' });
export type SubscriptionRequired = z.infer<typeof subscriptionRequiredSchema>;

export const subscriptionRoutes = {
  subscriptionTerms: {
    method: 'GET',
    path: subscriptionPaths.terms,
    summary: 'The crew subscription as the Terms of Service state it now: price, whether it is required, trial and rollout (public)',
    tag: 'subscription',
    auth: 'public',
    response: subscriptionTermsSchema,
  },
  subscriptionStatus: {
    method: 'GET',
    path: subscriptionPaths.status,
    summary: "The signed-in user's access to applying and their subscription",
    tag: 'subscription',
    auth: 'user',
    response: subscriptionStatusResponseSchema,
  },
  subscriptionCheckout: {
    method: 'POST',
    path: subscriptionPaths.checkout,
    summary: 'Start a card checkout for the annual crew subscription (confirmed only by the webhook)',
    tag: 'subscription',
    auth: 'user',
    response: checkoutResponseSchema,
    errors: [403, 409, 503],
  },
  subscriptionPortal: {
    method: 'POST',
    path: subscriptionPaths.portal,
    summary: 'A billing portal link to manage the card or cancel at the end of the paid year',
    tag: 'subscription',
    auth: 'user',
    response: billingPortalResponseSchema,
    errors: [404, 503],
  },
  paymentsWebhook: {
    method: 'POST',
    path: subscriptionPaths.webhook,
    summary: "The payment provider's signed events (raw body, Stripe-Signature header)",
    tag: 'subscription',
    auth: 'public',
    response: webhookResponseSchema,
    errors: [400, 503],
  },
} as const satisfies Record<string, RouteContract>;
