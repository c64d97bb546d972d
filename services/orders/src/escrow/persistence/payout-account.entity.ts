import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'payout_accounts' })
export class PayoutAccountEntity {
  @PrimaryColumn({ name: 'seller_id', type: 'varchar', length: 64 })
  sellerId!: string;

  @Column({ type: 'varchar', length: 12 })
  provider!: string;

  @Column({ name: 'account_id', type: 'varchar', length: 120 })
  accountId!: string;

  @Column({ type: 'varchar', length: 12 })
  status!: string;

  /** When `status` was read from the processor (issue 23 sc. 8). */
  @Column({ name: 'status_at', type: 'timestamptz', nullable: true })
  statusAt!: Date | null;

  /** The last payout the processor could not make (ADR 0042); null when none failed. */
  @Column({ name: 'payout_failure_code', type: 'varchar', length: 60, nullable: true })
  payoutFailureCode!: string | null;

  @Column({ name: 'payout_failed_cents', type: 'integer', nullable: true })
  payoutFailedCents!: number | null;

  @Column({ name: 'payout_failed_at', type: 'timestamptz', nullable: true })
  payoutFailedAt!: Date | null;

  /** When the last payout that reached the bank was reported (`payout.paid`, ADR 0049). */
  @Column({ name: 'payout_paid_at', type: 'timestamptz', nullable: true })
  payoutPaidAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
