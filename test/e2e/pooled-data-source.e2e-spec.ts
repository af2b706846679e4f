import { DataSource, QueryFailedError } from 'typeorm';
import { createDataSource, dataSourceOptions } from '../../ormconfig';
import { PooledDataSource, StatementNames, TRANSACTION_ATTEMPTS } from '../../src/database/pooled-data-source';
import { toProblem } from '../../src/shared/http/error-response.filter';
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
    // Fails with the given SQLSTATE on its first `failures` calls: a sequence is not rolled back, so
    // it counts the calls of attempts that were.
    await plain.query(`CREATE SEQUENCE pooled_flaky_calls`);
    await plain.query(`
      CREATE FUNCTION pooled_flaky(failures int, state text) RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE n bigint := nextval('pooled_flaky_calls');
      BEGIN
        IF n <= failures THEN RAISE EXCEPTION 'conflict on call %', n USING ERRCODE = state; END IF;
        RETURN n;
      END $$`);
  });

  afterAll(async () => {
    await pooled.destroy();
    await plain.destroy();
    await db.drop();
  });

  beforeEach(async () => {
    await plain.query(`TRUNCATE pooled_probe`);
    await plain.query(`ALTER SEQUENCE pooled_flaky_calls RESTART`);
  });

  /** How many times pooled_flaky ran since the last restart. */
  const flakyCalls = async (): Promise<number> => {
    const rows = (await plain.query(
      `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS calls FROM pooled_flaky_calls`,
    )) as { calls: string }[];
    return Number(rows[0].calls);
  };

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

  it('prepares each statement once per connection and runs it by name afterwards', async () => {
    const backend = `SELECT pg_backend_pid() AS pid, $1::int AS n`;
    const first = ((await pooled.query(backend, [1])) as { pid: number }[])[0].pid;
    expect(await pooled.query(`SELECT $1::int + 1 AS n`, [1])).toEqual([{ n: 2 }]);
    expect(await pooled.query(`SELECT $1::int + 1 AS n`, [2])).toEqual([{ n: 3 }]);
    const prepared = (await pooled.query(
      `SELECT name, statement, (SELECT pg_backend_pid()) AS pid FROM pg_prepared_statements
        WHERE statement = ANY($1) ORDER BY statement`,
      [[backend, `SELECT $1::int + 1 AS n`]],
    )) as { name: string; statement: string; pid: number }[];
    expect(prepared.map((row) => [row.statement, row.pid])).toEqual([
      [`SELECT $1::int + 1 AS n`, first],
      [backend, first],
    ]);
    expect(prepared.map((row) => row.name)).toEqual([expect.stringMatching(/^pooled_\d+$/), expect.any(String)]);
  });

  it('runs a prepared statement again on a new connection when a column’s type changed under it', async () => {
    await plain.query(`INSERT INTO pooled_probe (id, name) VALUES (1, 'a')`);
    const read = `SELECT name, pg_backend_pid() AS pid FROM pooled_probe WHERE id = $1`;
    const before = ((await pooled.query(read, [1])) as { pid: number }[])[0].pid;
    await plain.query(`ALTER TABLE pooled_probe ALTER COLUMN name TYPE varchar(40)`);
    try {
      // PostgreSQL refuses the old statement on that connection: "cached plan must not change result type".
      const after = (await pooled.query(read, [1])) as { name: string; pid: number }[];
      expect(after).toEqual([{ name: 'a', pid: expect.any(Number) }]);
      expect(after[0].pid).not.toBe(before);
    } finally {
      await plain.query(`ALTER TABLE pooled_probe ALTER COLUMN name TYPE text`);
    }
  });

  it('fails a statement PostgreSQL cannot prepare the same way every time, and prepares it once it can', async () => {
    const read = `SELECT id FROM pooled_later WHERE id = $1`;
    const code = (run: Promise<unknown>): Promise<unknown> =>
      run.then(
        () => 'ok',
        (error: QueryFailedError) => (error.driverError as { code?: string }).code,
      );
    // Not "prepared statement does not exist" the second time: a failed prepare leaves no name behind.
    expect([await code(pooled.query(read, [1])), await code(pooled.query(read, [1]))]).toEqual(['42P01', '42P01']);
    await plain.query(`CREATE TABLE pooled_later (id int)`);
    try {
      expect(await pooled.query(read, [1])).toEqual([]);
    } finally {
      await plain.query(`DROP TABLE pooled_later`);
    }
  });

  it('names at most its limit of statement texts; a text past it runs unnamed', () => {
    const names = new StatementNames(2);
    const [a, b] = [names.nameOf('SELECT $1'), names.nameOf('SELECT $1, $2')];
    expect(a).not.toBe(b);
    expect(names.nameOf('SELECT $1, $2, $3')).toBeUndefined();
    expect([names.nameOf('SELECT $1'), names.nameOf('SELECT $1, $2')]).toEqual([a, b]);
  });

  it('keeps TypeORM’s path for a statement without parameters, which may hold several', async () => {
    expect(await pooled.query(`SELECT 1 AS one`)).toEqual(await plain.query(`SELECT 1 AS one`));
  });

  it('gives TypeORM’s error when it is not initialized', async () => {
    const expected = await new DataSource(dataSourceOptions(db.url)).query(`SELECT $1::int AS n`, [1]).catch(String);
    expect(expected).toMatch(/not Connected/i);
    await expect(createDataSource(db.url).query(`SELECT $1::int AS n`, [1]).catch(String)).resolves.toBe(expected);
  });

  describe('a deadlock or a serialization failure', () => {
    /**
     * Two transactions that lock rows 1 and 2 in opposite orders, each taking its second row only
     * once both hold their first: PostgreSQL must pick one of them as a deadlock's victim.
     */
    async function deadlockingPair(
      source: DataSource,
    ): Promise<{ outcomes: PromiseSettledResult<void>[]; runs: number[] }> {
      await plain.query(`INSERT INTO pooled_probe (id, name) VALUES (1, ''), (2, '')`);
      const runs = [0, 0];
      let holding = 0;
      let bothHold!: () => void;
      const barrier = new Promise<void>((resolve) => (bothHold = resolve));
      const writer = (index: number, first: number, second: number): Promise<void> =>
        source.transaction(async (manager) => {
          runs[index] += 1;
          await manager.query(`UPDATE pooled_probe SET name = name || $1 WHERE id = $2`, [String(index), first]);
          if ((holding += 1) === 2) bothHold();
          await barrier;
          await manager.query(`UPDATE pooled_probe SET name = name || $1 WHERE id = $2`, [String(index), second]);
        });
      return { outcomes: await Promise.allSettled([writer(0, 1, 2), writer(1, 2, 1)]), runs };
    }

    const driverCode = (outcome: PromiseSettledResult<unknown>): unknown =>
      outcome.status === 'rejected'
        ? ((outcome.reason as QueryFailedError).driverError as { code?: string }).code
        : undefined;

    it('deadlocks for real on a plain data source: one of the two fails with 40P01', async () => {
      const { outcomes } = await deadlockingPair(plain);
      expect(outcomes.map(driverCode).sort()).toEqual(['40P01', undefined]);
    });

    it('runs the victim transaction again: both commit, each row written once by each', async () => {
      const { outcomes, runs } = await deadlockingPair(pooled);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
      // The winner ran once; the victim ran again (more than once if its retry met the winner again,
      // which a loaded machine can make happen).
      const [winner, victim] = [...runs].sort((a, b) => a - b);
      expect(winner).toBe(1);
      expect(victim).toBeGreaterThanOrEqual(2);
      const rows = (await plain.query(`SELECT id, name FROM pooled_probe ORDER BY id`)) as { name: string }[];
      expect(rows.map((row) => [...row.name].sort().join(''))).toEqual(['01', '01']);
    });

    it('leaves nothing of a failed attempt: the transaction that succeeds is the only one that counts', async () => {
      let runs = 0;
      const n = await pooled.transaction(async (manager) => {
        runs += 1;
        // The primary key would refuse this insert on the second run if the first one had stayed.
        await manager.query(`INSERT INTO pooled_probe (id, name) VALUES ($1, 'once')`, [9]);
        return ((await manager.query(`SELECT pooled_flaky($1, $2) AS n`, [2, '40001'])) as { n: string }[])[0].n;
      });
      expect([runs, n]).toEqual([3, '3']);
      expect(await plain.query(`SELECT name FROM pooled_probe`)).toEqual([{ name: 'once' }]);
    });

    it('runs a statement outside a transaction again, on the pool and on TypeORM’s path', async () => {
      expect(await pooled.query(`SELECT pooled_flaky($1, $2) AS n`, [1, '40P01'])).toEqual([{ n: '2' }]);
      await plain.query(`ALTER SEQUENCE pooled_flaky_calls RESTART`);
      expect(await pooled.query(`SELECT pooled_flaky(2, '40001') AS n`)).toEqual([{ n: '3' }]);
    });

    it(`gives up after ${TRANSACTION_ATTEMPTS} attempts with PostgreSQL's error`, async () => {
      const failure = pooled.query(`SELECT pooled_flaky($1, $2) AS n`, [TRANSACTION_ATTEMPTS, '40P01']);
      await expect(failure).rejects.toMatchObject({ driverError: { code: '40P01' } });
      expect(await flakyCalls()).toBe(TRANSACTION_ATTEMPTS);
      // Which the client then reads as a 503 with Retry-After, not a 500.
      expect(toProblem(await failure.catch((error: unknown) => error))).toMatchObject({ status: 503 });
    });

    it('never runs again after any other error', async () => {
      await expect(pooled.query(`SELECT pooled_flaky($1, $2) AS n`, [1, '23505'])).rejects.toMatchObject({
        driverError: { code: '23505' },
      });
      let runs = 0;
      const failed = pooled.transaction(async (manager) => {
        runs += 1;
        await manager.query(`SELECT pooled_flaky($1, $2) AS n`, [5, '40P02']);
      });
      await expect(failed).rejects.toMatchObject({ driverError: { code: '40P02' } });
      expect([runs, await flakyCalls()]).toEqual([1, 2]);
    });
  });

  describe('an enclosing transaction', () => {
    const enclosing = () => pooled as PooledDataSource;
    const names = async (id: number) =>
      ((await plain.query(`SELECT name FROM pooled_probe WHERE id = $1`, [id])) as { name: string }[]).map(
        (row) => row.name,
      );

    it('commits what its transactions and statements wrote, together; a statement sees what was written', async () => {
      const seen = await enclosing().enclosingTransaction(async () => {
        await pooled.transaction((manager) => manager.query(`INSERT INTO pooled_probe VALUES (701, 'inner', 1)`));
        await pooled.query(`INSERT INTO pooled_probe VALUES ($1, $2, 1)`, [702, 'statement']);
        // Not committed yet: another connection does not see it, the enclosing one does.
        expect(await names(701)).toEqual([]);
        return pooled.query(`SELECT name FROM pooled_probe WHERE id = ANY($1) ORDER BY id`, [[701, 702]]);
      });
      expect(seen).toEqual([{ name: 'inner' }, { name: 'statement' }]);
      expect([await names(701), await names(702)]).toEqual([['inner'], ['statement']]);
    });

    it('rolls everything back when its work throws, the inner transactions that returned included', async () => {
      await expect(
        enclosing().enclosingTransaction(async () => {
          await pooled.transaction((manager) => manager.query(`INSERT INTO pooled_probe VALUES (703, 'gone', 1)`));
          throw new Error('the handler failed');
        }),
      ).rejects.toThrow('the handler failed');
      expect(await names(703)).toEqual([]);
    });

    it('rolls back only a failed inner transaction (a savepoint); the rest goes on and commits', async () => {
      await enclosing().enclosingTransaction(async () => {
        await pooled.query(`INSERT INTO pooled_probe VALUES ($1, $2, 1)`, [704, 'kept']);
        await expect(
          pooled.transaction(async (manager) => {
            await manager.query(`INSERT INTO pooled_probe VALUES (705, 'undone', 1)`);
            await manager.query(`INSERT INTO pooled_probe VALUES (704, 'duplicate', 1)`);
          }),
        ).rejects.toMatchObject({ driverError: { code: '23505' } });
      });
      expect([await names(704), await names(705)]).toEqual([['kept'], []]);
    });

    it('runs a deadlock victim again from its savepoint', async () => {
      let runs = 0;
      await enclosing().enclosingTransaction(() =>
        pooled.transaction(async (manager) => {
          runs += 1;
          await manager.query(`SELECT pooled_flaky($1, $2) AS n`, [1, '40P01']);
        }),
      );
      expect(runs).toBe(2);
    });

    it('sends work left running after it ends to the pool', async () => {
      let late: Promise<unknown> | undefined;
      await enclosing().enclosingTransaction(() => {
        late = new Promise((resolve) => setTimeout(resolve, 50)).then(() => pooled.query(`SELECT $1::int AS n`, [7]));
        return Promise.resolve();
      });
      expect(await late).toEqual([{ n: 7 }]);
    });
  });
});
