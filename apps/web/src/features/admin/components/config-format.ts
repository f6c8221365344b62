import { CONFIG_KEY_LABELS, REMOVED_ACCOUNT_LABEL, type ConfigHistoryEntry, type ConfigHistoryKey, type MonetizationImpact } from '@crew/contracts';

/** How each recorded key is named on screen: the one list the API names them by too. */
export { CONFIG_KEY_LABELS };

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

/** "Off → On", or for the lists "Added <name>" / "Removed <name>" ("(removed)" once the member's account is gone). */
export function describeChange(entry: Pick<ConfigHistoryEntry, 'key' | 'old_value' | 'new_value' | 'member_name'>): string {
  const { key, old_value: oldValue, new_value: newValue } = entry;
  if (key === 'grandfathered_users' || key === 'beta_testers') return `${newValue !== null ? 'Added' : 'Removed'} ${entry.member_name ?? REMOVED_ACCOUNT_LABEL}`;
  return `${formatConfigValue(key, oldValue)} → ${formatConfigValue(key, newValue)}`;
}

/** Who made a change: the administrator's name, "(removed)" once their account is gone. */
export const changedByOf = (entry: Pick<ConfigHistoryEntry, 'changed_by' | 'changed_by_name'>): string =>
  entry.changed_by_name ?? (entry.changed_by ? REMOVED_ACCOUNT_LABEL : 'Unknown');

/** Recent Changes dates in en-GB, 'Unknown' when unreadable. */
export function formatChangeDate(value: string | null): string {
  if (!value) return 'Unknown';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Unknown' : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The server's reason, for "Could not …: <reason>". */
export const reasonOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'Please try again.');

const crew = (n: number): string => `${n.toLocaleString('en-GB')} crew ${n === 1 ? 'member' : 'members'}`;

/** The effect in words: "58 crew members will need a subscription (12 now): 46 who can apply today…". */
export function impactSentences(impact: MonetizationImpact): { headline: string; detail: string } {
  if (!impact.proposed.monetization_enabled) {
    return {
      headline: 'No crew member will need a subscription: applying becomes free for everyone.',
      detail:
        impact.currently_need_subscription > 0 ? `${crew(impact.currently_need_subscription)} who need one now will be able to apply for free.` : 'Nobody needs one now either.',
    };
  }
  const parts: string[] = [`${crew(impact.currently_need_subscription)} need one now.`];
  if (impact.newly_blocked > 0) parts.push(`${crew(impact.newly_blocked)} who can apply today will have to subscribe first.`);
  if (impact.newly_allowed > 0) parts.push(`${crew(impact.newly_allowed)} will no longer need one.`);
  return { headline: `${crew(impact.need_subscription)} will need a subscription to apply.`, detail: parts.join(' ') };
}
