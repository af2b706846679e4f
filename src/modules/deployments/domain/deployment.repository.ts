import type { Deployment } from './deployment';

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
  abstract insert(deployment: Deployment): Promise<void>;
  abstract findById(id: string): Promise<Deployment | undefined>;
  /** The deployment and whether `memberId` belongs to its account, in one round trip. */
  abstract findWithAccess(id: string, memberId: string): Promise<DeploymentAccess | undefined>;
}
