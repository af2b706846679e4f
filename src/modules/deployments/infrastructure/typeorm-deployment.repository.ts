import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { Address, NetworkType } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { mapUniqueViolation } from '../../../shared/infrastructure/sql';
import { AccountContract, AccountDeploymentRecord, AccountMembership, AccountRecord } from '../domain/account';
import type { Role } from '../../auth/domain/rights';
import type { CallerLookup, CallerRow } from '../../auth/domain/caller';
import { Deployment } from '../domain/deployment';
import { DeploymentAccess, DeploymentRepository } from '../domain/deployment.repository';
import { DeploymentStatus } from '../domain/deployment-status';

export interface DeploymentRow {
  id: string;
  account_id: string;
  chain_id: string;
  network_type: NetworkType;
  address_hex: string;
  smart_contract_version_id: string;
  approvers: string[];
  threshold: number;
  current_nonce: string;
  last_executed_nonce: string | null;
  deployment_status: DeploymentStatus;
}

/** The columns `deploymentFromRow` reads, for any query on `deployments d`. */
export const DEPLOYMENT_COLUMNS = `d.id, d.account_id, d.chain_id, d.network_type, d.address_hex, d.smart_contract_version_id,
  d.approvers, d.threshold, d.current_nonce, d.last_executed_nonce, d.deployment_status`;

export function deploymentFromRow(row: DeploymentRow): Deployment {
  return Deployment.restore({
    id: row.id,
    accountId: row.account_id,
    chainId: row.chain_id,
    networkType: row.network_type,
    address: Address.fromHex20(row.address_hex, row.network_type),
    smartContractVersionId: row.smart_contract_version_id,
    approvers: row.approvers.map((hex) => Address.fromHex20(hex, row.network_type)),
    threshold: row.threshold,
    currentNonce: BigInt(row.current_nonce),
    lastExecutedNonce: row.last_executed_nonce === null ? -1n : BigInt(row.last_executed_nonce),
    status: row.deployment_status,
  });
}

interface AccountRow {
  id: string;
  name: string;
  created_at: Date;
  network_type: NetworkType | null;
  contract_address_hex: string | null;
  smart_contract_version_id: string | null;
  network_id: string | null;
  initial_approvers: string[] | null;
  initial_threshold: number | null;
  member_addresses: string[];
  is_hidden: boolean;
}

/** Every column `accountFromRow` reads, for `accounts a` and the asking member `member` (a SQL expression). */
const accountColumns = (member: string) => `a.id, a.name, a.created_at, a.network_type, a.contract_address_hex,
  a.smart_contract_version_id, a.network_id, a.initial_approvers, a.initial_threshold,
  ARRAY(SELECT m.address FROM account_members am JOIN members m ON m.id = am.member_id
         WHERE am.account_id = a.id ORDER BY m.address_hex) AS member_addresses,
  EXISTS (SELECT 1 FROM member_hidden_accounts h WHERE h.member_id = ${member} AND h.account_id = a.id) AS is_hidden`;

/**
 * The member a `CallerLookup` finds, as a subquery to select `FROM … caller`: the access reads ask
 * "who is calling", "what may they see" and "with which role" in one round trip. What a live
 * credential is, is auth's to say, in its `live_credentials` view (also read by
 * `TypeOrmCallerLookups`): an original key, a scoped key neither revoked nor expired, a session not
 * revoked whose key, if any, is live. Its parameters (`callerParams`) are `$1…`; the statement's
 * own come after them.
 */
const LIVE_CALLERS = `SELECT m.id, m.address, m.address_hex, lc.key_id, lc.scopes, lc.account_id, lc.deployment_ids, lc.last_used_at
  FROM live_credentials lc JOIN members m ON m.id = lc.member_id`;
const CALLER_SUBQUERY: Record<CallerLookup['kind'], { readonly sql: string; readonly params: number }> = {
  api_key: { sql: `${LIVE_CALLERS} WHERE lc.api_key_sha256 = $1`, params: 1 },
  jwt: { sql: `${LIVE_CALLERS} WHERE lc.session_id = $1 AND lc.member_id = $2`, params: 2 },
};

