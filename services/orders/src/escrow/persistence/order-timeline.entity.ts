import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'order_timeline' })
@Index('order_timeline_order_idx', ['orderId', 'id'])
export class OrderTimelineEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ name: 'order_id', type: 'varchar', length: 21 })
  orderId!: string;

  @Column({ type: 'varchar', length: 24 })
  status!: string;

  @Column({ type: 'varchar', length: 10 })
  actor!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;
}
