import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { UserEntity } from '../../accounts/persistence/user.entity';

/** One address of a user's address book; goes with the account (ON DELETE CASCADE). */
@Entity({ name: 'addresses' })
@Index('addresses_user_idx', ['userId', 'createdAt'])
export class AddressEntity {
  @PrimaryColumn({ type: 'varchar', length: 21 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'addresses_user_id_fkey' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 100 })
  line1!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  line2!: string | null;

  @Column({ type: 'varchar', length: 60 })
  town!: string;

  @Column({ type: 'varchar', length: 20 })
  county!: string;

  @Column({ type: 'varchar', length: 8 })
  eircode!: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  phone!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
