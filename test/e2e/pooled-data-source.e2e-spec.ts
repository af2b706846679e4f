import { DataSource, QueryFailedError } from 'typeorm';
import { createDataSource, dataSourceOptions } from '../../ormconfig';
import { PooledDataSource } from '../../src/database/pooled-data-source';
import { createScratchDatabase, ScratchDatabase } from '../support/scratch-database';
import { createTestApp } from '../support/test-app';

/**
 * The app's data source answers a statement outside a transaction from the pool, without a query
 * runner, and must answer exactly what TypeORM's own path answers: compared here statement by
 * statement with a plain TypeORM DataSource on the same database.
 */
describe('PooledDataSource', () => {
  let db: ScratchDatabase;
  let pooled: DataSource;
  let plain: DataSource;

  beforeAll(async () => {
    db = await createScratchDatabase('pooled_data_source');
    pooled = await createDataSource(db.url).initialize();
    plain = await new DataSource(dataSourceOptions(db.url)).initialize();
    await plain.query(`CREATE TABLE pooled_probe (id int PRIMARY KEY, name text NOT NULL, amount numeric)`);
  });

  afterAll(async () => {
    await pooled.destroy();
    await plain.destroy();
    await db.drop();
  });

  beforeEach(() => plain.query(`TRUNCATE pooled_probe`));

  it('is what the app and the CLI build', async () => {
    expect(pooled).toBeInstanceOf(PooledDataSource);
    const t = await createTestApp();
    try {
      expect(t.dataSource).toBeInstanceOf(PooledDataSource);
    } finally {
      await t.close();
    }
  });

  it('runs a statement with parameters on the pool, without a query runner', async () => {
    const runners = jest.spyOn(pooled, 'createQueryRunner');
    expect(await pooled.query(`SELECT $1::int + 1 AS n`, [41])).toEqual([{ n: 42 }]);
    expect(runners).not.toHaveBeenCalled();
    runners.mockRestore();
  });

  it('answers every kind of statement as TypeORM does', async () => {
    const statements: [string, unknown[]][] = [
      [`INSERT INTO pooled_probe (id, name, amount) VALUES ($1, 'c', 1.50), ($2, 'd', 2) RETURNING id, amount`, [3, 4]],
      [`SELECT id, name, amount FROM pooled_probe WHERE id = ANY($1) ORDER BY id`, [[1, 2]]],
      [`UPDATE pooled_probe SET name = $1 WHERE id > $2`, ['z', 0]],
      [`UPDATE pooled_probe SET name = $1 WHERE id = $2 RETURNING id, name`, ['y', 2]],
      [`SELECT count(*) FROM pooled_probe WHERE name = $1`, ['nobody']],
      [`DELETE FROM pooled_probe WHERE id = $1 RETURNING id`, [1]],
      [`DELETE FROM pooled_probe WHERE id = $1`, [404]],
    ];
    for (const [sql, params] of statements) {
      await plain.query(`TRUNCATE pooled_probe`);
      await plain.query(`INSERT INTO pooled_probe (id, name, amount) VALUES (1, 'a', 1.50), (2, 'b', 2)`);
      const expected: unknown = await plain.query(sql, params);
      await plain.query(`TRUNCATE pooled_probe`);
      await plain.query(`INSERT INTO pooled_probe (id, name, amount) VALUES (1, 'a', 1.50), (2, 'b', 2)`);
      expect([sql, await pooled.query(sql, params)]).toEqual([sql, expected]);
    }
    // Spot checks of the shapes compared above.
    expect(await pooled.query(`UPDATE pooled_probe SET name = $1 WHERE id > $2`, ['q', 0])).toEqual([[], 2]);
    expect(await pooled.query(`SELECT amount FROM pooled_probe WHERE id = $1`, [1])).toEqual([{ amount: '1.50' }]);
  });

  it('throws a QueryFailedError carrying the driver error, as TypeORM does', async () => {
    const failure = async (source: DataSource): Promise<QueryFailedError> => {
      try {
        await source.query(`SELECT * FROM pooled_probe WHERE id = $1`, ['not a number']);
      } catch (error) {
        return error as QueryFailedError;
      }
      throw new Error('the statement did not fail');
    };
    const [ours, theirs] = [await failure(pooled), await failure(plain)];
    expect(ours).toBeInstanceOf(QueryFailedError);
    expect(ours.message).toBe(theirs.message);
    expect(ours.query).toBe(theirs.query);
    expect(ours.parameters).toEqual(theirs.parameters);
    expect((ours.driverError as { code?: string }).code).toBe('22P02');
  });

  it('gives a connection back after a failing statement, and drops one that was cut', async () => {
    const backend = async (): Promise<number> =>
      ((await pooled.query(`SELECT pg_backend_pid() AS pid, $1::int AS n`, [1])) as { pid: number }[])[0].pid;
    const first = await backend();
    await expect(pooled.query(`SELECT $1::int / 0`, [1])).rejects.toBeInstanceOf(QueryFailedError);
    expect(await backend()).toBe(first);

    const cut = pooled.query(`SELECT pg_sleep($1)`, [5]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await plain.query(`SELECT pg_terminate_backend($1)`, [first]);
    await expect(cut).rejects.toBeInstanceOf(QueryFailedError);
    expect(await backend()).not.toBe(first);
  });

  it('runs a statement inside a transaction on that transaction', async () => {
    await pooled.transaction(async (manager) => {
      await manager.query(`INSERT INTO pooled_probe (id, name) VALUES ($1, 'inside')`, [7]);
      expect(await manager.query(`SELECT name FROM pooled_probe WHERE id = $1`, [7])).toEqual([{ name: 'inside' }]);
      // Not committed yet: a statement on the pool does not see it.
      expect(await pooled.query(`SELECT name FROM pooled_probe WHERE id = $1`, [7])).toEqual([]);
    });
    expect(await pooled.query(`SELECT name FROM pooled_probe WHERE id = $1`, [7])).toEqual([{ name: 'inside' }]);
  });

  it('keeps TypeORM’s path for a statement without parameters, which may hold several', async () => {
    expect(await pooled.query(`SELECT 1 AS one`)).toEqual(await plain.query(`SELECT 1 AS one`));
  });

  it('gives TypeORM’s error when it is not initialized', async () => {
    const expected = await new DataSource(dataSourceOptions(db.url)).query(`SELECT $1::int AS n`, [1]).catch(String);
    expect(expected).toMatch(/not Connected/i);
    await expect(createDataSource(db.url).query(`SELECT $1::int AS n`, [1]).catch(String)).resolves.toBe(expected);
  });
});
