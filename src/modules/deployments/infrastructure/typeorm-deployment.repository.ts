import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Address, NetworkType } from '../../../shared/domain/address';
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

@Injectable()
export class TypeOrmDeploymentRepository extends DeploymentRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async createAccount(id: string, name: string, memberIds: readonly string[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO accounts (id, name) VALUES ($1, $2)`, [id, name]);
      await manager.query(
        `INSERT INTO account_members (account_id, member_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
        [id, memberIds],
      );
    });
  }

  async addAccountMember(accountId: string, memberId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO account_members (account_id, member_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING member_id`,
      [accountId, memberId],
    );
    return rows.length === 1;
  }

  async accountExists(accountId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM accounts WHERE id = $1`, [accountId]);
    return rows.length === 1;
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
    await this.dataSource.query(
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

  async findWithAccessAs(
    id: string,
    lookup: CallerLookup,
  ): Promise<{ member: CallerRow; access: DeploymentAccess | undefined } | undefined> {
    const rows: (Partial<DeploymentRow> & {
      member_id: string;
      member_address: string;
      member_address_hex: `0x${string}`;
      is_member: boolean;
    })[] = await this.dataSource.query(
      `SELECT caller.id AS member_id, caller.address AS member_address, caller.address_hex AS member_address_hex,
                ${DEPLOYMENT_COLUMNS},
                EXISTS (SELECT 1 FROM account_members am WHERE am.account_id = d.account_id AND am.member_id = caller.id) AS is_member
           FROM (${lookup.sql}) caller
           LEFT JOIN deployments d ON d.id = $${lookup.params.length + 1}`,
      [...lookup.params, id],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    const member = { id: row.member_id, address: row.member_address, address_hex: row.member_address_hex };
    if (row.id === null || row.id === undefined) return { member, access: undefined };
    return { member, access: { deployment: deploymentFromRow(row as DeploymentRow), isMember: row.is_member } };
  }
}
