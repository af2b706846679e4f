import { DataSource } from 'typeorm';
import { MigratedDatabase, migratedOver } from '../support/migrations';
import { amountBuckets } from '../support/transaction-rollups';

const TRANSACTION_AMOUNTS = 1763777000000;

/**
 * TransactionAmounts fills its rollup from the transactions already stored, and from then on the
 * trigger keeps it: rows of an existing installation are seeded before the migration runs.
 */
describe('migration TransactionAmounts', () => {
  const deploymentId = '00000000-0000-4000-8000-0000000000d1';
  let migrated: MigratedDatabase | undefined;
  let db: DataSource;

  beforeAll(async () => {
    migrated = await migratedOver(`tx_amounts_${Date.now().toString(36)}`, TRANSACTION_AMOUNTS, async (before) => {
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
    });
    db = migrated.db;
  });

  afterAll(async () => {
    await migrated?.drop();
  });

  it('sums the existing rows per bucket, leaving rows without a currency out', async () => {
    const { rollup, summed } = await amountBuckets(db, deploymentId);
    expect(summed.length).toBeGreaterThan(10);
    expect(rollup).toEqual(summed);
    // The fill writes no empty bucket (the trigger may leave one at 0 after a delete).
    const [{ empty }] = (await db.query(`SELECT count(*)::int AS empty FROM transaction_amounts WHERE amount = 0`)) as {
      empty: number;
    }[];
    expect(empty).toBe(0);
  });

  it('keeps the sums as rows are written after it', async () => {
    await db.query(
      `UPDATE transactions SET status = 'CONFIRMED', amount = amount + 1 WHERE deployment_id = $1 AND status = 'EXECUTED'`,
      [deploymentId],
    );
    await db.query(`DELETE FROM transactions WHERE source_key LIKE 'existing:1%'`);
    const { rollup, summed } = await amountBuckets(db, deploymentId);
    expect(rollup).toEqual(summed);
  });
});
