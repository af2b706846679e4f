import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `address_normalized` is a generated column that only SQL filters use, so it is not mapped. */
@Entity({ name: 'currencies' })
export class CurrencyEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'chain_id', type: 'text' })
  chainId: string;

  @Column({ type: 'text' })
  symbol: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  address: string | null;

  @Column({ type: 'smallint' })
  decimals: number;

  @Column({ name: 'is_native', type: 'boolean' })
  isNative: boolean;

  @Column({ name: 'is_scam', type: 'boolean' })
  isScam: boolean;

  @Column({ name: 'is_verified', type: 'boolean' })
  isVerified: boolean;

  @Column({ name: 'cmc_id', type: 'integer', nullable: true })
  cmcId: number | null;

  @Column({ name: 'logo_url', type: 'text', nullable: true })
  logoUrl: string | null;

  /** A decimal string: the driver returns `numeric` as text so no precision is lost. */
  @Column({ name: 'usd_rate', type: 'numeric', nullable: true })
  usdRate: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
