import type { MonetizationImpact } from '@crew/contracts';
import { PLATFORM_CONFIG_DEFAULTS } from '@crew/domain';
import type { OrNull, SubscriptionRow } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { accessOf, type AccessFacts } from '../../subscriptions/subscription-access';

export interface MonetizationSettings {
  readonly enabled: boolean;
  readonly rollout: number;
  readonly trialDays: number;
}

export class GetMonetizationImpact {
  constructor(
    /** Each setting left out stays as it is in force. */
    readonly proposed: Partial<MonetizationSettings>,
    readonly now: Date = new Date(),
  ) {}
}

/** A crew member, their list memberships and their subscription LEFT JOINed (null when they never had one). */
interface CrewRow extends OrNull<Pick<SubscriptionRow, 'state' | 'source' | 'start_date' | 'end_date'>> {
  id: string;
  user_type: AccessFacts['userType'];
  is_admin: boolean;
  created_at: Date;
  grandfathered: boolean;
  beta: boolean;
}

/**
 * What a monetization change would do before it is saved: every crew member
 * (crew and "both", administrators excluded) is put through the access policy
 * that refuses an application (`accessOf`, the domain's `decideAccess` over the
 * same facts `assertMayApply` loads), once with the settings in force and
 * once with the proposed ones. Nothing is estimated: a member counted as
 * needing a subscription is exactly one whose application would be refused
 * with 402 were the settings saved now.
 */
@QueryHandler(GetMonetizationImpact)
export class GetMonetizationImpactHandler implements IQueryHandler<GetMonetizationImpact, MonetizationImpact> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ proposed, now }: GetMonetizationImpact): Promise<MonetizationImpact> {
    const [current, crew] = await Promise.all([this.settings(), this.crew()]);
    const next: MonetizationSettings = {
      enabled: proposed.enabled ?? current.enabled,
      rollout: proposed.rollout ?? current.rollout,
      trialDays: proposed.trialDays ?? current.trialDays,
    };
    let needNow = 0;
    let needNext = 0;
    let blocked = 0;
    let allowed = 0;
    for (const row of crew) {
      const refusedNow = !accessOf(row.id, factsOf(row, current), now).canApply;
      const refusedNext = !accessOf(row.id, factsOf(row, next), now).canApply;
      if (refusedNow) needNow++;
      if (refusedNext) needNext++;
      if (refusedNext && !refusedNow) blocked++;
      if (refusedNow && !refusedNext) allowed++;
    }
    return {
      current: settingsOut(current),
      proposed: settingsOut(next),
      crew_members: crew.length,
      need_subscription: needNext,
      currently_need_subscription: needNow,
      newly_blocked: blocked,
      newly_allowed: allowed,
    };
  }

  private async settings(): Promise<MonetizationSettings> {
    const rows = await this.dataSource.query<{ key: string; value: boolean | number }[]>(
      `SELECT key, value FROM platform_config WHERE key IN ('monetization_enabled', 'rollout_percentage', 'free_trial_period_days')`,
    );
    const value = (key: string) => rows.find((row) => row.key === key)?.value;
    return {
      enabled: (value('monetization_enabled') as boolean | undefined) ?? PLATFORM_CONFIG_DEFAULTS.monetizationEnabled,
      rollout: (value('rollout_percentage') as number | undefined) ?? PLATFORM_CONFIG_DEFAULTS.rolloutPercentage,
      trialDays: (value('free_trial_period_days') as number | undefined) ?? PLATFORM_CONFIG_DEFAULTS.freeTrialPeriodDays,
    };
  }

  /** Everyone the policy can refuse, with the facts it reads (one scan of the members, no per-member query). */
  private crew(): Promise<CrewRow[]> {
    return this.dataSource.query<CrewRow[]>(
      `SELECT u.id, u.user_type, u.is_admin, u.created_at,
              g.user_id IS NOT NULL AS grandfathered, b.user_id IS NOT NULL AS beta,
              s.state, s.source, s.start_date, s.end_date
         FROM users u
         LEFT JOIN config_access_list g ON g.list_type = 'grandfathered' AND g.user_id = u.id
         LEFT JOIN config_access_list b ON b.list_type = 'beta' AND b.user_id = u.id
         LEFT JOIN subscriptions s ON s.user_id = u.id
        WHERE u.user_type IN ('crew', 'both') AND NOT u.is_admin`,
    );
  }
}

const settingsOut = (settings: MonetizationSettings): MonetizationImpact['current'] => ({
  monetization_enabled: settings.enabled,
  rollout_percentage: settings.rollout,
  free_trial_period_days: settings.trialDays,
});

/** The facts `loadAccessFacts` would load for this member, with the given settings in place of the stored ones. */
const factsOf = (row: CrewRow, settings: MonetizationSettings): AccessFacts => ({
  userType: row.user_type,
  isAdmin: row.is_admin,
  createdAt: row.created_at,
  monetizationEnabled: settings.enabled,
  rolloutPercentage: settings.rollout,
  freeTrialPeriodDays: settings.trialDays,
  priceGbp: PLATFORM_CONFIG_DEFAULTS.subscriptionPriceGbp,
  grandfathered: row.grandfathered,
  betaTester: row.beta,
  subscription:
    row.state && row.source && row.start_date && row.end_date
      ? { state: row.state, source: row.source, startedAt: row.start_date, periodEnd: row.end_date, cancelAtPeriodEnd: false, providerCustomerId: null }
      : null,
});
