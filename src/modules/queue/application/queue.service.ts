import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { DataSource, EntityManager } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { lowerTimestampBound, upperTimestampBound } from '../../../shared/domain/timestamp-bounds';
import { isUuid, uuidv7 } from '../../../shared/domain/ids';
import { assertNonceInWindow, parseNonce } from '../../../shared/domain/nonce';
import type { SmartContractVersion } from '../../catalog/catalog';
import { CatalogService } from '../../catalog/catalog.service';
import { DeploymentsService } from '../../deployments/application/deployments.service';
import type { Deployment } from '../../deployments/domain/deployment';
import { Call, CallWire, parseCalls } from '../domain/call';
import {
  executeHashes,
  ExecuteHashes,
  executeTypedDataJson,
  ExecuteTypedDataJson,
  signatureFormatFor,
  SigningDomain,
  verifySubmittedSignature,
} from '../domain/operation-signature';
import {
  OperationActor,
  operationIdFromExecuteId,
  QueueOperation,
  QueueOperationView,
  QueueState,
  SignerRules,
} from '../domain/queue-operation';
import { QueueOperationRepository } from '../domain/queue-operation.repository';
import { QueueOperationStatus, QueueOperationType } from '../domain/queue-operation-status';
import { auditActorOf } from '../../audit/application/audit-actor';
import type { AuditChanges } from '../../audit/application/audit-changes';
import { AuditLog } from '../../audit/application/audit-log';
import type { Caller } from '../../auth/domain/caller';
import { OperationChangeReason, QueueOperationListeners } from './queue-operation-listeners';

/** The enums of the operation shape, for other contexts' DTOs that show an operation. */
export { QUEUE_OPERATION_STATUSES, QUEUE_OPERATION_TYPES } from '../domain/queue-operation-status';

export interface QueueListQuery {
  readonly statuses?: readonly QueueOperationStatus[];
  readonly operationTypes?: readonly QueueOperationType[];
  readonly createdBy?: string;
  readonly createdAtFrom?: string;
  readonly createdAtTo?: string;
  readonly sortOrder?: 'asc' | 'desc';
  readonly page: number;
  readonly pageSize: number;
  readonly offset: string;
}

export interface QueuePage {
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly items: QueueOperationView[];
  readonly nextExecutableNonce: string;
}

export interface SignatureResult {
  readonly operationId: string;
  readonly signaturesCollected: number;
  readonly signaturesRequired: number;
  readonly canExecute: boolean;
  readonly userSigned: boolean;
  readonly signatures: { user: string; sign: string }[];
}

/** For other contexts creating operations inside their own transaction (payouts). */
export interface CreateOperationCommand {
  readonly deployment: Deployment;
  readonly type: QueueOperationType;
  readonly calls: readonly Call[];
  readonly payload: Record<string, unknown>;
  /** Defaults to the next free nonce; a given nonce must be ≥ currentNonce. */
  readonly nonce?: bigint;
  readonly createdBy: { readonly memberId: string; readonly address: string; readonly addressHex?: string };
  readonly expiresAt?: Date | null;
  readonly dappMetadata?: Record<string, unknown> | null;
}

/** An operation with exactly what its approvers sign: for the review (docs/review-and-policy.md). */
export interface OperationToReview {
  /** The operation as the caller sees it in the queue (status, isBlocked, …). */
  readonly view: QueueOperationView;
  readonly calls: readonly Call[];
  readonly createdAt: Date;
  readonly typedData: ExecuteTypedDataJson;
  readonly hashes: ExecuteHashes;
}

export interface CallerRef {
  readonly memberId: string;
  readonly address: string;
  readonly addressHex: string;
}

/**
 * The operations queue's use cases (docs/contract.md, Operations queue, endpoints 3-9). Each write is one transaction that
 * locks the deployment first (so signers, threshold and nonces cannot change under it) and then
 * the operation, so counting signatures and building the blob see one consistent state.
 */
