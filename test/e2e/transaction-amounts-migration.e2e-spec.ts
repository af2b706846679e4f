import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../ormconfig';
import { dropDatabase, ensureDatabase } from '../../src/database/database-setup';

const MIGRATIONS = join(__dirname, '..', '..', 'src', 'database', 'migrations');
const TRANSACTION_AMOUNTS = 1763777000000;

function migrationsBefore(stamp: number): string[] {
  return readdirSync(MIGRATIONS)
    .filter((file) => /^\d{13}-.+\.ts$/.test(file) && Number(file.slice(0, 13)) < stamp)
    .map((file) => join(MIGRATIONS, file));
}

const BUCKET = 'deployment_id, currency_id, status, operation_type, direction, is_claimed';

/**
 * TransactionAmounts fills its rollup from the transactions already stored, and from then on the
 * trigger keeps it: rows of an existing installation are seeded before the migration runs.
 */
describe('migration TransactionAmounts', () => {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL as string;
  const name = `tx_amounts_${Date.now().toString(36)}`;
  const deploymentId = '00000000-0000-4000-8000-0000000000d1';
  let db: DataSource;

  beforeAll(async () => {
    const url = await ensureDatabase(serverUrl, name);
    const before = new DataSource({ ...dataSourceOptions(url), migrations: migrationsBefore(TRANSACTION_AMOUNTS) });
    await before.initialize();
    await before.runMigrations({ transaction: 'each' });
    const contract = `0x${'ab'.repeat(20)}`;
    await before.query(
      `INSERT INTO accounts (id, name, network_type, contract_address, contract_address_hex, smart_contract_version_id,
                             initial_approvers, initial_threshold)
       VALUES ('00000000-0000-4000-8000-0000000000a1', 'Existing', 'evm', $1, $1, '1.2.0-evm', ARRAY[$1], 1)`,
      [contract],
    );
    await before.query(
      `INSERT INTO deployments (id, account_id, chain_id, network_type, address, address_hex, smart_contract_version_id,
                                approvers, threshold, deployment_status)
       VALUES ($1, '00000000-0000-4000-8000-0000000000a1', '1', 'evm', $2, $2, '1.2.0-evm', ARRAY[$2], 1, 'deployed')`,
      [deploymentId, contract],
    );
    await before.query(
      `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                                 operation_type, is_claimed)
       SELECT gen_random_uuid(), $1, '1', 'existing:' || i, (ARRAY['IN', 'OUT'])[1 + i % 2],
              (ARRAY['PENDING', 'EXECUTED', 'CONFIRMED', 'FAILED'])[1 + i % 4], '0x' || md5(i::text) || md5(i::text),
              (ARRAY['1-0xdac17f958d2ee523a2206206994597c13d831ec7', '1', NULL])[1 + i % 3], i * 1000003,
              (ARRAY['invoice', 'direct_deposit', 'payout'])[1 + i % 5 % 3], i % 7 = 0
         FROM generate_series(1, 400) AS i`,
      [deploymentId],
    );
    await before.destroy();
    db = new DataSource({ ...dataSourceOptions(url), migrations: migrationsBefore(TRANSACTION_AMOUNTS + 1) });
    await db.initialize();
    await db.runMigrations({ transaction: 'each' });
  });

  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(serverUrl, name);
  });

  const rollup = () =>
    db.query(`SELECT ${BUCKET}, amount::text FROM transaction_amounts ORDER BY ${BUCKET}`) as Promise<unknown[]>;
  const summed = () =>
    db.query(
      `SELECT ${BUCKET}, sum(amount)::text AS amount FROM transactions WHERE currency_id IS NOT NULL
        GROUP BY ${BUCKET} HAVING sum(amount) <> 0 ORDER BY ${BUCKET}`,
    ) as Promise<unknown[]>;

  it('sums the existing rows per bucket, leaving rows without a currency out', async () => {
    const expected = await summed();
    expect(expected.length).toBeGreaterThan(10);
    expect(await rollup()).toEqual(expected);
  });

  it('keeps the sums as rows are written after it', async () => {
    await db.query(
      `UPDATE transactions SET status = 'CONFIRMED', amount = amount + 1 WHERE deployment_id = $1 AND status = 'EXECUTED'`,
      [deploymentId],
    );
    await db.query(`DELETE FROM transactions WHERE source_key LIKE 'existing:1%'`);
    const nonZero = (rows: unknown[]) => rows.filter((row) => (row as { amount: string }).amount !== '0');
    expect(nonZero(await rollup())).toEqual(await summed());
  });
});
