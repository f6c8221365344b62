/*
 * Platform configuration: the current value of each configuration key and the grandfathered and beta-tester lists.
 * - Tables: `platform_config` and `config_access_list`, created in
 *   apps/api/src/platform/database/migrations/1763800000000-platform-core.ts.
 * - Projector: platform-config.projector.ts (`platform-config`); its keys and their defaults are platform-config.keys.ts,
 *   and the history of changes is ../config-history.
 * - Readers: apps/api/src/modules/admin/queries/get-platform-config.query.ts and get-access-lists.query.ts (the config
 *   screen), get-monetization-impact.query.ts and get-admin-overview.query.ts; subscriptions/subscription-access.ts,
 *   billing-account.ts and subscription-clock.ts (the access policy's settings).
 */

/** A row of `platform_config`: the current value of each configuration key, as the admin config screen lists it. */
export interface PlatformConfigRow {
  readonly key: string;
  readonly value: boolean | number;
  readonly description: string | null;
  readonly updated_at: Date;
  readonly updated_by: string | null;
}

/** A row of `config_access_list`: a member of the grandfathered or beta-tester list. */
export interface AccessListRow {
  readonly list_type: 'grandfathered' | 'beta';
  readonly user_id: string;
  readonly added_at: Date;
  readonly added_by: string | null;
}
