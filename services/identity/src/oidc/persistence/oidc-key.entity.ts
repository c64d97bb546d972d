import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Token signing keys (private RS256 JWKs) and cookie keys, generated once and kept. */
@Entity({ name: 'oidc_keys' })
export class OidcKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 20 })
  kind!: 'signing' | 'cookie';

  @Column({ type: 'jsonb' })
  material!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
