import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../shared/domain/ids';
import { CatalogService } from '../../catalog/catalog.service';
import {
  nextTransactionStatus,
  TransactionDirection,
  TransactionOperationType,
  TransactionStatus,
} from '../../../shared/domain/transaction-status';
import { TransactionProgress, TransactionRepository } from '../domain/transaction.repository';
import { LockedAhead } from '../../chain/application/chain-event-handler';
import type { TransferEventDto } from '../../chain/application/chain-event.dto';
import { sourceKey } from '../../chain/application/transaction-identity';

export interface TransactionObservation {
  readonly deploymentId: string;
  readonly chainId: string;
  /**
   * What makes this row unique on its chain, so repeated observations update one row: always built
   * by `sourceKey` (chain/application/transaction-identity.ts) from the intake-normalised hash.
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

/**
 * The one writer of the transactions read model, used by every context's chain-event handlers
 * inside the event's database transaction. Observations may arrive in any order: the row is
 * locked, the status only moves forward, confirmations only grow, `confirmedAt` is set once.
 */
@Injectable()
export class TransactionRecorder {
  private readonly lockedAhead = new LockedAhead<TransactionProgress>();

  constructor(
    private readonly transactions: TransactionRepository,
    private readonly catalog: CatalogService,
  ) {}

  /**
   * Locks, in one statement, the rows a group of observations about to be recorded in this
   * transaction will name, so each key's first `record` need not look its row up; a later one reads
   * it again (an earlier observation may have changed or created it).
   */
  async prefetch(manager: EntityManager, chainId: string, sourceKeys: readonly string[]): Promise<void> {
    if (sourceKeys.length === 0) return;
    const found = await this.transactions.lockManyBySource(manager, chainId, sourceKeys);
    for (const key of sourceKeys) this.lockedAhead.remember(manager, `${chainId} ${key}`, found.get(key));
  }

  async record(manager: EntityManager, observation: TransactionObservation): Promise<RecordedTransaction> {
    const required = this.requiredConfirmations(observation.chainId);
    const current = await this.lockCurrent(manager, observation.chainId, observation.sourceKey);
    if (current === undefined) {
      const status = nextTransactionStatus(undefined, observation.status, observation.confirmations, required);
      const inserted = await this.transactions.insertIfAbsent(manager, {
        id: uuidv7(),
        deploymentId: observation.deploymentId,
        chainId: observation.chainId,
        sourceKey: observation.sourceKey,
        direction: observation.direction,
        status,
        txHash: observation.txHash,
        currencyId: observation.currencyId ?? null,
        amount: observation.amount ?? 0n,
        fromAddress: observation.fromAddress ?? null,
        toAddress: observation.toAddress ?? null,
        operationId: observation.operationId ?? null,
        operationType: observation.operationType,
        invoiceId: observation.invoiceId ?? null,
        blockNumber: observation.blockNumber ?? null,
        fee: observation.fee ?? null,
        confirmations: observation.confirmations,
      });
      // Another batch inserted the same row between our SELECT and INSERT: apply on top of it.
      if (inserted === undefined) return this.record(manager, observation);
      return { id: inserted.id, status, previousStatus: undefined };
    }

    const confirmations = Math.max(current.confirmations, observation.confirmations);
    const status = nextTransactionStatus(current.status, observation.status, confirmations, required);
    if (
      status !== current.status ||
      confirmations !== current.confirmations ||
      observation.blockNumber ||
      observation.fee !== undefined
    ) {
      await this.transactions.saveProgress(
        manager,
        { id: current.id, status, confirmations },
        { blockNumber: observation.blockNumber ?? null, fee: observation.fee ?? null },
      );
    }
    return { id: current.id, status, previousStatus: current.status };
  }

  /**
   * A `transfer` event into the service (IN): a deployment's direct deposit or an invoice's deposit,
   * keyed and filled from the event the same way for both; the caller says whose and in what spelling.
   */
  recordTransferIn(
    manager: EntityManager,
    event: TransferEventDto,
    row: Pick<
      TransactionObservation,
      'deploymentId' | 'operationType' | 'operationId' | 'invoiceId' | 'fromAddress' | 'toAddress'
    >,
  ): Promise<RecordedTransaction> {
    return this.record(manager, {
      ...row,
      chainId: event.chainId,
      sourceKey: sourceKey.transfer(event.txHash, event.logIndex, event.blockHash),
      direction: 'IN',
      txHash: event.txHash,
      status: event.status,
      confirmations: event.confirmations,
      currencyId: event.currencyId,
      amount: BigInt(event.amount),
      blockNumber: event.blockNumber ?? null,
      fee: event.fee === undefined ? undefined : BigInt(event.fee),
    });
  }

  /**
   * A mined claim swept these invoices' deposit accounts in one currency: their mined, unclaimed
   * deposits become claimed. Answers the invoices whose deposits changed (for their callbacks).
   */
  markClaimed(
    manager: EntityManager,
    sweep: { readonly deploymentId: string; readonly currencyId: string; readonly invoiceIds: readonly string[] },
  ): Promise<string[]> {
    return this.transactions.markClaimed(manager, sweep);
  }

  /** The row as `prefetch` locked it, once; else read and locked now. */
  private async lockCurrent(
    manager: EntityManager,
    chainId: string,
    sourceKey: string,
  ): Promise<TransactionProgress | undefined> {
    const ahead = this.lockedAhead.take(manager, `${chainId} ${sourceKey}`);
    if (ahead !== undefined) return ahead ?? undefined;
    return this.transactions.lockBySource(manager, chainId, sourceKey);
  }

  /** A chain the catalog does not know never confirms. */
  private requiredConfirmations(chainId: string): number {
    return this.catalog.findNetwork(chainId)?.requiredConfirmations ?? Number.MAX_SAFE_INTEGER;
  }
}
