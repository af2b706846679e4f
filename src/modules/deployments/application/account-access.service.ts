import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../../../shared/domain/domain-error';
import { isUuid } from '../../../shared/domain/ids';
import { auditActorOf } from '../../audit/application/audit-actor';
import { AuditLog } from '../../audit/application/audit-log';
import { ApiKeysService, CreatedApiKey } from '../../auth/application/api-keys.service';
import type { Role, Scope } from '../../auth/application/access-policy';
import { MembersService, parseMemberAddress } from '../../auth/application/members.service';
import type { ApiKeyRecord } from '../../auth/domain/api-key.repository';
import type { Caller } from '../../auth/domain/caller';
import type { AccountRecord } from '../domain/account';
import { AccountMemberRecord, AccountMemberRepository } from '../domain/account-member.repository';
import { DeploymentRepository } from '../domain/deployment.repository';

export interface CreateApiKeyInput {
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly deploymentIds?: readonly string[];
  readonly expiresAt?: Date;
}

/**
 * Who belongs to an account, with which role, and the API keys they hold on it (docs/authentication.md,
 * "Members" and "API keys"). The access guard has checked the route's right; the rules that depend
 * on the data are here: the last ADMIN is kept, a member is added once, a key reaches only the
 * account's deployments. Each change is recorded in the audit log in its own transaction.
 */
