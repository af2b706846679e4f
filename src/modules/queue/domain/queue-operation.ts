import type { Hex } from 'viem';
import { Address, NetworkType } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { assertNonceInWindow } from '../../../shared/domain/nonce';
import { Call, callToWire, CallWire } from './call';
import { compareHex, packSignatureBlob, signatureEntry, SignatureFormat } from './operation-signature';
import {
  assertQueueTransition,
  canQueueTransition,
  isLiveStatus,
  QueueOperationStatus,
  QueueOperationType,
} from './queue-operation-status';

export interface OperationSignature {
  readonly signerHex: Hex;
  /** 65-byte r ‖ s ‖ v (v 27/28). */
  readonly signature: Hex;
  readonly submittedBy: string;
  readonly createdAt: Date;
}

/** The wallet's signing rules at the moment: who may sign, how many are needed, how they pack. */
export interface SignerRules {
  readonly approvers: readonly Address[];
  readonly threshold: number;
  readonly format: SignatureFormat;
}

export interface OperationActor {
  readonly memberId: string;
  readonly addressHex: string;
}

export interface QueueOperationProps {
  readonly id: string;
  readonly deploymentId: string;
  readonly networkType: NetworkType;
  readonly nonce: bigint;
  readonly type: QueueOperationType;
  readonly status: QueueOperationStatus;
  readonly calls: readonly Call[];
  readonly payload: Record<string, unknown>;
  /** The creator's address in display form, and their member id (who may delete). */
  readonly createdBy: string;
  readonly createdByMemberId: string;
  readonly signatures: readonly OperationSignature[];
  readonly signatureBlob: Hex | null;
  readonly txHash: string | null;
  readonly expiresAt: Date | null;
  readonly dappMetadata: Record<string, unknown> | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What the queue as a whole says about one nonce, needed for the per-caller flags. */
export interface QueueState {
  readonly currentNonce: bigint;
  /** The first nonce ≥ currentNonce that has no READY operation. */
  readonly firstNonceWithoutReady: bigint;
  /** Nonces that hold a live (PENDING/READY) REJECT. */
  readonly liveRejectNonces: ReadonlySet<string>;
}

/** The operation as one caller sees it: exactly the fields of `QueueOperationResponseDto`. */
export interface QueueOperationView {
  id: string;
  executeOperationId: string;
  nonce: string;
  operationType: QueueOperationType;
  status: QueueOperationStatus;
  calls: CallWire[];
  payload: Record<string, unknown>;
  signaturesCollected: number;
  signaturesRequired: number;
  txHash: string | null;
  userSigned: boolean;
  canSign: boolean;
  canExecute: boolean;
  canDelete: boolean;
  canReject: boolean;
  isBlocked: boolean;
  createdAt: string;
  createdBy: string;
  signatures: { user: string; sign: string }[];
  signatureBlob: string | null;
  expiresAt: string | null;
  dappMetadata: Record<string, unknown> | null;
}

/** `bytes32` the contract's `execute` takes as the operation id: 16 zero bytes ‖ the UUID's 16 bytes. */
export function executeOperationIdOf(id: string): Hex {
  return `0x${'00'.repeat(16)}${id.replace(/-/g, '').toLowerCase()}`;
}

/** The operation id an execution event names, or undefined when the bytes32 is not one of ours. */
export function operationIdFromExecuteId(executeOperationId: string): string | undefined {
  const hex = executeOperationId.replace(/^0x/, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex) || !hex.startsWith('0'.repeat(32))) return undefined;
  const u = hex.slice(32);
  return `${u.slice(0, 8)}-${u.slice(8, 12)}-${u.slice(12, 16)}-${u.slice(16, 20)}-${u.slice(20)}`;
}

/**
 * One queued operation of a deployment: its calls at a nonce, the owners' signatures collected
 * for them, and where it is in its life (`queue-operation-status.ts`). Every change of status goes
 * through the transition table.
 */
export class QueueOperation {
  private constructor(private props: QueueOperationProps) {}

  static create(
    props: Omit<QueueOperationProps, 'status' | 'signatures' | 'signatureBlob' | 'txHash' | 'updatedAt'>,
  ): QueueOperation {
    if (props.nonce < 0n) throw DomainError.field('nonce', 'nonce must not be negative', 'INVALID_NONCE');
    return new QueueOperation({
      ...props,
      status: 'PENDING',
      signatures: [],
      signatureBlob: null,
      txHash: null,
      updatedAt: props.createdAt,
    });
  }

