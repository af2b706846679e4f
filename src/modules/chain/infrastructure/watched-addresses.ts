import type { AddressBook } from '../domain/observations';

export type RowQuery = <R>(sql: string, params: unknown[]) => Promise<R[]>;

/**
 * The invoice and wallet addresses of one chain, held in memory so each transaction or log is
 * matched with one hash lookup, never one RPC call or query per address. Refreshed incrementally
 * before each step: only rows created since the last read (less a margin covering transactions
 * that committed after a later one) are fetched, through `ix_invoices_chain_created`.
 *
 * Reads the invoices and deployments tables directly: a read model of two other contexts' rows,
 * like the claims list. Addresses never leave the service, so no entry is ever removed.
 */
export class WatchedAddresses implements AddressBook {
  private readonly deployments = new Set<string>();
  /** Invoice deposit address → invoice nonce (decimal). */
  private readonly invoices = new Map<string, string>();
  private invoicesSeenUntil: Date | undefined;
  private deploymentsSeenUntil: Date | undefined;
  private lastFullRead = 0;

  constructor(
    private readonly chainId: string,
    private readonly query: RowQuery,
    /** How far back each refresh re-reads, for rows whose transaction committed late. */
    private readonly marginMs = 5 * 60_000,
  ) {}

  get size(): number {
    return this.deployments.size + this.invoices.size;
  }

  isWatched(address: string): boolean {
    return this.invoices.has(address) || this.deployments.has(address);
  }

  isDeployment(address: string): boolean {
    return this.deployments.has(address);
  }

  invoiceNonce(address: string): string | undefined {
    return this.invoices.get(address);
  }

  async refresh(): Promise<void> {
    // Now and then everything again, for a row whose transaction committed later than the margin.
    if (Date.now() - this.lastFullRead > FULL_READ_EVERY_MS) {
      this.invoicesSeenUntil = undefined;
      this.deploymentsSeenUntil = undefined;
      this.lastFullRead = Date.now();
    }
    const deployments = await this.query<{ address_hex: string; created_at: Date }>(
      `SELECT address_hex, created_at FROM deployments
        WHERE chain_id = $1 AND created_at >= $2`,
      [this.chainId, this.since(this.deploymentsSeenUntil)],
    );
    for (const row of deployments) this.deployments.add(row.address_hex.toLowerCase());
    this.deploymentsSeenUntil = latest(this.deploymentsSeenUntil, deployments);

    const invoices = await this.query<{ invoice_address_hex: string; invoice_nonce: string; created_at: Date }>(
      `SELECT invoice_address_hex, invoice_nonce::text AS invoice_nonce, created_at FROM invoices
        WHERE chain_id = $1 AND created_at >= $2`,
      [this.chainId, this.since(this.invoicesSeenUntil)],
    );
    for (const row of invoices) this.invoices.set(row.invoice_address_hex.toLowerCase(), row.invoice_nonce);
    this.invoicesSeenUntil = latest(this.invoicesSeenUntil, invoices);
  }

  private since(seenUntil: Date | undefined): Date {
    return seenUntil === undefined ? new Date(0) : new Date(seenUntil.getTime() - this.marginMs);
  }
}

const FULL_READ_EVERY_MS = 10 * 60_000;

function latest(current: Date | undefined, rows: readonly { created_at: Date }[]): Date | undefined {
  let result = current;
  for (const row of rows) if (result === undefined || row.created_at > result) result = row.created_at;
  return result;
}
