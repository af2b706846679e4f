import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { ChainEventLedger } from '../domain/chain-event-ledger';

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
}
