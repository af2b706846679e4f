import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { NetworkType } from '../../shared/domain/address';

@Entity({ name: 'networks' })
export class NetworkEntity {
  @PrimaryColumn({ name: 'chain_id', type: 'text' })
  chainId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'network_type', type: 'text' })
  networkType: NetworkType;

  @Column({ name: 'required_confirmations', type: 'integer' })
  requiredConfirmations: number;

  @Column({ name: 'is_testnet', type: 'boolean' })
  isTestnet: boolean;

  @Column({ name: 'is_active', type: 'boolean' })
  isActive: boolean;

  @Column({ name: 'transaction_explorer_url', type: 'text', nullable: true })
  transactionExplorerUrl: string | null;

  @Column({ name: 'address_explorer_url', type: 'text', nullable: true })
  addressExplorerUrl: string | null;

  @Column({ name: 'token_explorer_url', type: 'text', nullable: true })
  tokenExplorerUrl: string | null;
}
