import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { isRole, Role } from '../../auth/application/access-policy';
import { DomainError } from '../../../shared/domain/domain-error';
import { uuidv7 } from '../../../shared/domain/ids';
import { parseNonce } from '../../../shared/domain/nonce';
import { MembersService } from '../../auth/application/members.service';
import { CatalogService } from '../../catalog/catalog.service';
import { AccountContract } from '../domain/account';
import { Deployment } from '../domain/deployment';
import { DeploymentRepository } from '../domain/deployment.repository';
import { DeploymentStatus } from '../domain/deployment-status';
import { WalletFactory } from './wallet-factory';
import { hasFormatCharacters } from '../../../shared/domain/text';

export interface CreateAccountCommand {
  readonly name: string;
  readonly members: readonly string[];
  /** `1.2.0-evm` or `1.2.0-tvm-<chainId>`: the network type (and Tron chain) of the account. */
  readonly smartContractVersionId: string;
  /** Initial owners; default: the members. */
  readonly approvers?: readonly string[];
  readonly threshold: number;
  /** Needed when no factory is configured; otherwise, if given, it must be the predicted address. */
  readonly address?: string;
}

export interface CreateDeploymentCommand {
  readonly accountId: string;
  readonly chainId: string;
  /** Only for an account that has no contract yet (created before accounts owned one). */
  readonly address?: string;
  /** Only for an account that has no contract yet; otherwise, if given, it must be the account's. */
  readonly smartContractVersionId?: string;
  /** Default: the account's initial approvers and threshold. */
  readonly approvers?: readonly string[];
  readonly threshold?: number;
  readonly nonce?: string;
  readonly status?: DeploymentStatus;
  /**
   * Asked, when `status` is not given, for the status the chain shows for the wallet's address
   * (20-byte hex); without it the default is `deployed`.
   */
  readonly statusOnChain?: (hex20: `0x${string}`) => Promise<DeploymentStatus>;
}

export interface NonceInfo {
  readonly currentNonce: string;
  readonly lastExecutedNonce: string;
}

