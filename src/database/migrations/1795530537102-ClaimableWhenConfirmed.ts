import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deposits count as money once CONFIRMED (they were counted once mined): the claims list's rollup
 * keeps only confirmed, unclaimed invoice deposits from now on. The trigger function keeps its name,
 * so the three triggers of ClaimableGroups call the new body; the rollup is then rebuilt from the
 * stored deposits while writers wait. Down restores the mined rule the same way.
 *
 * The statement builder is ClaimableGroups' own, with the status rule as a parameter: a migration
 * is a snapshot, so it carries its SQL instead of importing it from a file that may change.
 */
const CONFIRMED = `('CONFIRMED')`;
const MINED = `('EXECUTED', 'CONFIRMED')`;

const KEY = 'deployment_id, invoice_id, currency_id';
const SAME_GROUP = `(g.deployment_id, g.invoice_id, g.currency_id) = (r.deployment_id, r.invoice_id, r.currency_id)`;

function rules(statuses: string) {
  const claimable = (t: string) => `${t}operation_type = 'invoice' AND ${t}status IN ${statuses}
    AND ${t}is_claimed = false AND ${t}invoice_id IS NOT NULL AND ${t}currency_id IS NOT NULL`;
  const deposits = (rows: string) => `SELECT ${KEY}, created_at, amount FROM ${rows} WHERE ${claimable('')}`;

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

  return {
    functionBody: `
      CREATE OR REPLACE FUNCTION claimable_groups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
      END $$`,
    rebuild: apply(deposits('transactions'), undefined),
  };
}

async function switchTo(q: QueryRunner, statuses: string): Promise<void> {
  const { functionBody, rebuild } = rules(statuses);
  await q.query(`LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE`);
  await q.query(functionBody);
  await q.query(`DELETE FROM claimable_groups`);
  await q.query(rebuild);
}

export class ClaimableWhenConfirmed1795530537102 implements MigrationInterface {
  name = 'ClaimableWhenConfirmed1795530537102';

  async up(q: QueryRunner): Promise<void> {
    await switchTo(q, CONFIRMED);
  }

  async down(q: QueryRunner): Promise<void> {
    await switchTo(q, MINED);
  }
}
