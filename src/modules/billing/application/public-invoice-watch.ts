import { Injectable } from '@nestjs/common';
import { InvoiceChangeFeed } from '../domain/invoice-change-feed';
import { InvoicesService, PublicInvoiceState } from './invoices.service';

export interface InvoiceWatcher {
  /** The invoice as it is now; called once at the start, then after each change, never twice at once. */
  seen(state: PublicInvoiceState): void;
  /** Reading the invoice failed (the database went away): the watch is over. */
  failed(error: unknown): void;
}

/** The watchers of one invoice, and the one read after a change that serves them all. */
interface Followers {
  /** Watchers past their first state: each change's read goes to them. */
  readonly ready: Set<InvoiceWatcher>;
  /** Watchers still reading their first state. */
  readonly starting: Set<InvoiceWatcher>;
  /** Starting watchers a change came for: their first read may predate it, so one more read follows. */
  readonly missed: Set<InvoiceWatcher>;
  unfollow: () => void;
  reading: boolean;
  readAgain: boolean;
  /** The last watcher left and the feed was unfollowed: a late joiner follows anew. */
  closed: boolean;
}

/**
 * Follows one invoice for its payers (the payment page's event streams): the state at once, then
 * again after every committed change, made by this instance or another one. Every stream of one
 * invoice on this instance shares one follower of the change feed and one read per change: a
 * thousand open pages cost one query per change, not a thousand.
 */
@Injectable()
export class PublicInvoiceWatch {
  private readonly followed = new Map<string, Promise<Followers>>();

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
    let entry = this.followersOf(publicId, view.invoice.id);
    let followers = await entry;
    while (followers.closed) {
      entry = this.followersOf(publicId, view.invoice.id);
      followers = await entry;
    }
    // Joined before the first read, so that no change can fall between the two.
    followers.starting.add(watcher);
    let stopped = false;
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      followers.starting.delete(watcher);
      followers.missed.delete(watcher);
      followers.ready.delete(watcher);
      if (followers.ready.size === 0 && followers.starting.size === 0) {
        followers.closed = true;
        followers.unfollow();
        if (this.followed.get(publicId) === entry) this.followed.delete(publicId);
      }
    };
    try {
      const first = await this.invoices.getPublic(publicId);
      if (!stopped) watcher.seen(first);
    } catch (error) {
      stop();
      throw error;
    }
    if (!stopped) {
      followers.starting.delete(watcher);
      followers.ready.add(watcher);
      if (followers.missed.delete(watcher)) this.changed(publicId, followers);
    }
    return stop;
  }

  private followersOf(publicId: string, invoiceId: string): Promise<Followers> {
    let followers = this.followed.get(publicId);
    if (followers === undefined) {
      const created: Followers = {
        ready: new Set(),
        starting: new Set(),
        missed: new Set(),
        unfollow: () => undefined,
        reading: false,
        readAgain: false,
        closed: false,
      };
      followers = this.feed
        .follow(invoiceId, () => this.changed(publicId, created))
        .then(
          (unfollow) => {
            created.unfollow = unfollow;
            return created;
          },
          (error: unknown) => {
            this.followed.delete(publicId);
            throw error;
          },
        );
      this.followed.set(publicId, followers);
    }
    return followers;
  }

  private changed(publicId: string, followers: Followers): void {
    for (const watcher of followers.starting) followers.missed.add(watcher);
    if (followers.ready.size === 0 || followers.closed) return;
    if (followers.reading) {
      followers.readAgain = true;
      return;
    }
    followers.reading = true;
    this.readFor(publicId, followers)
      .catch((error: unknown) => {
        for (const watcher of [...followers.ready]) watcher.failed(error);
      })
      .finally(() => (followers.reading = false));
  }

  private async readFor(publicId: string, followers: Followers): Promise<void> {
    do {
      followers.readAgain = false;
      const state = await this.invoices.getPublic(publicId);
      for (const watcher of [...followers.ready]) watcher.seen(state);
    } while (followers.readAgain && followers.ready.size > 0);
  }
}
