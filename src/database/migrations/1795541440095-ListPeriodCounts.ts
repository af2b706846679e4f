import { MigrationInterface, QueryRunner } from 'typeorm';

/** A list's period counts: `counts` counts the rows of `table` per `key`, UTC month and UTC day of creation. */
interface PeriodRollup {
  readonly table: string;
  readonly counts: string;
  /** Columns of `table`, and of `counts` under the same names, after `deployment_id`. */
  readonly key: readonly string[];
  readonly keyTypes: readonly string[];
}

const ROLLUPS: readonly PeriodRollup[] = [
  { table: 'invoices', counts: 'invoice_period_counts', key: ['status', 'currency_ids'], keyTypes: ['text', 'text[]'] },
  { table: 'payouts', counts: 'payout_period_counts', key: ['status', 'currency_id'], keyTypes: ['text', 'text'] },
];

const OPERATIONS = [
  ['insert', 'INSERT', 'REFERENCING NEW TABLE AS new_rows'],
  ['update', 'UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['delete', 'DELETE', 'REFERENCING OLD TABLE AS old_rows'],
] as const;

/** Each row of `source` once per period it lies in: its UTC calendar month and its UTC day. */
function perPeriod(source: string): string {
  return `SELECT r.*, p.period, p.period_start FROM (${source}) r
            CROSS JOIN LATERAL (VALUES ('month', date_trunc('month', r.created_day)::date), ('day', r.created_day))
                    AS p (period, period_start)`;
}

/** The function the three statement-level triggers of `rollup` run, as ListTotals' rollups do. */
function applyFunction({ counts, key }: PeriodRollup): string {
  const columns = ['deployment_id', 'period', 'period_start', ...key];
  const rows = (transition: string, delta: number) =>
    `SELECT deployment_id, ${key.join(', ')}, (created_at AT TIME ZONE 'UTC')::date AS created_day, ${delta} AS delta
       FROM ${transition}`;
  const positions = columns.map((_, index) => index + 1).join(', ');
  const apply = (source: string) => `
    INSERT INTO ${counts} AS c (${columns.join(', ')}, n)
    SELECT ${columns.join(', ')}, sum(delta) FROM (${perPeriod(source)}) k
     GROUP BY ${positions} HAVING sum(delta) <> 0 ORDER BY ${positions}
    ON CONFLICT ON CONSTRAINT pk_${counts} DO UPDATE SET n = c.n + excluded.n;`;
  return `
    CREATE FUNCTION ${counts}_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${apply(rows('new_rows', 1))}
      ELSIF TG_OP = 'DELETE' THEN
        ${apply(rows('old_rows', -1))}
      ELSE
        ${apply(`${rows('old_rows', -1)} UNION ALL ${rows('new_rows', 1)}`)}
      END IF;
      RETURN NULL;
    END $$`;
}

/**
 * A deep page of the invoices or payouts list (page 5,000) walked 50,000 index entries to its
 * first row, more under a currency filter, whose rows are read to test it. These rollups count
 * each list's rows per (deployment, status, currency or accepted currency set) and UTC month and
 * UTC day of creation (`period` 'month' or 'day', `period_start` its first day), so a deep page
 * sorted by creation finds the day its first row lies in from running sums of a few dozen counts
 * and skips fewer than one day's rows, as the transactions list does.
 *
 * Kept like ListTotals' rollups, by statement-level triggers in the same statement as every write,
 * upserted in key order; filled while writers wait on the table's lock.
 */
export class ListPeriodCounts1795541440095 implements MigrationInterface {
  name = 'ListPeriodCounts1795541440095';

  async up(q: QueryRunner): Promise<void> {
    for (const rollup of ROLLUPS) {
      const { table, counts, key, keyTypes } = rollup;
      await q.query(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
      await q.query(`
        CREATE TABLE ${counts} (
          deployment_id uuid NOT NULL,
          period text NOT NULL,
          period_start date NOT NULL,
          ${key.map((column, index) => `${column} ${keyTypes[index]} NOT NULL,`).join('\n')}
          n bigint NOT NULL,
          CONSTRAINT pk_${counts} PRIMARY KEY (deployment_id, period, period_start, ${key.join(', ')}),
          CONSTRAINT ck_${counts}_period CHECK (period IN ('month', 'day')),
          CONSTRAINT fk_${counts}_deployment FOREIGN KEY (deployment_id) REFERENCES deployments (id)
        )`);
      await q.query(applyFunction(rollup));
      for (const [name, event, transitions] of OPERATIONS) {
        await q.query(`CREATE TRIGGER tg_${table}_period_count_${name} AFTER ${event} ON ${table}
                       ${transitions} FOR EACH STATEMENT EXECUTE FUNCTION ${counts}_apply()`);
      }
      const columns = ['deployment_id', 'period', 'period_start', ...key];
      await q.query(`
        INSERT INTO ${counts} (${columns.join(', ')}, n)
        SELECT ${columns.join(', ')}, count(*) FROM (${perPeriod(
          `SELECT deployment_id, ${key.join(', ')}, (created_at AT TIME ZONE 'UTC')::date AS created_day FROM ${table}`,
        )}) k
         GROUP BY ${columns.map((_, index) => index + 1).join(', ')}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { table, counts } of [...ROLLUPS].reverse()) {
      for (const [name] of OPERATIONS) await q.query(`DROP TRIGGER tg_${table}_period_count_${name} ON ${table}`);
      await q.query(`DROP FUNCTION ${counts}_apply()`);
      await q.query(`DROP TABLE ${counts}`);
    }
  }
}
