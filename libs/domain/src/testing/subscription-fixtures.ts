import type { SubscriptionCommand } from '../subscription/subscription.aggregate';

/** The moments a subscription's tests move between: its start and the anniversaries after. */
export const NOW = new Date('2027-01-15T10:00:00Z');
export const YEAR_LATER = new Date('2028-01-15T10:00:00Z');
export const TWO_YEARS_LATER = new Date('2029-01-15T10:00:00Z');
export const THREE_YEARS_LATER = new Date('2030-01-15T10:00:00Z');
export const HOUR = 3_600_000;

type RecordPayment = Extract<SubscriptionCommand, { type: 'RecordPayment' }>;

/** The provider reports the first year paid (£30), from NOW to YEAR_LATER. */
export const payment = (overrides: Partial<RecordPayment> = {}): RecordPayment => ({
  type: 'RecordPayment',
  providerEventId: 'evt_1',
  kind: 'activation',
  invoiceId: 'in_1',
  providerCustomerId: 'cus_1',
  providerSubscriptionId: 'sub_1',
  amountPaid: 3000,
  currency: 'gbp',
  periodStart: NOW,
  periodEnd: YEAR_LATER,
  ...overrides,
});
