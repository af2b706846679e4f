import { Inject, Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Logger } from 'pino';
import { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../../../shared/domain/domain-error';
import { isStoreUnavailable } from '../../../shared/http/store-errors';
import { fieldProblems } from '../../../shared/http/validation';
import { LOGGER } from '../../../shared/logging/logging.module';
import { Metrics } from '../../../shared/metrics/metrics';
import { CatalogService } from '../../catalog/catalog.service';
import type { ObservedChainEvent } from '../domain/chain-event';
import { ChainEventLedger } from '../domain/chain-event-ledger';
import { ChainEvent, CHAIN_EVENT_CLASSES, ChainEventKind } from './chain-event.dto';
import { ChainEventHandler, HandlerOutcome } from './chain-event-handler';
import { normaliseTxHash } from './transaction-identity';
import { Address } from '../../../shared/domain/address';

/** The result error of an event that failed for a reason other than its content (worth retrying). */
export const INTERNAL_EVENT_ERROR = 'internal error while applying the event';

export interface ChainEventResult {
  readonly eventId: string | null;
  /** True when this call changed state; false for a replay, a rejected or an ignored event. */
  readonly applied: boolean;
  readonly duplicate: boolean;
  /** Why the event was refused (its content is wrong); a reporter should not send it again as is. */
  readonly error: string | null;
  /**
   * Present only when a valid event changed nothing, saying why: it names no deployment or invoice
   * address of the service, or it is a claim's sweep. It is not recorded as applied, so the same
   * event applies once its subject exists.
   */
  readonly ignored?: string;
}

/**
 * At most this many events are applied in one database transaction. Large enough that the commit,
 * the ledger statement and a group's few reads and writes are a small share of each event; small
 * enough that the invoice and rollup rows it locks are not held for long. 200 was measured no
 * faster (docs/decisions.md).
 */
const EVENTS_PER_TRANSACTION = 50;

interface PreparedEvent {
  /** Where the event stands in the reported list. */
  readonly index: number;
  /** As the reporter spelled it, for its result. */
  readonly eventId: string | null;
  readonly event: ChainEvent;
}

function refused(eventId: string | null, error: string): ChainEventResult {
  return { eventId, applied: false, duplicate: false, error };
}

/** Thrown inside the event's transaction when no handler applied it: rolls its ledger entry back. */
class EventIgnored extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * How the chain reaches the service (docs/chain-events.md). Each event is validated and put in its one
 * spelling (a catalog chain, its `txHash` normalised, its `currencyId` a catalog currency of that
 * chain), then applied in a database transaction (a few dozen events share one, see `ingest`):
 * first its id goes into the `chain_events` ledger (a replay stops there and changes nothing), then
 * every handler registered for its kind runs. Contexts register their handlers at start-up, so this
 * file never grows a switch over what the events mean.
 */
@Injectable()
export class ChainEventIntake {
  private readonly handlers = new Map<ChainEventKind, ChainEventHandler[]>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: ChainEventLedger,
    private readonly catalog: CatalogService,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: Metrics,
  ) {}

  register<E extends ChainEvent>(handler: ChainEventHandler<E>): void {
    const list = this.handlers.get(handler.kind) ?? [];
    list.push(handler as unknown as ChainEventHandler);
    this.handlers.set(handler.kind, list);
  }

  /**
   * Applies `events` in order. Valid events go into one database transaction a group at a time (a
   * run of one kind, `groupsOf`): one ledger statement for all their ids, the kind's handlers'
   * `prepare`, each event's handlers, their `finish`; so a busy chain pays neither a transaction
   * nor a few statements per event. A group where some event is not applied
   * (ignored, refused by a handler, or failed) is rolled back and its events applied one by one,
   * each in its own transaction, so that event cannot take the others with it and every result is
   * what it would have been alone.
   */
  async ingest(events: readonly unknown[]): Promise<ChainEventResult[]> {
    return this.applyAll(events, (raw) => this.prepare(raw));
  }

  /**
   * The built-in indexer's events: typed where they were built (`chain/domain/chain-event.ts`), so
   * they skip the wire format's validation; the network's rules (`normalise`) still apply.
   */
  async ingestObserved(events: readonly ObservedChainEvent[]): Promise<ChainEventResult[]> {
    return this.applyAll(events, (observed) => {
      const event = { ...observed } as ChainEvent;
      const problem = this.normalise(event);
      return Promise.resolve(
        problem === undefined ? { eventId: event.eventId, event } : refused(observed.eventId, problem),
      );
    });
  }

  private async applyAll<T>(
    events: readonly T[],
    prepare: (event: T) => Promise<Omit<PreparedEvent, 'index'> | ChainEventResult>,
  ): Promise<ChainEventResult[]> {
    const results = new Array<ChainEventResult>(events.length);
    const valid: PreparedEvent[] = [];
    for (const [index, raw] of events.entries()) {
      const prepared = await prepare(raw);
      if ('error' in prepared) results[index] = prepared;
      else valid.push({ ...prepared, index });
    }
    for (const group of groupsOf(valid)) {
      const together = group.length > 1 ? await this.applyTogether(group) : undefined;
      for (const [k, prepared] of group.entries())
        results[prepared.index] = together?.[k] ?? (await this.applyAlone(prepared));
    }
    return results;
  }

  /** The event validated and normalised, or the result that refuses it. */
  private async prepare(raw: unknown): Promise<Omit<PreparedEvent, 'index'> | ChainEventResult> {
    const eventId =
      typeof raw === 'object' && raw !== null && typeof (raw as { eventId?: unknown }).eventId === 'string'
        ? (raw as { eventId: string }).eventId
        : null;
    const parsed = await parseEvent(raw);
    if (typeof parsed === 'string') return refused(eventId, parsed);
    const problem = this.normalise(parsed);
    if (problem !== undefined) return refused(eventId, problem);
    return { eventId, event: parsed };
  }

  /** Every event of `group` applied in one transaction, or undefined when one of them was not. */
  private async applyTogether(group: readonly PreparedEvent[]): Promise<ChainEventResult[] | undefined> {
    const events = group.map(({ event }) => event);
    try {
      const applied = await this.dataSource.transaction(async (manager) => {
        // Inside: a deadlock's victim runs this again on a new transaction, which prepares anew.
        const fresh = await this.ledger.recordEachOnce(
          manager,
          events.map(({ eventId, kind }) => ({ eventId, kind })),
        );
        if (!fresh.includes(true)) return fresh;
        await this.prepareHandlers(events, manager);
        for (const [k, event] of events.entries()) {
          if (!fresh[k]) continue;
          const outcomes = await this.runHandlers(event, manager);
          if (!outcomes.includes('applied')) throw new EventIgnored(ignoredReason(event, outcomes));
        }
        await this.finishHandlers(events[0].kind, manager);
        return fresh;
      });
      for (const [k, { event }] of group.entries())
        if (applied[k]) this.metrics.chainEventsApplied.inc({ kind: event.kind });
      return group.map(({ eventId }, k) => ({ eventId, applied: applied[k], duplicate: !applied[k], error: null }));
    } catch (error) {
      if (isStoreUnavailable(error)) throw error;
      return undefined;
    }
  }

  private async applyAlone({ eventId, event }: PreparedEvent): Promise<ChainEventResult> {
    try {
      const applied = await this.dataSource.transaction(async (manager) => {
        if (!(await this.ledger.recordOnce(manager, event.eventId, event.kind))) return false;
        await this.prepareHandlers([event], manager);
        const outcomes = await this.runHandlers(event, manager);
        if (!outcomes.includes('applied')) throw new EventIgnored(ignoredReason(event, outcomes));
        await this.finishHandlers(event.kind, manager);
        return true;
      });
      if (applied) this.metrics.chainEventsApplied.inc({ kind: event.kind });
      return { eventId, applied, duplicate: !applied, error: null };
    } catch (error) {
      if (error instanceof EventIgnored)
        return { eventId, applied: false, duplicate: false, error: null, ignored: error.reason };
      if (error instanceof DomainError) return refused(eventId, reasonOf(error));
      if (isStoreUnavailable(error)) throw error;
      this.logger.error({ err: error, eventId }, 'chain event failed');
      return refused(eventId, INTERNAL_EVENT_ERROR);
    }
  }

  /**
   * Lets the handlers read a group's rows in a few statements rather than a few per event, and keep
   * what the group changes until `finishHandlers`. A group is of one kind (`groupsOf`), so no other
   * kind's handler changes those rows in between.
   */
  private async prepareHandlers(events: readonly ChainEvent[], manager: EntityManager): Promise<void> {
    for (const handler of this.handlers.get(events[0].kind) ?? []) await handler.prepare?.(events, manager);
  }

  private async finishHandlers(kind: ChainEventKind, manager: EntityManager): Promise<void> {
    for (const handler of this.handlers.get(kind) ?? []) await handler.finish?.(manager);
  }

  private async runHandlers(event: ChainEvent, manager: EntityManager): Promise<HandlerOutcome[]> {
    const outcomes: HandlerOutcome[] = [];
    for (const handler of this.handlers.get(event.kind) ?? []) outcomes.push(await handler.apply(event, manager));
    return outcomes;
  }

  /**
   * One rule for every kind: the chain must be a catalog network; every address must be one of that
   * network's; a `currencyId` must be a catalog currency of that chain (an unknown currency is
   * rejected, not recorded: the transactions read model shows every row with its catalog currency);
   * the status must agree with the confirmations. Puts `txHash` and `currencyId` in their canonical
   * spelling, so every handler keys and records one transaction the same way.
   */
  private normalise(event: ChainEvent): string | undefined {
    const network = this.catalog.findNetwork(event.chainId);
    if (network === undefined) return `chainId ${event.chainId} is not a supported network`;
    event.txHash = normaliseTxHash(event.txHash, network.networkType);
    const addresses =
      event.kind === 'transfer'
        ? { fromAddress: event.fromAddress, toAddress: event.toAddress }
        : event.kind === 'claim' && event.toAddress !== undefined
          ? { deploymentAddress: event.deploymentAddress, toAddress: event.toAddress }
          : { deploymentAddress: event.deploymentAddress };
    for (const [field, value] of Object.entries(addresses)) {
      try {
        Address.parse(value, network.networkType, field);
      } catch (error) {
        if (error instanceof DomainError) return reasonOf(error);
        throw error;
      }
    }
    if (event.kind === 'transfer' || event.kind === 'claim') {
      const currency = this.catalog.findCurrency(event.currencyId);
      if (currency === undefined || currency.chainId !== event.chainId)
        return `currencyId ${event.currencyId} is not a currency of chain ${event.chainId}`;
      event.currencyId = currency.id;
    }
    return statusContradiction(event.status, event.confirmations, network.requiredConfirmations);
  }
}