@Injectable()
export class QueueService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly operations: QueueOperationRepository,
    private readonly catalog: CatalogService,
    private readonly listeners: QueueOperationListeners,
    private readonly deployments: DeploymentsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditLog,
  ) {}

  async list(deployment: Deployment, caller: CallerRef, query: QueueListQuery): Promise<QueuePage> {
    const rules = this.signerRules(deployment);
    const { total, items } = await this.operations.list(deployment.id, deployment.networkType, {
      statuses: query.statuses,
      operationTypes: query.operationTypes,
      createdBy: query.createdBy,
      createdAtFrom: lowerTimestampBound(query.createdAtFrom),
      createdAtTo: upperTimestampBound(query.createdAtTo),
      sortOrder: query.sortOrder ?? 'asc',
      limit: query.pageSize,
      offset: query.offset,
    });
    const queue = await this.queueState(deployment);
    const now = new Date();
    return {
      total,
      page: query.page,
      pageSize: query.pageSize,
      items: items.map((operation) => operation.viewFor(actorOf(caller), rules, queue, now)),
      nextExecutableNonce: deployment.currentNonce.toString(),
    };
  }

  async get(deployment: Deployment, caller: CallerRef, operationRef: string): Promise<QueueOperationView> {
    const operationId = operationIdOf(operationRef);
    const operation =
      operationId === undefined
        ? undefined
        : await this.operations.findById(deployment.id, operationId, deployment.networkType);
    if (operation === undefined) throw operationNotFound();
    return operation.viewFor(
      actorOf(caller),
      this.signerRules(deployment),
      await this.queueState(deployment),
      new Date(),
    );
  }

  /** The operation with its typed data and hashes, computed from the deployment's contract version. */
  async toReview(deployment: Deployment, caller: CallerRef, operationRef: string): Promise<OperationToReview> {
    const operationId = operationIdOf(operationRef);
    const operation =
      operationId === undefined
        ? undefined
        : await this.operations.findById(deployment.id, operationId, deployment.networkType);
    if (operation === undefined) throw operationNotFound();
    const domain = this.signingDomain(deployment);
    return {
      view: operation.viewFor(
        actorOf(caller),
        this.signerRules(deployment),
        await this.queueState(deployment),
        new Date(),
      ),
      calls: operation.calls,
      createdAt: operation.toProps().createdAt,
      typedData: executeTypedDataJson(domain, operation.calls, operation.nonce),
      hashes: executeHashes(domain, operation.calls, operation.nonce),
    };
  }

  async createMultisigConfigChange(
    deployment: Deployment,
    caller: Caller,
    input: { approvers: readonly string[]; threshold: number; calls: readonly CallWire[] },
  ): Promise<QueueOperationView> {
    const approvers = input.approvers.map((approver, index) =>
      Address.parse(approver, deployment.networkType, `approvers.${index}`),
    );
    deployment.assertConfigChange(approvers, input.threshold);
    if (input.calls.length === 0) throw DomainError.field('calls', 'calls must hold at least one call');
    const calls = parseCalls(input.calls, deployment.networkType);
    const sorted = [...approvers].sort((a, b) => (a.hex20 < b.hex20 ? -1 : 1));
    return this.dataSource.transaction(async (manager) => {
      const operation = await this.createOperation(manager, {
        deployment,
        type: 'MULTISIG_CONFIG_CHANGE',
        calls,
        payload: { approvers: sorted.map((approver) => approver.display), threshold: input.threshold },
        createdBy: caller,
      });
      await this.recordChange(manager, deployment, caller, 'OPERATION_CREATED', operation, {
        operationType: operation.type,
        nonce: operation.nonce.toString(),
        approvers: sorted.map((approver) => approver.display),
        threshold: input.threshold,
      });
      return this.viewIn(manager, deployment.id, operation, caller);
    });
  }

  async createReject(deployment: Deployment, caller: Caller, nonceInput: string): Promise<QueueOperationView> {
    const nonce = parseNonce(nonceInput);
    return this.dataSource.transaction(async (manager) => {
      const operation = await this.createOperation(manager, {
        deployment,
        type: 'REJECT',
        calls: [],
        payload: {},
        nonce,
        createdBy: caller,
      });
      await this.recordChange(manager, deployment, caller, 'OPERATION_CREATED', operation, {
        operationType: operation.type,
        nonce: operation.nonce.toString(),
      });
      return this.viewIn(manager, deployment.id, operation, caller);
    });
  }

  /**
   * Creates an operation in the caller's transaction. The deployment row is locked FOR UPDATE so
   * concurrent creations choose distinct next-free nonces; a second live REJECT at one nonce is
   * refused by the partial unique index. Callers must not hold a FOR SHARE lock on the deployment
   * when they call this (upgrading it to FOR UPDATE can deadlock against a concurrent caller).
   */
  async createOperation(manager: EntityManager, command: CreateOperationCommand): Promise<QueueOperation> {
    const deployment = await this.requireLockedDeployment(manager, command.deployment.id, 'update');
    // A REJECT takes a nonce from every approver's queue, so only an approver may create one (as
    // canReject says); checked on the locked row, so a concurrent approver change cannot slip by.
    if (command.type === 'REJECT' && !deployment.isApprover(command.createdBy.addressHex ?? '')) {
      throw DomainError.invalid('NOT_AN_APPROVER', 'Only an approver of this deployment can create a REJECT');
    }
    let nonce: bigint;
    if (command.nonce === undefined) {
      const windowEnd = deployment.currentNonce + this.config.queueNonceWindow;
      nonce = await this.operations.nextFreeNonce(manager, deployment.id, deployment.currentNonce);
      // An operation parked at the far end of the window must not leave the service without a
      // nonce to choose: then the lowest free one is taken instead.
      if (nonce >= windowEnd) {
        const lowest = await this.operations.lowestFreeNonce(
          manager,
          deployment.id,
          deployment.currentNonce,
          windowEnd,
        );
        if (lowest === undefined) {
          throw DomainError.field(
            'nonce',
            `every nonce below ${windowEnd} holds a live operation: execute or delete queued operations first`,
            'INVALID_NONCE',
          );
        }
        nonce = lowest;
      }
    } else {
      assertNonceInWindow(command.nonce, deployment.currentNonce, this.config.queueNonceWindow);
      nonce = command.nonce;
    }
    const operation = QueueOperation.create({
      id: uuidv7(),
      deploymentId: deployment.id,
      networkType: deployment.networkType,
      nonce,
      type: command.type,
      calls: command.calls,
      payload: command.payload,
      createdBy: command.createdBy.address,
      createdByMemberId: command.createdBy.memberId,
      expiresAt: command.expiresAt ?? null,
      dappMetadata: command.dappMetadata ?? null,
      createdAt: new Date(),
    });
    await this.operations.insert(manager, operation);
    await this.listeners.notify(manager, { operation, previousStatus: operation.storedStatus, reason: 'created' });
    return operation;
  }

  async submitSignature(
    deployment: Deployment,
    caller: Caller,
    operationRef: string,
    signatureInput: string,
  ): Promise<SignatureResult> {
    const operationId = requireOperationId(operationRef);
    return this.dataSource.transaction(async (manager) => {
      const { current, operation } = await this.lockOperation(manager, deployment.id, operationId, 'share');
      const now = new Date();
      operation.assertSignable(now);
      const rules = this.signerRules(current);
      const domain = this.signingDomain(current);
      const verified = await verifySubmittedSignature(
        signatureInput,
        rules.format,
        domain,
        operation.calls,
        operation.nonce,
      );
      const previousStatus = operation.storedStatus;
      const signature = { ...verified, submittedBy: caller.memberId, createdAt: now };
      operation.addSignature(signature, rules, now);
      if (!(await this.operations.insertSignature(manager, operation.id, signature))) {
        throw DomainError.invalid('SIGNATURE_ALREADY_SUBMITTED', 'This signer has already signed the operation');
      }
      await this.operations.save(manager, operation);
      await this.listeners.notify(manager, { operation, previousStatus, reason: 'signed' });
      await this.recordChange(manager, current, caller, 'OPERATION_SIGNED', operation, {
        nonce: operation.nonce.toString(),
        signer: Address.fromHex20(verified.signerHex, current.networkType).display,
        status: { from: previousStatus, to: operation.storedStatus },
      });
      const view = await this.viewIn(manager, current.id, operation, caller, current);
      return {
        operationId: view.id,
        signaturesCollected: view.signaturesCollected,
        signaturesRequired: view.signaturesRequired,
        canExecute: view.canExecute,
        userSigned: view.userSigned,
        signatures: view.signatures,
      };
    });
  }

  async changeNonce(
    deployment: Deployment,
    caller: Caller,
    operationRef: string,
    nonceInput: string,
  ): Promise<QueueOperationView> {
    const operationId = requireOperationId(operationRef);
    const nonce = parseNonce(nonceInput);
    return this.dataSource.transaction(async (manager) => {
      const { current, operation } = await this.lockOperation(manager, deployment.id, operationId, 'update');
      const previousStatus = operation.storedStatus;
      const previousNonce = operation.nonce;
      operation.changeNonce(
        nonce,
        actorOf(caller),
        this.signerRules(current),
        { currentNonce: current.currentNonce, window: this.config.queueNonceWindow },
        new Date(),
      );
      await this.operations.deleteSignatures(manager, operation.id);
      await this.operations.save(manager, operation);
      await this.listeners.notify(manager, { operation, previousStatus, reason: 'nonce_changed' });
      await this.recordChange(manager, current, caller, 'OPERATION_NONCE_CHANGED', operation, {
        nonce: { from: previousNonce.toString(), to: operation.nonce.toString() },
      });
      return this.viewIn(manager, current.id, operation, caller, current);
    });
  }

  async delete(deployment: Deployment, caller: Caller, operationRef: string): Promise<void> {
    const operationId = requireOperationId(operationRef);
    await this.dataSource.transaction(async (manager) => {
      const { operation } = await this.lockOperation(manager, deployment.id, operationId, 'share');
      const previousStatus = operation.storedStatus;
      operation.delete(actorOf(caller), new Date());
      await this.operations.save(manager, operation, { deleted: true });
      await this.listeners.notify(manager, { operation, previousStatus, reason: 'deleted' });
      await this.recordChange(manager, deployment, caller, 'OPERATION_DELETED', operation, {
        operationType: operation.type,
        nonce: operation.nonce.toString(),
      });
    });
  }

  /** The audit entry of a change the caller made to `operation`, in the transaction that made it. */
  private recordChange(
    manager: EntityManager,
    deployment: Deployment,
    caller: Caller,
    action: 'OPERATION_CREATED' | 'OPERATION_SIGNED' | 'OPERATION_NONCE_CHANGED' | 'OPERATION_DELETED',
    operation: QueueOperation,
    changes: AuditChanges,
  ): Promise<void> {
    return this.audit.record(manager, {
      accountId: deployment.accountId,
      action,
      actor: auditActorOf(caller),
      target: { type: 'queue_operation', id: operation.id },
      changes: { deploymentId: deployment.id, ...changes },
    });
  }

  /** Re-counts every live operation after the signers changed; the deployment must be locked. */
  async reevaluateLiveOperations(manager: EntityManager, deployment: Deployment): Promise<void> {
    const rules = this.signerRules(deployment);
    for (const operation of await this.operations.findLiveForUpdate(manager, deployment.id, deployment.networkType)) {
      const previousStatus = operation.storedStatus;
      const dropped = operation.reevaluate(rules);
      await this.operations.deleteSignatures(
        manager,
        operation.id,
        dropped.map((signature) => signature.signerHex),
      );
      await this.operations.save(manager, operation);
      await this.notifyIfChanged(manager, operation, previousStatus, 'signers_changed', dropped.length > 0);
    }
  }

  async notifyIfChanged(
    manager: EntityManager,
    operation: QueueOperation,
    previousStatus: QueueOperationStatus,
    reason: OperationChangeReason,
    force = false,
  ): Promise<void> {
    if (force || operation.storedStatus !== previousStatus)
      await this.listeners.notify(manager, { operation, previousStatus, reason });
  }

  /**
   * The operation as nobody in particular sees it (no caller: userSigned, canSign, canDelete and
   * canReject are false), inside the transaction that changed it, which holds the deployment's lock.
   */
  async anonymousView(manager: EntityManager, operation: QueueOperation): Promise<QueueOperationView> {
    const deployment = await this.requireLockedDeployment(manager, operation.deploymentId, 'share');
    return operation.viewFor(
      NOBODY,
      this.signerRules(deployment),
      await this.queueState(deployment, manager),
      new Date(),
    );
  }

  signerRules(deployment: Deployment): SignerRules {
    const version = this.requireVersion(deployment);
    return {
      approvers: deployment.approvers,
      threshold: deployment.threshold,
      format: signatureFormatFor(version.version),
    };
  }

  private signingDomain(deployment: Deployment): SigningDomain {
    const version = this.requireVersion(deployment);
    return {
      name: version.eip712Domain.name,
      version: version.eip712Domain.version,
      chainId: BigInt(deployment.chainId),
      verifyingContract: deployment.address.hex20,
    };
  }

  private requireVersion(deployment: Deployment): SmartContractVersion {
    const version = this.catalog.findSmartContractVersion(deployment.smartContractVersionId);
    // Deployments are created only with catalog versions, so this is a broken catalog, not input.
    if (version === undefined) throw new Error(`unknown contract version ${deployment.smartContractVersionId}`);
    return version;
  }

  private async queueState(deployment: Deployment, manager?: EntityManager): Promise<QueueState> {
    const facts = await this.operations.nonceFacts(deployment.id, deployment.currentNonce, manager);
    let firstNonceWithoutReady = deployment.currentNonce;
    for (const nonce of facts.readyNonces) {
      if (nonce !== firstNonceWithoutReady) break;
      firstNonceWithoutReady += 1n;
    }
    return {
      currentNonce: deployment.currentNonce,
      firstNonceWithoutReady,
      liveRejectNonces: new Set(facts.liveRejectNonces.map(String)),
    };
  }

  private async viewIn(
    manager: EntityManager,
    deploymentId: string,
    operation: QueueOperation,
    caller: CallerRef,
    locked?: Deployment,
  ): Promise<QueueOperationView> {
    const deployment = locked ?? (await this.requireLockedDeployment(manager, deploymentId, 'share'));
    return operation.viewFor(
      actorOf(caller),
      this.signerRules(deployment),
      await this.queueState(deployment, manager),
      new Date(),
    );
  }

  /**
   * The deployment (locked in `mode`: `update` when its nonce rules are read, `share` otherwise)
   * and then its operation `operationId`, locked for update; 404 when the operation is not one of it.
   */
  private async lockOperation(
    manager: EntityManager,
    deploymentId: string,
    operationId: string,
    mode: 'update' | 'share',
  ): Promise<{ current: Deployment; operation: QueueOperation }> {
    const current = await this.requireLockedDeployment(manager, deploymentId, mode);
    const operation = await this.operations.findForUpdate(
      manager,
      current.id,
      operationId.toLowerCase(),
      current.networkType,
    );
    if (operation === undefined) throw operationNotFound();
    return { current, operation };
  }

  private async requireLockedDeployment(
    manager: EntityManager,
    id: string,
    mode: 'update' | 'share',
  ): Promise<Deployment> {
    const deployment = await this.deployments.lock(manager, id, mode);
    if (deployment === undefined) throw DomainError.notFound('DEPLOYMENT_NOT_FOUND', 'Deployment not found');
    return deployment;
  }
}

/** A viewer that is no member and no approver. */
const NOBODY: OperationActor = { memberId: '', addressHex: '' };

function actorOf(caller: CallerRef): OperationActor {
  return { memberId: caller.memberId, addressHex: caller.addressHex };
}

function operationNotFound(): DomainError {
  return DomainError.notFound('OPERATION_NOT_FOUND', 'Operation not found');
}

/**
 * Operation paths name an operation by its UUID or by its `executeOperationId` (docs/contract.md, Wire details: the
 * SDK passes the latter); the lowercase UUID, or undefined when the value is neither.
 */
function operationIdOf(operationRef: string): string | undefined {
  if (isUuid(operationRef)) return operationRef.toLowerCase();
  const fromExecuteId = operationIdFromExecuteId(operationRef);
  return fromExecuteId !== undefined && isUuid(fromExecuteId) ? fromExecuteId : undefined;
}

function requireOperationId(operationRef: string): string {
  const operationId = operationIdOf(operationRef);
  if (operationId === undefined) throw operationNotFound();
  return operationId;
}
