import type { EntityManager } from 'typeorm';
import type { NetworkType } from '../../../shared/domain/address';
import type { OperationSignature, QueueOperation } from './queue-operation';
import type { QueueOperationStatus, QueueOperationType } from './queue-operation-status';

export interface QueueListFilter {
  readonly statuses?: readonly QueueOperationStatus[];
  readonly operationTypes?: readonly QueueOperationType[];
  readonly createdBy?: string;
  readonly createdAtFrom?: Date;
  readonly createdAtTo?: Date;
  readonly sortOrder: 'asc' | 'desc';
  readonly limit: number;
  readonly offset: string;
}

export interface QueueNonceFacts {
  /** Distinct nonces ≥ `from` holding a READY operation, ascending. */
  readonly readyNonces: bigint[];
  readonly liveRejectNonces: bigint[];
}

/**
 * Port for queue operations and their signatures. Writes take the caller's transaction
 * (`manager`) because they run inside use cases that also lock the deployment, and inside other
 * contexts' transactions (payouts, chain events). Reads without a manager see committed data.
 */
export abstract class QueueOperationRepository {
  abstract insert(manager: EntityManager, operation: QueueOperation): Promise<void>;
  /** Updates nonce, status, blob, tx hash (and marks deleted when asked). */
  abstract save(manager: EntityManager, operation: QueueOperation, options?: { deleted?: boolean }): Promise<void>;
  /**
   * Inserts one signature; false when this (operation, signer) already has one. The unique key
   * decides, so concurrent submissions of one signature cannot both succeed.
   */
  abstract insertSignature(
    manager: EntityManager,
    operationId: string,
    signature: OperationSignature,
  ): Promise<boolean>;
  abstract deleteSignatures(
    manager: EntityManager,
    operationId: string,
    signerHexes?: readonly string[],
  ): Promise<void>;

  abstract findForUpdate(
    manager: EntityManager,
    deploymentId: string,
    id: string,
    networkType: NetworkType,
  ): Promise<QueueOperation | undefined>;
  abstract findManyForUpdate(
    manager: EntityManager,
    deploymentId: string,
    ids: readonly string[],
    networkType: NetworkType,
  ): Promise<QueueOperation[]>;
  /** Live (stored PENDING/READY) operations, optionally only at one nonce, locked, by nonce then id. */
  abstract findLiveForUpdate(
    manager: EntityManager,
    deploymentId: string,
    networkType: NetworkType,
    nonce?: bigint,
  ): Promise<QueueOperation[]>;
  /** max(currentNonce, highest nonce of a live operation + 1). */
  abstract nextFreeNonce(manager: EntityManager, deploymentId: string, currentNonce: bigint): Promise<bigint>;
  /** The lowest nonce from `currentNonce` below `end` that no live operation holds; undefined when none is left. */
  abstract lowestFreeNonce(
    manager: EntityManager,
    deploymentId: string,
    currentNonce: bigint,
    end: bigint,
  ): Promise<bigint | undefined>;

  abstract findById(deploymentId: string, id: string, networkType: NetworkType): Promise<QueueOperation | undefined>;
  abstract list(
    deploymentId: string,
    networkType: NetworkType,
    filter: QueueListFilter,
  ): Promise<{ total: number; items: QueueOperation[] }>;
  abstract nonceFacts(deploymentId: string, from: bigint, manager?: EntityManager): Promise<QueueNonceFacts>;
}
