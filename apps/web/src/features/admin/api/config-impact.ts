import { adminConfigPaths, monetizationImpactSchema, type MonetizationImpact } from '@crew/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEY } from './get-platform-config';

/** A monetization setting not saved yet: each one left out stays as it is. */
export interface MonetizationChange {
  readonly enabled?: boolean;
  readonly rollout?: number;
  readonly trialDays?: number;
}

const queryString = (change: MonetizationChange): string => {
  const params = new URLSearchParams();
  if (change.enabled !== undefined) params.set('enabled', String(change.enabled));
  if (change.rollout !== undefined) params.set('rollout', String(change.rollout));
  if (change.trialDays !== undefined) params.set('trial_days', String(change.trialDays));
  return params.toString();
};

export const monetizationImpactQueryOptions = (change: MonetizationChange) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'monetization-impact', change] as const,
    queryFn: ({ signal }) => {
      const query = queryString(change);
      return apiRequest<MonetizationImpact>(`${adminConfigPaths.monetizationImpact}${query ? `?${query}` : ''}`, { schema: monetizationImpactSchema, signal });
    },
    staleTime: 5_000,
  });

/**
 * GET /api/admin/monetization/impact: who a change would make need a
 * subscription, counted by the server with the policy applying enforces.
 */
export const useMonetizationImpact = (change: MonetizationChange | null) =>
  useQuery({ ...monetizationImpactQueryOptions(change ?? {}), enabled: change !== null, placeholderData: keepPreviousData });

const crew = (n: number): string => `${n.toLocaleString('en-GB')} crew ${n === 1 ? 'member' : 'members'}`;

/** The effect in words: "58 crew members will need a subscription (12 now): 46 who can apply today…". */
export function impactSentences(impact: MonetizationImpact): { headline: string; detail: string } {
  if (!impact.proposed.monetization_enabled) {
    return {
      headline: 'No crew member will need a subscription: applying becomes free for everyone.',
      detail: impact.currently_need_subscription > 0 ? `${crew(impact.currently_need_subscription)} who need one now will be able to apply for free.` : 'Nobody needs one now either.',
    };
  }
  const parts: string[] = [`${crew(impact.currently_need_subscription)} need one now.`];
  if (impact.newly_blocked > 0) parts.push(`${crew(impact.newly_blocked)} who can apply today will have to subscribe first.`);
  if (impact.newly_allowed > 0) parts.push(`${crew(impact.newly_allowed)} will no longer need one.`);
  return { headline: `${crew(impact.need_subscription)} will need a subscription to apply.`, detail: parts.join(' ') };
}
