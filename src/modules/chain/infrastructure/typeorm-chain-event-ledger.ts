import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { ChainEventLedger, LedgerEntry } from '../domain/chain-event-ledger';

@Injectable()
export class TypeOrmChainEventLedger extends ChainEventLedger {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  applyOnce(eventId: string, kind: string, apply: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO chain_events (event_id, kind) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
        [eventId, kind],
      );
      if (inserted.length === 0) return false;
      await apply(manager);
      return true;
    });
  }

  applyEachOnce(
    entries: readonly LedgerEntry[],
    apply: (index: number, manager: EntityManager) => Promise<void>,
    finish: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean[]> {
    return this.dataSource.transaction(async (manager) => {
      // DO NOTHING also skips a second copy of an id within the statement: only its first is returned.
      const inserted: { event_id: string }[] = await manager.query(
        `INSERT INTO chain_events (event_id, kind)
         SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING RETURNING event_id`,
        [entries.map((entry) => entry.eventId), entries.map((entry) => entry.kind)],
      );
      const fresh = new Set(inserted.map((row) => row.event_id));
      const applied: boolean[] = [];
      for (const [index, entry] of entries.entries()) {
        const first = fresh.delete(entry.eventId);
        if (first) await apply(index, manager);
        applied.push(first);
      }
      if (applied.includes(true)) await finish(manager);
      return applied;
    });
  }
}
