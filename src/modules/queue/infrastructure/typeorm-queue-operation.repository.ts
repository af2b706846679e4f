import { Injectable } from '@nestjs/common';
import type { Hex } from 'viem';
import { DataSource, EntityManager } from 'typeorm';
import { NetworkType } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import {
  conflictOf,
  containsCondition,
  narrowedOnlyBy,
  SqlWhere,
  SubstringColumn,
} from '../../../shared/infrastructure/sql';
import { callFromStored, callToStored, StoredCall } from '../domain/call';
import { OperationSignature, QueueOperation } from '../domain/queue-operation';
import { QueueListFilter, QueueNonceFacts, QueueOperationRepository } from '../domain/queue-operation.repository';
import { QueueOperationStatus, QueueOperationType } from '../domain/queue-operation-status';

interface OperationRow {
  id: string;
  deployment_id: string;
  nonce: string;
  operation_type: QueueOperationType;
  status: QueueOperationStatus;
  calls: StoredCall[];
  payload: Record<string, unknown>;
  created_by: string;
  created_by_member_id: string;
  signature_blob: string | null;
  tx_hash: string | null;
  expires_at: Date | null;
  dapp_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  signatures: { signer_hex: string; signature: string; submitted_by: string; created_at: string }[];
}

const COLUMNS = `o.id, o.deployment_id, o.nonce, o.operation_type, o.status, o.calls, o.payload, o.created_by,
  o.created_by_member_id, o.signature_blob, o.tx_hash, o.expires_at, o.dapp_metadata, o.created_at, o.updated_at,
  COALESCE((SELECT json_agg(json_build_object('signer_hex', s.signer_hex, 'signature', s.signature,
                                              'submitted_by', s.submitted_by, 'created_at', s.created_at)
                            ORDER BY s.signer_hex)
              FROM queue_signatures s WHERE s.operation_id = o.id), '[]'::json) AS signatures`;

/** The creator filter, as its trigram and gram indexes are built on it. */
const CREATED_BY: SubstringColumn = { expression: 'o.created_by', operator: 'ILIKE', lowered: 'lower(o.created_by)' };

/** The status clients see: a DAPP_TRANSACTION past expires_at reads CANCELLED (docs/contract.md, Operations queue). */
const EFFECTIVE_STATUS = `(CASE WHEN o.operation_type = 'DAPP_TRANSACTION' AND o.status IN ('PENDING', 'READY')
  AND o.expires_at IS NOT NULL AND o.expires_at <= now() THEN 'CANCELLED' ELSE o.status END)`;

/** Stored-live and not expired: the operations that still compete for their nonce. */
const LIVE = `o.status IN ('PENDING', 'READY') AND o.deleted_at IS NULL
  AND NOT (o.operation_type = 'DAPP_TRANSACTION' AND o.expires_at IS NOT NULL AND o.expires_at <= now())`;

const LIVE_REJECT_INDEX = 'ux_queue_operations_live_reject';