/** Accounts (teams of members) and their deployments: provisioning and the reads every context needs. */
@Injectable()
export class DeploymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deployments: DeploymentRepository,
    private readonly members: MembersService,
    private readonly catalog: CatalogService,
    private readonly factory: WalletFactory,
  ) {}

  /**
   * A team and its multisig contract. The contract address is the factory's prediction when
   * `CHAIN_CONTRACTS` configures a factory for the account's network, else the given `address`.
   */
  async createAccount(command: CreateAccountCommand): Promise<{ id: string; contract: string }> {
    const name = command.name.trim();
    if (name === '') throw DomainError.field('name', 'name must not be empty');
    if (hasFormatCharacters(name)) {
      throw DomainError.field('name', 'name must not contain invisible Unicode format characters (bidi controls)');
    }
    const entries = command.members.map(parseMemberEntry);
    const members = await Promise.all(entries.map((entry) => this.members.requireMember(entry.address)));
    const version = this.catalog.findSmartContractVersion(command.smartContractVersionId);
    if (version === undefined) {
      throw DomainError.field(
        'smartContractVersionId',
        `unknown contract version ${command.smartContractVersionId}`,
        'UNKNOWN_CONTRACT_VERSION',
      );
    }
    const approvers = (command.approvers ?? members.map((member) => member.address)).map((approver) =>
      Address.parse(approver, version.networkType, 'approvers'),
    );
    Deployment.assertSigners(approvers, command.threshold, version.networkType);
    const memberHexes = new Set(members.map((member) => member.addressHex));
    const outsiders = approvers.filter((approver) => !memberHexes.has(approver.hex20));
    if (outsiders.length > 0) {
      throw DomainError.field(
        'approvers',
        `approvers must be members of the account: ${outsiders.map(String).join(', ')}`,
        'APPROVER_NOT_MEMBER',
      );
    }
    const id = uuidv7();
    // One canonical owner order (ascending 20-byte form) for the initializer, so the predicted
    // address, the stored initial config and deploy-params always agree.
    const initialApprovers = sortedByHex(approvers);
    const spec = {
      accountId: id,
      smartContractVersionId: version.id,
      approvers: initialApprovers,
      threshold: command.threshold,
    };
    const predicted = this.factory.predictAddress(spec, version.networkType, version.chainId);
    const given = command.address === undefined ? undefined : Address.parse(command.address, version.networkType);
    if (predicted !== undefined && given !== undefined && !predicted.equals(given)) {
      throw DomainError.field(
        'address',
        `address must be the factory's address for this account, ${predicted.display}`,
        'CONTRACT_ADDRESS_MISMATCH',
      );
    }
    const address = predicted ?? given;
    if (address === undefined) {
      throw DomainError.field(
        'address',
        'address is required: CHAIN_CONTRACTS configures no wallet factory for this network',
        'CONTRACT_ADDRESS_REQUIRED',
      );
    }
    const contract: AccountContract = {
      networkType: version.networkType,
      address,
      smartContractVersionId: version.id,
      networkId: version.chainId,
      initialApprovers,
      initialThreshold: command.threshold,
    };
    try {
      await this.dataSource.transaction((manager) =>
        this.deployments.createAccount(
          manager,
          id,
          name,
          members.map((member, index) => ({ memberId: member.id, role: entries[index].role })),
          contract,
        ),
      );
    } catch (error) {
      throw uniqueViolation(error)
        ? DomainError.conflict('ACCOUNT_CONTRACT_EXISTS', `An account with contract ${address.display} already exists`)
        : error;
    }
    return { id, contract: address.display };
  }

  async addAccountMember(accountId: string, memberAddress: string): Promise<void> {
    await this.requireAccount(accountId);
    const member = await this.members.requireMember(memberAddress);
    // The operator's shell gives full rights, as `account:create` does.
    await this.deployments.addAccountMember(accountId, member.id, 'ADMIN');
  }

  /** A member hides (or shows again) an account in their own account list. */
  async hideAccount(memberAddress: string, accountId: string, hidden: boolean): Promise<void> {
    await this.requireAccount(accountId);
    const member = await this.members.requireMember(memberAddress);
    await this.deployments.hideAccount(member.id, accountId, hidden);
  }

  /**
   * Registers an account's wallet on one network. The version must be one of the catalog's for
   * that network, and every approver must be a member of the account (docs/authentication.md).
   */
  async createDeployment(command: CreateDeploymentCommand): Promise<{ id: string; status: DeploymentStatus }> {
    const stored = await this.requireAccount(command.accountId);
    const network = this.catalog.findNetwork(command.chainId);
    if (network === undefined) throw DomainError.field('chainId', `unknown chain ${command.chainId}`, 'UNKNOWN_CHAIN');
    const versionId = command.smartContractVersionId ?? stored?.smartContractVersionId;
    if (versionId === undefined) {
      throw DomainError.field('smartContractVersionId', 'the account has no contract yet: give its version');
    }
    const version = this.catalog.findSmartContractVersion(versionId);
    const fits =
      version !== undefined &&
      version.networkType === network.networkType &&
      (version.chainId ?? network.chainId) === network.chainId;
    if (!fits) {
      throw DomainError.field(
        'smartContractVersionId',
        `no contract version ${versionId} for chain ${network.chainId}`,
        'UNKNOWN_CONTRACT_VERSION',
      );
    }
    const approvers = (command.approvers ?? stored?.initialApprovers.map(String) ?? []).map((approver) =>
      Address.parse(approver, network.networkType, 'approvers'),
    );
    const threshold = command.threshold ?? stored?.initialThreshold;
    if (threshold === undefined) throw DomainError.field('threshold', 'threshold is required', 'INVALID_THRESHOLD');
    const address = this.deploymentAddress(stored, command, network.networkType);
    if (stored !== null && stored.smartContractVersionId !== version.id) {
      throw DomainError.field(
        'smartContractVersionId',
        `the account's contract is version ${stored.smartContractVersionId}`,
        'CONTRACT_MISMATCH',
      );
    }
    const status =
      command.status ?? (command.statusOnChain === undefined ? 'deployed' : await command.statusOnChain(address.hex20));
    const deployment = Deployment.create({
      id: uuidv7(),
      accountId: command.accountId,
      chainId: network.chainId,
      networkType: network.networkType,
      address,
      smartContractVersionId: version.id,
      approvers,
      threshold,
      currentNonce: command.nonce === undefined ? 0n : parseNonce(command.nonce),
      lastExecutedNonce: -1n,
      status,
    });
    await this.assertApproversAreMembers(command.accountId, approvers);
    if (stored === null) {
      await this.deployments.adoptAccountContract(command.accountId, {
        networkType: network.networkType,
        address,
        smartContractVersionId: version.id,
        networkId: network.networkType === 'tvm' ? network.chainId : null,
        initialApprovers: deployment.approvers,
        initialThreshold: threshold,
      });
    }
    await this.deployments.insert(deployment);
    return { id: deployment.id, status };
  }

  /**
   * The deployment's address is the account's contract: on every EVM chain for an EVM account, on
   * its own Tron chain for a Tron account. Only an account without a contract takes one here.
   */
  private deploymentAddress(
    stored: AccountContract | null,
    command: CreateDeploymentCommand,
    networkType: 'evm' | 'tvm',
  ): Address {
    if (stored === null) {
      if (command.address === undefined) {
        throw DomainError.field('address', 'the account has no contract yet: give its address');
      }
      return Address.parse(command.address, networkType);
    }
    if (stored.networkType !== networkType || (stored.networkId !== null && stored.networkId !== command.chainId)) {
      throw DomainError.field(
        'chainId',
        stored.networkType === 'tvm'
          ? `a Tron account lives on chain ${stored.networkId} only`
          : 'an EVM account deploys on EVM chains only',
        'CONTRACT_MISMATCH',
      );
    }
    if (command.address !== undefined && !Address.parse(command.address, networkType).equals(stored.address)) {
      throw DomainError.field(
        'address',
        `the account's contract is ${stored.address.display} on every chain`,
        'CONTRACT_MISMATCH',
      );
    }
    return stored.address;
  }

  nonceInfo(deployment: Deployment): NonceInfo {
    return {
      currentNonce: deployment.currentNonce.toString(),
      lastExecutedNonce: deployment.lastExecutedNonce.toString(),
    };
  }

  findById(id: string): Promise<Deployment | undefined> {
    return this.deployments.findById(id);
  }

  /**
   * For other contexts' use cases, inside their transaction: the deployment row locked (see
   * `DeploymentRepository.lock` for who takes which lock, and the lock order).
   */
  lock(manager: EntityManager, id: string, mode: 'update' | 'share'): Promise<Deployment | undefined> {
    return this.deployments.lock(manager, id, mode);
  }

  /** The deployment a chain event names (any address form), locked FOR UPDATE; undefined when not ours. */
  lockByAddress(manager: EntityManager, chainId: string, address: string): Promise<Deployment | undefined> {
    return this.deployments.lockByAddress(manager, chainId, address);
  }

  /** Writes back what an execution event changed: signers, threshold and nonces. The row must be locked. */
  saveExecutionState(manager: EntityManager, deployment: Deployment): Promise<void> {
    return this.deployments.saveExecutionState(manager, deployment);
  }

  /**
   * For billing, inside the transaction that inserts the invoice: the deployment's next invoice
   * nonce, taken under its row lock. A rolled-back insert (a 409) gives the nonce back, so nonces
   * stay gap-free under concurrency.
   */
  async takeNextInvoiceNonce(manager: EntityManager, deploymentId: string): Promise<bigint> {
    const nonce = await this.deployments.takeNextInvoiceNonce(manager, deploymentId);
    if (nonce === undefined) throw DomainError.notFound('DEPLOYMENT_NOT_FOUND', 'Deployment not found');
    return nonce;
  }

  /** The merchant's name as its customers see it on the payment page. */
  accountNameOfDeployment(deploymentId: string): Promise<string | undefined> {
    return this.deployments.accountNameOfDeployment(deploymentId);
  }

  /** The ids of the members of an account (none for an unknown account). */
  accountMemberIds(accountId: string): Promise<string[]> {
    return this.deployments.accountMemberIds(accountId);
  }

  private async assertApproversAreMembers(accountId: string, approvers: readonly Address[]): Promise<void> {
    const [accountMemberIds, approverMembers] = await Promise.all([
      this.deployments.accountMemberIds(accountId),
      this.members.findMembers(approvers),
    ]);
    const memberHexes = new Set(
      approverMembers.filter((member) => accountMemberIds.includes(member.id)).map((member) => member.addressHex),
    );
    const outsiders = approvers.filter((approver) => !memberHexes.has(approver.hex20));
    if (outsiders.length > 0) {
      throw DomainError.field(
        'approvers',
        `approvers must be members of the account: ${outsiders.map(String).join(', ')}`,
        'APPROVER_NOT_MEMBER',
      );
    }
  }

  /** The account's contract (null for a contract-less account); 404 for an unknown account. */
  private async requireAccount(accountId: string): Promise<AccountContract | null> {
    const contract = /^[0-9a-f-]{36}$/i.test(accountId)
      ? await this.deployments.findAccountContract(accountId)
      : undefined;
    if (contract === undefined) throw DomainError.notFound('ACCOUNT_NOT_FOUND', `No account ${accountId}`);
    return contract;
  }
}

function uniqueViolation(error: unknown): boolean {
  return (error as { driverError?: { code?: string } }).driverError?.code === '23505';
}

function sortedByHex(addresses: readonly Address[]): Address[] {
  return [...addresses].sort((a, b) => (a.hex20 < b.hex20 ? -1 : a.hex20 > b.hex20 ? 1 : 0));
}

/**
 * A `--members` entry of `account:create`: an address, optionally `address:ROLE` (default ADMIN).
 * Neither address form contains a colon, so the last one separates the role.
 */
export function parseMemberEntry(entry: string): { address: string; role: Role } {
  const separator = entry.lastIndexOf(':');
  if (separator === -1) return { address: entry.trim(), role: 'ADMIN' };
  const role = entry
    .slice(separator + 1)
    .trim()
    .toUpperCase();
  if (!isRole(role))
    throw DomainError.field(
      'members',
      `members ${entry}: unknown role ${entry.slice(separator + 1)} (ADMIN, OPERATOR or VIEWER)`,
    );
  return { address: entry.slice(0, separator).trim(), role };
}
