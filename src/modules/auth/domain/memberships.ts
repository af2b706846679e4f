import type { EntityManager } from 'typeorm';
import type { Address } from '../../../shared/domain/address';
import type { MemberRecord } from './member.repository';

/** One account a member belongs to, as a signed-in person sees it. */
export interface MembershipRecord {
  readonly accountId: string;
  readonly accountName: string;
  readonly role: string;
}

/**
 * Port: a member and the accounts it belongs to, read for sign-in (the accounts and their members
 * are the deployments context's tables, read here as docs/architecture.md names).
 */
export abstract class MembershipDirectory {
  /** The member with this address, if any. */
  abstract findMember(manager: EntityManager, address: Address): Promise<MemberRecord | undefined>;

  /** The member's accounts, by name then id. */
  abstract membershipsOf(manager: EntityManager | undefined, memberId: string): Promise<MembershipRecord[]>;
}
