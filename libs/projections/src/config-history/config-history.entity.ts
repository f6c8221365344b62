import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One row per configuration change, newest first on the admin config screen. */
@Entity({ name: 'config_history' })
@Index('config_history_changed_idx', ['logCommit', 'logPrepare'])
export class ConfigHistoryEntry {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'log_commit', type: 'bigint' })
  logCommit!: string;

  @Column({ name: 'log_prepare', type: 'bigint' })
  logPrepare!: string;

  @Column({ type: 'text' })
  key!: string;

  @Column({ name: 'old_value', type: 'jsonb', nullable: true })
  oldValue!: boolean | number | string | null;

  @Column({ name: 'new_value', type: 'jsonb', nullable: true })
  newValue!: boolean | number | string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;

  @Column({ name: 'changed_by', type: 'uuid', nullable: true })
  changedBy!: string | null;
}
