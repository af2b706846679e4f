import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Address } from '../../../shared/domain/address';
import type { MemberRecord } from '../domain/member.repository';
import { MembershipDirectory, MembershipRecord } from '../domain/memberships';

@Injectable()
export class TypeOrmMembershipDirectory extends MembershipDirectory {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findMember(manager: EntityManager, address: Address): Promise<MemberRecord | undefined> {
    const rows: { id: string; address: string; address_hex: `0x${string}` }[] = await manager.query(
      `SELECT id, address, address_hex FROM members WHERE address = $1`,
      [address.display],
    );
    const row = rows[0];
    return row && { id: row.id, address: row.address, addressHex: row.address_hex };
  }

  async membershipsOf(manager: EntityManager | undefined, memberId: string): Promise<MembershipRecord[]> {
    const rows: { account_id: string; account_name: string; role: string }[] = await (manager ?? this.dataSource).query(
      `SELECT a.id AS account_id, a.name AS account_name, am.role
         FROM account_members am JOIN accounts a ON a.id = am.account_id
        WHERE am.member_id = $1
        ORDER BY a.name, a.id`,
      [memberId],
    );
    return rows.map((row) => ({ accountId: row.account_id, accountName: row.account_name, role: row.role }));
  }
}
