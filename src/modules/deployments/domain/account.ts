import type { Address, NetworkType } from '../../../shared/domain/address';
import type { Role } from '../../auth/domain/rights';

/**
 * The account's multisig contract (docs/contract.md, Accounts and networks): one address and one contract version for the whole
 * account. An EVM account's contract has that address on every EVM chain (the factory creates it
 * with the same initializer and salt everywhere); a Tron account lives on one Tron chain.
 */
export interface AccountContract {
  readonly networkType: NetworkType;
  readonly address: Address;
  /** `{version}-{networkType}` as in the catalog: `1.2.0-evm`, `1.2.0-tvm-728126428`. */
  readonly smartContractVersionId: string;
  /** The Tron chain id of a Tron account; null for EVM accounts. */
  readonly networkId: string | null;
  /** The owners and threshold the wallet was created with (its `initialize` arguments). */
  readonly initialApprovers: readonly Address[];
  readonly initialThreshold: number;
}

export interface AccountRecord {
  readonly id: string;
  readonly name: string;
  /** Null only for accounts created before accounts owned contracts and never deployed since. */
  readonly contract: AccountContract | null;
  /** Members' addresses, display form, ascending. */
  readonly memberAddresses: readonly string[];
  /** Whether the asking member hid the account from their own lists. */
  readonly isHidden: boolean;
  readonly createdAt: Date;
}

/** One deployment of an account as the account details show it, with its deploy transaction. */
export interface AccountDeploymentRecord {
  readonly deploymentId: string;
  readonly chainId: string;
  readonly networkType: NetworkType;
  readonly approvers: readonly Address[];
  readonly threshold: number;
  readonly deploymentStatus: string;
  readonly transactionHash: string | null;
  readonly deployedAt: Date | null;
}

/** The semantic version inside a contract version id: `1.2.0-tvm-728126428` → `1.2.0`. */
export function contractSemver(smartContractVersionId: string): string {
  return smartContractVersionId.split('-')[0];
}

/** A member's place in an account: who, and with which role. */
export interface AccountMembership {
  readonly memberId: string;
  readonly role: Role;
}