/** `CALLER_SUBQUERY`'s parameters, in its order. */
function callerParams(lookup: CallerLookup): unknown[] {
  return lookup.kind === 'api_key' ? [lookup.apiKeyDigest] : [lookup.sessionId, lookup.memberId];
}

/**
 * An access statement for each kind of lookup, written once: every request runs one, and a text
 * assembled per request had to be hashed again to find its prepared statement's name.
 * `write(caller, next)` gets the caller subquery and the number of the first parameter after its own.
 */
function perLookupKind(write: (caller: string, next: number) => string): Record<CallerLookup['kind'], string> {
  const { api_key, jwt } = CALLER_SUBQUERY;
  return { api_key: write(api_key.sql, api_key.params + 1), jwt: write(jwt.sql, jwt.params + 1) };
}

/** The member `CALLER_SUBQUERY` finds, named apart from the row it is joined to. */
const CALLER_COLUMNS = `caller.id AS member_id, caller.address AS member_address, caller.address_hex AS member_address_hex,
  caller.key_id AS member_key_id, caller.scopes AS member_key_scopes, caller.account_id AS member_key_account_id,
  caller.deployment_ids AS member_key_deployment_ids, caller.last_used_at AS member_key_last_used_at`;

/** The caller, their role on account `$n` and the account; a scoped key reaches its own account only. */
const MEMBER_ACCOUNT_AS = perLookupKind(
  (caller, next) => `SELECT ${CALLER_COLUMNS}, me.role AS member_role, ${accountColumns('caller.id')}
     FROM (${caller}) caller
     LEFT JOIN (account_members me JOIN accounts a ON a.id = me.account_id)
       ON me.member_id = caller.id AND me.account_id = $${next}
      AND (caller.account_id IS NULL OR caller.account_id = me.account_id)`,
);

/**
 * The caller, deployment `$n` and the caller's role on its account; a scoped key reaches only its
 * account and deployments.
 */
const DEPLOYMENT_WITH_ACCESS_AS = perLookupKind(
  (caller, next) => `SELECT ${CALLER_COLUMNS}, ${DEPLOYMENT_COLUMNS},
          (SELECT am.role FROM account_members am
            WHERE am.account_id = d.account_id AND am.member_id = caller.id
              AND (caller.account_id IS NULL OR caller.account_id = d.account_id)
              AND (caller.deployment_ids IS NULL OR d.id = ANY (caller.deployment_ids))) AS member_role
     FROM (${caller}) caller
     LEFT JOIN deployments d ON d.id = $${next}`,
);

interface CallerColumns {
  member_id: string;
  member_address: string;
  member_address_hex: `0x${string}`;
  member_key_id: string | null;
  member_key_scopes: string[] | null;
  member_key_account_id: string | null;
  member_key_deployment_ids: string[] | null;
  member_key_last_used_at: Date | null;
  /** The caller's role on the route's account; null when not a member (or outside the key's reach). */
  member_role: string | null;
}

function callerFromRow(row: CallerColumns): CallerRow {
  return {
    id: row.member_id,
    address: row.member_address,
    address_hex: row.member_address_hex,
    key_id: row.member_key_id,
    key_scopes: row.member_key_scopes,
    key_account_id: row.member_key_account_id,
    key_deployment_ids: row.member_key_deployment_ids,
    key_last_used_at: row.member_key_last_used_at,
  };
}

function contractFromRow(row: Omit<AccountRow, 'id' | 'name' | 'created_at' | 'member_addresses' | 'is_hidden'>) {
  if (row.network_type === null || row.contract_address_hex === null) return null;
  const networkType = row.network_type;
  return {
    networkType,
    address: Address.fromHex20(row.contract_address_hex, networkType),
    smartContractVersionId: row.smart_contract_version_id as string,
    networkId: row.network_id,
    initialApprovers: (row.initial_approvers ?? []).map((hex) => Address.fromHex20(hex, networkType)),
    initialThreshold: row.initial_threshold as number,
  } satisfies AccountContract;
}

