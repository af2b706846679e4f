import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Earlier catalogs shipped an invented "USDT" look-alike on Tron mainnet (marked isScam) so clients
 * could try their scam filters. Beside the real USDT it made a lookup by symbol ambiguous (the
 * official SDK refuses "multiple currencies"), and the catalog now holds only real tokens. The
 * loader never deletes rows, so this removes it, unless an installation's own data already names
 * it (an invoice, a payout or a transaction): then it stays, as any operator-added token would.
 */
const INVENTED = '728126428-TYJYWzEhk5ftPvxqoiSaxsWZQMCWzg13F2';

export class DropInventedScamUsdt1795530537200 implements MigrationInterface {
  name = 'DropInventedScamUsdt1795530537200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `WITH unused AS (
         SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM invoices WHERE $1 = ANY(currency_ids))
                    AND NOT EXISTS (SELECT 1 FROM payouts WHERE currency_id = $1)
                    AND NOT EXISTS (SELECT 1 FROM transaction_amounts WHERE currency_id = $1)
       ), hidden AS (
         DELETE FROM member_hidden_currencies WHERE currency_id = $1 AND EXISTS (SELECT 1 FROM unused)
       )
       DELETE FROM currencies WHERE id = $1 AND EXISTS (SELECT 1 FROM unused)`,
      [INVENTED],
    );
  }

  async down(): Promise<void> {
    // Nothing to restore: the row was invented, and the catalog loader no longer ships it.
  }
}
