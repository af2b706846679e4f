import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../../../shared/domain/domain-error';
import { mapUniqueViolation } from '../../../shared/infrastructure/sql';
import type { Role } from '../../auth/domain/rights';
import { AccountMemberRecord, AccountMemberRepository } from '../domain/account-member.repository';

interface MemberRow {
  member_id: string;
  address: string;
  address_hex: string;
  role: Role;
  added_at: Date;
  added_by: string | null;
  approver_on: string[];
}

const MEMBERS = `SELECT am.member_id, m.address, m.address_hex, am.role, am.added_at, adder.address AS added_by,
       ARRAY(SELECT d.chain_id FROM deployments d
              WHERE d.account_id = am.account_id AND m.address_hex = ANY (d.approvers)
              ORDER BY d.chain_id) AS approver_on
  FROM account_members am
  JOIN members m ON m.id = am.member_id
  LEFT JOIN members adder ON adder.id = am.added_by
 WHERE am.account_id = $1
 ORDER BY am.added_at, m.address_hex`;

const toRecord = (row: MemberRow): AccountMemberRecord => ({
  memberId: row.member_id,
  address: row.address,
  addressHex: row.address_hex,
  role: row.role,
  addedAt: row.added_at,
  addedBy: row.added_by,
  approverOn: row.approver_on,
});

@Injectable()
export class TypeOrmAccountMemberRepository extends AccountMemberRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async list(accountId: string): Promise<AccountMemberRecord[]> {
    const rows: MemberRow[] = await this.dataSource.query(MEMBERS, [accountId]);
    return rows.map(toRecord);
  }

  async lockMembers(manager: EntityManager, accountId: string): Promise<AccountMemberRecord[]> {
    // The account row is the memberships' one lock: two admins changing each other queue here, and
    // the second sees the first's change before it decides (the last ADMIN is kept).
    await manager.query(`SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE`, [accountId]);
    const rows: MemberRow[] = await manager.query(MEMBERS, [accountId]);
    return rows.map(toRecord);
  }

  async insert(
    manager: EntityManager,
    accountId: string,
    memberId: string,
    role: Role,
    addedBy: string | null,
  ): Promise<void> {
    await mapUniqueViolation(
      manager.query(`INSERT INTO account_members (account_id, member_id, role, added_by) VALUES ($1, $2, $3, $4)`, [
        accountId,
        memberId,
        role,
        addedBy,
      ]),
      () => DomainError.conflict('MEMBER_EXISTS', 'The address is already a member of the account'),
    );
  }

  async updateRole(manager: EntityManager, accountId: string, memberId: string, role: Role): Promise<void> {
    await manager.query(`UPDATE account_members SET role = $3 WHERE account_id = $1 AND member_id = $2`, [
      accountId,
      memberId,
      role,
    ]);
  }

  async delete(manager: EntityManager, accountId: string, memberId: string): Promise<void> {
    await manager.query(`DELETE FROM account_members WHERE account_id = $1 AND member_id = $2`, [accountId, memberId]);
  }
}
