import type { EntityManager } from 'typeorm';

/**
 * The ledger of applied chain events (`chain_events`) that makes the intake idempotent (SPEC §10).
 * `EntityManager` is only the handle of the open database transaction; domain code never calls it.
 */
export abstract class ChainEventLedger {
  /**
   * Opens a database transaction, records `eventId` in it and runs `apply`; an id already recorded
   * (a replay) runs nothing and answers false. Whatever `apply` throws rolls the whole event back.
   */
  abstract applyOnce(eventId: string, kind: string, apply: (manager: EntityManager) => Promise<void>): Promise<boolean>;
}