/**
 * The events in order, cut into groups applied in one transaction each: a run of events of one kind,
 * at most EVENTS_PER_TRANSACTION long.
 */
function groupsOf(events: readonly PreparedEvent[]): PreparedEvent[][] {
  const groups: PreparedEvent[][] = [];
  for (const prepared of events) {
    const last = groups.at(-1);
    if (last !== undefined && last.length < EVENTS_PER_TRANSACTION && last[0].event.kind === prepared.event.kind)
      last.push(prepared);
    else groups.push([prepared]);
  }
  return groups;
}

/**
 * PENDING is not mined (no confirmation), EXECUTED is mined (at least one), CONFIRMED has the
 * network's required confirmations. A report that says otherwise is wrong about one of the two,
 * and recording it would either count money too early or never. An absent count (optional on
 * claims and deploys) states nothing to contradict.
 */
function statusContradiction(
  status: ChainEvent['status'],
  confirmations: number | undefined,
  required: number,
): string | undefined {
  if (confirmations === undefined) return undefined;
  if (status === 'PENDING' && confirmations > 0)
    return `status: PENDING means not mined, but confirmations is ${confirmations}`;
  if (status === 'EXECUTED' && confirmations === 0)
    return 'status: EXECUTED means mined (at least 1 confirmation), but confirmations is 0';
  if (status === 'CONFIRMED' && confirmations < required)
    return `status: CONFIRMED needs ${required} confirmations on this network, but confirmations is ${confirmations}`;
  return undefined;
}

