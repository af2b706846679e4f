import { DataSource } from 'typeorm';
import { changeRows, insertRows, periodBuckets } from '../support/list-rows';
import { insertExistingDeployment, MigratedDatabase, migratedOver } from '../support/migrations';

const LIST_PERIOD_COUNTS = 1795541440095;

/**
 * ListPeriodCounts fills the invoices' and payouts' month and day counts from the rows already
 * stored (spread over months), and from then on the triggers keep them, including rows that move
 * to another day; the migration also goes down and up again.
 */
describe('migration ListPeriodCounts', () => {
  const deploymentId = '00000000-0000-4000-8000-0000000000d7';
  let migrated: MigratedDatabase | undefined;
  let db: DataSource;

  beforeAll(async () => {
    migrated = await migratedOver(`list_periods_${Date.now().toString(36)}`, LIST_PERIOD_COUNTS, async (before) => {
      await insertExistingDeployment(before, {
        account: '00000000-0000-4000-8000-0000000000a7',
        member: '00000000-0000-4000-8000-0000000000b7',
        deployment: deploymentId,
      });
      await insertRows(before, deploymentId, 400);
      for (const table of ['invoices', 'payouts'])
        await before.query(
          `UPDATE ${table} SET created_at = now() - floor(random() * 90 * 24) * interval '1 hour' WHERE deployment_id = $1`,
          [deploymentId],
        );
    });
    db = migrated.db;
  });

  afterAll(async () => {
    await migrated?.drop();
  });

  it('counts the existing rows per month and per day', async () => {
    const { rollup, counted } = await periodBuckets(db, deploymentId);
    expect(counted.length).toBeGreaterThan(100);
    expect(rollup).toEqual(counted);
  });

  it('keeps the counts as rows are written, moved to other days and deleted after it', async () => {
    for (let kind = 0; kind < 8; kind += 1) await changeRows(db, deploymentId, kind);
    await insertRows(db, deploymentId, 20);
    await db.query(
      `UPDATE invoices SET created_at = created_at - interval '40 days' WHERE deployment_id = $1 AND random() < 0.3`,
      [deploymentId],
    );
    const { rollup, counted } = await periodBuckets(db, deploymentId);
    expect(rollup).toEqual(counted);
  });

  it('goes down without a trace and up again with the same counts', async () => {
    await db.undoLastMigration({ transaction: 'each' });
    const left = (await db.query(
      `SELECT tgname FROM pg_trigger WHERE tgname LIKE '%_period_count_%'
       UNION ALL SELECT proname FROM pg_proc WHERE proname LIKE '%_period_counts_apply'
       UNION ALL SELECT relname FROM pg_class WHERE relname LIKE '%_period_counts'`,
    )) as unknown[];
    expect(left).toEqual([]);
    await insertRows(db, deploymentId, 10);
    await db.runMigrations({ transaction: 'each' });
    const { rollup, counted } = await periodBuckets(db, deploymentId);
    expect(rollup).toEqual(counted);
  });
});
