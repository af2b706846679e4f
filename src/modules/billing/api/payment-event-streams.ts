import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain/domain-error';

/**
 * The event streams this instance holds open. Each one is a connection and a watcher of its
 * invoice for as long as a payer keeps the page open, so they are capped: past
 * PAYMENT_EVENTS_MAX_STREAMS a new one is refused with 503, and the page polls instead; past
 * PAYMENT_EVENTS_MAX_STREAMS_PER_CLIENT from one client address, 429 (no payer keeps twenty pages
 * open; a flood from one address no longer takes the instance's streams from everyone else).
 * Closing the app ends them all, or the HTTP server would wait for every payer to leave.
 */
const STREAM_RETRY_AFTER_SECONDS = 5;

@Injectable()
export class PaymentEventStreams implements OnModuleDestroy {
  private readonly open = new Set<() => void>();
  private readonly byClient = new Map<string, number>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get keepAliveMs(): number {
    return this.config.paymentEvents.keepAliveMs;
  }

  /** Takes a place for a stream; `end` is called if the app closes first. Returns the function that frees it. */
  admit(end: () => void, client: string): () => void {
    const ofClient = this.byClient.get(client) ?? 0;
    if (ofClient >= this.config.paymentEvents.maxStreamsPerClient) {
      throw new DomainError(
        'rate_limited',
        'TOO_MANY_STREAMS',
        'Too many open event streams from this client address; close one or poll the invoice',
        [],
        STREAM_RETRY_AFTER_SECONDS,
      );
    }
    if (this.open.size >= this.config.paymentEvents.maxStreams) {
      throw new DomainError(
        'unavailable',
        'SERVICE_UNAVAILABLE',
        'Too many open event streams on this instance; poll the invoice or retry later',
        [],
        STREAM_RETRY_AFTER_SECONDS,
      );
    }
    this.open.add(end);
    this.byClient.set(client, ofClient + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      this.open.delete(end);
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left === 0) this.byClient.delete(client);
      else this.byClient.set(client, left);
    };
  }

  onModuleDestroy(): void {
    for (const end of [...this.open]) end();
  }
}
