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
