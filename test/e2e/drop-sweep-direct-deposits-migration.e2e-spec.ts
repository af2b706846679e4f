import { DataSource } from 'typeorm';
import { insertExistingDeployment, MigratedDatabase, migratedOver } from '../support/migrations';

const DROP_SWEEP_DIRECT_DEPOSITS = 1795530537300;
const USDT = '1-0xdac17f958d2ee523a2206206994597c13d831ec7';

/**
 * DropSweepDirectDeposits: an installation that recorded ERC-20 claims' sweeps as direct deposits
 * (transfers into the wallet from its own deposit addresses) loses those rows, and keeps every other
 * direct deposit, including one from another deployment's deposit address.
 */
describe('migration DropSweepDirectDeposits', () => {
  const ids = {
    account: '00000000-0000-4000-8000-0000000000a8',
    member: '00000000-0000-4000-8000-0000000000b8',
    deployment: '00000000-0000-4000-8000-0000000000d8',
  };
  const other = {
    account: '10000000-0000-4000-8000-0000000000a9',
    member: '10000000-0000-4000-8000-0000000000b9',
    deployment: '10000000-0000-4000-8000-0000000000d9',
  };
  const ownDeposit = '0x1111111111111111111111111111111111111111';
  const otherDeposit = '0x2222222222222222222222222222222222222222';
  const stranger = '0x3333333333333333333333333333333333333333';
  let migrated: MigratedDatabase | undefined;
  let db: DataSource;

  beforeAll(async () => {
    migrated = await migratedOver(
      `drop_sweeps_${Date.now().toString(36)}`,
      DROP_SWEEP_DIRECT_DEPOSITS,
      async (before) => {
        await insertExistingDeployment(before, ids);
        await insertExistingDeployment(before, other);
        for (const [deployment, address, nonce] of [
          [ids.deployment, ownDeposit, 0],
          [other.deployment, otherDeposit, 0],
        ] as const) {
          await before.query(
            `INSERT INTO invoices (id, deployment_id, chain_id, public_id, invoice_nonce, invoice_address, invoice_address_hex,
                                 currency_ids, status)
           VALUES (gen_random_uuid(), $1, '1', floor(random() * 9e15)::bigint, $3, $2, lower($2), ARRAY[$4], 'CREATED')`,
            [deployment, address, nonce, USDT],
          );
        }
        for (const [label, from] of [
          ['sweep', ownDeposit],
          ['foreign-deposit-address', otherDeposit],
          ['stranger', stranger],
        ]) {
          await before.query(
            `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                                     operation_type, from_address, to_address)
           VALUES (gen_random_uuid(), $1, '1', $2, 'IN', 'CONFIRMED', '0x' || md5($2) || md5($2), $3, 7000000,
                   'direct_deposit', $4, (SELECT address FROM deployments WHERE id = $1))`,
            [ids.deployment, label, USDT, from],
          );
        }
      },
    );
    db = migrated.db;
  });

  afterAll(async () => {
    await migrated?.drop();
  });

  it('removes the sweeps only, and the rollups follow', async () => {
    const rows = (await db.query(`SELECT source_key FROM transactions WHERE deployment_id = $1 ORDER BY source_key`, [
      ids.deployment,
    ])) as { source_key: string }[];
    expect(rows.map((row) => row.source_key)).toEqual(['foreign-deposit-address', 'stranger']);
    const [rollup] = (await db.query(
      `SELECT sum(amount)::text AS amount FROM transaction_amounts
        WHERE deployment_id = $1 AND operation_type = 'direct_deposit'`,
      [ids.deployment],
    )) as { amount: string }[];
    expect(rollup.amount).toBe('14000000');
  });
});
