import { Inject, Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../shared/domain/domain-error';
import { isStoreUnavailable } from '../../../shared/http/store-errors';
import { fieldProblems } from '../../../shared/http/validation';
import { LOGGER } from '../../../shared/logging/logging.module';
import { ChainEvent, CHAIN_EVENT_CLASSES, ChainEventKind } from './chain-event.dto';
import { ChainEventHandler } from './chain-event-handler';

/** The result error of an event that failed for a reason other than its content (worth retrying). */
export const INTERNAL_EVENT_ERROR = 'internal error while applying the event';

export interface ChainEventResult {
  readonly eventId: string | null;
  /** True when this call changed state; false for a replay or a rejected event. */
  readonly applied: boolean;
  readonly duplicate: boolean;
  readonly error: string | null;
}

/**
 * How the chain reaches the service (SPEC §10). Each event is validated, then applied in its own
 * database transaction: first its id goes into the `chain_events` ledger (a replay stops there and
 * changes nothing), then every handler registered for its kind runs. Contexts register their
 * handlers at start-up, so this file never grows a switch over what the events mean.
 */
@Injectable()
export class ChainEventIntake {
  private readonly handlers = new Map<ChainEventKind, ChainEventHandler[]>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  register<E extends ChainEvent>(handler: ChainEventHandler<E>): void {
    const list = this.handlers.get(handler.kind) ?? [];
    list.push(handler as unknown as ChainEventHandler);
    this.handlers.set(handler.kind, list);
  }

  async ingest(events: readonly unknown[]): Promise<ChainEventResult[]> {
    const results: ChainEventResult[] = [];
    for (const raw of events) results.push(await this.ingestOne(raw));
    return results;
  }

  private async ingestOne(raw: unknown): Promise<ChainEventResult> {
    const eventId =
      typeof raw === 'object' && raw !== null && typeof (raw as { eventId?: unknown }).eventId === 'string'
        ? (raw as { eventId: string }).eventId
        : null;
    const parsed = await parseEvent(raw);
    if (typeof parsed === 'string') return { eventId, applied: false, duplicate: false, error: parsed };
    try {
      const applied = await this.dataSource.transaction(async (manager) => {
        const inserted: unknown[] = await manager.query(
          `INSERT INTO chain_events (event_id, kind) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
          [parsed.eventId, parsed.kind],
        );
        if (inserted.length === 0) return false;
        for (const handler of this.handlers.get(parsed.kind) ?? []) await handler.apply(parsed, manager);
        return true;
      });
      return { eventId, applied, duplicate: !applied, error: null };
    } catch (error) {
      if (error instanceof DomainError) return { eventId, applied: false, duplicate: false, error: error.message };
      if (isStoreUnavailable(error)) throw error;
      this.logger.error({ err: error, eventId }, 'chain event failed');
      return { eventId, applied: false, duplicate: false, error: INTERNAL_EVENT_ERROR };
    }
  }
}

/** The typed event, or a one-line reason why the input is not one. */
async function parseEvent(raw: unknown): Promise<ChainEvent | string> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'event must be an object';
  const kind = (raw as { kind?: unknown }).kind;
  if (typeof kind !== 'string' || !(kind in CHAIN_EVENT_CLASSES)) {
    return `kind must be one of ${Object.keys(CHAIN_EVENT_CLASSES).join(', ')}`;
  }
  const event = plainToInstance(CHAIN_EVENT_CLASSES[kind as ChainEventKind], raw);
  const errors = await validate(event, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0)
    return fieldProblems(errors)
      .map((problem) => `${problem.field}: ${problem.message}`)
      .join('; ');
  return event;
}
