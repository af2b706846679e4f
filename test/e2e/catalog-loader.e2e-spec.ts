import { DataSource } from 'typeorm';
import { createDataSource } from '../../ormconfig';
import { loadCatalog } from '../../src/modules/catalog/catalog-loader';
import { CONTRACT_VERSIONS } from '../../src/modules/catalog/seed/contract-versions';
import { CURRENCIES } from '../../src/modules/catalog/seed/currencies';
import { NETWORKS } from '../../src/modules/catalog/seed/networks';
import { createScratchDatabase, ScratchDatabase } from '../support/scratch-database';

interface StampRow {
  id: string;
  created_at: Date;
  updated_at: Date;
}

describe('catalog loader', () => {
  let db: ScratchDatabase;
  let dataSource: DataSource;

  // createScratchDatabase has already run migrations and one load, as every start does.
  beforeAll(async () => {
    db = await createScratchDatabase('catalog_loader');
    dataSource = createDataSource(db.url);
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource.destroy();
    await db.drop();
  });

  const stamps = async (): Promise<Map<string, StampRow>> => {
    const rows: StampRow[] = await dataSource.query('SELECT id, created_at, updated_at FROM currencies');
    return new Map(rows.map((row) => [row.id, row]));
  };

  const sqlState = async (sql: string, params: unknown[] = []): Promise<string | undefined> => {
    try {
      await dataSource.query(sql, params);
      return undefined;
    } catch (error) {
      return (error as { driverError?: { code?: string } }).driverError?.code;
    }
  };

  it('has loaded the whole seed', async () => {
    const [counts] = await dataSource.query(
      `SELECT (SELECT count(*) FROM networks)::int AS networks, (SELECT count(*) FROM currencies)::int AS currencies,
              (SELECT count(*) FROM smart_contract_versions)::int AS versions`,
    );
    expect(counts).toEqual({
      networks: NETWORKS.length,
      // The shipped seed, and the test databases' own scam look-alike (test/support/test-currencies.ts).
      currencies: CURRENCIES.length + 1,
      versions: CONTRACT_VERSIONS.length,
    });
  });

  it('writes nothing when the seed is already loaded', async () => {
    const before = await stamps();
    expect(await loadCatalog(dataSource)).toEqual({ networks: 0, currencies: 0, smartContractVersions: 0 });
    expect(await stamps()).toEqual(before);
  });

  it('restores drifted and missing rows, moving updated_at only where a value changed', async () => {
    await dataSource.query(
      `UPDATE currencies SET name = 'Tampered', created_at = '2025-01-01T00:00:00Z' WHERE id = '1'`,
    );
    await dataSource.query(`DELETE FROM currencies WHERE id = '2494104990'`);
    await dataSource.query(`UPDATE networks SET required_confirmations = 1 WHERE chain_id = '56'`);
    await dataSource.query(`UPDATE smart_contract_versions SET is_latest = false WHERE id = '1.2.0-evm'`);
    const before = await stamps();

    expect(await loadCatalog(dataSource)).toEqual({ networks: 1, currencies: 2, smartContractVersions: 1 });

    const after = await stamps();
    const [eth] = await dataSource.query(`SELECT name FROM currencies WHERE id = '1'`);
    expect(eth.name).toBe('Ethereum');
    expect(after.get('1')?.updated_at.getTime()).toBeGreaterThan(before.get('1')?.updated_at.getTime() ?? Infinity);
    expect(after.get('1')?.created_at.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(after.has('2494104990')).toBe(true);
    for (const [id, row] of before) {
      if (id !== '1') expect({ id, updatedAt: after.get(id)?.updated_at }).toEqual({ id, updatedAt: row.updated_at });
    }
    const [bsc] = await dataSource.query(`SELECT required_confirmations FROM networks WHERE chain_id = '56'`);
    expect(bsc.required_confirmations).toBe(15);
    const [latest] = await dataSource.query(`SELECT is_latest FROM smart_contract_versions WHERE id = '1.2.0-evm'`);
    expect(latest.is_latest).toBe(true);
  });

  it("keeps an operator's own currency", async () => {
    await dataSource.query(
      `INSERT INTO currencies (id, chain_id, symbol, name, address, decimals, is_native, is_scam, is_verified)
       VALUES ('1-0x6b175474e89094c44da98b954eedeac495271d0f', '1', 'DAI', 'Dai', '0x6B175474E89094C44Da98b954EedeAC495271d0F', 18, false, false, true)`,
    );
    expect(await loadCatalog(dataSource)).toEqual({ networks: 0, currencies: 0, smartContractVersions: 0 });
    const [dai] = await dataSource.query(
      `SELECT symbol FROM currencies WHERE id = '1-0x6b175474e89094c44da98b954eedeac495271d0f'`,
    );
    expect(dai.symbol).toBe('DAI');
  });

  describe('constraints keep hand-made rows sound', () => {
    const insertToken = (
      id: string,
      chainId: string,
      address: string | null,
      isNative = false,
    ): Promise<string | undefined> =>
      sqlState(
        `INSERT INTO currencies (id, chain_id, symbol, name, address, decimals, is_native, is_scam, is_verified)
         VALUES ($1, $2, 'X', 'X', $3, 18, $4, false, false)`,
        [id, chainId, address, isNative],
      );

    it('rejects a currency id that does not match its chain and address', async () => {
      const address = '0xabcdef0000000000000000000000000000000001';
      expect(await insertToken(`56-0x${address.slice(2).toUpperCase()}`, '56', address)).toBe('23514'); // ids hold lowercase hex
      expect(await insertToken(`1-${address}`, '56', address)).toBe('23514');
    });

    it('rejects a second currency for the same contract on one chain', async () => {
      expect(
        await insertToken(
          '1-0xdac17f958d2ee523a2206206994597c13d831ec7',
          '1',
          '0xDAC17F958D2EE523A2206206994597C13D831EC7',
        ),
      ).toBe('23505');
    });

    it('rejects a second native coin on a chain, a native coin with an address, and an unknown chain', async () => {
      // A native coin's id is its chain id, so the primary key allows one per chain.
      expect(
        await sqlState(
          `UPDATE currencies SET is_native = true, address = NULL, id = '1' WHERE id = '1-0xdac17f958d2ee523a2206206994597c13d831ec7'`,
        ),
      ).toBe('23505');
      expect(await insertToken('999', '999', null, true)).toBe('23503');
      expect(
        await sqlState(
          `UPDATE currencies SET is_native = true WHERE id = '1-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'`,
        ),
      ).toBe('23514');
    });

    it('rejects a contract version whose network type does not match its chain', async () => {
      const state = await sqlState(
        `INSERT INTO smart_contract_versions (id, version, network_type, chain_id, account_abi, eip712_domain,
           deposit_account_init_code_hash, is_latest)
         VALUES ('9.0.0-tvm-1', '9.0.0', 'tvm', '1', '[]', '{"name":"x","version":"9.0.0"}',
           '0x${'ab'.repeat(32)}', false)`,
      );
      expect(state).toBe('23503');
    });
  });
});
