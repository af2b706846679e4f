import { MigrationInterface, QueryRunner } from 'typeorm';

/** A deposit the claims list shows: an invoice's mined, unclaimed deposit in a currency. */
const claimable = (t: string) => `${t}operation_type = 'invoice' AND ${t}status IN ('EXECUTED', 'CONFIRMED')
  AND ${t}is_claimed = false AND ${t}invoice_id IS NOT NULL AND ${t}currency_id IS NOT NULL`;
const KEY = 'deployment_id, invoice_id, currency_id';
const SAME_GROUP = `(g.deployment_id, g.invoice_id, g.currency_id) = (r.deployment_id, r.invoice_id, r.currency_id)`;

/** The claimable deposits among `rows`, as (group, time, amount). */
const deposits = (rows: string) => `SELECT ${KEY}, created_at, amount FROM ${rows} WHERE ${claimable('')}`;

/**
 * One statement's changes to the groups: `added` and `removed` deposits as signed deltas, upserted
 * in key order (the same lock order for every writer). Sums and counts move by delta; an added
 * deposit widens the first and last times by least and greatest, so concurrent writers of one
 * group both count.
 *
 * A removed deposit may have been a group's first or last: after the upsert (which holds each
 * touched group's lock), a statement of its own reads those groups' remaining deposits again, and
 * drops the emptied ones. Its snapshot holds every writer that had the lock before; one waiting on
 * it adds its deposits after, by least and greatest.
 */
function apply(added: string | undefined, removed: string | undefined): string {
  const signed = [
    added && `SELECT *, 1 AS sign FROM (${added}) a`,
    removed && `SELECT *, -1 AS sign FROM (${removed}) d`,
  ].filter(Boolean);
  const upsert = `
    INSERT INTO claimable_groups AS g
    SELECT ${KEY}, coalesce(min(created_at) FILTER (WHERE sign > 0), 'infinity'),
           coalesce(max(created_at) FILTER (WHERE sign > 0), '-infinity'), sum(sign * amount), sum(sign)
      FROM (${signed.join(' UNION ALL ')}) k GROUP BY ${KEY} ORDER BY ${KEY}
    ON CONFLICT ON CONSTRAINT pk_claimable_groups DO UPDATE
      SET first_at = least(g.first_at, excluded.first_at), last_at = greatest(g.last_at, excluded.last_at),
          amount = g.amount + excluded.amount, transactions = g.transactions + excluded.transactions;`;
  if (removed === undefined) return upsert;
  const touched = `(SELECT DISTINCT ${KEY} FROM (${removed}) d)`;
  return `${upsert}
    UPDATE claimable_groups g SET first_at = r.first_at, last_at = r.last_at
      FROM (SELECT t.deployment_id, t.invoice_id, t.currency_id, min(t.created_at) AS first_at, max(t.created_at) AS last_at
              FROM ${touched} d JOIN transactions t USING (${KEY})
             WHERE ${claimable('t.')}
             GROUP BY 1, 2, 3) r
     WHERE ${SAME_GROUP};
    DELETE FROM claimable_groups g USING ${touched} r WHERE ${SAME_GROUP} AND g.transactions = 0;`;
}

/**
 * The claims list's groups, kept by the transactions' statement-level triggers in the same
 * statement as every write: per (deployment, invoice, currency) of claimable deposits, their
 * first and last times, sum and count. The list grouped every unclaimed deposit of the deployment
 * on every request, twice (total and page): 0.75 s at the median under 16 connections at 100,000
 * deposits (`npm run bench`). Now its page is an index scan in the list's order and its total a
 * count of groups. Claims themselves (what a claim collects, which deposits it marks) still read
 * the deposits.
 *
 * Writers stay exact together: a removal (claimed, failed, deleted, moved) takes the group's lock
 * before it recounts the first and last times. No foreign keys: every group derives from deposits
 * whose own keys hold, and a key check here would lock the invoice and the deployment inside a
 * deposit's statement, beside the locks the intake takes in its own order. Filled from the stored
 * deposits while writers wait.
 */
export class ClaimableGroups1763779000000 implements MigrationInterface {
  name = 'ClaimableGroups1763779000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`
      CREATE TABLE claimable_groups (
        deployment_id uuid NOT NULL,
        invoice_id uuid NOT NULL,
        currency_id text NOT NULL,
        first_at timestamp(3) with time zone NOT NULL,
        last_at timestamp(3) with time zone NOT NULL,
        amount numeric(78,0) NOT NULL,
        transactions bigint NOT NULL,
        CONSTRAINT pk_claimable_groups PRIMARY KEY (deployment_id, invoice_id, currency_id)
      )`);
    await q.query(
      `CREATE INDEX ix_claimable_groups_first ON claimable_groups (deployment_id, first_at, invoice_id, currency_id)`,
    );
    await q.query(
      `CREATE INDEX ix_claimable_groups_last ON claimable_groups (deployment_id, last_at, invoice_id, currency_id)`,
    );
    await q.query(`
      CREATE FUNCTION claimable_groups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${apply(deposits('new_rows'), undefined)}
        ELSIF TG_OP = 'DELETE' THEN
          ${apply(undefined, deposits('old_rows'))}
        ELSE
          -- An update that leaves a deposit as it was (confirmations, say) changes no group.
          ${apply(
            `${deposits('new_rows')} EXCEPT ALL ${deposits('old_rows')}`,
            `${deposits('old_rows')} EXCEPT ALL ${deposits('new_rows')}`,
          )}
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER tg_transactions_claimable_insert AFTER INSERT ON transactions
                   REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION claimable_groups_apply()`);
    await q.query(`CREATE TRIGGER tg_transactions_claimable_update AFTER UPDATE ON transactions
                   REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION claimable_groups_apply()`);
    await q.query(`CREATE TRIGGER tg_transactions_claimable_delete AFTER DELETE ON transactions
                   REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION claimable_groups_apply()`);
    await q.query(apply(deposits('transactions'), undefined));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER tg_transactions_claimable_delete ON transactions`);
    await q.query(`DROP TRIGGER tg_transactions_claimable_update ON transactions`);
    await q.query(`DROP TRIGGER tg_transactions_claimable_insert ON transactions`);
    await q.query(`DROP FUNCTION claimable_groups_apply()`);
    await q.query(`DROP TABLE claimable_groups`);
  }
}
