import Stripe from 'stripe';
import type { AppConfig } from '../../../platform/config/app-config';
import {
  InvalidPaymentEventError,
  InvalidSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentGateway,
  type PaymentParty,
  type Refund,
  type SubscriptionPeriod,
} from './payment-gateway';

export interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** STRIPE_API_BASE: another API host (a local stand-in in tests); api.stripe.com when absent. */
  readonly apiBase?: string;
}

/** What the Subscription stream knows the product as, on the provider's invoices and receipts. */
const PRODUCT_NAME = 'Crew Finder annual crew subscription';

/** Fields older API versions put elsewhere: payloads signed under an older endpoint version still read correctly. */
type VersionedInvoice = Stripe.Invoice & {
  subscription?: string | Stripe.Subscription | null;
  subscription_details?: { metadata: Stripe.Metadata | null } | null;
};
type VersionedSubscription = Stripe.Subscription & { current_period_start?: number; current_period_end?: number };

const invalid = (message: string): never => {
  throw new InvalidPaymentEventError(message);
};

/** Provider object ids (evt_…, cus_…, sub_…): short, no spaces or punctuation that could mean anything else. */
const PROVIDER_ID = /^[A-Za-z0-9_]{1,255}$/;
const providerId = (value: unknown, what: string): string => {
  const id = typeof value === 'string' ? value : typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : null;
  if (typeof id !== 'string' || !PROVIDER_ID.test(id)) return invalid(`The event has no valid ${what}`);
  return id;
};
const optionalProviderId = (value: unknown): string | null => {
  try {
    return value === null || value === undefined ? null : providerId(value, 'id');
  } catch {
    return null;
  }
};
/** Unix seconds from the provider, as a date the read model can hold. */
const timestamp = (value: unknown, what: string): Date => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > 253_402_300_799) return invalid(`The event's ${what} is not a valid time`);
  return new Date(value * 1000);
};
const pence = (value: unknown, what: string): number => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return invalid(`The event's ${what} is not a whole amount`);
  return value;
};
const currencyCode = (value: unknown): string => {
  if (typeof value !== 'string' || !/^[A-Za-z]{3}$/.test(value)) return invalid('The event has no valid currency');
  return value.toLowerCase();
};
const userIdIn = (...sources: (Stripe.Metadata | null | undefined | string)[]): string | null => {
  for (const source of sources) {
    const value = typeof source === 'string' ? source : source?.['user_id'];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return null;
};

/** The paid period of a subscription: on its items in current API versions, on the subscription itself in older ones. */
export const periodOf = (subscription: VersionedSubscription): SubscriptionPeriod => {
  const items = subscription.items?.data ?? [];
  const starts = items.map((item) => item.current_period_start).filter((value) => typeof value === 'number');
  const ends = items.map((item) => item.current_period_end).filter((value) => typeof value === 'number');
  const start = starts.length > 0 ? Math.min(...starts) : subscription.current_period_start;
  const end = ends.length > 0 ? Math.max(...ends) : subscription.current_period_end;
  return { start: timestamp(start, 'period start'), end: timestamp(end, 'period end') };
};

/** The period an invoice pays for: its subscription lines' periods (the invoice's own dates are the previous cycle's). */
const invoicePeriod = (invoice: Stripe.Invoice): SubscriptionPeriod => {
  const lines = invoice.lines?.data ?? [];
  if (lines.length === 0) return invalid('The invoice has no lines');
  return {
    start: timestamp(Math.min(...lines.map((line) => line.period?.start ?? Number.NaN)), 'period start'),
    end: timestamp(Math.max(...lines.map((line) => line.period?.end ?? Number.NaN)), 'period end'),
  };
};

const invoiceSubscription = (invoice: VersionedInvoice): { id: string | null; userId: string | null } => {
  const details = invoice.parent?.subscription_details ?? null;
  return {
    id: optionalProviderId(details?.subscription ?? invoice.subscription ?? null),
    userId: userIdIn(details?.metadata, invoice.subscription_details?.metadata, invoice.metadata),
  };
};

/** Stripe behind the payment port: Checkout in subscription mode, the billing portal, signed webhooks. */
export class StripePaymentGateway implements PaymentGateway {
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const base = settings.apiBase ? new URL(settings.apiBase) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            protocol: base.protocol === 'http:' ? 'http' : 'https',
            ...(base.port ? { port: Number(base.port) } : {}),
          }
        : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'gbp',
            // Config holds pounds (steps of 0.50 at most): pence are whole after rounding away float noise.
            unit_amount: Math.round(request.priceGbp * 100),
            recurring: { interval: 'year' },
            product_data: { name: PRODUCT_NAME },
          },
        },
      ],
      client_reference_id: request.userId,
      metadata: { user_id: request.userId },
      // Renewal invoices and subscription events carry the member too, not only this checkout.
      subscription_data: { metadata: { user_id: request.userId } },
      ...(request.customerId ? { customer: request.customerId } : {}),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error('The payment provider returned a checkout session without a URL');
    // Stripe's default: 24 hours after it opened.
    if (typeof session.expires_at !== 'number' || !Number.isInteger(session.expires_at)) throw new Error('The payment provider returned a checkout session without an expiry');
    return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  async expireCheckout(sessionId: string): Promise<'expired' | 'complete'> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
      return 'expired';
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      if (error.code === 'resource_missing') return 'expired';
      // Only an open session can be expired: this one was paid, or has expired already.
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'complete') return 'complete';
      if (session.status === 'expired') return 'expired';
      throw error;
    }
  }

  async refundPayment(request: { invoiceId: string | null; subscriptionId: string }): Promise<Refund | null> {
    const invoiceId = request.invoiceId ?? optionalProviderId((await this.stripe.subscriptions.retrieve(request.subscriptionId)).latest_invoice);
    if (invoiceId === null) return null;
    const payments = await this.stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 });
    const paid = payments.data
      .map((payment) => ({ paymentIntent: optionalProviderId(payment.payment.payment_intent), charge: optionalProviderId(payment.payment.charge), amount: payment.amount_paid }))
      .find((payment) => payment.paymentIntent !== null || payment.charge !== null);
    if (!paid || paid.amount === 0) return null;
    const target = paid.paymentIntent !== null ? { payment_intent: paid.paymentIntent } : { charge: paid.charge ?? undefined };
    const answer = (refund: Stripe.Refund): Refund => ({ refundId: refund.id, amount: refund.amount, currency: refund.currency.toLowerCase() });
    try {
      const refund = await this.stripe.refunds.create(
        { ...target, ...(paid.amount !== null ? { amount: paid.amount } : {}), reason: 'duplicate', metadata: { invoice_id: invoiceId, subscription_id: request.subscriptionId } },
        // A retried webhook refunds once.
        { idempotencyKey: `duplicate-refund-${invoiceId}` },
      );
      return answer(refund);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'charge_already_refunded') throw error;
      const [existing] = (await this.stripe.refunds.list({ ...target, limit: 1 })).data;
      return existing ? answer(existing) : null;
    }
  }

  async createPortal(request: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl });
    return { url: session.url };
  }

  async retrieveSubscriptionPeriod(subscriptionId: string): Promise<SubscriptionPeriod> {
    return periodOf(await this.stripe.subscriptions.retrieve(subscriptionId));
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      // Already gone at the provider: nothing more will be charged, which is what was asked.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
      throw error;
    }
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new InvalidSignatureError('The Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new InvalidSignatureError('The webhook signature does not match');
      throw new InvalidPaymentEventError('The webhook body is not a provider event');
    }
    return this.translate(event);
  }

  private translate(event: Stripe.Event): PaymentEvent {
    const eventId = providerId(event.id, 'event id');
    const ignored = (): PaymentEvent => ({ eventId, party: { userId: null, customerId: null }, kind: 'ignored', type: String(event.type) });
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        // Card payments are paid when the session completes; anything else waits for its own confirmation.
        if (session.mode !== 'subscription' || (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')) return ignored();
        const customerId = providerId(session.customer, 'customer');
        const checkoutSessionId = providerId(session.id, 'checkout session');
        return {
          eventId,
          party: { userId: userIdIn(session.metadata, session.client_reference_id ?? undefined), customerId },
          kind: 'checkout_completed',
          checkoutSessionId,
          invoiceId: optionalProviderId(session.invoice),
          customerId,
          subscriptionId: providerId(session.subscription, 'subscription'),
          amountPaid: pence(session.amount_total, 'amount'),
          currency: currencyCode(session.currency),
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded': {
        const invoice: VersionedInvoice = event.data.object;
        // The first invoice belongs to the checkout (checkout.session.completed); only the yearly ones renew.
        if (invoice.billing_reason !== 'subscription_cycle') return ignored();
        const customerId = providerId(invoice.customer, 'customer');
        const subscription = invoiceSubscription(invoice);
        return {
          eventId,
          party: { userId: subscription.userId, customerId },
          kind: 'renewal_paid',
          invoiceId: providerId(invoice.id, 'invoice'),
          customerId,
          subscriptionId: subscription.id ?? invalid('The invoice names no subscription'),
          amountPaid: pence(invoice.amount_paid, 'amount paid'),
          currency: currencyCode(invoice.currency),
          period: invoicePeriod(invoice),
        };
      }
      case 'invoice.payment_failed': {
        const invoice: VersionedInvoice = event.data.object;
        return {
          eventId,
          party: { userId: invoiceSubscription(invoice).userId, customerId: optionalProviderId(invoice.customer) },
          kind: 'payment_failed',
          invoiceId: providerId(invoice.id, 'invoice'),
          subscriptionId: invoiceSubscription(invoice).id,
        };
      }
      case 'customer.subscription.updated': {
        const subscription: VersionedSubscription = event.data.object;
        // The portal cancels at the end of the paid year: newer API versions say so with cancel_at.
        const cancelAt = subscription.cancel_at === null || subscription.cancel_at === undefined ? null : timestamp(subscription.cancel_at, 'cancel time');
        return {
          eventId,
          party: this.subscriptionParty(subscription),
          kind: 'cancellation_changed',
          cancelAtPeriodEnd: subscription.cancel_at_period_end === true || cancelAt !== null,
          periodEnd: cancelAt ?? periodOf(subscription).end,
          subscriptionId: optionalProviderId(subscription.id),
        };
      }
      case 'customer.subscription.deleted':
        return { eventId, party: this.subscriptionParty(event.data.object), kind: 'subscription_ended', subscriptionId: optionalProviderId(event.data.object.id) };
      default:
        return ignored();
    }
  }

  private subscriptionParty(subscription: Stripe.Subscription): PaymentParty {
    return { userId: userIdIn(subscription.metadata), customerId: optionalProviderId(subscription.customer) };
  }
}

/** Payments are configured only with both keys: a checkout nobody can confirm would take money for nothing. */
export const paymentGatewayFor = (config: Pick<AppConfig, 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiBase'>): PaymentGateway | null =>
  config.stripeSecretKey && config.stripeWebhookSecret
    ? new StripePaymentGateway({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret, apiBase: config.stripeApiBase })
    : null;
