import type { EntityManager } from 'typeorm';
import type { ChainEvent, ChainEventKind } from './chain-event.dto';

/**
 * What a handler made of an event: `'applied'` it changed state; `'not-mine'` the event's subject
 * (an address) is not this handler's; `{ ignored }` the subject is its own but there is deliberately
 * nothing to record, with the reason the reporter is told.
 */
export type HandlerOutcome = 'applied' | 'not-mine' | { readonly ignored: string };

/**
 * A context's reaction to one kind of chain event. Handlers run inside the event's database
 * transaction (`manager`), so an event applies wholly or not at all. Throwing a DomainError
 * rejects the event with that message.
 */
export interface ChainEventHandler<E extends ChainEvent = ChainEvent> {
  readonly kind: E['kind'];
  apply(event: E, manager: EntityManager): Promise<HandlerOutcome>;
  /**
   * Optional: runs once, in the transaction, before the intake applies a group of events of this kind
   * (a group may be one event), to lock and read in one statement each what `apply` would look up
   * event by event. A handler may then keep what the group's events change in memory, rows it
   * locked, and write it in `finish`.
   */
  prepare?(events: readonly E[], manager: EntityManager): Promise<void>;
  /**
   * Optional: runs once, in the transaction, after the group's events were applied, when at least
   * one was: writes what `apply` kept in memory. Every handler of the kind runs `prepare` and
   * `finish` around each group.
   */
  finish?(manager: EntityManager): Promise<void>;
}

export type HandlerFor<K extends ChainEventKind> = ChainEventHandler<Extract<ChainEvent, { kind: K }>>;

/**
 * What a handler's `prepare` locked for one open transaction, by key, each entry handed out once
 * (see `ChainEventHandler.prepare`): null records that the row was looked for and is absent.
 */
export class LockedAhead<T> {
  private readonly byTransaction = new WeakMap<EntityManager, Map<string, T | null>>();

  remember(manager: EntityManager, key: string, row: T | undefined): void {
    const rows = this.byTransaction.get(manager) ?? new Map<string, T | null>();
    rows.set(key, row ?? null);
    this.byTransaction.set(manager, rows);
  }

  /** The row locked ahead (null: absent then), once; undefined when nothing was locked ahead for `key`. */
  take(manager: EntityManager, key: string): T | null | undefined {
    const rows = this.byTransaction.get(manager);
    const row = rows?.get(key);
    rows?.delete(key);
    return row;
  }
}

/** A group's events by chain, each chain's in their order (a `prepare` reads one chain at a time). */
export function byChain<E extends { readonly chainId: string }>(events: readonly E[]): Map<string, E[]> {
  const chains = new Map<string, E[]>();
  for (const event of events) chains.set(event.chainId, [...(chains.get(event.chainId) ?? []), event]);
  return chains;
}
