import { takesLocks } from './request-waits';

describe('takesLocks', () => {
  it.each([
    'SELECT 1 FROM deployments WHERE id = $1 FOR UPDATE',
    'SELECT * FROM invoices WHERE id = $1 FOR NO KEY UPDATE',
    'SELECT pg_try_advisory_xact_lock($1)',
    'UPDATE deployments SET next_invoice_nonce = next_invoice_nonce + 1 WHERE id = $1',
    'INSERT INTO "payouts"("id") VALUES ($1)',
    'DELETE FROM sessions WHERE id = $1',
  ])('counts %s as a statement that may wait on a lock', (sql) => {
    expect(takesLocks(sql)).toBe(true);
  });

  it.each([
    'SELECT * FROM transactions WHERE deployment_id = $1 ORDER BY created_at DESC LIMIT 20',
    "SELECT count(*) FILTER (WHERE status = 'UPDATE') FROM invoices",
  ])('charges the reads in full: %s', (sql) => {
    expect(takesLocks(sql)).toBe(false);
  });
});
