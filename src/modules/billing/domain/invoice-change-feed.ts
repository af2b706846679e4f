/**
 * Tells whoever watches an invoice that it changed (a deposit seen or confirmed, a new status),
 * whichever instance of the service made the change.
 */
export abstract class InvoiceChangeFeed {
  /**
   * Starts following the invoice. Resolves once changes committed from now on are sure to reach
   * `changed`; it is also called when changes may have been missed (the feed reconnected), so the
   * watcher reads the invoice again either way. The returned function stops following.
   */
  abstract follow(invoiceId: string, changed: () => void): Promise<() => void>;
}
