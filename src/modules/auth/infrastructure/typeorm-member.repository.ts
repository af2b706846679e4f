import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { mapUniqueViolation } from '../../../shared/infrastructure/sql';
import { MemberCredentialsRecord, MemberRecord, MemberRepository } from '../domain/member.repository';

interface MemberRow {
  id: string;
  address: string;
  address_hex: `0x${string}`;
  api_secret_scrypt?: string;
  key_id?: string | null;
  key_scopes?: string[] | null;
  key_account_id?: string | null;
  key_deployment_ids?: string[] | null;
}

const toRecord = (row: MemberRow): MemberRecord => ({ id: row.id, address: row.address, addressHex: row.address_hex });

@Injectable()
export class TypeOrmMemberRepository extends MemberRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(
    manager: EntityManager,
    id: string,
    address: Address,
    apiKeyDigest: string,
    apiSecretHash: string,
  ): Promise<MemberRecord> {
    const inserted = manager.query(
      `INSERT INTO members (id, address, address_hex, network_type) VALUES ($1, $2, $3, $4)`,
      [id, address.display, address.hex20, address.networkType],
    );
    await mapUniqueViolation(inserted, () =>
      DomainError.conflict('MEMBER_EXISTS', `A member with address ${address.display} already exists`),
    );
    await manager.query(
      `INSERT INTO member_credentials (member_id, api_key_sha256, api_secret_scrypt) VALUES ($1, $2, $3)`,
      [id, apiKeyDigest, apiSecretHash],
    );
    return { id, address: address.display, addressHex: address.hex20 };
  }

  async ensure(manager: EntityManager, id: string, address: Address): Promise<MemberRecord> {
    await manager.query(
      `INSERT INTO members (id, address, address_hex, network_type) VALUES ($1, $2, $3, $4)
       ON CONFLICT ON CONSTRAINT uq_members_address DO NOTHING`,
      [id, address.display, address.hex20, address.networkType],
    );
    const rows: MemberRow[] = await manager.query(`SELECT id, address, address_hex FROM members WHERE address = $1`, [
      address.display,
    ]);
    return toRecord(rows[0]);
  }

  async findByAddress(address: Address): Promise<MemberRecord | undefined> {
    const rows: MemberRow[] = await this.dataSource.query(
      `SELECT id, address, address_hex FROM members WHERE address = $1`,
      [address.display],
    );
    return rows[0] && toRecord(rows[0]);
  }

  async findByAddresses(addresses: readonly Address[]): Promise<MemberRecord[]> {
    const rows: MemberRow[] = await this.dataSource.query(
      `SELECT id, address, address_hex FROM members WHERE address = ANY($1)`,
      [addresses.map((address) => address.display)],
    );
    return rows.map(toRecord);
  }

  async findByApiKeyDigest(digest: string): Promise<MemberCredentialsRecord | undefined> {
    // The same live-key rule as the `live_credentials` view, with the secret's hash the view leaves out.
    const rows: MemberRow[] = await this.dataSource.query(
      `SELECT m.id, m.address, m.address_hex, c.api_secret_scrypt,
              NULL::uuid AS key_id, NULL::text[] AS key_scopes, NULL::uuid AS key_account_id, NULL::uuid[] AS key_deployment_ids
         FROM member_credentials c JOIN members m ON m.id = c.member_id
        WHERE c.api_key_sha256 = $1
       UNION ALL
       SELECT m.id, m.address, m.address_hex, k.api_secret_scrypt, k.id, k.scopes, k.account_id, k.deployment_ids
         FROM api_keys k JOIN members m ON m.id = k.member_id
        WHERE k.api_key_sha256 = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())`,
      [digest],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    const record = { ...toRecord(row), apiSecretHash: row.api_secret_scrypt as string };
    if (row.key_id === null || row.key_id === undefined) return record;
    return {
      ...record,
      key: {
        id: row.key_id,
        scopes: row.key_scopes ?? [],
        accountId: row.key_account_id as string,
        deploymentIds: row.key_deployment_ids ?? null,
      },
    };
  }

  async findById(id: string): Promise<MemberRecord | undefined> {
    const rows: MemberRow[] = await this.dataSource.query(
      `SELECT id, address, address_hex FROM members WHERE id = $1`,
      [id],
    );
    return rows[0] && toRecord(rows[0]);
  }

  async anyExists(): Promise<boolean> {
    const rows: { found: boolean }[] = await this.dataSource.query(`SELECT EXISTS (SELECT 1 FROM members) AS found`);
    return rows[0].found;
  }

  async replaceCredentials(
    manager: EntityManager,
    memberId: string,
    apiKeyDigest: string,
    apiSecretHash: string,
  ): Promise<boolean> {
    // One statement: the old key, the old secret and every token session they opened end together.
    const [, affected] = (await manager.query(
      `WITH ended_sessions AS (
         UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'credentials_regenerated', updated_at = now()
          WHERE member_id = $1 AND api_key_id IS NULL AND revoked_at IS NULL
       )
       UPDATE member_credentials SET api_key_sha256 = $2, api_secret_scrypt = $3, created_at = now() WHERE member_id = $1`,
      [memberId, apiKeyDigest, apiSecretHash],
    )) as [unknown, number];
    return affected === 1;
  }

  async hideCurrency(memberId: string, currencyId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO member_hidden_currencies (member_id, currency_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [memberId, currencyId],
    );
  }

  async showCurrency(memberId: string, currencyId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM member_hidden_currencies WHERE member_id = $1 AND currency_id = $2`, [
      memberId,
      currencyId,
    ]);
  }

  async hiddenCurrencies(memberId: string): Promise<string[]> {
    const rows: { currency_id: string }[] = await this.dataSource.query(
      `SELECT currency_id FROM member_hidden_currencies WHERE member_id = $1 ORDER BY currency_id`,
      [memberId],
    );
    return rows.map((row) => row.currency_id);
  }
}
