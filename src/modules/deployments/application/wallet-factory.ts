import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, ChainContractSet } from '../../../config/app-config';
import { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { CatalogService } from '../../catalog/catalog.service';
import { contractSemver } from '../domain/account';
import { predictWalletAddress, WalletDeployParams, walletDeployParams } from '../domain/wallet-deploy-params';

export interface WalletSpec {
  readonly accountId: string;
  readonly smartContractVersionId: string;
  readonly approvers: readonly Address[];
  readonly threshold: number;
}

/**
 * The wallet factory of each chain, from `CHAIN_CONTRACTS` (docs/contract.md, The contracts): the deploy params an
 * account's wallet is created with, and the address it gets.
 *
 * An EVM account's address is predicted with the factory of the first configured EVM chain (the
 * lowest chain id, which is also JSON key order): the operator deploys the same factory and
 * implementations at the same addresses on every chain, so every chain gives that address.
 */
@Injectable()
export class WalletFactory {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: CatalogService,
  ) {}

  /** The chain whose factory fixes an EVM account's address; undefined when none is configured. */
  addressChain(networkType: 'evm' | 'tvm', tronChainId: string | null): string | undefined {
    if (networkType === 'tvm') return tronChainId !== null && this.contractsOf(tronChainId) ? tronChainId : undefined;
    return Object.keys(this.config.chainContracts)
      .filter((chainId) => this.catalog.findNetwork(chainId)?.networkType === 'evm')
      .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0))[0];
  }

  /** The predicted address, or undefined when no factory with that implementation is configured. */
  predictAddress(spec: WalletSpec, networkType: 'evm' | 'tvm', tronChainId: string | null): Address | undefined {
    const chainId = this.addressChain(networkType, tronChainId);
    if (chainId === undefined) return undefined;
    const params = this.tryDeployParams(spec, chainId);
    if (params === undefined) return undefined;
    const predicted = predictWalletAddress(params, networkType === 'tvm' ? '0x41' : '0xff');
    return Address.fromHex20(predicted, networkType);
  }

  /** deploy-params for one chain: 404 when that chain has no factory or implementation for the version. */
  deployParams(spec: WalletSpec, chainId: string): WalletDeployParams {
    const params = this.tryDeployParams(spec, chainId);
    if (params === undefined) {
      throw DomainError.notFound(
        'WALLET_FACTORY_NOT_CONFIGURED',
        `No wallet factory with an implementation of ${contractSemver(spec.smartContractVersionId)} is configured for chain ${chainId}`,
      );
    }
    return params;
  }

  private tryDeployParams(spec: WalletSpec, chainId: string): WalletDeployParams | undefined {
    const contracts = this.contractsOf(chainId);
    const implementation = contracts?.implementations[contractSemver(spec.smartContractVersionId)];
    if (contracts === undefined || implementation === undefined) return undefined;
    return walletDeployParams({
      accountId: spec.accountId,
      approvers: spec.approvers.map((approver) => approver.hex20),
      threshold: spec.threshold,
      factory: hex20Of(contracts.factory),
      implementation: hex20Of(implementation),
    });
  }

  private contractsOf(chainId: string): ChainContractSet | undefined {
    return Object.hasOwn(this.config.chainContracts, chainId) ? this.config.chainContracts[chainId] : undefined;
  }
}

/** A configured address in its 20-byte form: `0x…` as is, a Tron `T…` decoded. */
function hex20Of(address: string): string {
  return (Address.tryParseAny(address) as Address).hex20;
}
