import { MigrationInterface, QueryRunner } from 'typeorm';

const OPERATIONS = [
  ['insert', 'INSERT', 'REFERENCING NEW TABLE AS new_rows'],
  ['update', 'UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['delete', 'DELETE', 'REFERENCING OLD TABLE AS old_rows'],
] as const;

const KEY = 'deployment_id, status, currency_ids';

/**
 * The invoices list's total under a currency filter (`currency_ids && $ids`) counted every
 * matching invoice: 100,000 of them for a filter naming their currency. An invoice accepts a set of
 * currencies, so a per-currency count would count an invoice once per matching currency; this
 * rollup counts invoices per (deployment, status, accepted currency set) instead, each invoice in
 * exactly one bucket, and the total for any currency list is the sum of the buckets whose set
 * overlaps it. A deployment has as many buckets as status and currency-set pairs it uses: a few.
 *
 * Kept like `invoice_totals`, by statement-level triggers in the same statement as every write;
 * filled while writers wait on the invoices' lock (a count of the table, once).
 */
export class InvoiceCurrencyTotals1795533151725 implements MigrationInterface {
  name = 'InvoiceCurrencyTotals1795533151725';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE invoices IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`
      CREATE TABLE invoice_currency_totals (
        deployment_id uuid NOT NULL,
        status text NOT NULL,
        currency_ids text[] NOT NULL,
        n bigint NOT NULL,
        CONSTRAINT pk_invoice_currency_totals PRIMARY KEY (deployment_id, status, currency_ids),
        CONSTRAINT fk_invoice_currency_totals_deployment FOREIGN KEY (deployment_id) REFERENCES deployments (id)
      )`);
    const rows = (transition: string, delta: number) => `SELECT ${KEY}, ${delta} AS delta FROM ${transition}`;
    const apply = (source: string) => `
      INSERT INTO invoice_currency_totals AS c
      SELECT ${KEY}, sum(delta) FROM (${source}) k
       GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ON CONSTRAINT pk_invoice_currency_totals DO UPDATE SET n = c.n + excluded.n;`;
    await q.query(`
      CREATE FUNCTION invoice_currency_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${apply(rows('new_rows', 1))}
        ELSIF TG_OP = 'DELETE' THEN
          ${apply(rows('old_rows', -1))}
        ELSE
          ${apply(`${rows('old_rows', -1)} UNION ALL ${rows('new_rows', 1)}`)}
        END IF;
        RETURN NULL;
      END $$`);
    for (const [name, event, transitions] of OPERATIONS) {
      await q.query(`CREATE TRIGGER tg_invoices_currency_total_${name} AFTER ${event} ON invoices
                     ${transitions} FOR EACH STATEMENT EXECUTE FUNCTION invoice_currency_totals_apply()`);
    }
    await q.query(`INSERT INTO invoice_currency_totals SELECT ${KEY}, count(*) FROM invoices GROUP BY 1, 2, 3`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name] of OPERATIONS) await q.query(`DROP TRIGGER tg_invoices_currency_total_${name} ON invoices`);
    await q.query(`DROP FUNCTION invoice_currency_totals_apply()`);
    await q.query(`DROP TABLE invoice_currency_totals`);
  }
}
