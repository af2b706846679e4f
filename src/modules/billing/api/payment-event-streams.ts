import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain/domain-error';

/**
 * The event streams this instance holds open. Each one is a connection and a follower of the
 * change feed for as long as a payer keeps the page open, so they are capped: past
 * PAYMENT_EVENTS_MAX_STREAMS a new one is refused with 503, and the page polls instead. Closing the
 * app ends them all, or the HTTP server would wait for every payer to leave.
 */
@Injectable()
export class PaymentEventStreams implements OnModuleDestroy {
  private readonly open = new Set<() => void>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get keepAliveMs(): number {
    return this.config.paymentEvents.keepAliveMs;
  }

  /** Takes a place for a stream; `end` is called if the app closes first. Returns the function that frees it. */
  admit(end: () => void): () => void {
    if (this.open.size >= this.config.paymentEvents.maxStreams) {
      throw new DomainError(
        'unavailable',
        'SERVICE_UNAVAILABLE',
        'Too many open event streams on this instance; poll the invoice or retry later',
        [],
        5,
      );
    }
    this.open.add(end);
    return () => this.open.delete(end);
  }

  onModuleDestroy(): void {
    for (const end of [...this.open]) end();
  }
}
