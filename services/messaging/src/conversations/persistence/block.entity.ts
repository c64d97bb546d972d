import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'blocks' })
export class BlockEntity {
  @PrimaryColumn({ name: 'blocker_id', type: 'varchar', length: 64 })
  blockerId!: string;

  @PrimaryColumn({ name: 'blocked_id', type: 'varchar', length: 64 })
  blockedId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
