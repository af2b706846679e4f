import { DataSource } from 'typeorm';
import { getAddress } from 'viem';
import { MigratedDatabase, migratedOver } from '../support/migrations';

const ACCOUNT_CONTRACTS = 1763771000000;

/**
 * AccountContracts moves each account's contract from its deployments onto the account, without
 * losing a row: rows of the old shape are seeded, then the migration runs, then they are checked.
 */
describe('migration AccountContracts', () => {
  let migrated: MigratedDatabase | undefined;
  let db: DataSource;

  const hex = (byte: string) => `0x${byte.repeat(20)}`;
  const ids = {
    member1: '00000000-0000-4000-8000-000000000001',
    member2: '00000000-0000-4000-8000-000000000002',
    tronMember: '00000000-0000-4000-8000-000000000003',
    plain: '00000000-0000-4000-8000-0000000000a1',
    mixed: '00000000-0000-4000-8000-0000000000a2',
    empty: '00000000-0000-4000-8000-0000000000a3',
    d1: '00000000-0000-4000-8000-0000000000d1',
    d2: '00000000-0000-4000-8000-0000000000d2',
    d3: '00000000-0000-4000-8000-0000000000d3',
    d4: '00000000-0000-4000-8000-0000000000d4',
    d5: '00000000-0000-4000-8000-0000000000d5',
  };

  beforeAll(async () => {
    migrated = await migratedOver(`acct_contracts_${Date.now().toString(36)}`, ACCOUNT_CONTRACTS, async (before) => {
      const q = (sql: string, params: unknown[] = []) => before.query(sql, params);
      await q(
        `INSERT INTO members (id, address, address_hex, network_type) VALUES
        ($1, '0x1111111111111111111111111111111111111111', $4, 'evm'),
        ($2, '0x2222222222222222222222222222222222222222', $5, 'evm'),
        ($3, 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', $6, 'tvm')`,
        [ids.member1, ids.member2, ids.tronMember, hex('11'), hex('22'), hex('33')],
      );
      await q(
        `INSERT INTO accounts (id, name, created_at) VALUES
        ($1, 'Plain', '2026-01-01T00:00:00Z'), ($2, 'Mixed', '2026-01-02T00:00:00Z'), ($3, 'Empty', '2026-01-03T00:00:00Z')`,
        [ids.plain, ids.mixed, ids.empty],
      );
      await q(`INSERT INTO account_members (account_id, member_id) VALUES ($1, $3), ($2, $3), ($2, $4), ($2, $5)`, [
        ids.plain,
        ids.mixed,
        ids.member1,
        ids.member2,
        ids.tronMember,
      ]);
      const deployment = (
        id: string,
        account: string,
        chain: string,
        type: string,
        address: string,
        addressHex: string,
        version: string,
        approvers: string[],
        threshold: number,
        createdAt: string,
      ) =>
        q(
          `INSERT INTO deployments (id, account_id, chain_id, network_type, address, address_hex, smart_contract_version_id,
                                    approvers, threshold, deployment_status, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'deployed', $10)`,
          [id, account, chain, type, address, addressHex, version, approvers, threshold, createdAt],
        );
      const evmA = ['0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa', hex('aa')] as const;
      const evmB = ['0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB', hex('bb')] as const;
      const evmC = [getAddress(hex('cc')), hex('cc')] as const;
      // Plain: one contract on two chains, approvers changed on the second since.
      await deployment(ids.d1, ids.plain, '1', 'evm', ...evmA, '1.2.0-evm', [hex('11')], 1, '2026-01-01T00:00:01Z');
      await deployment(ids.d2, ids.plain, '56', 'evm', ...evmA, '1.2.0-evm', [hex('11')], 1, '2026-01-01T00:00:02Z');
      // Mixed: an EVM contract, another EVM contract, and a Tron wallet: three accounts afterwards.
      await deployment(
        ids.d3,
        ids.mixed,
        '1',
        'evm',
        ...evmB,
        '1.1.0-evm',
        [hex('11'), hex('22')],
        2,
        '2026-01-02T00:00:01Z',
      );
      await deployment(ids.d4, ids.mixed, '137', 'evm', ...evmC, '1.2.0-evm', [hex('22')], 1, '2026-01-02T00:00:02Z');
      await deployment(
        ids.d5,
        ids.mixed,
        '728126428',
        'tvm',
        'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
        hex('33'),
        '1.2.0-tvm-728126428',
        [hex('33')],
        1,
        '2026-01-02T00:00:03Z',
      );
    });
    db = migrated.db;
  }, 120_000);

  afterAll(async () => {
    await migrated?.drop();
  });

  interface Row {
    id: string;
    name: string;
    network_type: string | null;
    contract_address: string | null;
    contract_address_hex: string | null;
    smart_contract_version_id: string | null;
    network_id: string | null;
    initial_approvers: string[] | null;
    initial_threshold: number | null;
    members: string[];
    deployments: string[];
  }

  const accounts = (): Promise<Row[]> =>
    db.query(`
      SELECT a.id, a.name, a.network_type, a.contract_address, a.contract_address_hex, a.smart_contract_version_id,
             a.network_id, a.initial_approvers, a.initial_threshold,
             ARRAY(SELECT member_id::text FROM account_members WHERE account_id = a.id ORDER BY 1) AS members,
             ARRAY(SELECT id::text FROM deployments WHERE account_id = a.id ORDER BY 1) AS deployments
        FROM accounts a ORDER BY a.created_at, a.contract_address_hex NULLS LAST`);

  it('gives a single-contract account the contract of its oldest deployment', async () => {
    const plain = (await accounts()).find((row) => row.id === ids.plain);
    expect(plain).toEqual({
      id: ids.plain,
      name: 'Plain',
      network_type: 'evm',
      contract_address: '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa',
      contract_address_hex: hex('aa'),
      smart_contract_version_id: '1.2.0-evm',
      network_id: null,
      initial_approvers: [hex('11')],
      initial_threshold: 1,
      members: [ids.member1],
      deployments: [ids.d1, ids.d2],
    });
  });

  it('splits an account whose deployments name different contracts, keeping every deployment and member', async () => {
    const rows = await accounts();
    const mixed = rows.filter((row) => row.name === 'Mixed');
    expect(mixed).toHaveLength(3);
    const allMembers = [ids.member1, ids.member2, ids.tronMember];
    for (const row of mixed) expect(row.members).toEqual(allMembers);
    expect(mixed.find((row) => row.id === ids.mixed)).toMatchObject({
      contract_address_hex: hex('bb'),
      smart_contract_version_id: '1.1.0-evm',
      initial_approvers: [hex('11'), hex('22')],
      initial_threshold: 2,
      deployments: [ids.d3],
    });
    expect(mixed.find((row) => row.deployments.includes(ids.d4))).toMatchObject({
      contract_address_hex: hex('cc'),
      network_type: 'evm',
      network_id: null,
    });
    expect(mixed.find((row) => row.deployments.includes(ids.d5))).toMatchObject({
      network_type: 'tvm',
      network_id: '728126428',
      contract_address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
      smart_contract_version_id: '1.2.0-tvm-728126428',
      deployments: [ids.d5],
    });
    const [{ count }]: { count: string }[] = await db.query(`SELECT count(*) FROM deployments`);
    expect(count).toBe('5');
  });

  it('leaves an account that never deployed without a contract', async () => {
    expect((await accounts()).find((row) => row.id === ids.empty)).toMatchObject({
      contract_address_hex: null,
      smart_contract_version_id: null,
      initial_approvers: null,
      deployments: [],
    });
  });

  it('lets the database refuse a deployment whose address is not its account contract', async () => {
    await expect(
      db.query(`UPDATE deployments SET address_hex = $2 WHERE id = $1`, [ids.d1, hex('dd')]),
    ).rejects.toThrow(/fk_deployments_account_contract/);
  });
});
