import type { EntityManager } from 'typeorm';
import type { Scope } from './rights';

/** A scoped API key as its owner and the account's admins see it (never its key or secret). */
export interface ApiKeyRecord {
  readonly id: string;
  readonly accountId: string;
  readonly memberId: string;
  /** The owner's address, display form. */
  readonly owner: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly deploymentIds: readonly string[] | null;
  readonly expiresAt: Date | null;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly keyPrefix: string;
  readonly revokedAt: Date | null;
}

export interface NewApiKey {
  readonly id: string;
  readonly accountId: string;
  readonly memberId: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly deploymentIds: readonly string[] | null;
  readonly expiresAt: Date | null;
  readonly keyPrefix: string;
  readonly apiKeyDigest: string;
  readonly apiSecretHash: string;
}

/** Port for scoped API keys; the TypeORM adapter is in infrastructure/. */
export abstract class ApiKeyRepository {
  /** In the caller's transaction; returns the stored key. */
  abstract insert(manager: EntityManager, key: NewApiKey): Promise<ApiKeyRecord>;
  /** The account's keys not revoked (of one member when `memberId` is given), oldest first. */
  abstract list(accountId: string, memberId: string | undefined): Promise<ApiKeyRecord[]>;
  /** A key of the account, revoked or not, locked FOR UPDATE in the caller's transaction. */
  abstract lock(manager: EntityManager, accountId: string, keyId: string): Promise<ApiKeyRecord | undefined>;
  /** Revokes the key and every token session opened with it (idempotent). */
  abstract revoke(manager: EntityManager, keyId: string): Promise<void>;
  /** Revokes every key a member holds on an account, and their sessions (the member was removed). */
  abstract revokeMemberKeys(manager: EntityManager, accountId: string, memberId: string): Promise<void>;
}
