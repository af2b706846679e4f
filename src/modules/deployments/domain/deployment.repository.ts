import type { EntityManager } from 'typeorm';
import type { AccountContract, AccountDeploymentRecord, AccountMembership, AccountRecord } from './account';
import type { Role } from '../../auth/domain/rights';
import type { CallerLookup, CallerRow } from '../../auth/domain/caller';
import type { Deployment } from './deployment';
import type { DeploymentStatus } from './deployment-status';

export interface DeploymentAccess {
  readonly deployment: Deployment;
  readonly isMember: boolean;
}

/** Port for accounts and deployments; the TypeORM adapter is in infrastructure/. */
export abstract class DeploymentRepository {
  /** In the caller's transaction (`manager`): the account and its members are written together. */
  abstract createAccount(
    manager: EntityManager,
    id: string,
    name: string,
    members: readonly AccountMembership[],
    contract: AccountContract | null,
  ): Promise<void>;
  /** Gives a contract-less (pre-migration) account its contract; false when it already had one. */
  abstract adoptAccountContract(accountId: string, contract: AccountContract): Promise<boolean>;
  abstract findAccountContract(accountId: string): Promise<AccountContract | null | undefined>;
  /** The member's accounts, oldest first; `isHidden` filters by the member's own hidden list. */
  abstract listMemberAccounts(memberId: string, isHidden?: boolean): Promise<AccountRecord[]>;
  /**
   * The caller a lookup finds (undefined: none) and, for that caller, the account and their role on
   * it if they belong to it and a scoped key reaches it (undefined for unknown and foreign accounts
   * alike), in one round trip.
   */
  abstract findMemberAccountAs(
    accountId: string,
    lookup: CallerLookup,
  ): Promise<{ member: CallerRow; role: string | null; account: AccountRecord | undefined } | undefined>;
  /** Renames the account in the caller's transaction; answers the name it had (undefined: no such account). */
  abstract renameAccount(manager: EntityManager, accountId: string, name: string): Promise<string | undefined>;
  abstract listAccountDeployments(accountId: string): Promise<AccountDeploymentRecord[]>;
  abstract hideAccount(memberId: string, accountId: string, hidden: boolean): Promise<void>;
  abstract addAccountMember(accountId: string, memberId: string, role: Role): Promise<boolean>;
  abstract accountExists(accountId: string): Promise<boolean>;
  abstract accountMemberIds(accountId: string): Promise<string[]>;
  /** The name of the account that owns the deployment; undefined for an unknown deployment. */
  abstract accountNameOfDeployment(deploymentId: string): Promise<string | undefined>;
  /** Throws the DEPLOYMENT_EXISTS conflict when the chain already has a deployment at that address. */
  abstract insert(deployment: Deployment): Promise<void>;
  abstract findById(id: string): Promise<Deployment | undefined>;
  /** The deployment and whether `memberId` belongs to its account, in one round trip. */
  abstract findWithAccess(id: string, memberId: string): Promise<DeploymentAccess | undefined>;

  /*
   * Row locks inside another use case's transaction (`manager` is only its handle). Whoever changes a
   * deployment's signers or nonces (execution events) takes FOR UPDATE; whoever decides something
   * from them (counting signatures, choosing a nonce) takes FOR SHARE or FOR UPDATE, so both see one
   * consistent state. Lock order everywhere: the deployment first, then its operations.
   */
  abstract lock(manager: EntityManager, id: string, mode: 'update' | 'share'): Promise<Deployment | undefined>;
  /** The deployment an event names (any address form), locked FOR UPDATE; undefined when not ours. */
  abstract lockByAddress(manager: EntityManager, chainId: string, address: string): Promise<Deployment | undefined>;
  /** `lockByAddress` for many 20-byte hex addresses of one chain in one statement: those found, by that hex. */
  abstract lockManyByAddress(
    manager: EntityManager,
    chainId: string,
    addressHexes: readonly string[],
  ): Promise<Map<string, Deployment>>;
  /** Writes back what executions change: signers, threshold and nonces. The row must be locked. */
  abstract saveExecutionState(manager: EntityManager, deployment: Deployment): Promise<void>;
  /** The row must be locked. */
  abstract saveStatus(manager: EntityManager, id: string, status: DeploymentStatus): Promise<void>;
  /** Takes the deployment's next invoice nonce (0, 1, 2 …) under its row lock; undefined for an unknown id. */
  abstract takeNextInvoiceNonce(manager: EntityManager, id: string): Promise<bigint | undefined>;
  /**
   * The caller a lookup finds (undefined: none) and, for that caller, the deployment (undefined: no
   * such deployment) and their role on its account (null: not a member, or outside a scoped key's
   * account and deployments), in one round trip.
   */
  abstract findWithAccessAs(
    id: string,
    lookup: CallerLookup,
  ): Promise<{ member: CallerRow; role: string | null; access: DeploymentAccess | undefined } | undefined>;
}
