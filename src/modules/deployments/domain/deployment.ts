import { Address, NetworkType } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { DEPLOYMENT_STATUSES, DeploymentStatus } from './deployment-status';

export const MAX_APPROVERS = 32;

export interface DeploymentProps {
  readonly id: string;
  readonly accountId: string;
  readonly chainId: string;
  readonly networkType: NetworkType;
  readonly address: Address;
  readonly smartContractVersionId: string;
  readonly approvers: readonly Address[];
  readonly threshold: number;
  readonly currentNonce: bigint;
  /** -1 until the first execution. */
  readonly lastExecutedNonce: bigint;
  readonly status: DeploymentStatus;
}

/**
 * An account's wallet contract on one network. Guards its invariants: approvers unique, valid for
 * the network, at most 32; threshold 1..approvers; nonces never go back.
 */
export class Deployment {
  private constructor(private props: DeploymentProps) {}

  static create(props: DeploymentProps): Deployment {
    Deployment.assertSigners(props.approvers, props.threshold, props.networkType);
    if (props.address.networkType !== props.networkType) {
      throw DomainError.field('address', 'address does not fit the network of the deployment', 'INVALID_ADDRESS');
    }
    if (props.currentNonce < 0n) throw DomainError.field('nonce', 'nonce must not be negative', 'INVALID_NONCE');
    if (!DEPLOYMENT_STATUSES.includes(props.status)) {
      throw DomainError.field('status', `status must be one of ${DEPLOYMENT_STATUSES.join(', ')}`);
    }
    return new Deployment({ ...props, approvers: sortedUnique(props.approvers) });
  }

  /** Rebuilds a stored deployment without re-checking what was checked when it was created. */
  static restore(props: DeploymentProps): Deployment {
    return new Deployment(props);
  }

  static assertSigners(approvers: readonly Address[], threshold: number, networkType: NetworkType): void {
    if (approvers.length === 0 || approvers.length > MAX_APPROVERS) {
      throw DomainError.field('approvers', `approvers must hold 1 to ${MAX_APPROVERS} addresses`, 'INVALID_APPROVERS');
    }
    if (approvers.some((approver) => approver.networkType !== networkType)) {
      throw DomainError.field(
        'approvers',
        'every approver must be an address of the deployment network',
        'INVALID_APPROVERS',
      );
    }
    if (new Set(approvers.map((approver) => approver.hex20)).size !== approvers.length) {
      throw DomainError.field('approvers', 'approvers must be unique', 'INVALID_APPROVERS');
    }
    // The contract's setConfig refuses the zero address as an owner (InvalidOwner).
    if (approvers.some((approver) => approver.hex20 === ZERO_HEX20)) {
      throw DomainError.field('approvers', 'approvers must not contain the zero address', 'INVALID_APPROVER');
    }
    if (!Number.isInteger(threshold) || threshold < 1 || threshold > approvers.length) {
      throw DomainError.field(
        'threshold',
        `threshold must be an integer from 1 to ${approvers.length}`,
        'INVALID_THRESHOLD',
      );
    }
  }

  get id(): string {
    return this.props.id;
  }
  get accountId(): string {
    return this.props.accountId;
  }
  get chainId(): string {
    return this.props.chainId;
  }
  get networkType(): NetworkType {
    return this.props.networkType;
  }
  get address(): Address {
    return this.props.address;
  }
  get smartContractVersionId(): string {
    return this.props.smartContractVersionId;
  }
  get approvers(): readonly Address[] {
    return this.props.approvers;
  }
  get threshold(): number {
    return this.props.threshold;
  }
  get currentNonce(): bigint {
    return this.props.currentNonce;
  }
  get lastExecutedNonce(): bigint {
    return this.props.lastExecutedNonce;
  }
  get status(): DeploymentStatus {
    return this.props.status;
  }

  isApprover(addressHex: string): boolean {
    return this.props.approvers.some((approver) => approver.hex20 === addressHex.toLowerCase());
  }

  /** After nonce `executed` was consumed on chain; the next executable nonce never moves back. */
  recordExecution(executed: bigint): void {
    if (executed < this.props.lastExecutedNonce) return;
    this.props = {
      ...this.props,
      lastExecutedNonce: executed,
      currentNonce: executed + 1n > this.props.currentNonce ? executed + 1n : this.props.currentNonce,
    };
  }

  /**
   * A MULTISIG_CONFIG_CHANGE this wallet's `setConfig` would accept: the rules every signer set
   * keeps, and the wallet not among its own owners (the contract reverts InvalidOwner), so no
   * operation collects signatures that can never execute.
   */
  assertConfigChange(approvers: readonly Address[], threshold: number): void {
    Deployment.assertSigners(approvers, threshold, this.props.networkType);
    if (approvers.some((approver) => approver.equals(this.props.address))) {
      throw DomainError.field('approvers', "approvers must not contain the wallet's own address", 'INVALID_APPROVER');
    }
  }

  changeSigners(approvers: readonly Address[], threshold: number): void {
    Deployment.assertSigners(approvers, threshold, this.props.networkType);
    this.props = { ...this.props, approvers: sortedUnique(approvers), threshold };
  }

  toProps(): DeploymentProps {
    return this.props;
  }
}

const ZERO_HEX20 = `0x${'0'.repeat(40)}`;

/** Approvers are kept ascending by their 20-byte form, the order signatures are packed in. */
function sortedUnique(addresses: readonly Address[]): Address[] {
  return [...addresses].sort((a, b) => (a.hex20 < b.hex20 ? -1 : a.hex20 > b.hex20 ? 1 : 0));
}
