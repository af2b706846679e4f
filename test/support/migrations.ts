import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../ormconfig';
import { dropDatabase, ensureDatabase } from '../../src/database/database-setup';

const MIGRATIONS = join(__dirname, '..', '..', 'src', 'database', 'migrations');

/**
 * The migration files stamped before `stamp` (a 13-digit timestamp), for a database in the shape an
 * older installation had: pass a migration's stamp to stop short of it, stamp + 1 to include it.
 */
export function migrationsBefore(stamp: number): string[] {
  return readdirSync(MIGRATIONS)
    .filter((file) => /^\d{13}-.+\.ts$/.test(file) && Number(file.slice(0, 13)) < stamp)
    .map((file) => join(MIGRATIONS, file));
}

/** A database of a migration test's own, and how to close and remove it. */
export interface MigratedDatabase {
  readonly db: DataSource;
  drop(): Promise<void>;
}

/**
 * A database named `name` on the test server in the shape an older installation had: migrated up
 * to just before the migration stamped `stamp`, filled by `seed`, then migrated through that one
 * migration. If any of it fails, the database is removed again.
 */
export async function migratedOver(
  name: string,
  stamp: number,
  seed: (before: DataSource) => Promise<void>,
): Promise<MigratedDatabase> {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL as string;
  const url = await ensureDatabase(serverUrl, name);
  let db: DataSource | undefined;
  const drop = async () => {
    if (db?.isInitialized) await db.destroy();
    await dropDatabase(serverUrl, name);
  };
  try {
    const before = new DataSource({ ...dataSourceOptions(url), migrations: migrationsBefore(stamp) });
    await before.initialize();
    try {
      await before.runMigrations({ transaction: 'each' });
      await seed(before);
    } finally {
      await before.destroy();
    }
    db = new DataSource({ ...dataSourceOptions(url), migrations: migrationsBefore(stamp + 1) });
    await db.initialize();
    await db.runMigrations({ transaction: 'each' });
    return { db, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * An account with one member and one deployed EVM wallet on chain 1, written with plain SQL so it
 * fits a database migrated only part of the way; ids are the caller's.
 */
export async function insertExistingDeployment(
  db: Pick<DataSource, 'query'>,
  ids: { account: string; member: string; deployment: string },
): Promise<void> {
  const contract = `0x${ids.deployment.replace(/-/g, '').slice(0, 20).padEnd(40, 'c')}`;
  const member = `0x${ids.member.replace(/-/g, '').slice(0, 20).padEnd(40, 'e')}`;
  await db.query(
    `INSERT INTO accounts (id, name, network_type, contract_address, contract_address_hex, smart_contract_version_id,
                           initial_approvers, initial_threshold)
     VALUES ($1, 'Existing', 'evm', $2, $2, '1.2.0-evm', ARRAY[$3], 1)`,
    [ids.account, contract, member],
  );
  await db.query(`INSERT INTO members (id, address, address_hex, network_type) VALUES ($1, $2, $2, 'evm')`, [
    ids.member,
    member,
  ]);
  await db.query(`INSERT INTO account_members (account_id, member_id) VALUES ($1, $2)`, [ids.account, ids.member]);
  await db.query(
    `INSERT INTO deployments (id, account_id, chain_id, network_type, address, address_hex, smart_contract_version_id,
                              approvers, threshold, deployment_status)
     VALUES ($1, $2, '1', 'evm', $3, $3, '1.2.0-evm', ARRAY[$4], 1, 'deployed')`,
    [ids.deployment, ids.account, contract, member],
  );
}
