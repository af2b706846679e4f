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
}
