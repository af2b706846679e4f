import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The fiat rates (USD, EUR, CNY per whole unit of the transaction's currency) in force when a
 * transaction became CONFIRMED, written by the statement that confirms it and never changed after;
 * null where no rate was known then. Rows confirmed before this migration have none: their rates
 * at the time are not known.
 */
export class FiatAtConfirmation1795612041000 implements MigrationInterface {
  name = 'FiatAtConfirmation1795612041000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE transactions
        ADD COLUMN confirmed_rate_usd numeric,
        ADD COLUMN confirmed_rate_eur numeric,
        ADD COLUMN confirmed_rate_cny numeric,
        ADD CONSTRAINT ck_transactions_confirmed_rates CHECK (
          coalesce(confirmed_rate_usd, 0) >= 0 AND coalesce(confirmed_rate_eur, 0) >= 0 AND coalesce(confirmed_rate_cny, 0) >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE transactions
        DROP CONSTRAINT ck_transactions_confirmed_rates,
        DROP COLUMN confirmed_rate_usd,
        DROP COLUMN confirmed_rate_eur,
        DROP COLUMN confirmed_rate_cny`);
  }
}
