import type { EntityManager } from 'typeorm';

/** An event as the ledger knows it: its id and kind. */
export interface LedgerEntry {
  readonly eventId: string;
  readonly kind: string;
}

/**
 * The ledger of applied chain events (`chain_events`) that makes the intake idempotent (docs/chain-events.md).
 * `EntityManager` is only the handle of the open database transaction; domain code never calls it.
 */
export abstract class ChainEventLedger {
  /**
   * Opens a database transaction, records `eventId` in it and runs `apply`; an id already recorded
   * (a replay) runs nothing and answers false. Whatever `apply` throws rolls the whole event back.
   */
  abstract applyOnce(eventId: string, kind: string, apply: (manager: EntityManager) => Promise<void>): Promise<boolean>;

  /**
   * The same for several events in one database transaction: every id is recorded by one
   * statement, then `apply` runs, in order, for each entry whose id was not recorded before (the
   * second copy of an id within `entries` is a replay too), and `finish` once after them when any
   * applied. Answers, per entry, whether it applied. Whatever `apply` or `finish` throws rolls every
   * entry back.
   */
  abstract applyEachOnce(
    entries: readonly LedgerEntry[],
    apply: (index: number, manager: EntityManager) => Promise<void>,
    finish: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean[]>;
}