  static restore(props: QueueOperationProps): QueueOperation {
    return new QueueOperation(props);
  }

  get id(): string {
    return this.props.id;
  }
  get deploymentId(): string {
    return this.props.deploymentId;
  }
  get nonce(): bigint {
    return this.props.nonce;
  }
  get type(): QueueOperationType {
    return this.props.type;
  }
  /** The stored status; see `statusAt` for what clients see. */
  get storedStatus(): QueueOperationStatus {
    return this.props.status;
  }
  get calls(): readonly Call[] {
    return this.props.calls;
  }
  get signatures(): readonly OperationSignature[] {
    return this.props.signatures;
  }
  get txHash(): string | null {
    return this.props.txHash;
  }
  get createdByMemberId(): string {
    return this.props.createdByMemberId;
  }

  toProps(): QueueOperationProps {
    return this.props;
  }

  /** A DAPP_TRANSACTION past its `expiresAt` reads as CANCELLED (computed on read, never stored). */
  statusAt(now: Date): QueueOperationStatus {
    const { status, type, expiresAt } = this.props;
    if (
      type === 'DAPP_TRANSACTION' &&
      isLiveStatus(status) &&
      expiresAt !== null &&
      expiresAt.getTime() <= now.getTime()
    )
      return 'CANCELLED';
    return status;
  }

  isLive(now: Date): boolean {
    return isLiveStatus(this.statusAt(now));
  }

  /**
   * Live and not yet sent: an execution reported PENDING (broadcast, not mined) records its txHash,
   * and from then on the operation can no longer be signed, executed, deleted or renumbered while it
   * waits to be mined (EXECUTED) or to fail. Executing it again would only pay for a revert.
   */
  isEditable(now: Date): boolean {
    return this.isLive(now) && this.props.txHash === null;
  }

  hasSigned(addressHex: string): boolean {
    return this.props.signatures.some((signature) => signature.signerHex === addressHex.toLowerCase());
  }

  /** Refuses a signature before it is even verified: only a live operation not yet sent takes one. */
  assertSignable(now: Date): void {
    this.assertEditable(now, 'OPERATION_NOT_SIGNABLE', 'Operation can no longer be signed');
  }

  /**
   * Adds an approver's verified signature. The (operation, signer) unique index is what makes a
   * duplicate impossible under concurrency; the check here gives the same answer without a trip.
   */
  addSignature(signature: OperationSignature, rules: SignerRules, now: Date): void {
    this.assertSignable(now);
    if (!rules.approvers.some((approver) => approver.hex20 === signature.signerHex)) {
      throw DomainError.invalid('SIGNER_NOT_APPROVER', 'The signature is not from an approver of this deployment');
    }
    if (this.hasSigned(signature.signerHex)) {
      throw DomainError.invalid('SIGNATURE_ALREADY_SUBMITTED', 'This signer has already signed the operation');
    }
    this.props = { ...this.props, signatures: [...this.props.signatures, signature] };
    this.reevaluate(rules);
  }

  /**
   * Counts signatures against the current rules: signatures of signers who are no longer approvers
   * are dropped (and returned so they can be deleted), READY/PENDING follow the threshold, and the
   * blob is rebuilt. Only live operations are re-evaluated; ended ones keep what they ended with.
   */
  reevaluate(rules: SignerRules): OperationSignature[] {
    if (!isLiveStatus(this.props.status)) return [];
    const approverHexes = new Set(rules.approvers.map((approver) => approver.hex20));
    const kept = this.props.signatures.filter((signature) => approverHexes.has(signature.signerHex));
    const dropped = this.props.signatures.filter((signature) => !approverHexes.has(signature.signerHex));
    const target: QueueOperationStatus = kept.length >= rules.threshold ? 'READY' : 'PENDING';
    assertQueueTransition(this.props.status, target);
    this.props = {
      ...this.props,
      signatures: sortBySigner(kept),
      status: target,
      signatureBlob: target === 'READY' ? packSignatureBlob(rules.format, kept) : null,
    };
    return dropped;
  }

  /** docs/contract.md, Operations queue (9): the creator or an approver; live; not below the next executable nonce. */
  changeNonce(
    nonce: bigint,
    actor: OperationActor,
    rules: SignerRules,
    nonces: { readonly currentNonce: bigint; readonly window: bigint },
    now: Date,
  ): void {
    const isApprover = rules.approvers.some((approver) => approver.hex20 === actor.addressHex.toLowerCase());
    if (actor.memberId !== this.props.createdByMemberId && !isApprover) {
      throw DomainError.invalid('NONCE_CHANGE_NOT_ALLOWED', 'Only the creator or an approver may change the nonce');
    }
    this.assertEditable(now, 'OPERATION_NOT_EDITABLE', 'Operation nonce can only change while it is PENDING or READY');
    assertNonceInWindow(nonce, nonces.currentNonce, nonces.window);
    assertQueueTransition(this.props.status, 'PENDING');
    this.props = { ...this.props, nonce, signatures: [], status: 'PENDING', signatureBlob: null };
  }