/** A domain error as one line for the reporter: the field problems it carries, else its message. */
function reasonOf(error: DomainError): string {
  return error.details.length > 0 ? error.details.map((detail) => detail.message).join('; ') : error.message;
}

/** The reason an event no handler applied is ignored: a handler's own, else its subject is unknown. */
function ignoredReason(event: ChainEvent, outcomes: readonly HandlerOutcome[]): string {
  for (const outcome of outcomes) if (typeof outcome === 'object') return outcome.ignored;
  return event.kind === 'transfer'
    ? `toAddress ${event.toAddress} is not a deployment or invoice address on chain ${event.chainId}`
    : `deploymentAddress ${event.deploymentAddress} is not a deployment on chain ${event.chainId}`;
}

/** Own keys only: a `kind` such as `toString` or `__proto__` is an unknown kind, not an Object method. */
const EVENT_CLASS_BY_KIND: ReadonlyMap<string, new () => ChainEvent> = new Map(Object.entries(CHAIN_EVENT_CLASSES));

/** The typed event, or a one-line reason why the input is not one. */
async function parseEvent(raw: unknown): Promise<ChainEvent | string> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'event must be an object';
  const kind = (raw as { kind?: unknown }).kind;
  const eventClass = typeof kind === 'string' ? EVENT_CLASS_BY_KIND.get(kind) : undefined;
  if (eventClass === undefined) return `kind must be one of ${[...EVENT_CLASS_BY_KIND.keys()].join(', ')}`;
  const event = plainToInstance(eventClass, raw);
  const errors = await validate(event, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0)
    return fieldProblems(errors)
      .map((problem) => `${problem.field}: ${problem.message}`)
      .join('; ');
  return event;
}
