import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { SqlWhere } from '../../../shared/infrastructure/sql';
import { cursorBatches } from '../../../shared/infrastructure/sql-cursor';
import type { AuditAction, AuditChanges, AuditEntry, AuditTargetType, AuditVia } from '../domain/audit-event';
import { AuditEventFilter, AuditEventListFilter, AuditEventRepository } from '../domain/audit-event.repository';

interface AuditEventRow {
  id: string;
  account_id: string;
  created_at: Date;
  action: AuditAction;
  actor_address: string;
  actor_via: AuditVia;
  actor_key_id: string | null;
  target_type: AuditTargetType;
  target_id: string;
  changes: AuditChanges | null;
  request_id: string | null;
  client_address: string | null;
}

const COLUMNS = `id, account_id, created_at, action, actor_address, actor_via, actor_key_id, target_type, target_id,
  changes, request_id, client_address`;

/** Columns of one row to insert, in `COLUMNS` order. */
const PER_ROW = 12;

@Injectable()
export class TypeOrmAuditEventRepository extends AuditEventRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async append(manager: EntityManager, entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const values = entries.map(
      (_, row) => `(${Array.from({ length: PER_ROW }, (__, column) => `$${row * PER_ROW + column + 1}`).join(', ')})`,
    );
    await manager.query(
      `INSERT INTO audit_events (${COLUMNS}) VALUES ${values.join(', ')}`,
      entries.flatMap((e) => [
        e.id,
        e.accountId,
        e.createdAt,
        e.action,
        e.actor.address,
        e.actor.via,
        e.actor.keyId,
        e.target.type,
        e.target.id,
        e.changes === null ? null : JSON.stringify(e.changes),
        e.requestId,
        e.clientAddress,
      ]),
    );
  }

  async accountsOf(manager: EntityManager, memberId: string): Promise<string[]> {
    const rows: { account_id: string }[] = await manager.query(
      `SELECT account_id FROM account_members WHERE member_id = $1 ORDER BY account_id`,
      [memberId],
    );
    return rows.map((row) => row.account_id);
  }

  async list(accountId: string, filter: AuditEventListFilter): Promise<{ total: number; items: AuditEntry[] }> {
    const where = filterWhere(accountId, filter);
    const [{ total }]: { total: string }[] = await this.dataSource.query(
      `SELECT count(*) AS total FROM audit_events WHERE ${where.sql}`,
      where.params,
    );
    return { total: Number(total), items: (await this.page(accountId, filter)).map(fromRow) };
  }

  /**
   * One page. Several actions are read one action at a time, each from its own stretch of the
   * per-action index (at most `offset + limit` entries of each), and merged: walking the account's
   * whole log for a rare action would read every entry it skips.
   */
  private page(accountId: string, filter: AuditEventListFilter): Promise<AuditEventRow[]> {
    const actions = filter.actions ?? [];
    if (actions.length < 2) {
      const where = filterWhere(accountId, filter);
      return this.dataSource.query(
        `SELECT ${COLUMNS} FROM audit_events WHERE ${where.sql} ORDER BY ${orderBy(filter)}
          LIMIT ${where.bind(filter.limit)} OFFSET ${where.bind(filter.offset)}`,
        where.params,
      );
    }
    const where = filterWhere(accountId, { ...filter, actions: undefined }).add(() => `e.action = wanted.action`);
    const depth = (BigInt(filter.offset) + BigInt(filter.limit)).toString();
    return this.dataSource.query(
      `SELECT e.* FROM unnest(${where.bind(actions)}::text[]) AS wanted (action)
         CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM audit_events e WHERE ${where.sql}
                              ORDER BY ${orderBy(filter)} LIMIT ${where.bind(depth)}) e
        ORDER BY ${orderBy(filter)} LIMIT ${where.bind(filter.limit)} OFFSET ${where.bind(filter.offset)}`,
      where.params,
    );
  }

  async *export(accountId: string, filter: AuditEventFilter, maxRows: number): AsyncGenerator<AuditEntry[]> {
    const where = filterWhere(accountId, filter);
    const sql = `SELECT ${COLUMNS} FROM audit_events WHERE ${where.sql} ORDER BY ${orderBy(filter)} LIMIT ${where.bind(maxRows)}`;
    for await (const rows of cursorBatches<AuditEventRow>(this.dataSource, sql, where.params)) {
      yield rows.map(fromRow);
    }
  }
}

/** The list's and the export's WHERE clause: one account, then each filter given. */
function filterWhere(accountId: string, filter: AuditEventFilter): SqlWhere {
  const where = new SqlWhere().add((p) => `account_id = ${p(accountId)}`);
  if (filter.createdFrom !== undefined) where.add((p) => `created_at >= ${p(filter.createdFrom)}`);
  if (filter.createdTo !== undefined) where.add((p) => `created_at <= ${p(filter.createdTo)}`);
  const actions = filter.actions ?? [];
  // One action as an equality, so its index also gives the order.
  if (actions.length === 1) where.add((p) => `action = ${p(actions[0])}`);
  if (actions.length > 1) where.add((p) => `action = ANY(${p(actions)}::text[])`);
  if (filter.actorAddress !== undefined) where.add((p) => `actor_address = ${p(filter.actorAddress)}`);
  return where;
}

/** Newest or oldest first; the id (a UUIDv7, in creation order) breaks ties within a millisecond. */
function orderBy(filter: AuditEventFilter): string {
  const direction = filter.sortOrder === 'asc' ? 'ASC' : 'DESC';
  return `created_at ${direction}, id ${direction}`;
}

function fromRow(row: AuditEventRow): AuditEntry {
  return {
    id: row.id,
    accountId: row.account_id,
    createdAt: row.created_at,
    action: row.action,
    actor: { address: row.actor_address, via: row.actor_via, keyId: row.actor_key_id },
    target: { type: row.target_type, id: row.target_id },
    changes: row.changes,
    requestId: row.request_id,
    clientAddress: row.client_address,
  };
}
