import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Current value of each configuration key, as the admin config screen lists it. */
@Entity({ name: 'platform_config' })
export class PlatformConfigEntry {
  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ type: 'jsonb' })
  value!: boolean | number;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;
}

/** Members of the grandfathered and beta-tester lists. */
@Entity({ name: 'config_access_list' })
export class ConfigAccessListMember {
  @PrimaryColumn({ name: 'list_type', type: 'text' })
  listType!: 'grandfathered' | 'beta';

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'added_at', type: 'timestamptz' })
  addedAt!: Date;

  @Column({ name: 'added_by', type: 'uuid', nullable: true })
  addedBy!: string | null;
}
