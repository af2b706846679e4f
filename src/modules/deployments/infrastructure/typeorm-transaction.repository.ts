import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sweptByClaimSql } from '../../../shared/infrastructure/sql';
import { NewTransaction, TransactionProgress, TransactionRepository } from '../domain/transaction.repository';

@Injectable()
export class TypeOrmTransactionRepository extends TransactionRepository {
  async lockBySource(
    manager: EntityManager,
    chainId: string,
    sourceKey: string,
  ): Promise<TransactionProgress | undefined> {
    const rows: TransactionProgress[] = await manager.query(
      `SELECT id, status, confirmations FROM transactions WHERE chain_id = $1 AND source_key = $2 FOR UPDATE`,
      [chainId, sourceKey],
    );
    return rows[0];
  }

  async lockManyBySource(
    manager: EntityManager,
    chainId: string,
    sourceKeys: readonly string[],
  ): Promise<Map<string, TransactionProgress>> {
    const rows: (TransactionProgress & { source_key: string })[] = await manager.query(
      `SELECT id, status, confirmations, source_key FROM transactions
        WHERE chain_id = $1 AND source_key = ANY($2::text[]) ORDER BY id FOR UPDATE`,
      [chainId, sourceKeys],
    );
    return new Map(
      rows.map(({ source_key, id, status, confirmations }) => [source_key, { id, status, confirmations }]),
    );
  }

  async insertIfAbsent(manager: EntityManager, t: NewTransaction): Promise<TransactionProgress | undefined> {
    const rows: TransactionProgress[] = await manager.query(
      `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                                 from_address, to_address, operation_id, operation_type, invoice_id, block_number,
                                 blockchain_fee, confirmations, confirmed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
               CASE WHEN $6 = 'CONFIRMED' THEN now() END)
       ON CONFLICT ON CONSTRAINT uq_transactions_source DO NOTHING
       RETURNING id, status, confirmations`,
      [
        t.id,
        t.deploymentId,
        t.chainId,
        t.sourceKey,
        t.direction,
        t.status,
        t.txHash,
        t.currencyId,
        t.amount.toString(),
        t.fromAddress,
        t.toAddress,
        t.operationId,
        t.operationType,
        t.invoiceId,
        t.blockNumber,
        t.fee?.toString() ?? null,
        t.confirmations,
      ],
    );
    return rows[0];
  }

  async markClaimed(
    manager: EntityManager,
    sweep: { readonly deploymentId: string; readonly currencyId: string; readonly invoiceIds: readonly string[] },
  ): Promise<string[]> {
    if (sweep.invoiceIds.length === 0) return [];
    // TypeORM answers an UPDATE with [rows, rowCount].
    const [rows]: [{ invoice_id: string }[], number] = await manager.query(
      `UPDATE transactions t SET is_claimed = true, updated_at = now()
        WHERE t.deployment_id = $1 AND t.currency_id = $2 AND t.invoice_id = ANY($3::uuid[]) AND ${sweptByClaimSql('t.')}
        RETURNING t.invoice_id`,
      [sweep.deploymentId, sweep.currencyId, sweep.invoiceIds],
    );
    return [...new Set(rows.map((row) => row.invoice_id))];
  }

  async saveProgress(
    manager: EntityManager,
    progress: TransactionProgress,
    seen: { readonly blockNumber: string | null; readonly fee: bigint | null },
  ): Promise<void> {
    await manager.query(
      `UPDATE transactions
          SET status = $2, confirmations = $3,
              block_number = COALESCE($4, block_number),
              blockchain_fee = COALESCE($5, blockchain_fee),
              confirmed_at = CASE WHEN $2 = 'CONFIRMED' THEN COALESCE(confirmed_at, now()) ELSE confirmed_at END,
              updated_at = CASE WHEN status IS DISTINCT FROM $2 OR confirmations IS DISTINCT FROM $3 THEN now() ELSE updated_at END
        WHERE id = $1`,
      [progress.id, progress.status, progress.confirmations, seen.blockNumber, seen.fee?.toString() ?? null],
    );
  }
}
