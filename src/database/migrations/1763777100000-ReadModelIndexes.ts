import { MigrationInterface, QueryRunner } from 'typeorm';

const CLAIMABLE = `operation_type = 'invoice' AND is_claimed = false AND status IN ('EXECUTED', 'CONFIRMED')`;
const DEPLOY = `operation_type = 'deploy' AND status <> 'FAILED'`;

/**
 * Two reads that walked a deployment's whole history (measured by `npm run bench`):
 *
 * - The claims list groups claimable deposits by (invoice, currency) with their first and last
 *   times and their sum: with `created_at` and `amount` in the claimable index, that is an
 *   index-only scan in group order instead of a heap fetch per deposit.
 * - An account's deployments carry their latest deploy transaction: a partial index holds just
 *   those rows, where the newest-first scan of every transaction of the deployment went looking
 *   for one (all of them, when the wallet was created outside the service).
 */
export class ReadModelIndexes1763777100000 implements MigrationInterface {
  name = 'ReadModelIndexes1763777100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_transactions_claimable`);
    await q.query(`
      CREATE INDEX ix_transactions_claimable ON transactions (deployment_id, invoice_id, currency_id)
        INCLUDE (created_at, amount) WHERE ${CLAIMABLE}`);
    await q.query(
      `CREATE INDEX ix_transactions_deploy ON transactions (deployment_id, created_at DESC, id DESC) WHERE ${DEPLOY}`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_transactions_deploy`);
    await q.query(`DROP INDEX ix_transactions_claimable`);
    await q.query(
      `CREATE INDEX ix_transactions_claimable ON transactions (deployment_id, invoice_id, currency_id) WHERE ${CLAIMABLE}`,
    );
  }
}
