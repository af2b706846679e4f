import type { EntityManager } from 'typeorm';
import type { Address } from '../../../shared/domain/address';

export interface MemberRecord {
  readonly id: string;
  readonly address: string;
  readonly addressHex: `0x${string}`;
}

export interface MemberCredentialsRecord extends MemberRecord {
  readonly apiSecretHash: string;
  /** Set when the login is a scoped API key (undefined for the member's original credential). */
  readonly key?: LoginKey;
}

/** The scoped key a token-service login used: its tokens carry these. */
export interface LoginKey {
  readonly id: string;
  readonly scopes: readonly string[];
  readonly accountId: string;
  readonly deploymentIds: readonly string[] | null;
}

/** Port for members and their credentials; the TypeORM adapter is in infrastructure/. */
export abstract class MemberRepository {
  /**
   * The member and its credentials, in the caller's transaction (`manager`); the MEMBER_EXISTS
   * conflict when the address already belongs to a member.
   */
  abstract create(
    manager: EntityManager,
    id: string,
    address: Address,
    apiKeyDigest: string,
    apiSecretHash: string,
  ): Promise<MemberRecord>;
  /**
   * The member of an address, created without credentials when there is none (a member added to an
   * account signs in with their wallet), in the caller's transaction.
   */
  abstract ensure(manager: EntityManager, id: string, address: Address): Promise<MemberRecord>;
  abstract findByAddress(address: Address): Promise<MemberRecord | undefined>;
  abstract findByAddresses(addresses: readonly Address[]): Promise<MemberRecord[]>;
  /** The member whose live credential (original, or a scoped key neither revoked nor expired) has this digest. */
  abstract findByApiKeyDigest(digest: string): Promise<MemberCredentialsRecord | undefined>;
  abstract findById(id: string): Promise<MemberRecord | undefined>;
  abstract anyExists(): Promise<boolean>;
  /**
   * Replaces both credentials and revokes the member's token sessions, in one statement; returns
   * false when the member does not exist.
   */
  abstract replaceCredentials(
    manager: EntityManager,
    memberId: string,
    apiKeyDigest: string,
    apiSecretHash: string,
  ): Promise<boolean>;
  abstract hideCurrency(memberId: string, currencyId: string): Promise<void>;
  abstract showCurrency(memberId: string, currencyId: string): Promise<void>;
  abstract hiddenCurrencies(memberId: string): Promise<string[]>;
}
