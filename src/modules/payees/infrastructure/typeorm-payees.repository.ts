import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Address, NetworkType } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { lookalikePattern } from '../../../shared/domain/lookalike';
import { mapUniqueViolation } from '../../../shared/infrastructure/sql';
import { AddressBookEntry, AddressBookEntryStatus } from '../domain/address-book-entry';
import { PayeesRepository } from '../domain/payees.repository';
import { PayoutPolicy } from '../domain/payout-policy';

interface EntryRow {
  id: string;
  account_id: string;
  network_type: NetworkType;
  address_hex: string;
  label: string;
  status: AddressBookEntryStatus;
  added_by: string;
  added_by_member_id: string;
  approved_by: string | null;
  approved_by_member_id: string | null;
  created_at: Date;
  approved_at: Date | null;
}

const ENTRY_COLUMNS = `id, account_id, network_type, address_hex, label, status, added_by, added_by_member_id,
  approved_by, approved_by_member_id, created_at, approved_at`;

function entryOf(row: EntryRow): AddressBookEntry {
  return AddressBookEntry.restore({
    id: row.id,
    accountId: row.account_id,
    address: Address.fromHex20(row.address_hex, row.network_type),
    label: row.label,
    status: row.status,
    addedBy: { memberId: row.added_by_member_id, address: row.added_by },
    approvedBy:
      row.approved_by_member_id === null || row.approved_by === null
        ? null
        : { memberId: row.approved_by_member_id, address: row.approved_by },
    createdAt: row.created_at,
    approvedAt: row.approved_at,
  });
}

@Injectable()
export class TypeOrmPayeesRepository extends PayeesRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async listEntries(accountId: string): Promise<AddressBookEntry[]> {
    const rows: EntryRow[] = await this.dataSource.query(
      `SELECT ${ENTRY_COLUMNS} FROM address_book_entries WHERE account_id = $1 ORDER BY created_at, id`,
      [accountId],
    );
    return rows.map(entryOf);
  }

  async insertEntry(manager: EntityManager, entry: AddressBookEntry): Promise<void> {
    const e = entry.toProps();
    await mapUniqueViolation(
      manager.query(
        `INSERT INTO address_book_entries (id, account_id, network_type, address, address_hex, label, status, added_by,
           added_by_member_id, approved_by, approved_by_member_id, created_at, approved_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          e.id,
          e.accountId,
          e.address.networkType,
          e.address.display,
          e.address.hex20,
          e.label,
          e.status,
          e.addedBy.address,
          e.addedBy.memberId,
          e.approvedBy?.address ?? null,
          e.approvedBy?.memberId ?? null,
          e.createdAt,
          e.approvedAt,
        ],
      ),
      () => DomainError.conflict('ADDRESS_BOOK_ENTRY_EXISTS', `The address book already holds ${e.address.display}`),
    );
  }

  async findEntryForUpdate(
    manager: EntityManager,
    accountId: string,
    id: string,
  ): Promise<AddressBookEntry | undefined> {
    const rows: EntryRow[] = await manager.query(
      `SELECT ${ENTRY_COLUMNS} FROM address_book_entries WHERE account_id = $1 AND id = $2 FOR UPDATE`,
      [accountId, id],
    );
    return rows.length === 0 ? undefined : entryOf(rows[0]);
  }

  async saveEntry(manager: EntityManager, entry: AddressBookEntry): Promise<void> {
    const e = entry.toProps();
    await manager.query(
      `UPDATE address_book_entries SET status = $2, approved_by = $3, approved_by_member_id = $4, approved_at = $5 WHERE id = $1`,
      [e.id, e.status, e.approvedBy?.address ?? null, e.approvedBy?.memberId ?? null, e.approvedAt],
    );
  }

  async deleteEntry(manager: EntityManager, entry: AddressBookEntry): Promise<void> {
    await manager.query(`DELETE FROM address_book_entries WHERE id = $1`, [entry.id]);
  }

  async entriesNear(
    accountId: string,
    addresses: readonly Address[],
    manager?: EntityManager,
  ): Promise<AddressBookEntry[]> {
    if (addresses.length === 0) return [];
    const rows: EntryRow[] = await (manager ?? this.dataSource).query(
      `SELECT ${ENTRY_COLUMNS} FROM address_book_entries
        WHERE account_id = $1 AND (address_hex = ANY($2::text[]) OR address_hex LIKE ANY($3::text[]))`,
      [accountId, addresses.map((address) => address.hex20), addresses.map(lookalikePattern)],
    );
    return rows.map(entryOf);
  }

  async findPolicy(accountId: string, manager?: EntityManager): Promise<PayoutPolicy | undefined> {
    const rows: {
      address_book_only: boolean;
      block_lookalikes: boolean;
      new_payee_delay_hours: number;
      limits: { currency_id: string; max_per_payout: string | null; max_per_24h: string | null }[];
    }[] = await (manager ?? this.dataSource).query(
      `SELECT p.address_book_only, p.block_lookalikes, p.new_payee_delay_hours,
              COALESCE((SELECT json_agg(json_build_object('currency_id', l.currency_id,
                         'max_per_payout', l.max_per_payout::text, 'max_per_24h', l.max_per_24h::text) ORDER BY l.currency_id)
                          FROM payout_policy_limits l WHERE l.account_id = p.account_id), '[]'::json) AS limits
         FROM payout_policies p WHERE p.account_id = $1`,
      [accountId],
    );
    if (rows.length === 0) return undefined;
    const row = rows[0];
    return PayoutPolicy.restore({
      addressBookOnly: row.address_book_only,
      blockLookalikes: row.block_lookalikes,
      newPayeeDelayHours: row.new_payee_delay_hours,
      limits: row.limits.map((limit) => ({
        currencyId: limit.currency_id,
        maxPerPayout: limit.max_per_payout === null ? null : BigInt(limit.max_per_payout),
        maxPer24h: limit.max_per_24h === null ? null : BigInt(limit.max_per_24h),
      })),
    });
  }

  async savePolicy(manager: EntityManager, accountId: string, policy: PayoutPolicy): Promise<void> {
    const p = policy.props;
    await manager.query(
      `INSERT INTO payout_policies (account_id, address_book_only, block_lookalikes, new_payee_delay_hours, updated_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (account_id) DO UPDATE SET address_book_only = EXCLUDED.address_book_only,
         block_lookalikes = EXCLUDED.block_lookalikes, new_payee_delay_hours = EXCLUDED.new_payee_delay_hours,
         updated_at = EXCLUDED.updated_at`,
      [accountId, p.addressBookOnly, p.blockLookalikes, p.newPayeeDelayHours],
    );
    await manager.query(`DELETE FROM payout_policy_limits WHERE account_id = $1`, [accountId]);
    if (p.limits.length === 0) return;
    await manager.query(
      `INSERT INTO payout_policy_limits (account_id, currency_id, max_per_payout, max_per_24h)
       SELECT $1, * FROM unnest($2::text[], $3::numeric[], $4::numeric[])`,
      [
        accountId,
        p.limits.map((limit) => limit.currencyId),
        p.limits.map((limit) => limit.maxPerPayout?.toString() ?? null),
        p.limits.map((limit) => limit.maxPer24h?.toString() ?? null),
      ],
    );
  }

  async lockAccountPayouts(manager: EntityManager, accountId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('payout-policy:' || $1::text, 0))`, [accountId]);
  }

  async adminCount(manager: EntityManager, accountId: string): Promise<number> {
    const [row]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM account_members WHERE account_id = $1 AND role = 'ADMIN'`,
      [accountId],
    );
    return row.n;
  }
}
