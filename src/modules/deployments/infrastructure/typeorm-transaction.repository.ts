import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sweptByClaimSql } from '../../../shared/infrastructure/sql';
import type { TransactionStatus } from '../../../shared/domain/transaction-status';
import {
  FiatRates,
  NewTransaction,
  ProgressUpdate,
  StoredTransaction,
  TransactionRepository,
} from '../domain/transaction.repository';

@Injectable()
export class TypeOrmTransactionRepository extends TransactionRepository {
  async lockBySource(
    manager: EntityManager,
    chainId: string,
    sourceKey: string,
  ): Promise<StoredTransaction | undefined> {
    const rows: StoredRow[] = await manager.query(
      `SELECT ${STORED} FROM transactions WHERE chain_id = $1 AND source_key = $2 FOR UPDATE`,
      [chainId, sourceKey],
    );
    return rows[0] && storedFromRow(rows[0]);
  }

  async lockManyBySource(
    manager: EntityManager,
    chainId: string,
    sourceKeys: readonly string[],
  ): Promise<Map<string, StoredTransaction>> {
    const rows: StoredRow[] = await manager.query(
      `SELECT ${STORED} FROM transactions
        WHERE chain_id = $1 AND source_key = ANY($2::text[]) ORDER BY id FOR UPDATE`,
      [chainId, sourceKeys],
    );
    return new Map(rows.map((row) => [row.source_key, storedFromRow(row)]));
  }

  async insertAbsent(manager: EntityManager, transactions: readonly NewTransaction[]): Promise<Set<string>> {
    if (transactions.length === 0) return new Set();
    // One statement for the lot: the rollup triggers run once for it, over its transition table.
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                                 from_address, to_address, operation_id, operation_type, invoice_id, block_number,
                                 blockchain_fee, confirmations, confirmed_at,
                                 confirmed_rate_usd, confirmed_rate_eur, confirmed_rate_cny)
       SELECT id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
              from_address, to_address, operation_id, operation_type, invoice_id, block_number,
              blockchain_fee, confirmations, CASE WHEN status = 'CONFIRMED' THEN now() END,
              CASE WHEN status = 'CONFIRMED' THEN rate_usd END, CASE WHEN status = 'CONFIRMED' THEN rate_eur END,
              CASE WHEN status = 'CONFIRMED' THEN rate_cny END
         FROM jsonb_to_recordset($1::jsonb) AS r(
                id uuid, deployment_id uuid, chain_id text, source_key text, direction text, status text,
                tx_hash text, currency_id text, amount numeric, from_address text, to_address text,
                operation_id uuid, operation_type text, invoice_id uuid, block_number bigint,
                blockchain_fee numeric, confirmations integer, rate_usd numeric, rate_eur numeric, rate_cny numeric)
       ON CONFLICT ON CONSTRAINT uq_transactions_source DO NOTHING
       RETURNING id`,
      [
        JSON.stringify(
          transactions.map((t) => ({
            id: t.id,
            deployment_id: t.deploymentId,
            chain_id: t.chainId,
            source_key: t.sourceKey,
            direction: t.direction,
            status: t.status,
            tx_hash: t.txHash,
            currency_id: t.currencyId,
            amount: t.amount.toString(),
            from_address: t.fromAddress,
            to_address: t.toAddress,
            operation_id: t.operationId,
            operation_type: t.operationType,
            invoice_id: t.invoiceId,
            block_number: t.blockNumber,
            blockchain_fee: t.fee?.toString() ?? null,
            confirmations: t.confirmations,
            ...rateFields(t.ratesAtConfirmation),
          })),
        ),
      ],
    );
    return new Set(rows.map((row) => row.id));
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

  async saveProgress(manager: EntityManager, updates: readonly ProgressUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    await manager.query(
      `UPDATE transactions t
          SET status = u.status, confirmations = u.confirmations,
              block_number = COALESCE(u.block_number, t.block_number),
              blockchain_fee = COALESCE(u.blockchain_fee, t.blockchain_fee),
              confirmed_at = CASE WHEN u.status = 'CONFIRMED' THEN COALESCE(t.confirmed_at, now()) ELSE t.confirmed_at END,
              confirmed_rate_usd = CASE WHEN ${CONFIRMS} THEN u.rate_usd ELSE t.confirmed_rate_usd END,
              confirmed_rate_eur = CASE WHEN ${CONFIRMS} THEN u.rate_eur ELSE t.confirmed_rate_eur END,
              confirmed_rate_cny = CASE WHEN ${CONFIRMS} THEN u.rate_cny ELSE t.confirmed_rate_cny END,
              updated_at = CASE WHEN t.status IS DISTINCT FROM u.status OR t.confirmations IS DISTINCT FROM u.confirmations
                                THEN now() ELSE t.updated_at END
         FROM jsonb_to_recordset($1::jsonb) AS u(
                id uuid, status text, confirmations integer, block_number bigint, blockchain_fee numeric,
                rate_usd numeric, rate_eur numeric, rate_cny numeric)
        WHERE t.id = u.id`,
      [
        JSON.stringify(
          updates.map(({ progress, seen, ratesAtConfirmation }) => ({
            id: progress.id,
            status: progress.status,
            confirmations: progress.confirmations,
            block_number: seen.blockNumber,
            blockchain_fee: seen.fee?.toString() ?? null,
            ...rateFields(ratesAtConfirmation),
          })),
        ),
      ],
    );
  }
}

/** The update that moves a row to CONFIRMED for the first time: the one that stores its rates. */
const CONFIRMS = `u.status = 'CONFIRMED' AND t.confirmed_at IS NULL`;

function rateFields(rates: FiatRates | null | undefined): {
  rate_usd: string | null;
  rate_eur: string | null;
  rate_cny: string | null;
} {
  return { rate_usd: rates?.usd ?? null, rate_eur: rates?.eur ?? null, rate_cny: rates?.cny ?? null };
}

interface StoredRow {
  id: string;
  status: TransactionStatus;
  confirmations: number;
  amount: string;
  currency_id: string | null;
  invoice_id: string | null;
  source_key: string;
}

const STORED = 'id, status, confirmations, amount::text AS amount, currency_id, invoice_id, source_key';

function storedFromRow(row: StoredRow): StoredTransaction {
  return {
    id: row.id,
    status: row.status,
    confirmations: row.confirmations,
    amount: BigInt(row.amount),
    currencyId: row.currency_id,
    invoiceId: row.invoice_id,
  };
}
