import { DataSource } from 'typeorm';
import { changeRows, insertRows, listBuckets } from '../support/list-rows';
import { insertExistingDeployment, MigratedDatabase, migratedOver } from '../support/migrations';

const LIST_TOTALS = 1763778000000;

/**
 * ListTotals fills its three rollups from the invoices, payouts and queue operations already
 * stored, and from then on the triggers keep them: rows of an existing installation are seeded
 * before the migration runs, and the migration also goes down and up again.
 */
describe('migration ListTotals', () => {
  const deploymentId = '00000000-0000-4000-8000-0000000000d2';
  let migrated: MigratedDatabase | undefined;
  let db: DataSource;

  beforeAll(async () => {
    migrated = await migratedOver(`list_totals_${Date.now().toString(36)}`, LIST_TOTALS, async (before) => {
      await insertExistingDeployment(before, {
        account: '00000000-0000-4000-8000-0000000000a2',
        member: '00000000-0000-4000-8000-0000000000b2',
        deployment: deploymentId,
      });
      await insertRows(before, deploymentId, 300);
    });
    db = migrated.db;
  });

  afterAll(async () => {
    await migrated?.drop();
  });

  it('counts the existing rows per bucket, leaving deleted queue operations out', async () => {
    const { rollup, counted } = await listBuckets(db, deploymentId);
    expect(counted.length).toBeGreaterThan(20);
    expect(rollup).toEqual(counted);
    const [{ deleted }] = (await db.query(
      `SELECT count(*)::int AS deleted FROM queue_operations WHERE deployment_id = $1 AND deleted_at IS NOT NULL`,
      [deploymentId],
    )) as { deleted: number }[];
    expect(deleted).toBeGreaterThan(0);
  });

  it('keeps the totals as rows are written after it', async () => {
    for (let kind = 0; kind < 8; kind += 1) await changeRows(db, deploymentId, kind);
    await insertRows(db, deploymentId, 20);
    const { rollup, counted } = await listBuckets(db, deploymentId);
    expect(rollup).toEqual(counted);
  });

  it('goes down without a trace and up again with the same totals', async () => {
    await db.undoLastMigration({ transaction: 'each' });
    const left = (await db.query(
      `SELECT tgname FROM pg_trigger WHERE tgname LIKE '%_total_%'
       UNION ALL SELECT proname FROM pg_proc WHERE proname LIKE '%_totals_apply'
       UNION ALL SELECT relname FROM pg_class WHERE relname IN ('invoice_totals', 'payout_totals', 'queue_operation_totals')`,
    )) as unknown[];
    expect(left).toEqual([]);
    await insertRows(db, deploymentId, 10);
    await db.runMigrations({ transaction: 'each' });
    const { rollup, counted } = await listBuckets(db, deploymentId);
    expect(rollup).toEqual(counted);
  });
});
