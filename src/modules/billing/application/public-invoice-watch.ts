import { Injectable } from '@nestjs/common';
import { InvoiceChangeFeed } from '../domain/invoice-change-feed';
import { InvoicesService, PublicInvoiceState } from './invoices.service';

export interface InvoiceWatcher {
  /** The invoice as it is now; called once at the start, then after each change, never twice at once. */
  seen(state: PublicInvoiceState): void;
  /** Reading the invoice failed (the database went away): the watch is over. */
  failed(error: unknown): void;
}

/**
 * Follows one invoice for its payer (the payment page's event stream): the state at once, then
 * again after every committed change, made by this instance or another one.
 */
@Injectable()
export class PublicInvoiceWatch {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly feed: InvoiceChangeFeed,
  ) {}

  /**
   * Throws 404 for an unknown public id before anything is followed. Resolves once the first state
   * has been handed to `watcher`; the returned function stops the watch.
   */
  async watch(publicId: string, watcher: InvoiceWatcher): Promise<() => void> {
    const { view } = await this.invoices.getPublic(publicId);
    let stopped = false;
    let starting = true;
    let reading = false;
    let readAgain = false;
    const read = async (): Promise<void> => {
      do {
        readAgain = false;
        const state = await this.invoices.getPublic(publicId);
        if (!stopped) watcher.seen(state);
      } while (readAgain && !stopped);
    };
    const changed = (): void => {
      if (stopped) return;
      if (starting || reading) {
        readAgain = true;
        return;
      }
      reading = true;
      read()
        .catch((error: unknown) => {
          if (stopped) return;
          stop();
          watcher.failed(error);
        })
        .finally(() => (reading = false));
    };
    // Followed before the first read, so that no change can fall between the two.
    const unfollow = await this.feed.follow(view.invoice.id, changed);
    const stop = (): void => {
      stopped = true;
      unfollow();
    };
    try {
      const first = await this.invoices.getPublic(publicId);
      if (!stopped) watcher.seen(first);
    } catch (error) {
      stop();
      throw error;
    }
    starting = false;
    if (readAgain) changed();
    return stop;
  }
}
