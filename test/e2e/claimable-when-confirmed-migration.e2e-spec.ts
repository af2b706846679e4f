import { DataSource } from 'typeorm';
import {
  changeDeposits,
  claimableGroups,
  CLAIMABLE_STATUSES,
  insertDeposits,
  MINED_STATUSES,
} from '../support/claimable-deposits';
import { insertRows } from '../support/list-rows';
import { insertExistingDeployment, MigratedDatabase, migratedOver } from '../support/migrations';

const CLAIMABLE_WHEN_CONFIRMED = 1795530537102;

/**
 * ClaimableWhenConfirmed: an installation's claimable groups, built while mined deposits counted,
 * are rebuilt with confirmed deposits only; the triggers follow the new rule, and down restores the
 * old one.
 */
describe('migration ClaimableWhenConfirmed', () => {
  const deploymentId = '00000000-0000-4000-8000-0000000000d7';
  let migrated: MigratedDatabase | undefined;
  let db: DataSource;

  beforeAll(async () => {
    migrated = await migratedOver(
      `claimable_confirmed_${Date.now().toString(36)}`,
      CLAIMABLE_WHEN_CONFIRMED,
      async (before) => {
        await insertExistingDeployment(before, {
          account: '00000000-0000-4000-8000-0000000000a7',
          member: '00000000-0000-4000-8000-0000000000b7',
          deployment: deploymentId,
        });
        await insertRows(before, deploymentId, 20);
        await insertDeposits(before, deploymentId, 300, 20);
        const { rollup, grouped } = await claimableGroups(before, deploymentId, MINED_STATUSES);
        expect(rollup).toEqual(grouped);
      },
    );
    db = migrated.db;
  });

  afterAll(async () => {
    await migrated?.drop();
  });

  it('keeps only the confirmed deposits in the groups', async () => {
    const { rollup, grouped } = await claimableGroups(db, deploymentId, CLAIMABLE_STATUSES);
    expect(grouped.length).toBeGreaterThan(5);
    expect(rollup).toEqual(grouped);
    const mined = await claimableGroups(db, deploymentId, MINED_STATUSES);
    expect(mined.grouped).not.toEqual(grouped);
  });

  it('keeps the groups as deposits are written after it', async () => {
    for (let kind = 0; kind < 12; kind += 1) await changeDeposits(db, deploymentId, kind);
    await insertDeposits(db, deploymentId, 20, 20);
    const { rollup, grouped } = await claimableGroups(db, deploymentId, CLAIMABLE_STATUSES);
    expect(rollup).toEqual(grouped);
  });

  it('goes down to the mined rule and up again', async () => {
    await db.undoLastMigration({ transaction: 'each' });
    const down = await claimableGroups(db, deploymentId, MINED_STATUSES);
    expect(down.rollup).toEqual(down.grouped);
    await insertDeposits(db, deploymentId, 10, 20);
    await db.runMigrations({ transaction: 'each' });
    const { rollup, grouped } = await claimableGroups(db, deploymentId, CLAIMABLE_STATUSES);
    expect(rollup).toEqual(grouped);
  });
});
