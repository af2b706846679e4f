import type { EntityManager } from 'typeorm';
import type { ChainEvent, ChainEventKind } from './chain-event.dto';

/**
 * A context's reaction to one kind of chain event. Handlers run inside the event's database
 * transaction (`manager`), so an event applies wholly or not at all. A handler that does not
 * recognise the event's subject (an address that is not its) does nothing. Throwing a
 * DomainError rejects the event with that message.
 */
export interface ChainEventHandler<E extends ChainEvent = ChainEvent> {
  readonly kind: E['kind'];
  apply(event: E, manager: EntityManager): Promise<void>;
}

export type HandlerFor<K extends ChainEventKind> = ChainEventHandler<Extract<ChainEvent, { kind: K }>>;
