import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { NetworkType } from '../../shared/domain/address';

@Entity({ name: 'smart_contract_versions' })
export class SmartContractVersionEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  version: string;

  @Column({ name: 'network_type', type: 'text' })
  networkType: NetworkType;

  @Column({ name: 'chain_id', type: 'text', nullable: true })
  chainId: string | null;

  @Column({ name: 'account_abi', type: 'jsonb' })
  accountAbi: unknown[];

  @Column({ name: 'eip712_domain', type: 'jsonb' })
  eip712Domain: { name: string; version: string };

  @Column({ name: 'deposit_account_init_code_hash', type: 'text' })
  depositAccountInitCodeHash: string;

  @Column({ name: 'is_latest', type: 'boolean' })
  isLatest: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