  /** docs/contract.md, Operations queue (5): only the creator, only while live. Deleted operations end as CANCELLED. */
  delete(actor: OperationActor, now: Date): void {
    if (actor.memberId !== this.props.createdByMemberId) {
      throw DomainError.invalid('OPERATION_DELETE_NOT_ALLOWED', 'Only the creator may delete the operation');
    }
    this.assertEditable(
      now,
      'OPERATION_DELETE_NOT_ALLOWED',
      'Operation can only be deleted while it is PENDING or READY',
    );
    this.transition('CANCELLED');
  }

  /**
   * What an execution transaction's (forward-only) status means for this operation. Returns true
   * when the status changed. An event that would move an ended operation is ignored: events can
   * arrive late and out of order, and the ended state is the one the chain settled.
   */
  applyExecution(outcome: 'PENDING' | 'EXECUTED' | 'FAILED', txHash: string): boolean {
    if (this.props.txHash === null || isLiveStatus(this.props.status)) this.props = { ...this.props, txHash };
    if (outcome === 'PENDING' || this.props.status === outcome || !canQueueTransition(this.props.status, outcome))
      return false;
    this.transition(outcome);
    return true;
  }

  /** Another operation at this nonce was executed: this one can never run. */
  cancelAsNonceConsumed(): boolean {
    if (!isLiveStatus(this.props.status)) return false;
    this.transition('CANCELLED');
    return true;
  }

  viewFor(
    viewer: OperationActor,
    rules: Pick<SignerRules, 'approvers' | 'threshold' | 'format'>,
    queue: QueueState,
    now: Date,
  ): QueueOperationView {
    const status = this.statusAt(now);
    const live = isLiveStatus(status);
    const editable = this.isEditable(now);
    const isApprover = rules.approvers.some((approver) => approver.hex20 === viewer.addressHex.toLowerCase());
    const userSigned = this.hasSigned(viewer.addressHex);
    const nonce = this.props.nonce;
    const canExecute =
      editable && status === 'READY' && nonce >= queue.currentNonce && nonce < queue.firstNonceWithoutReady;
    return {
      id: this.props.id,
      executeOperationId: executeOperationIdOf(this.props.id),
      nonce: nonce.toString(),
      operationType: this.props.type,
      status,
      calls: this.props.calls.map(callToWire),
      payload: this.props.payload,
      signaturesCollected: this.props.signatures.length,
      signaturesRequired: rules.threshold,
      txHash: this.props.txHash,
      userSigned,
      canSign: editable && isApprover && !userSigned,
      canExecute,
      canDelete: editable && viewer.memberId === this.props.createdByMemberId,
      canReject: live && isApprover && this.props.type !== 'REJECT' && !queue.liveRejectNonces.has(nonce.toString()),
      isBlocked: live && nonce > queue.currentNonce && nonce > queue.firstNonceWithoutReady,
      createdAt: this.props.createdAt.toISOString(),
      createdBy: this.props.createdBy,
      signatures: this.props.signatures.map((signature) => ({
        user: Address.fromHex20(signature.signerHex, this.props.networkType).display,
        sign: signatureEntry(rules.format, signature.signerHex, signature.signature),
      })),
      signatureBlob: this.props.signatureBlob,
      expiresAt: this.props.expiresAt?.toISOString() ?? null,
      dappMetadata: this.props.dappMetadata,
    };
  }

  private assertEditable(now: Date, code: string, message: string): void {
    if (!this.isLive(now)) throw DomainError.invalid(code, `${message} (status ${this.statusAt(now)})`);
    if (this.props.txHash !== null)
      throw DomainError.invalid(code, `${message}: its execution was already sent (txHash ${this.props.txHash})`);
  }

  private transition(to: QueueOperationStatus): void {
    assertQueueTransition(this.props.status, to);
    this.props = { ...this.props, status: to };
  }
}

function sortBySigner(signatures: readonly OperationSignature[]): OperationSignature[] {
  return [...signatures].sort((a, b) => compareHex(a.signerHex, b.signerHex));
}
