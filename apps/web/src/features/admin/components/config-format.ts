import type { ConfigHistoryEntry, ConfigHistoryKey, MonetizationImpact } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { formatDays } from '../../../lib/format';
import { i18n } from '../../../i18n/i18n';
import { formatMoment, formatMoney } from './admin-format';

/** How each recorded key is named on screen (the English words of the contracts' CONFIG_KEY_LABELS, the names the API gives them too). */
const CONFIG_KEY_NAMES = {
  monetization_enabled: msg`Monetization`,
  rollout_percentage: msg`Rollout percentage`,
  free_trial_period_days: msg`Free trial (days)`,
  subscription_price_gbp: msg`Subscription price (£ per year)`,
  grandfathered_users: msg`Grandfathered users`,
  beta_testers: msg`Beta testers`,
} satisfies Record<ConfigHistoryKey, MessageDescriptor>;

/** A setting's name in the screen's language. */
export const configKeyLabel = (key: ConfigHistoryKey): string => i18n._(CONFIG_KEY_NAMES[key]);

/** Shown for an administrator (or member) whose account has been erased since (the contracts' REMOVED_ACCOUNT_LABEL). */
export const removedAccountLabel = (): string => t`(removed)`;

type Value = boolean | number | string | null;

/** A config value as shown in the history: On/Off, 25%, £30.00, 14 days. */
export function formatConfigValue(key: ConfigHistoryKey, value: Value): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? t`On` : t`Off`;
  if (typeof value === 'number') {
    if (key === 'rollout_percentage') return `${value}%`;
    if (key === 'subscription_price_gbp') return formatMoney(value, 'GBP', 2);
    if (key === 'free_trial_period_days') return formatDays(value);
  }
  return String(value);
}

/** "Off → On", or for the lists "Added <name>" / "Removed <name>" ("(removed)" once the member's account is gone). */
export function describeChange(entry: Pick<ConfigHistoryEntry, 'key' | 'old_value' | 'new_value' | 'member_name'>): string {
  const { key, old_value: oldValue, new_value: newValue } = entry;
  if (key === 'grandfathered_users' || key === 'beta_testers') {
    const name = entry.member_name ?? removedAccountLabel();
    return newValue !== null ? t`Added ${name}` : t`Removed ${name}`;
  }
  return `${formatConfigValue(key, oldValue)} → ${formatConfigValue(key, newValue)}`;
}

/** Who made a change: the administrator's name, "(removed)" once their account is gone. */
export const changedByOf = (entry: Pick<ConfigHistoryEntry, 'changed_by' | 'changed_by_name'>): string =>
  entry.changed_by_name ?? (entry.changed_by ? removedAccountLabel() : t`Unknown`);

/** Recent Changes dates ("8 May 2026, 10:30" in English), 'Unknown' when unreadable. */
export function formatChangeDate(value: string | null): string {
  if (!value) return t`Unknown`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? t`Unknown` : formatMoment(date, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The server's reason, for "Could not …: <reason>". */
export const reasonOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : t`Please try again.`);

/** The effect in words: "58 crew members will need a subscription (12 now): 46 who can apply today…". */
export function impactSentences(impact: MonetizationImpact): { headline: string; detail: string } {
  const now = impact.currently_need_subscription;
  if (!impact.proposed.monetization_enabled) {
    return {
      headline: t`No crew member will need a subscription: applying becomes free for everyone.`,
      detail:
        now > 0
          ? t`${plural(now, { one: '# crew member who needs one now will be able to apply for free.', other: '# crew members who need one now will be able to apply for free.' })}`
          : t`Nobody needs one now either.`,
    };
  }
  const blocked = impact.newly_blocked;
  const allowed = impact.newly_allowed;
  const need = impact.need_subscription;
  const parts: string[] = [t`${plural(now, { one: '# crew member needs one now.', other: '# crew members need one now.' })}`];
  if (blocked > 0)
    parts.push(
      t`${plural(blocked, { one: '# crew member who can apply today will have to subscribe first.', other: '# crew members who can apply today will have to subscribe first.' })}`,
    );
  if (allowed > 0) parts.push(t`${plural(allowed, { one: '# crew member will no longer need one.', other: '# crew members will no longer need one.' })}`);
  return {
    headline: t`${plural(need, { one: '# crew member will need a subscription to apply.', other: '# crew members will need a subscription to apply.' })}`,
    detail: parts.join(' '),
  };
}
