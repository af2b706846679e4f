import { DataSource } from 'typeorm';
import { changeDeposits, claimableGroups, insertDeposits, MINED_STATUSES } from '../support/claimable-deposits';
import { insertRows } from '../support/list-rows';
import { insertExistingDeployment, MigratedDatabase, migratedOver } from '../support/migrations';

const CLAIMABLE_GROUPS = 1763779000000;

/**
 * ClaimableGroups fills its rollup from the invoice deposits already stored, and from then on the
 * triggers keep it: deposits of an existing installation are seeded before the migration runs,
 * and the migration also goes down and up again.
 */
describe('migration ClaimableGroups', () => {
  const deploymentId = '00000000-0000-4000-8000-0000000000d3';
  let migrated: MigratedDatabase | undefined;
  let db: DataSource;

  beforeAll(async () => {
    migrated = await migratedOver(`claimable_groups_${Date.now().toString(36)}`, CLAIMABLE_GROUPS, async (before) => {
      await insertExistingDeployment(before, {
        account: '00000000-0000-4000-8000-0000000000a3',
        member: '00000000-0000-4000-8000-0000000000b3',
        deployment: deploymentId,
      });
      await insertRows(before, deploymentId, 20);
      await insertDeposits(before, deploymentId, 300, 20);
    });
    db = migrated.db;
  });

  afterAll(async () => {
    await migrated?.drop();
  });

  it('groups the existing claimable deposits', async () => {
    const { rollup, grouped } = await claimableGroups(db, deploymentId, MINED_STATUSES);
    expect(grouped.length).toBeGreaterThan(10);
    expect(rollup).toEqual(grouped);
  });

  it('keeps the groups as deposits are written after it', async () => {
    for (let kind = 0; kind < 12; kind += 1) await changeDeposits(db, deploymentId, kind);
    await insertDeposits(db, deploymentId, 20, 20);
    const { rollup, grouped } = await claimableGroups(db, deploymentId, MINED_STATUSES);
    expect(rollup).toEqual(grouped);
  });

  it('goes down without a trace and up again with the same groups', async () => {
    await db.undoLastMigration({ transaction: 'each' });
    const left = (await db.query(
      `SELECT tgname FROM pg_trigger WHERE tgname LIKE 'tg_transactions_claimable_%'
       UNION ALL SELECT proname FROM pg_proc WHERE proname = 'claimable_groups_apply'
       UNION ALL SELECT relname FROM pg_class WHERE relname = 'claimable_groups'`,
    )) as unknown[];
    expect(left).toEqual([]);
    await insertDeposits(db, deploymentId, 10, 20);
    await db.runMigrations({ transaction: 'each' });
    const { rollup, grouped } = await claimableGroups(db, deploymentId, MINED_STATUSES);
    expect(rollup).toEqual(grouped);
  });
});
