import type { CallerLookup, CallerRow } from '../../auth/domain/caller';
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
  /**
   * The caller a lookup finds (undefined: none) and, for that caller, the deployment and whether
   * they belong to its account (undefined: no such deployment), in one round trip.
   */
  abstract findWithAccessAs(
    id: string,
    lookup: CallerLookup,
  ): Promise<{ member: CallerRow; access: DeploymentAccess | undefined } | undefined>;
}
