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
}

export type HandlerFor<K extends ChainEventKind> = ChainEventHandler<Extract<ChainEvent, { kind: K }>>;
