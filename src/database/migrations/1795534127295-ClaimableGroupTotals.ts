import { MigrationInterface, QueryRunner } from 'typeorm';

const OPERATIONS = [
  [
    'insert',
    'INSERT',
    'REFERENCING NEW TABLE AS new_rows',
    `SELECT deployment_id, currency_id, 1 AS delta FROM new_rows`,
  ],
  [
    'delete',
    'DELETE',
    'REFERENCING OLD TABLE AS old_rows',
    `SELECT deployment_id, currency_id, -1 AS delta FROM old_rows`,
  ],
] as const;

/**
 * The claims list's total counted its groups on every request: 33 ms for 100,000 claimable groups
 * in one deployment, 100 ms under a filter of 100 currencies (`npm run bench`), while its page is
 * an index scan of a few rows. `claimable_group_totals` counts the groups per (deployment,
 * currency); the unfiltered list and its currency filters (requested, flagged, hidden) sum a few
 * rows of it.
 *
 * Kept by statement-level triggers on `claimable_groups` itself, in the same statement that adds
 * or removes a group (the transactions' triggers), upserting in key order like the other rollups.
 * A group's key never changes (its updates move times and sums only), so inserts and deletes are
 * all that count. Filled while writers wait on the transactions' lock, which every group write
 * comes through.
 */
export class ClaimableGroupTotals1795534127295 implements MigrationInterface {
  name = 'ClaimableGroupTotals1795534127295';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`LOCK TABLE claimable_groups IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`
      CREATE TABLE claimable_group_totals (
        deployment_id uuid NOT NULL,
        currency_id text NOT NULL,
        n bigint NOT NULL,
        CONSTRAINT pk_claimable_group_totals PRIMARY KEY (deployment_id, currency_id)
      )`);
    const apply = (source: string) => `
      INSERT INTO claimable_group_totals AS c
      SELECT deployment_id, currency_id, sum(delta) FROM (${source}) k
       GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT pk_claimable_group_totals DO UPDATE SET n = c.n + excluded.n;`;
    await q.query(`
      CREATE FUNCTION claimable_group_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${apply(OPERATIONS[0][3])}
        ELSE
          ${apply(OPERATIONS[1][3])}
        END IF;
        RETURN NULL;
      END $$`);
    for (const [name, event, transitions] of OPERATIONS) {
      await q.query(`CREATE TRIGGER tg_claimable_groups_total_${name} AFTER ${event} ON claimable_groups
                     ${transitions} FOR EACH STATEMENT EXECUTE FUNCTION claimable_group_totals_apply()`);
    }
    await q.query(
      `INSERT INTO claimable_group_totals SELECT deployment_id, currency_id, count(*) FROM claimable_groups GROUP BY 1, 2`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name] of OPERATIONS)
      await q.query(`DROP TRIGGER tg_claimable_groups_total_${name} ON claimable_groups`);
    await q.query(`DROP FUNCTION claimable_group_totals_apply()`);
    await q.query(`DROP TABLE claimable_group_totals`);
  }
}
