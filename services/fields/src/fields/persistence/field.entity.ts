import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'fields' })
@Index('fields_name_id_idx', ['name', 'id'])
@Index('fields_county_name_id_idx', ['county', 'name', 'id'])
export class FieldEntity {
  @PrimaryColumn({ type: 'varchar', length: 21 })
  id!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 20 })
  county!: string;

  @Column({ type: 'varchar', length: 300 })
  address!: string;

  @Column({ type: 'varchar', length: 8, nullable: true })
  eircode!: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude!: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude!: number | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  website!: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone!: string | null;

  @Column({ type: 'text' })
  description!: string;

  @Index('fields_game_types_idx', { synchronize: false })
  @Column({ name: 'game_types', type: 'text', array: true })
  gameTypes!: string[];

  @Column({ name: 'aeg_joules', type: 'double precision', nullable: true })
  aegJoules!: number | null;

  @Column({ name: 'dmr_joules', type: 'double precision', nullable: true })
  dmrJoules!: number | null;

  @Column({ name: 'sniper_joules', type: 'double precision', nullable: true })
  sniperJoules!: number | null;

  @Column({ name: 'opening_days', type: 'text', array: true })
  openingDays!: string[];

  @Column({ name: 'rental_available', type: 'boolean', default: false })
  rentalAvailable!: boolean;

  @Column({ name: 'minimum_age', type: 'smallint', default: 18 })
  minimumAge!: number;

  @Column({ name: 'is_example', type: 'boolean', default: false })
  isExample!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
