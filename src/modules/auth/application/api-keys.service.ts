import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainError } from '../../../shared/domain/domain-error';
import { uuidv7 } from '../../../shared/domain/ids';
import { ApiKeyRecord, ApiKeyRepository } from '../domain/api-key.repository';
import type { Caller } from '../domain/caller';
import { decideAccess, Role, Scope, scopesAllowedFor } from '../domain/rights';
import { apiKeyDigest, hashSecret, newCredentials } from '../domain/secrets';

/** `keyPrefix`: the first characters of the key, enough to tell keys apart in a list. */
const KEY_PREFIX_LENGTH = 8;

export interface CreateApiKeyCommand {
  readonly accountId: string;
  /** The caller, who owns the new key, and their role on the account. */
  readonly owner: { readonly memberId: string; readonly role: Role };
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly deploymentIds: readonly string[] | null;
  readonly expiresAt: Date | null;
}

export interface CreatedApiKey extends ApiKeyRecord {
  /** Shown once: only their digest and hash are stored. */
  readonly apiKey: string;
  readonly apiSecret: string;
}

/**
 * Scoped API keys (docs/authentication.md, "API keys"): many per member, each bound to one account,
 * stored hashed like the member's original credential, revoked at once with every token session
 * opened with them. The transaction is the caller's (the account's use case, which also records it).
 */
@Injectable()
export class ApiKeysService {
  constructor(private readonly keys: ApiKeyRepository) {}

  /** The hashing is slow (scrypt): done before the caller opens its transaction. */
  async prepare(command: CreateApiKeyCommand): Promise<{ insert: (manager: EntityManager) => Promise<CreatedApiKey> }> {
    const allowed = scopesAllowedFor(command.owner.role);
    const exceeding = command.scopes.filter((scope) => !allowed.includes(scope));
    if (exceeding.length > 0) {
      throw new DomainError(
        'invalid',
        'SCOPE_EXCEEDS_ROLE',
        `A ${command.owner.role} may not hold a key with ${exceeding.join(', ')}`,
        [{ field: 'scopes', message: `a ${command.owner.role} may hold only: ${allowed.join(', ')}` }],
      );
    }
    if (command.expiresAt !== null && command.expiresAt.getTime() <= Date.now()) {
      throw DomainError.field('expiresAt', 'expiresAt must be in the future', 'INVALID_EXPIRES_AT');
    }
    const credentials = newCredentials();
    const apiSecretHash = await hashSecret(credentials.apiSecret);
    return {
      insert: async (manager) => ({
        ...(await this.keys.insert(manager, {
          id: uuidv7(),
          accountId: command.accountId,
          memberId: command.owner.memberId,
          name: command.name,
          scopes: [...new Set(command.scopes)],
          deploymentIds: command.deploymentIds === null ? null : [...new Set(command.deploymentIds)],
          expiresAt: command.expiresAt,
          keyPrefix: credentials.apiKey.slice(0, KEY_PREFIX_LENGTH),
          apiKeyDigest: apiKeyDigest(credentials.apiKey),
          apiSecretHash,
        })),
        ...credentials,
      }),
    };
  }

  /** The caller's own keys on the account; every member's for an ADMIN. */
  list(caller: Caller, accountId: string, role: Role): Promise<ApiKeyRecord[]> {
    return this.keys.list(accountId, role === 'ADMIN' ? undefined : caller.memberId);
  }

  /**
   * Revokes a key of the account: the caller's own, or another member's with `members:write` (an
   * ADMIN; a scoped key also needs `settings:write`). Revoking a revoked key again is a success, so
   * two concurrent revocations both answer 200. Returns the key as it was found.
   */
  async revoke(
    manager: EntityManager,
    caller: Caller,
    accountId: string,
    role: Role,
    keyId: string,
  ): Promise<ApiKeyRecord> {
    const key = await this.keys.lock(manager, accountId, keyId);
    if (key === undefined || (key.memberId !== caller.memberId && role !== 'ADMIN')) throw apiKeyNotFound();
    if (key.memberId !== caller.memberId) {
      const decision = decideAccess(role, caller.grant?.scopes, 'members:write');
      if (decision !== 'allowed') {
        throw new DomainError('forbidden', decision, "The API key's scopes do not allow revoking another member's key");
      }
    }
    await this.keys.revoke(manager, key.id);
    return key;
  }

  /** A removed member's keys on the account, and their sessions, stop at once (in the removal's transaction). */
  revokeMemberKeys(manager: EntityManager, accountId: string, memberId: string): Promise<void> {
    return this.keys.revokeMemberKeys(manager, accountId, memberId);
  }
}

function apiKeyNotFound(): DomainError {
  return DomainError.notFound('API_KEY_NOT_FOUND', 'API key not found');
}
