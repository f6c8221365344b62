import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** numeric columns arrive from pg as strings; this keeps them numbers. */
const decimal = { to: (value: number | null) => value, from: (value: string | null) => (value === null ? null : Number(value)) };

@Entity({ name: 'boats' })
export class Boat {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'owner_id', type: 'uuid' }) ownerId!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ name: 'boat_type', type: 'text' }) boatType!: string;
  @Column({ name: 'make_model', type: 'text', default: '' }) makeModel!: string;
  @Column({ name: 'year_built', type: 'integer', nullable: true }) yearBuilt!: number | null;
  @Column({ name: 'length_feet', type: 'numeric', transformer: decimal }) lengthFeet!: number;
  @Column({ name: 'beam_feet', type: 'numeric', nullable: true, transformer: decimal }) beamFeet!: number | null;
  @Column({ name: 'draft_feet', type: 'numeric', nullable: true, transformer: decimal }) draftFeet!: number | null;
  @Column({ name: 'max_crew', type: 'integer', default: 6 }) maxCrew!: number;
  @Column({ type: 'integer', nullable: true }) berths!: number | null;
  @Column({ type: 'integer', nullable: true }) heads!: number | null;
  @Column({ name: 'home_port_name', type: 'text', default: '' }) homePortName!: string;
  @Column({ name: 'registration_number', type: 'text', default: '' }) registrationNumber!: string;
  @Column({ name: 'registration_country', type: 'text', nullable: true }) registrationCountry!: string | null;
  @Column({ type: 'text', default: '' }) description!: string;
  @Column({ type: 'jsonb' }) equipment!: { safety: string[]; navigation: string[]; comfort: string[] };
  @Column({ name: 'boat_photo_url', type: 'text', nullable: true }) boatPhotoUrl!: string | null;
  @Column({ name: 'boat_photo_thumbnail_url', type: 'text', nullable: true }) boatPhotoThumbnailUrl!: string | null;
  @Column({ name: 'is_active', type: 'boolean', default: true }) isActive!: boolean;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt!: Date;
}