function fromRow(row: OperationRow, networkType: NetworkType): QueueOperation {
  return QueueOperation.restore({
    id: row.id,
    deploymentId: row.deployment_id,
    networkType,
    nonce: BigInt(row.nonce),
    type: row.operation_type,
    status: row.status,
    calls: row.calls.map((call) => callFromStored(call, networkType)),
    payload: row.payload,
    createdBy: row.created_by,
    createdByMemberId: row.created_by_member_id,
    signatures: row.signatures.map((signature) => ({
      signerHex: signature.signer_hex as Hex,
      signature: signature.signature as Hex,
      submittedBy: signature.submitted_by,
      createdAt: new Date(signature.created_at),
    })),
    signatureBlob: row.signature_blob as Hex | null,
    txHash: row.tx_hash,
    expiresAt: row.expires_at,
    dappMetadata: row.dapp_metadata,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

/** A REJECT that would become the second live one at its nonce: the partial unique index says no. */
const LIVE_REJECT_CONFLICT = {
  [LIVE_REJECT_INDEX]: () =>
    DomainError.invalid('REJECT_ALREADY_EXISTS', 'A live REJECT operation already exists at this nonce'),
};

@Injectable()
export class TypeOrmQueueOperationRepository extends QueueOperationRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async insert(manager: EntityManager, operation: QueueOperation): Promise<void> {
    const o = operation.toProps();
    try {
      await manager.query(
        `INSERT INTO queue_operations (id, deployment_id, nonce, operation_type, status, calls, payload, created_by,
                                       created_by_member_id, signature_blob, tx_hash, expires_at, dapp_metadata, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
        [
          o.id,
          o.deploymentId,
          o.nonce.toString(),
          o.type,
          o.status,
          JSON.stringify(o.calls.map(callToStored)),
          JSON.stringify(o.payload),
          o.createdBy,
          o.createdByMemberId,
          o.signatureBlob,
          o.txHash,
          o.expiresAt,
          o.dappMetadata === null ? null : JSON.stringify(o.dappMetadata),
          o.createdAt,
        ],
      );
    } catch (error) {
      throw conflictOf(error, LIVE_REJECT_CONFLICT);
    }
  }

  async save(manager: EntityManager, operation: QueueOperation, options: { deleted?: boolean } = {}): Promise<void> {
    const o = operation.toProps();
    try {
      await manager.query(
        `UPDATE queue_operations
            SET nonce = $2, status = $3, signature_blob = $4, tx_hash = $5, updated_at = now(),
                deleted_at = CASE WHEN $6 THEN now() ELSE deleted_at END
          WHERE id = $1`,
        [o.id, o.nonce.toString(), o.status, o.signatureBlob, o.txHash, options.deleted === true],
      );
    } catch (error) {
      throw conflictOf(error, LIVE_REJECT_CONFLICT);
    }
  }

  async insertSignature(manager: EntityManager, operationId: string, signature: OperationSignature): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO queue_signatures (operation_id, signer_hex, signature, submitted_by, created_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT pk_queue_signatures DO NOTHING
       RETURNING signer_hex`,
      [operationId, signature.signerHex, signature.signature, signature.submittedBy, signature.createdAt],
    );
    return rows.length === 1;
  }

  async deleteSignatures(manager: EntityManager, operationId: string, signerHexes?: readonly string[]): Promise<void> {
    if (signerHexes === undefined) {
      await manager.query(`DELETE FROM queue_signatures WHERE operation_id = $1`, [operationId]);
    } else if (signerHexes.length > 0) {
      await manager.query(`DELETE FROM queue_signatures WHERE operation_id = $1 AND signer_hex = ANY($2::text[])`, [
        operationId,
        signerHexes,
      ]);
    }
  }

  /*
   * Locking reads lock first and read second: under READ COMMITTED a statement that waited for a
   * row lock still reads other tables (the signatures) as of its start, so counting signatures in
   * the locking statement itself could miss one committed by the transaction it waited for.
   */
  async findForUpdate(
    manager: EntityManager,
    deploymentId: string,
    id: string,
    networkType: NetworkType,
  ): Promise<QueueOperation | undefined> {
    const locked: { id: string }[] = await manager.query(
      `SELECT o.id FROM queue_operations o WHERE o.deployment_id = $1 AND o.id = $2 AND o.deleted_at IS NULL FOR UPDATE`,
      [deploymentId, id],
    );
    return (await this.readLocked(manager, locked, networkType))[0];
  }

  async findManyForUpdate(
    manager: EntityManager,
    deploymentId: string,
    ids: readonly string[],
    networkType: NetworkType,
  ): Promise<QueueOperation[]> {
    if (ids.length === 0) return [];
    const locked: { id: string }[] = await manager.query(
      `SELECT o.id FROM queue_operations o WHERE o.deployment_id = $1 AND o.id = ANY($2::uuid[]) ORDER BY o.nonce, o.id FOR UPDATE`,
      [deploymentId, ids],
    );
    return this.readLocked(manager, locked, networkType);
  }

  async findLiveForUpdate(
    manager: EntityManager,
    deploymentId: string,
    networkType: NetworkType,
    nonce?: bigint,
  ): Promise<QueueOperation[]> {
    const locked: { id: string }[] = await manager.query(
      `SELECT o.id FROM queue_operations o
        WHERE o.deployment_id = $1 AND o.status IN ('PENDING', 'READY') AND o.deleted_at IS NULL
          AND ($2::numeric IS NULL OR o.nonce = $2::numeric)
        ORDER BY o.nonce, o.id FOR UPDATE`,
      [deploymentId, nonce?.toString() ?? null],
    );
    return this.readLocked(manager, locked, networkType);
  }

  private async readLocked(
    manager: EntityManager,
    locked: readonly { id: string }[],
    networkType: NetworkType,
  ): Promise<QueueOperation[]> {
    if (locked.length === 0) return [];
    const rows: OperationRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM queue_operations o WHERE o.id = ANY($1::uuid[]) ORDER BY o.nonce, o.id`,
      [locked.map((row) => row.id)],
    );
    return rows.map((row) => fromRow(row, networkType));
  }

  async nextFreeNonce(manager: EntityManager, deploymentId: string, currentNonce: bigint): Promise<bigint> {
    const rows: { highest: string | null }[] = await manager.query(
      `SELECT max(o.nonce)::text AS highest FROM queue_operations o WHERE o.deployment_id = $1 AND ${LIVE}`,
      [deploymentId],
    );
    const next = rows[0].highest === null ? 0n : BigInt(rows[0].highest) + 1n;
    return next > currentNonce ? next : currentNonce;
  }

  async lowestFreeNonce(
    manager: EntityManager,
    deploymentId: string,
    currentNonce: bigint,
    end: bigint,
  ): Promise<bigint | undefined> {
    // The first free nonce is currentNonce itself or just above a held one: only those are candidates.
    const rows: { lowest: string | null }[] = await manager.query(
      `SELECT min(c.nonce)::text AS lowest
         FROM (SELECT $2::numeric AS nonce
               UNION ALL
               SELECT o.nonce + 1 FROM queue_operations o WHERE o.deployment_id = $1 AND o.nonce >= $2 AND ${LIVE}) c
        WHERE c.nonce < $3
          AND NOT EXISTS (SELECT 1 FROM queue_operations o
                           WHERE o.deployment_id = $1 AND o.nonce = c.nonce AND ${LIVE})`,
      [deploymentId, currentNonce.toString(), end.toString()],
    );
    return rows[0].lowest === null ? undefined : BigInt(rows[0].lowest);
  }

  async findById(deploymentId: string, id: string, networkType: NetworkType): Promise<QueueOperation | undefined> {
    const rows: OperationRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM queue_operations o WHERE o.deployment_id = $1 AND o.id = $2 AND o.deleted_at IS NULL`,
      [deploymentId, id],
    );
    return rows[0] && fromRow(rows[0], networkType);
  }

  async list(
    deploymentId: string,
    networkType: NetworkType,
    filter: QueueListFilter,
  ): Promise<{ total: number; items: QueueOperation[] }> {
    const where = new SqlWhere('o.deleted_at IS NULL').add((p) => `o.deployment_id = ${p(deploymentId)}`);
    if (filter.statuses?.length) where.add((p) => `${EFFECTIVE_STATUS} = ANY(${p(filter.statuses)}::text[])`);
    if (filter.operationTypes?.length) where.add((p) => `o.operation_type = ANY(${p(filter.operationTypes)}::text[])`);
    const { createdBy } = filter;
    if (createdBy !== undefined) where.add((p) => containsCondition(CREATED_BY, createdBy, p));
    if (filter.createdAtFrom !== undefined) where.add((p) => `o.created_at >= ${p(filter.createdAtFrom)}`);
    if (filter.createdAtTo !== undefined) where.add((p) => `o.created_at <= ${p(filter.createdAtTo)}`);
    const direction = filter.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const total = await this.total(deploymentId, filter, where);
    // Nothing to read past the end (a filter matching nothing would walk every operation).
    if (BigInt(filter.offset) >= BigInt(total)) return { total, items: [] };
    const rows: (OperationRow & { effective_status: QueueOperationStatus })[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM queue_operations o WHERE ${where.sql}
        ORDER BY o.nonce ${direction}, o.created_at ${direction}, o.id ${direction}
        LIMIT ${where.bind(filter.limit)}::int OFFSET ${where.bind(filter.offset)}::numeric`,
      where.params,
    );
    return { total, items: rows.map((row) => fromRow(row, networkType)) };
  }

  /**
   * The list's exact total: summed from `queue_operation_totals` (live operations per deployment
   * and type, kept by triggers) when nothing but the type narrows the list, else counted from the
   * rows. A status filter counts rows: an expired dApp transaction turns CANCELLED without a write.
   */
  private async total(deploymentId: string, filter: QueueListFilter, rows: SqlWhere): Promise<number> {
    let sql = `SELECT count(*) AS total FROM queue_operations o WHERE ${rows.sql}`;
    let params = rows.params;
    if (!filter.statuses?.length && narrowedOnlyBy(filter, ['statuses', 'operationTypes'])) {
      const { operationTypes } = filter;
      const buckets = new SqlWhere().add((p) => `deployment_id = ${p(deploymentId)}`);
      if (operationTypes?.length) buckets.add((p) => `operation_type = ANY(${p(operationTypes)}::text[])`);
      sql = `SELECT coalesce(sum(n), 0) AS total FROM queue_operation_totals WHERE ${buckets.sql}`;
      params = buckets.params;
    }
    const [{ total }]: { total: string }[] = await this.dataSource.query(sql, params);
    return Number(total);
  }

  async nonceFacts(deploymentId: string, from: bigint, manager?: EntityManager): Promise<QueueNonceFacts> {
    const rows: { nonce: string; has_ready: boolean; has_reject: boolean }[] = await (manager ?? this.dataSource).query(
      `SELECT o.nonce::text AS nonce,
              bool_or(o.status = 'READY') AS has_ready,
              bool_or(o.operation_type = 'REJECT') AS has_reject
         FROM queue_operations o
        WHERE o.deployment_id = $1 AND ${LIVE}
        GROUP BY o.nonce
        ORDER BY o.nonce`,
      [deploymentId],
    );
    return {
      readyNonces: rows.filter((row) => row.has_ready && BigInt(row.nonce) >= from).map((row) => BigInt(row.nonce)),
      liveRejectNonces: rows.filter((row) => row.has_reject).map((row) => BigInt(row.nonce)),
    };
  }
}