@Injectable()
export class AccountAccessService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly memberships: AccountMemberRepository,
    private readonly deployments: DeploymentRepository,
    private readonly members: MembersService,
    private readonly apiKeys: ApiKeysService,
    private readonly audit: AuditLog,
  ) {}

  listMembers(account: AccountRecord): Promise<AccountMemberRecord[]> {
    return this.memberships.list(account.id);
  }

  async addMember(
    caller: Caller,
    account: AccountRecord,
    addressInput: string,
    role: Role,
  ): Promise<AccountMemberRecord> {
    const address = parseMemberAddress(addressInput);
    return this.dataSource.transaction(async (manager) => {
      const current = await this.lockAsAdmin(manager, caller, account.id);
      if (current.some((member) => member.addressHex === address.hex20)) throw memberExists();
      const member = await this.members.ensureMember(manager, address);
      await this.memberships.insert(manager, account.id, member.id, role, caller.memberId);
      await this.audit.record(manager, {
        accountId: account.id,
        action: 'MEMBER_ADDED',
        actor: auditActorOf(caller),
        target: { type: 'member', id: member.address },
        changes: { address: member.address, role },
      });
      return this.memberOf(await this.memberships.lockMembers(manager, account.id), address.hex20);
    });
  }

  async changeRole(
    caller: Caller,
    account: AccountRecord,
    addressInput: string,
    role: Role,
  ): Promise<AccountMemberRecord> {
    const address = parseMemberAddress(addressInput);
    return this.dataSource.transaction(async (manager) => {
      const current = await this.lockAsAdmin(manager, caller, account.id);
      const target = this.memberOf(current, address.hex20);
      if (target.role === role) return target;
      if (target.role === 'ADMIN') keepAnAdmin(current, target);
      await this.memberships.updateRole(manager, account.id, target.memberId, role);
      await this.audit.record(manager, {
        accountId: account.id,
        action: 'MEMBER_ROLE_CHANGED',
        actor: auditActorOf(caller),
        target: { type: 'member', id: target.address },
        changes: { role: { from: target.role, to: role } },
      });
      return { ...target, role };
    });
  }

  /** Removes the membership; the member's keys on the account and their sessions stop at once. */
  async removeMember(caller: Caller, account: AccountRecord, addressInput: string): Promise<AccountMemberRecord> {
    const address = parseMemberAddress(addressInput);
    return this.dataSource.transaction(async (manager) => {
      const current = await this.lockAsAdmin(manager, caller, account.id);
      const target = this.memberOf(current, address.hex20);
      if (target.role === 'ADMIN') keepAnAdmin(current, target);
      await this.memberships.delete(manager, account.id, target.memberId);
      await this.apiKeys.revokeMemberKeys(manager, account.id, target.memberId);
      await this.audit.record(manager, {
        accountId: account.id,
        action: 'MEMBER_REMOVED',
        actor: auditActorOf(caller),
        target: { type: 'member', id: target.address },
        changes: { address: target.address, role: target.role },
      });
      return target;
    });
  }

  async createApiKey(caller: Caller, account: AccountRecord, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    const deploymentIds = input.deploymentIds?.map((id) => id.toLowerCase()) ?? null;
    if (deploymentIds !== null) {
      const own = new Set((await this.deployments.listAccountDeployments(account.id)).map((d) => d.deploymentId));
      const foreign = deploymentIds.filter((id) => !own.has(id));
      if (foreign.length > 0) {
        throw DomainError.field(
          'deploymentIds',
          `not deployments of this account: ${foreign.join(', ')}`,
          'DEPLOYMENT_NOT_IN_ACCOUNT',
        );
      }
    }
    const prepared = await this.apiKeys.prepare({
      accountId: account.id,
      owner: { memberId: caller.memberId, role: roleOf(caller) },
      name: input.name,
      scopes: input.scopes,
      deploymentIds,
      expiresAt: input.expiresAt ?? null,
    });
    return this.dataSource.transaction(async (manager) => {
      const created = await prepared.insert(manager);
      await this.audit.record(manager, {
        accountId: account.id,
        action: 'API_KEY_CREATED',
        actor: auditActorOf(caller),
        target: { type: 'api_key', id: created.id },
        changes: {
          name: created.name,
          owner: created.owner,
          scopes: created.scopes,
          deploymentIds: created.deploymentIds,
          expiresAt: created.expiresAt?.toISOString() ?? null,
        },
      });
      return created;
    });
  }

  listApiKeys(caller: Caller, account: AccountRecord): Promise<ApiKeyRecord[]> {
    return this.apiKeys.list(caller, account.id, roleOf(caller));
  }

  async revokeApiKey(caller: Caller, account: AccountRecord, keyId: string): Promise<ApiKeyRecord> {
    if (!isUuid(keyId)) throw DomainError.field('keyId', 'keyId must be a UUID', 'INVALID_API_KEY_ID');
    return this.dataSource.transaction(async (manager) => {
      const key = await this.apiKeys.revoke(manager, caller, account.id, roleOf(caller), keyId.toLowerCase());
      // A second revocation of the same key answers 200 too, but only the first is a change.
      if (key.revokedAt === null) {
        await this.audit.record(manager, {
          accountId: account.id,
          action: 'API_KEY_REVOKED',
          actor: auditActorOf(caller),
          target: { type: 'api_key', id: key.id },
          changes: { name: key.name, owner: key.owner },
        });
      }
      return key;
    });
  }

  /**
   * The memberships under their lock, after checking again that the caller is still an ADMIN: an
   * admin demoted by a concurrent request gets ROLE_FORBIDS, not a change made on a stale role.
   */
  private async lockAsAdmin(manager: EntityManager, caller: Caller, accountId: string): Promise<AccountMemberRecord[]> {
    const current = await this.memberships.lockMembers(manager, accountId);
    const me = current.find((member) => member.memberId === caller.memberId);
    if (me?.role !== 'ADMIN') {
      throw new DomainError('forbidden', 'ROLE_FORBIDS', "The member's role on this account does not allow this");
    }
    return current;
  }

  private memberOf(current: readonly AccountMemberRecord[], addressHex: string): AccountMemberRecord {
    const member = current.find((candidate) => candidate.addressHex === addressHex);
    if (member === undefined)
      throw DomainError.notFound('MEMBER_NOT_FOUND', 'The address is not a member of the account');
    return member;
  }
}

/** The last ADMIN of an account can be neither demoted nor removed. */
function keepAnAdmin(current: readonly AccountMemberRecord[], leaving: AccountMemberRecord): void {
  const admins = current.filter((member) => member.role === 'ADMIN' && member.memberId !== leaving.memberId);
  if (admins.length === 0) {
    throw DomainError.invalid('LAST_ADMIN', 'The account must keep at least one ADMIN');
  }
}

function memberExists(): DomainError {
  return DomainError.conflict('MEMBER_EXISTS', 'The address is already a member of the account');
}

/** The guard sets the role on every account route; a route without one is a wiring bug. */
function roleOf(caller: Caller): Role {
  if (caller.role === undefined) throw new Error('caller has no role: the route is not account-scoped');
  return caller.role;
}
