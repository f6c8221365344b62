import type { ConfigHistoryKey } from '@crew/contracts';

/** How each recorded key is named on screen. */
export const CONFIG_KEY_LABELS: Record<ConfigHistoryKey, string> = {
  monetization_enabled: 'Monetization',
  rollout_percentage: 'Rollout percentage',
  free_trial_period_days: 'Free trial (days)',
  subscription_price_gbp: 'Subscription price (£ per year)',
  grandfathered_users: 'Grandfathered users',
  beta_testers: 'Beta testers',
};

type Value = boolean | number | string | null;

/** A config value as shown in the history: On/Off, 25%, £30.00, 14 days. */
export function formatConfigValue(key: ConfigHistoryKey, value: Value): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (typeof value === 'number') {
    if (key === 'rollout_percentage') return `${value}%`;
    if (key === 'subscription_price_gbp') return `£${value.toFixed(2)}`;
    if (key === 'free_trial_period_days') return `${value} ${value === 1 ? 'day' : 'days'}`;
  }
  return String(value);
}

/** "Off → On", or for the lists "Added <id>" / "Removed <id>". */
export function describeChange(key: ConfigHistoryKey, oldValue: Value, newValue: Value): string {
  if (key === 'grandfathered_users' || key === 'beta_testers') return newValue !== null ? `Added User ${String(newValue)}` : `Removed User ${String(oldValue)}`;
  return `${formatConfigValue(key, oldValue)} → ${formatConfigValue(key, newValue)}`;
}

/** Spec: Recent Changes dates in en-GB, 'Unknown' when unreadable. */
export function formatChangeDate(value: string | null): string {
  if (!value) return 'Unknown';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Unknown' : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The server's reason, for "Could not …: <reason>". */
export const reasonOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'Please try again.');
