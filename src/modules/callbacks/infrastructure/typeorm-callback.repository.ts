import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { CallbackEventType, CallbackOperationType } from '../domain/callback-event';
import {
  AttemptResult,
  CallbackReach,
  CallbackRecord,
  CallbackRepository,
  NewCallback,
} from '../domain/callback.repository';
import type { CallbackStatus } from '../domain/callback-status';

interface CallbackRow {
  id: string;
  account_id: string;
  url: string;
  type: CallbackEventType;
  status: CallbackStatus;
  operation_id: string;
  operation_type: CallbackOperationType;
  body: string;
  attempt: number;
  schedule_step: number;
  time_sent: Date | null;
  response_code: number | null;
  response_body: string | null;
  created_at: Date;
}

const COLUMNS = `id, account_id, url, type, status, operation_id, operation_type, body, attempt, schedule_step,
  time_sent, response_code, response_body, created_at`;

/**
 * The accounts (and, for a scoped key, deployments) the access layer allows: the log and resend
 * never reach another tenant's callbacks. `$1` is the account ids, `$2` the deployment ids or null.
 */
const REACHABLE = `account_id = ANY($1::uuid[]) AND ($2::uuid[] IS NULL OR deployment_id = ANY($2::uuid[]))`;

@Injectable()
export class TypeOrmCallbackRepository extends CallbackRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async enqueue(manager: EntityManager, c: NewCallback): Promise<void> {
    await manager.query(
      `INSERT INTO callbacks (id, account_id, deployment_id, url, type, status, operation_id, operation_type, body,
                              next_attempt_at, created_at, updated_at)
       SELECT $1, d.account_id, d.id, $3, $4, 'CREATED', $5, $6, $7, $8, $8, $8 FROM deployments d WHERE d.id = $2`,
      [c.id, c.deploymentId, c.url, c.type, c.operationId, c.operationType, c.body, c.createdAt],
    );
  }

  async claimDue(limit: number, leaseMs: number): Promise<CallbackRecord[]> {
    // TypeORM answers an UPDATE … RETURNING with [rows, rowCount].
    const [rows]: [CallbackRow[], number] = await this.dataSource.query(
      `UPDATE callbacks
          SET attempt = attempt + 1, next_attempt_at = now() + $2 * interval '1 millisecond', updated_at = now()
        WHERE id IN (SELECT c.id FROM callbacks c
                      WHERE c.status IN ('CREATED', 'RETRY') AND c.next_attempt_at <= now()
                        AND NOT EXISTS (SELECT 1 FROM callbacks earlier
                                         WHERE earlier.operation_id = c.operation_id
                                           AND earlier.status IN ('CREATED', 'RETRY')
                                           AND earlier.seq < c.seq)
                      ORDER BY c.next_attempt_at, c.seq
                      LIMIT $1
                      FOR UPDATE OF c SKIP LOCKED)
       RETURNING ${COLUMNS}`,
      [limit, leaseMs],
    );
    return rows.map(fromRow);
  }

  async countDue(): Promise<number> {
    const rows: { due: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS due FROM callbacks WHERE status IN ('CREATED', 'RETRY') AND next_attempt_at <= now()`,
    );
    return rows[0].due;
  }

  async recordAttempt(id: string, attempt: number, r: AttemptResult): Promise<void> {
    await this.dataSource.query(
      `UPDATE callbacks
          SET status = $3, schedule_step = $4,
              next_attempt_at = CASE WHEN $5::bigint IS NULL THEN NULL ELSE now() + $5::bigint * interval '1 millisecond' END,
              time_sent = now(), response_code = $6, response_body = $7, last_error = $8, updated_at = now()
        WHERE id = $1 AND attempt = $2`,
      [id, attempt, r.status, r.scheduleStep, r.retryInMs, r.responseCode, r.responseBody, r.error],
    );
  }

  async listByOperation(
    reach: CallbackReach,
    operationId: string,
    limit: number,
    offset: string,
  ): Promise<{ total: number; items: CallbackRecord[] }> {
    const where = `operation_id = $3 AND ${REACHABLE}`;
    const params = [reach.accountIds, reach.deploymentIds, operationId];
    const [{ total }]: { total: string }[] = await this.dataSource.query(
      `SELECT count(*) AS total FROM callbacks WHERE ${where}`,
      params,
    );
    const rows: CallbackRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM callbacks WHERE ${where} ORDER BY seq LIMIT $4 OFFSET $5`,
      [...params, limit, offset],
    );
    return { total: Number(total), items: rows.map(fromRow) };
  }

  async requeueFailed(
    manager: EntityManager,
    reach: CallbackReach,
    ids: readonly string[],
  ): Promise<{ id: string; accountId: string }[]> {
    const [rows]: [{ id: string; account_id: string }[], number] = await manager.query(
      `UPDATE callbacks SET status = 'RETRY', schedule_step = 0, next_attempt_at = now(), updated_at = now()
        WHERE id = ANY($3::uuid[]) AND status = 'FAILED' AND ${REACHABLE}
       RETURNING id, account_id`,
      [reach.accountIds, reach.deploymentIds, ids],
    );
    return rows.map((row) => ({ id: row.id, accountId: row.account_id }));
  }

  async findOperationsCallbackUrl(accountId: string): Promise<string | null> {
    const rows: { operations_callback_url: string | null }[] = await this.dataSource.query(
      `SELECT operations_callback_url FROM account_callback_settings WHERE account_id = $1`,
      [accountId],
    );
    return rows[0]?.operations_callback_url ?? null;
  }

  async saveOperationsCallbackUrl(
    manager: EntityManager,
    accountId: string,
    url: string | null,
  ): Promise<string | null> {
    const before: { operations_callback_url: string | null }[] = await manager.query(
      `SELECT operations_callback_url FROM account_callback_settings WHERE account_id = $1 FOR UPDATE`,
      [accountId],
    );
    await manager.query(
      `INSERT INTO account_callback_settings (account_id, operations_callback_url) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET operations_callback_url = EXCLUDED.operations_callback_url, updated_at = now()`,
      [accountId, url],
    );
    return before[0]?.operations_callback_url ?? null;
  }

  async operationsCallbackUrlOf(manager: EntityManager, deploymentId: string): Promise<string | null> {
    const rows: { operations_callback_url: string | null }[] = await manager.query(
      `SELECT s.operations_callback_url FROM deployments d
         JOIN account_callback_settings s ON s.account_id = d.account_id
        WHERE d.id = $1`,
      [deploymentId],
    );
    return rows[0]?.operations_callback_url ?? null;
  }

  async saveSecret(manager: EntityManager, accountId: string, ciphertext: string): Promise<void> {
    await manager.query(
      `INSERT INTO account_callback_secrets (account_id, secret_ciphertext) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET secret_ciphertext = EXCLUDED.secret_ciphertext, created_at = now()`,
      [accountId, ciphertext],
    );
  }

  async findSecret(accountId: string): Promise<string | undefined> {
    const rows: { secret_ciphertext: string }[] = await this.dataSource.query(
      `SELECT secret_ciphertext FROM account_callback_secrets WHERE account_id = $1`,
      [accountId],
    );
    return rows[0]?.secret_ciphertext;
  }
}

function fromRow(row: CallbackRow): CallbackRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    url: row.url,
    type: row.type,
    status: row.status,
    operationId: row.operation_id,
    operationType: row.operation_type,
    body: row.body,
    attempt: row.attempt,
    scheduleStep: row.schedule_step,
    timeSent: row.time_sent,
    responseCode: row.response_code,
    responseBody: row.response_body,
    createdAt: row.created_at,
  };
}
