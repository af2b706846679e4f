import type { EntityManager } from 'typeorm';
import type { Deployment } from './deployment';
import type { DeploymentStatus } from './deployment-status';

export interface DeploymentAccess {
  readonly deployment: Deployment;
  readonly isMember: boolean;
}

/** Port for accounts and deployments; the TypeORM adapter is in infrastructure/. */
export abstract class DeploymentRepository {
  abstract createAccount(id: string, name: string, memberIds: readonly string[]): Promise<void>;
  abstract addAccountMember(accountId: string, memberId: string): Promise<boolean>;
  abstract accountExists(accountId: string): Promise<boolean>;
  abstract accountMemberIds(accountId: string): Promise<string[]>;
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
  /** Writes back what executions change: signers, threshold and nonces. The row must be locked. */
  abstract saveExecutionState(manager: EntityManager, deployment: Deployment): Promise<void>;
  /** The row must be locked. */
  abstract saveStatus(manager: EntityManager, id: string, status: DeploymentStatus): Promise<void>;
}
