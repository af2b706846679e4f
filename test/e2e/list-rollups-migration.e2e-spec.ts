import { DataSource } from 'typeorm';
import { changeDeposits, insertDeposits } from '../support/claimable-deposits';
import { changeRows, insertRows } from '../support/list-rows';
import { insertExistingDeployment, MigratedDatabase, migratedOver } from '../support/migrations';

const INVOICE_CURRENCY_TOTALS = 1795533151725;
const CLAIMABLE_GROUP_TOTALS = 1795534127295;

/** The rollup next to the same buckets counted from their rows. */
async function compare(db: DataSource, rollup: string, counted: string, deploymentId: string) {
  return {
    rollup: (await db.query(rollup, [deploymentId])) as unknown[],
    counted: (await db.query(counted, [deploymentId])) as unknown[],
  };
}

const INVOICE_BUCKETS = [
  `SELECT status, currency_ids, n::int FROM invoice_currency_totals WHERE deployment_id = $1 AND n <> 0 ORDER BY status, currency_ids::text`,
  `SELECT status, currency_ids, count(*)::int AS n FROM invoices WHERE deployment_id = $1 GROUP BY 1, 2 ORDER BY status, currency_ids::text`,
] as const;

const GROUP_BUCKETS = [
  `SELECT currency_id, n::int FROM claimable_group_totals WHERE deployment_id = $1 AND n <> 0 ORDER BY 1`,
  `SELECT currency_id, count(*)::int AS n FROM claimable_groups WHERE deployment_id = $1 GROUP BY 1 ORDER BY 1`,
] as const;

/**
 * The two list rollups of bounded list queries fill from an installation's stored rows, follow the
 * writes after them, and go down and up again.
 */
describe.each([
  ['InvoiceCurrencyTotals', INVOICE_CURRENCY_TOTALS, INVOICE_BUCKETS, 'invoice_currency_totals', 'e'],
  ['ClaimableGroupTotals', CLAIMABLE_GROUP_TOTALS, GROUP_BUCKETS, 'claimable_group_totals', 'f'],
] as const)('migration %s', (_name, stamp, [rollup, counted], table, digit) => {
  const deploymentId = `00000000-0000-4000-8000-0000000000d${digit}`;
  let migrated: MigratedDatabase | undefined;
  let db: DataSource;

  beforeAll(async () => {
    migrated = await migratedOver(`${table}_${Date.now().toString(36)}`, stamp, async (before) => {
      await insertExistingDeployment(before, {
        account: `00000000-0000-4000-8000-0000000000a${digit}`,
        member: `00000000-0000-4000-8000-0000000000b${digit}`,
        deployment: deploymentId,
      });
      await insertRows(before, deploymentId, 200);
      await insertDeposits(before, deploymentId, 300, 40);
    });
    db = migrated.db;
  }, 300_000);

  afterAll(async () => {
    await migrated?.drop();
  });

  it('fills the rollup from the stored rows', async () => {
    const { rollup: rolled, counted: rows } = await compare(db, rollup, counted, deploymentId);
    expect(rows.length).toBeGreaterThan(1);
    expect(rolled).toEqual(rows);
  });

  it('keeps it as rows are written after it', async () => {
    if (table === 'invoice_currency_totals') {
      // Status changes and deletes (of invoices without deposits), and currency sets that change.
      await db.query(`DELETE FROM transactions WHERE deployment_id = $1`, [deploymentId]);
      for (let kind = 0; kind < 12; kind += 1) await changeRows(db, deploymentId, kind);
      await db.query(`UPDATE invoices SET currency_ids = ARRAY['1'] WHERE deployment_id = $1 AND random() < 0.1`, [
        deploymentId,
      ]);
    } else {
      for (let kind = 0; kind < 12; kind += 1) await changeDeposits(db, deploymentId, kind);
    }
    await insertRows(db, deploymentId, 20);
    await insertDeposits(db, deploymentId, 30, 40);
    const { rollup: rolled, counted: rows } = await compare(db, rollup, counted, deploymentId);
    expect(rolled).toEqual(rows);
  });

  it('goes down without a trace and up again', async () => {
    await db.undoLastMigration({ transaction: 'each' });
    const left = (await db.query(
      `SELECT relname AS name FROM pg_class WHERE relname = $1 UNION ALL SELECT proname FROM pg_proc WHERE proname = $2`,
      [table, `${table}_apply`],
    )) as unknown[];
    expect(left).toEqual([]);
    await insertDeposits(db, deploymentId, 20, 40);
    await db.runMigrations({ transaction: 'each' });
    const { rollup: rolled, counted: rows } = await compare(db, rollup, counted, deploymentId);
    expect(rolled).toEqual(rows);
  });
});
