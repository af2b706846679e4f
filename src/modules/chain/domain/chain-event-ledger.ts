import type { EntityManager } from 'typeorm';

/** An event as the ledger knows it: its id and kind. */
export interface LedgerEntry {
  readonly eventId: string;
  readonly kind: string;
}

/**
 * The ledger of applied chain events (`chain_events`) that makes the intake idempotent (docs/chain-events.md).
 * It records in the intake's transaction (`manager`), so an event's id commits or rolls back with
 * what applying it wrote.
 */
export abstract class ChainEventLedger {
  /** Records `eventId`; false when it was recorded before (a replay), which must then apply nothing. */
  abstract recordOnce(manager: EntityManager, eventId: string, kind: string): Promise<boolean>;

  /**
   * The same for several events in one statement: per entry, whether its id was new (the second
   * copy of an id within `entries` is a replay too).
   */
  abstract recordEachOnce(manager: EntityManager, entries: readonly LedgerEntry[]): Promise<boolean[]>;
}
