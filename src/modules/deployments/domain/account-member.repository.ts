import type { EntityManager } from 'typeorm';
import type { Role } from '../../auth/domain/rights';

/** A membership as the members list shows it. */
export interface AccountMemberRecord {
  readonly memberId: string;
  /** Display form (EVM checksum or Tron base58). */
  readonly address: string;
  readonly addressHex: string;
  readonly role: Role;
  readonly addedAt: Date;
  /** The address of the member who added it; null for members added from the command line. */
  readonly addedBy: string | null;
  /** Chain ids of the account's deployments whose approvers include the member, ascending. */
  readonly approverOn: readonly string[];
}

/** Port for an account's memberships; the TypeORM adapter is in infrastructure/. */
export abstract class AccountMemberRepository {
  abstract list(accountId: string): Promise<AccountMemberRecord[]>;
  /**
   * Locks the account's memberships (the account row, FOR NO KEY UPDATE: every change of its
   * members queues behind it) and returns them as they are now, in the caller's transaction.
   */
  abstract lockMembers(manager: EntityManager, accountId: string): Promise<AccountMemberRecord[]>;
  /** MEMBER_EXISTS when the member already belongs to the account. */
  abstract insert(
    manager: EntityManager,
    accountId: string,
    memberId: string,
    role: Role,
    addedBy: string | null,
  ): Promise<void>;
  abstract updateRole(manager: EntityManager, accountId: string, memberId: string, role: Role): Promise<void>;
  abstract delete(manager: EntityManager, accountId: string, memberId: string): Promise<void>;
}
