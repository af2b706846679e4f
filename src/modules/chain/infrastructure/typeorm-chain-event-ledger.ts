import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ChainEventLedger, LedgerEntry } from '../domain/chain-event-ledger';

@Injectable()
export class TypeOrmChainEventLedger extends ChainEventLedger {
  async recordOnce(manager: EntityManager, eventId: string, kind: string): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO chain_events (event_id, kind) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
      [eventId, kind],
    );
    return inserted.length > 0;
  }

  async recordEachOnce(manager: EntityManager, entries: readonly LedgerEntry[]): Promise<boolean[]> {
    // DO NOTHING also skips a second copy of an id within the statement: only its first is returned.
    const inserted: { event_id: string }[] = await manager.query(
      `INSERT INTO chain_events (event_id, kind)
         SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING RETURNING event_id`,
      [entries.map((entry) => entry.eventId), entries.map((entry) => entry.kind)],
    );
    const fresh = new Set(inserted.map((row) => row.event_id));
    return entries.map((entry) => fresh.delete(entry.eventId));
  }
}
