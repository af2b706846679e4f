import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../shared/domain/ids';
import { CatalogService } from '../../catalog/catalog.service';
import {
  nextTransactionStatus,
  TransactionDirection,
  TransactionOperationType,
  TransactionStatus,
} from '../domain/transaction-status';

export interface TransactionObservation {
  readonly deploymentId: string;
  readonly chainId: string;
  /**
   * What makes this row unique on its chain, so repeated observations update one row:
   * `${txHash}:${logIndex}` for transfers, `${txHash}:op:${operationId}` for executions,
   * `${txHash}:claim:${currencyId}`, `${txHash}:deploy`.
   */
  readonly sourceKey: string;
  readonly direction: TransactionDirection;
  readonly txHash: string;
  readonly status: TransactionStatus;
  readonly confirmations: number;
  readonly operationType: TransactionOperationType;
  readonly currencyId?: string | null;
  /** Unsigned base units; the sign shown to clients follows `direction`. */
  readonly amount?: bigint;
  readonly fromAddress?: string | null;
  readonly toAddress?: string | null;
  readonly operationId?: string | null;
  readonly invoiceId?: string | null;
  readonly blockNumber?: string | null;
  readonly fee?: bigint | null;
}

export interface RecordedTransaction {
  readonly id: string;
  readonly status: TransactionStatus;
  /** Undefined when this observation created the row. */
  readonly previousStatus: TransactionStatus | undefined;
}

interface StoredRow {
  id: string;
  status: TransactionStatus;
  confirmations: number;
}

/**
 * The one writer of the transactions read model, used by every context's chain-event handlers
 * inside the event's database transaction. Observations may arrive in any order: the row is
 * locked, the status only moves forward, confirmations only grow, `confirmedAt` is set once.
 */
@Injectable()
export class TransactionRecorder {
  constructor(private readonly catalog: CatalogService) {}

  async record(manager: EntityManager, observation: TransactionObservation): Promise<RecordedTransaction> {
    const required = this.requiredConfirmations(observation.chainId);
    const existing: StoredRow[] = await manager.query(
      `SELECT id, status, confirmations FROM transactions WHERE chain_id = $1 AND source_key = $2 FOR UPDATE`,
      [observation.chainId, observation.sourceKey],
    );
    const current = existing[0];
    if (current === undefined) {
      const status = nextTransactionStatus(undefined, observation.status, observation.confirmations, required);
      const inserted: StoredRow[] = await manager.query(
        `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                                   from_address, to_address, operation_id, operation_type, invoice_id, block_number,
                                   blockchain_fee, confirmations, confirmed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
                 CASE WHEN $6 = 'CONFIRMED' THEN now() END)
         ON CONFLICT ON CONSTRAINT uq_transactions_source DO NOTHING
         RETURNING id, status, confirmations`,
        [
          uuidv7(),
          observation.deploymentId,
          observation.chainId,
          observation.sourceKey,
          observation.direction,
          status,
          observation.txHash,
          observation.currencyId ?? null,
          (observation.amount ?? 0n).toString(),
          observation.fromAddress ?? null,
          observation.toAddress ?? null,
          observation.operationId ?? null,
          observation.operationType,
          observation.invoiceId ?? null,
          observation.blockNumber ?? null,
          observation.fee?.toString() ?? null,
          observation.confirmations,
        ],
      );
      // Another batch inserted the same row between our SELECT and INSERT: apply on top of it.
      if (inserted.length === 0) return this.record(manager, observation);
      return { id: inserted[0].id, status, previousStatus: undefined };
    }

    const confirmations = Math.max(current.confirmations, observation.confirmations);
    const status = nextTransactionStatus(current.status, observation.status, confirmations, required);
    if (
      status !== current.status ||
      confirmations !== current.confirmations ||
      observation.blockNumber ||
      observation.fee !== undefined
    ) {
      await manager.query(
        `UPDATE transactions
            SET status = $2, confirmations = $3,
                block_number = COALESCE($4, block_number),
                blockchain_fee = COALESCE($5, blockchain_fee),
                confirmed_at = CASE WHEN $2 = 'CONFIRMED' THEN COALESCE(confirmed_at, now()) ELSE confirmed_at END,
                updated_at = CASE WHEN status IS DISTINCT FROM $2 OR confirmations IS DISTINCT FROM $3 THEN now() ELSE updated_at END
          WHERE id = $1`,
        [current.id, status, confirmations, observation.blockNumber ?? null, observation.fee?.toString() ?? null],
      );
    }
    return { id: current.id, status, previousStatus: current.status };
  }

  /** A chain the catalog does not know never confirms. */
  private requiredConfirmations(chainId: string): number {
    return this.catalog.findNetwork(chainId)?.requiredConfirmations ?? Number.MAX_SAFE_INTEGER;
  }
}
