import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * HMAC keys created by the service itself on first use (random 32 bytes), so every replica
 * signs and verifies with the same key without a deployment secret. Never logged or served.
 */
@Entity({ name: 'signing_keys' })
export class SigningKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  name!: string;

  @Column({ type: 'varchar', length: 64 })
  secret!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