function accountFromRow(row: AccountRow): AccountRecord {
  return {
    id: row.id,
    name: row.name,
    contract: contractFromRow(row),
    memberAddresses: row.member_addresses,
    isHidden: row.is_hidden,
    createdAt: row.created_at,
  };
}

function contractParams(contract: AccountContract): unknown[] {
  return [
    contract.networkType,
    contract.address.display,
    contract.address.hex20,
    contract.smartContractVersionId,
    contract.networkId,
    contract.initialApprovers.map((approver) => approver.hex20),
    contract.initialThreshold,
  ];
}

@Injectable()
export class TypeOrmDeploymentRepository extends DeploymentRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async createAccount(
    manager: EntityManager,
    id: string,
    name: string,
    members: readonly AccountMembership[],
    contract: AccountContract | null,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO accounts (id, name, network_type, contract_address, contract_address_hex, smart_contract_version_id,
                               network_id, initial_approvers, initial_threshold)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, name, ...(contract === null ? [null, null, null, null, null, null, null] : contractParams(contract))],
    );
    await manager.query(
      `INSERT INTO account_members (account_id, member_id, role) SELECT $1, m.member_id, m.role
         FROM unnest($2::uuid[], $3::text[]) AS m (member_id, role) ON CONFLICT DO NOTHING`,
      [id, members.map((member) => member.memberId), members.map((member) => member.role)],
    );
  }

  async adoptAccountContract(accountId: string, contract: AccountContract): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE accounts
          SET network_type = $2, contract_address = $3, contract_address_hex = $4, smart_contract_version_id = $5,
              network_id = $6, initial_approvers = $7, initial_threshold = $8, updated_at = now()
        WHERE id = $1 AND contract_address_hex IS NULL
        RETURNING id`,
      [accountId, ...contractParams(contract)],
    );
    return rows.length === 1;
  }

  async findAccountContract(accountId: string): Promise<AccountContract | null | undefined> {
    const rows: AccountRow[] = await this.dataSource.query(
      `SELECT network_type, contract_address_hex, smart_contract_version_id, network_id, initial_approvers, initial_threshold
         FROM accounts WHERE id = $1`,
      [accountId],
    );
    return rows[0] === undefined ? undefined : contractFromRow(rows[0]);
  }

  async listMemberAccounts(memberId: string, isHidden?: boolean): Promise<AccountRecord[]> {
    const rows: AccountRow[] = await this.dataSource.query(
      `SELECT ${accountColumns('$1')}
         FROM accounts a JOIN account_members me ON me.account_id = a.id AND me.member_id = $1
        ORDER BY a.created_at, a.id`,
      [memberId],
    );
    const accounts = rows.map(accountFromRow);
    return isHidden === undefined ? accounts : accounts.filter((account) => account.isHidden === isHidden);
  }

  async findMemberAccountAs(
    accountId: string,
    lookup: CallerLookup,
  ): Promise<{ member: CallerRow; role: string | null; account: AccountRecord | undefined } | undefined> {
    const rows: (AccountRow & CallerColumns)[] = await this.dataSource.query(MEMBER_ACCOUNT_AS[lookup.kind], [
      ...callerParams(lookup),
      accountId,
    ]);
    const row = rows[0];
    if (row === undefined) return undefined;
    return {
      member: callerFromRow(row),
      role: row.member_role,
      account: row.id === null ? undefined : accountFromRow(row),
    };
  }

  async renameAccount(manager: EntityManager, accountId: string, name: string): Promise<string | undefined> {
    const [rows]: [{ before: string }[], number] = await manager.query(
      `UPDATE accounts a SET name = $2, updated_at = now()
         FROM (SELECT id, name FROM accounts WHERE id = $1 FOR UPDATE) old
        WHERE a.id = old.id
       RETURNING old.name AS before`,
      [accountId, name],
    );
    return rows[0]?.before;
  }

  async listAccountDeployments(accountId: string): Promise<AccountDeploymentRecord[]> {
    const rows: (DeploymentRow & {
      tx_hash: string | null;
      deployed_at: Date | null;
      created_at: Date;
    })[] = await this.dataSource.query(
      `SELECT ${DEPLOYMENT_COLUMNS}, dt.tx_hash, dt.deployed_at
         FROM deployments d
         LEFT JOIN LATERAL (
           SELECT t.tx_hash,
                  CASE WHEN t.status IN ('EXECUTED', 'CONFIRMED') THEN coalesce(t.confirmed_at, t.updated_at) END AS deployed_at
             FROM transactions t
            WHERE t.deployment_id = d.id AND t.operation_type = 'deploy' AND t.status <> 'FAILED'
            ORDER BY t.created_at DESC, t.id DESC LIMIT 1) dt ON true
        WHERE d.account_id = $1
        ORDER BY d.created_at, d.id`,
      [accountId],
    );
    return rows.map((row) => {
      const deployment = deploymentFromRow(row);
      return {
        deploymentId: deployment.id,
        chainId: deployment.chainId,
        networkType: deployment.networkType,
        approvers: deployment.approvers,
        threshold: deployment.threshold,
        deploymentStatus: deployment.status,
        transactionHash: row.tx_hash,
        deployedAt: row.deployed_at,
      };
    });
  }

  async hideAccount(memberId: string, accountId: string, hidden: boolean): Promise<void> {
    await this.dataSource.query(
      hidden
        ? `INSERT INTO member_hidden_accounts (member_id, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`
        : `DELETE FROM member_hidden_accounts WHERE member_id = $1 AND account_id = $2`,
      [memberId, accountId],
    );
  }

  async addAccountMember(accountId: string, memberId: string, role: Role): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO account_members (account_id, member_id, role) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING member_id`,
      [accountId, memberId, role],
    );
    return rows.length === 1;
  }

  async accountExists(accountId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM accounts WHERE id = $1`, [accountId]);
    return rows.length === 1;
  }

  async accountNameOfDeployment(deploymentId: string): Promise<string | undefined> {
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT a.name FROM deployments d JOIN accounts a ON a.id = d.account_id WHERE d.id = $1`,
      [deploymentId],
    );
    return rows[0]?.name;
  }

  async accountMemberIds(accountId: string): Promise<string[]> {
    const rows: { member_id: string }[] = await this.dataSource.query(
      `SELECT member_id FROM account_members WHERE account_id = $1`,
      [accountId],
    );
    return rows.map((row) => row.member_id);
  }

  async insert(deployment: Deployment): Promise<void> {
    const d = deployment.toProps();
    const inserted = this.dataSource.query(
      `INSERT INTO deployments (id, account_id, chain_id, network_type, address, address_hex, smart_contract_version_id,
                                approvers, threshold, current_nonce, last_executed_nonce, deployment_status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        d.id,
        d.accountId,
        d.chainId,
        d.networkType,
        d.address.display,
        d.address.hex20,
        d.smartContractVersionId,
        d.approvers.map((approver) => approver.hex20),
        d.threshold,
        d.currentNonce.toString(),
        d.lastExecutedNonce < 0n ? null : d.lastExecutedNonce.toString(),
        d.status,
      ],
    );
    try {
      await mapUniqueViolation(inserted, () =>
        DomainError.conflict(
          'DEPLOYMENT_EXISTS',
          `A deployment at ${d.address.display} on chain ${d.chainId} already exists`,
        ),
      );
    } catch (error) {
      // The composite foreign key: another request gave the contract-less account another contract.
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23503') {
        throw DomainError.field('address', "address must be the account's contract", 'CONTRACT_MISMATCH');
      }
      throw error;
    }
  }

  async findById(id: string): Promise<Deployment | undefined> {
    const rows: DeploymentRow[] = await this.dataSource.query(
      `SELECT ${DEPLOYMENT_COLUMNS} FROM deployments d WHERE d.id = $1`,
      [id],
    );
    return rows[0] && deploymentFromRow(rows[0]);
  }

  async findWithAccess(id: string, memberId: string): Promise<DeploymentAccess | undefined> {
    const rows: (DeploymentRow & { is_member: boolean })[] = await this.dataSource.query(
      `SELECT ${DEPLOYMENT_COLUMNS},
              EXISTS (SELECT 1 FROM account_members am WHERE am.account_id = d.account_id AND am.member_id = $2) AS is_member
         FROM deployments d WHERE d.id = $1`,
      [id, memberId],
    );
    return rows[0] && { deployment: deploymentFromRow(rows[0]), isMember: rows[0].is_member };
  }

  async lock(manager: EntityManager, id: string, mode: 'update' | 'share'): Promise<Deployment | undefined> {
    const rows: DeploymentRow[] = await manager.query(
      `SELECT ${DEPLOYMENT_COLUMNS} FROM deployments d WHERE d.id = $1 ${mode === 'update' ? 'FOR UPDATE' : 'FOR SHARE'}`,
      [id],
    );
    return rows[0] && deploymentFromRow(rows[0]);
  }

  async lockByAddress(manager: EntityManager, chainId: string, address: string): Promise<Deployment | undefined> {
    const parsed = Address.tryParseAny(address);
    if (parsed === undefined) return undefined;
    const rows: DeploymentRow[] = await manager.query(
      `SELECT ${DEPLOYMENT_COLUMNS} FROM deployments d WHERE d.chain_id = $1 AND d.address_hex = $2 FOR UPDATE`,
      [chainId, parsed.hex20],
    );
    return rows[0] && deploymentFromRow(rows[0]);
  }

  async lockManyByAddress(
    manager: EntityManager,
    chainId: string,
    addressHexes: readonly string[],
  ): Promise<Map<string, Deployment>> {
    if (addressHexes.length === 0) return new Map();
    const rows: DeploymentRow[] = await manager.query(
      `SELECT ${DEPLOYMENT_COLUMNS} FROM deployments d
        WHERE d.chain_id = $1 AND d.address_hex = ANY($2::text[]) ORDER BY d.id FOR UPDATE`,
      [chainId, addressHexes],
    );
    return new Map(rows.map((row) => [row.address_hex, deploymentFromRow(row)]));
  }

  async saveExecutionState(manager: EntityManager, deployment: Deployment): Promise<void> {
    await manager.query(
      `UPDATE deployments
          SET approvers = $2, threshold = $3, current_nonce = $4, last_executed_nonce = $5, updated_at = now()
        WHERE id = $1`,
      [
        deployment.id,
        deployment.approvers.map((approver) => approver.hex20),
        deployment.threshold,
        deployment.currentNonce.toString(),
        deployment.lastExecutedNonce < 0n ? null : deployment.lastExecutedNonce.toString(),
      ],
    );
  }

  async saveStatus(manager: EntityManager, id: string, status: DeploymentStatus): Promise<void> {
    await manager.query(`UPDATE deployments SET deployment_status = $2, updated_at = now() WHERE id = $1`, [
      id,
      status,
    ]);
  }

  async takeNextInvoiceNonce(manager: EntityManager, id: string): Promise<bigint | undefined> {
    // TypeORM answers an UPDATE with [rows, rowCount].
    const [rows]: [{ nonce: string }[], number] = await manager.query(
      `UPDATE deployments SET next_invoice_nonce = next_invoice_nonce + 1 WHERE id = $1 RETURNING next_invoice_nonce - 1 AS nonce`,
      [id],
    );
    return rows.length === 0 ? undefined : BigInt(rows[0].nonce);
  }

  async findWithAccessAs(
    id: string,
    lookup: CallerLookup,
  ): Promise<{ member: CallerRow; role: string | null; access: DeploymentAccess | undefined } | undefined> {
    const rows: (Partial<DeploymentRow> & CallerColumns)[] = await this.dataSource.query(
      DEPLOYMENT_WITH_ACCESS_AS[lookup.kind],
      [...callerParams(lookup), id],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    const member = callerFromRow(row);
    const role = row.member_role;
    if (row.id === null || row.id === undefined) return { member, role: null, access: undefined };
    return {
      member,
      role,
      access: { deployment: deploymentFromRow(row as DeploymentRow), isMember: role !== null },
    };
  }
}
