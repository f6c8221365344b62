import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One row per administrator action, read back on the user and voyage detail screens. */
@Entity({ name: 'admin_audit' })
@Index('admin_audit_subject_idx', ['subjectType', 'subjectId', 'logCommit', 'logPrepare'])
export class AdminAuditEntry {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' }) eventId!: string;
  @Column({ name: 'log_commit', type: 'bigint' }) logCommit!: string;
  @Column({ name: 'log_prepare', type: 'bigint' }) logPrepare!: string;
  @Column({ name: 'subject_type', type: 'text' }) subjectType!: string;
  @Column({ name: 'subject_id', type: 'text' }) subjectId!: string;
  @Column({ type: 'text' }) action!: string;
  @Column({ type: 'text' }) reason!: string;
  @Column({ type: 'jsonb' }) details!: Record<string, string | number | boolean | null>;
  @Column({ name: 'actor_id', type: 'uuid', nullable: true }) actorId!: string | null;
  @Column({ name: 'occurred_at', type: 'timestamptz' }) occurredAt!: Date;
}
