import type { PlatformConfigResponse } from '@crew/contracts';
import { PLATFORM_CONFIG_DEFAULTS } from '@crew/domain';
import { CONFIG_KEYS, type PlatformConfigRow } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetPlatformConfig {}

const DEFAULTS: Record<keyof PlatformConfigResponse, boolean | number> = {
  monetization_enabled: PLATFORM_CONFIG_DEFAULTS.monetizationEnabled,
  rollout_percentage: PLATFORM_CONFIG_DEFAULTS.rolloutPercentage,
  free_trial_period_days: PLATFORM_CONFIG_DEFAULTS.freeTrialPeriodDays,
  subscription_price_gbp: PLATFORM_CONFIG_DEFAULTS.subscriptionPriceGbp,
};

/** Current configuration from the read model; keys never changed show their defaults. */
@QueryHandler(GetPlatformConfig)
export class GetPlatformConfigHandler implements IQueryHandler<GetPlatformConfig, PlatformConfigResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute(): Promise<PlatformConfigResponse> {
    const rows = await this.dataSource.query<PlatformConfigRow[]>('SELECT key, value, description, updated_at, updated_by FROM platform_config');
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const entry = <K extends keyof PlatformConfigResponse>(key: K) => {
      const row = byKey.get(key);
      return {
        value: (row?.value ?? DEFAULTS[key]) as PlatformConfigResponse[K]['value'],
        description: row?.description ?? CONFIG_KEYS[key],
        updated_at: row ? row.updated_at.toISOString() : null,
        updated_by: row?.updated_by ?? null,
      };
    };
    return {
      monetization_enabled: entry('monetization_enabled'),
      rollout_percentage: entry('rollout_percentage'),
      free_trial_period_days: entry('free_trial_period_days'),
      subscription_price_gbp: entry('subscription_price_gbp'),
    };
  }
}
