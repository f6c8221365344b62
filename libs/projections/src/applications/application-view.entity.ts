import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per application, as the crew's list and the skipper's review page read it. */
@Entity({ name: 'applications' })
export class ApplicationView {
  @PrimaryColumn({ name: 'application_id', type: 'uuid' }) applicationId!: string;
  @Column({ name: 'voyage_id', type: 'uuid' }) voyageId!: string;
  @Column({ name: 'crew_id', type: 'uuid' }) crewId!: string;
  @Column({ type: 'text' }) status!: string;
  @Column({ name: 'segment_orders', type: 'jsonb' }) segmentOrders!: number[];
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
  /** When the skipper accepted or rejected it: the analytics' response time. */
  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true }) decidedAt!: Date | null;
  @Column({ name: 'last_commit', type: 'bigint' }) lastCommit!: string;
  @Column({ name: 'last_prepare', type: 'bigint' }) lastPrepare!: string;
}
