import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Address, NetworkType } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { uuidv7 } from '../../../shared/domain/ids';
import { parseNonce } from '../../../shared/domain/nonce';
import { MembersService } from '../../auth/application/members.service';
import { CatalogService } from '../../catalog/catalog.service';
import { Deployment } from '../domain/deployment';
import { DeploymentRepository } from '../domain/deployment.repository';
import { DeploymentStatus } from '../domain/deployment-status';

export interface CreateDeploymentCommand {
  readonly accountId: string;
  readonly chainId: string;
  readonly address: string;
  readonly smartContractVersionId: string;
  readonly approvers: readonly string[];
  readonly threshold: number;
  readonly nonce?: string;
  readonly status?: DeploymentStatus;
}

export interface NonceInfo {
  readonly currentNonce: string;
  readonly lastExecutedNonce: string;
}

/** Accounts (teams of members) and their deployments: provisioning and the reads every context needs. */
@Injectable()
export class DeploymentsService {
  constructor(
    private readonly deployments: DeploymentRepository,
    private readonly members: MembersService,
    private readonly catalog: CatalogService,
  ) {}

  async createAccount(name: string, memberAddresses: readonly string[]): Promise<{ id: string }> {
    if (name.trim() === '') throw DomainError.field('name', 'name must not be empty');
    const members = await Promise.all(memberAddresses.map((address) => this.members.requireMember(address)));
    const id = uuidv7();
    await this.deployments.createAccount(
      id,
      name.trim(),
      members.map((member) => member.id),
    );
    return { id };
  }

  async addAccountMember(accountId: string, memberAddress: string): Promise<void> {
    await this.requireAccount(accountId);
    const member = await this.members.requireMember(memberAddress);
    await this.deployments.addAccountMember(accountId, member.id);
  }

  /**
   * Registers an account's wallet on one network. The version must be one of the catalog's for
   * that network, and every approver must be a member of the account (SPEC §2).
   */
  async createDeployment(command: CreateDeploymentCommand): Promise<{ id: string }> {
    await this.requireAccount(command.accountId);
    const network = this.catalog.findNetwork(command.chainId);
    if (network === undefined) throw DomainError.field('chainId', `unknown chain ${command.chainId}`, 'UNKNOWN_CHAIN');
    const version = this.catalog.findSmartContractVersion(command.smartContractVersionId);
    const fits =
      version !== undefined &&
      version.networkType === network.networkType &&
      (version.chainId ?? network.chainId) === network.chainId;
    if (!fits) {
      throw DomainError.field(
        'smartContractVersionId',
        `no contract version ${command.smartContractVersionId} for chain ${network.chainId}`,
        'UNKNOWN_CONTRACT_VERSION',
      );
    }
    const approvers = command.approvers.map((approver) => Address.parse(approver, network.networkType, 'approvers'));
    const deployment = Deployment.create({
      id: uuidv7(),
      accountId: command.accountId,
      chainId: network.chainId,
      networkType: network.networkType,
      address: Address.parse(command.address, network.networkType),
      smartContractVersionId: version.id,
      approvers,
      threshold: command.threshold,
      currentNonce: command.nonce === undefined ? 0n : parseNonce(command.nonce),
      lastExecutedNonce: -1n,
      status: command.status ?? 'deployed',
    });
    await this.assertApproversAreMembers(command.accountId, approvers);
    await this.deployments.insert(deployment);
    return { id: deployment.id };
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

  /** The signer rules of a wallet (SPEC §6), for contexts that propose new signers (queue). */
  assertSigners(approvers: readonly Address[], threshold: number, networkType: NetworkType): void {
    Deployment.assertSigners(approvers, threshold, networkType);
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

  private async requireAccount(accountId: string): Promise<void> {
    const exists = /^[0-9a-f-]{36}$/i.test(accountId) && (await this.deployments.accountExists(accountId));
    if (!exists) throw DomainError.notFound('ACCOUNT_NOT_FOUND', `No account ${accountId}`);
  }
}
