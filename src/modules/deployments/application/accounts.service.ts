import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../shared/domain/domain-error';
import { auditActorOf } from '../../audit/application/audit-actor';
import { changedFields } from '../../audit/application/audit-changes';
import { AuditLog } from '../../audit/application/audit-log';
import { accountsAllowing } from '../../auth/application/access-policy';
import type { Caller } from '../../auth/domain/caller';
import { CatalogService } from '../../catalog/catalog.service';
import { AccountDeploymentRecord, AccountRecord } from '../domain/account';
import { DeploymentRepository } from '../domain/deployment.repository';
import { WalletDeployParams } from '../domain/wallet-deploy-params';
import { WalletFactory } from './wallet-factory';

/** The accounts endpoints (docs/contract.md, Accounts and networks); the guard has already checked membership. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deployments: DeploymentRepository,
    private readonly catalog: CatalogService,
    private readonly factory: WalletFactory,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The caller's accounts (a scoped key's one account); `isHidden` filters by their hidden list, for
   * JWT callers only.
   */
  async list(caller: Caller, isHidden: boolean | undefined): Promise<AccountRecord[]> {
    const accounts = await this.deployments.listMemberAccounts(
      caller.memberId,
      caller.kind === 'jwt' ? isHidden : undefined,
    );
    const reachable = new Set(accountsAllowing(caller, 'read').accountIds);
    return accounts.filter((account) => reachable.has(account.id));
  }

  deploymentsOf(account: AccountRecord): Promise<AccountDeploymentRecord[]> {
    return this.deployments.listAccountDeployments(account.id);
  }

  async rename(account: AccountRecord, caller: Caller, name: string): Promise<AccountRecord> {
    const renamed = name.trim();
    await this.dataSource.transaction(async (manager) => {
      const before = await this.deployments.renameAccount(manager, account.id, renamed);
      if (before === undefined) throw DomainError.notFound('ACCOUNT_NOT_FOUND', 'Account not found');
      await this.audit.record(manager, {
        accountId: account.id,
        action: 'ACCOUNT_RENAMED',
        actor: auditActorOf(caller),
        target: { type: 'account', id: account.id },
        changes: changedFields({ name: before }, { name: renamed }),
      });
    });
    return { ...account, name: renamed };
  }

  /** 400 for a chain the account's contract cannot live on. */
  checkChain(account: AccountRecord, chainId: string): void {
    const network = this.catalog.findNetwork(chainId);
    const contract = account.contract;
    const fits =
      network !== undefined &&
      (contract === null ||
        (network.networkType === contract.networkType && (contract.networkId ?? chainId) === chainId));
    if (!fits) {
      throw DomainError.field(
        'chainId',
        network === undefined ? `unknown chain ${chainId}` : `the account's contract cannot live on chain ${chainId}`,
        'INVALID_CHAIN',
      );
    }
  }

  networkName(chainId: string): string {
    return this.catalog.findNetwork(chainId)?.name ?? chainId;
  }

  /**
   * What the factory needs to create the account's wallet on `chainId` (default: the chain whose
   * factory fixes the account address; a Tron account's own chain). 400 for a chain the account
   * cannot live on; 404 when no factory is configured there.
   */
  deployParams(account: AccountRecord, chainId: string | undefined): WalletDeployParams {
    const contract = account.contract;
    if (contract === null) throw DomainError.notFound('ACCOUNT_HAS_NO_CONTRACT', 'The account has no contract yet');
    const chain = chainId ?? contract.networkId ?? this.factory.addressChain('evm', null);
    if (chain === undefined) {
      throw DomainError.notFound('WALLET_FACTORY_NOT_CONFIGURED', 'No wallet factory is configured for any EVM chain');
    }
    this.checkChain(account, chain);
    return this.factory.deployParams(
      {
        accountId: account.id,
        smartContractVersionId: contract.smartContractVersionId,
        approvers: contract.initialApprovers,
        threshold: contract.initialThreshold,
      },
      chain,
    );
  }
}
