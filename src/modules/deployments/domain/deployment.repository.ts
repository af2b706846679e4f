import type { AccountContract, AccountDeploymentRecord, AccountRecord } from './account';
import type { Deployment } from './deployment';

export interface DeploymentAccess {
  readonly deployment: Deployment;
  readonly isMember: boolean;
}

/** Port for accounts and deployments; the TypeORM adapter is in infrastructure/. */
export abstract class DeploymentRepository {
  abstract createAccount(
    id: string,
    name: string,
    memberIds: readonly string[],
    contract: AccountContract | null,
  ): Promise<void>;
  /** Gives a contract-less (pre-migration) account its contract; false when it already had one. */
  abstract adoptAccountContract(accountId: string, contract: AccountContract): Promise<boolean>;
  abstract findAccountContract(accountId: string): Promise<AccountContract | null | undefined>;
  /** The member's accounts, oldest first; `isHidden` filters by the member's own hidden list. */
  abstract listMemberAccounts(memberId: string, isHidden?: boolean): Promise<AccountRecord[]>;
  /** The account if `memberId` belongs to it; undefined for unknown and foreign accounts alike. */
  abstract findMemberAccount(accountId: string, memberId: string): Promise<AccountRecord | undefined>;
  abstract renameAccount(accountId: string, name: string): Promise<void>;
  abstract listAccountDeployments(accountId: string): Promise<AccountDeploymentRecord[]>;
  abstract hideAccount(memberId: string, accountId: string, hidden: boolean): Promise<void>;
  abstract addAccountMember(accountId: string, memberId: string): Promise<boolean>;
  abstract accountExists(accountId: string): Promise<boolean>;
  abstract accountMemberIds(accountId: string): Promise<string[]>;
  abstract insert(deployment: Deployment): Promise<void>;
  abstract findById(id: string): Promise<Deployment | undefined>;
  /** The deployment and whether `memberId` belongs to its account, in one round trip. */
  abstract findWithAccess(id: string, memberId: string): Promise<DeploymentAccess | undefined>;
}
