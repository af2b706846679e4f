import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Amount } from '../../../shared/domain/amount';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import { QUEUE_OPERATION_STATUSES, QUEUE_OPERATION_TYPES } from '../../queue/application/queue.service';
import type { QueueOperationStatus, QueueOperationType } from '../../queue/domain/queue-operation-status';
import type { Currency } from '../../catalog/catalog';
import type { OperationReview } from '../application/operation-review.service';
import type { ArgumentValue, DecodedCall } from '../domain/call-decoding';

const HASH = { example: `0x${'ab'.repeat(32)}`, description: '0x + 64 hex' };

export class TypedDataDomainDto {
  @ApiProperty({ example: 'MultiSigWallet' })
  name: string;
  @ApiProperty({ example: '1.2.0' })
  version: string;
  @ApiProperty({ example: 1 })
  chainId: number;
  @ApiProperty({
    example: '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4',
    description: "The wallet's 20-byte address (Tron's too)",
  })
  verifyingContract: string;
}

export class TypedDataFieldDto {
  @ApiProperty()
  name: string;
  @ApiProperty()
  type: string;
}

export class TypedDataTypesDto {
  @ApiProperty({ type: [TypedDataFieldDto] })
  EIP712Domain: TypedDataFieldDto[];
  @ApiProperty({ type: [TypedDataFieldDto] })
  Execute: TypedDataFieldDto[];
  @ApiProperty({ type: [TypedDataFieldDto] })
  Call: TypedDataFieldDto[];
}

export class TypedDataCallDto {
  @ApiProperty({ description: '20-byte address, EIP-55 cased' })
  to: string;
  @ApiProperty({ description: 'Base units, decimal string' })
  value: string;
  @ApiProperty({ example: '0x' })
  data: string;
}

export class TypedDataMessageDto {
  @ApiProperty({ type: [TypedDataCallDto] })
  calls: TypedDataCallDto[];
  @ApiProperty({ example: '7' })
  nonce: string;
}

/** Exactly what `eth_signTypedData_v4` takes. */
export class TypedDataDto {
  @ApiProperty({ type: TypedDataDomainDto })
  domain: TypedDataDomainDto;
  @ApiProperty({ enum: ['Execute'] })
  primaryType: 'Execute';
  @ApiProperty({ type: TypedDataTypesDto })
  types: TypedDataTypesDto;
  @ApiProperty({ type: TypedDataMessageDto })
  message: TypedDataMessageDto;
}

export class DecodedArgumentDto {
  @ApiProperty()
  name: string;
  @ApiProperty({ example: 'address' })
  type: string;
  // A union: without oneOf the description would say "object", and clients generated from it
  // (the console's own types) would refuse the strings most values are.
  @ApiProperty({
    description: 'Addresses in display form, numbers as decimal strings; arrays and tuples as JSON',
    oneOf: [
      { type: 'string' },
      { type: 'boolean' },
      { type: 'array', items: {} },
      { type: 'object', additionalProperties: true },
    ],
  })
  value: ArgumentValue;
}

export class DecodedCallDto {
  @ApiProperty({ enum: ['NATIVE_TRANSFER', 'TOKEN_TRANSFER', 'SET_CONFIG', 'CLAIM_TO', 'CONTRACT_CALL', 'UNKNOWN'] })
  kind: DecodedCall['kind'];
  @ApiPropertyOptional({ description: 'NATIVE_TRANSFER, TOKEN_TRANSFER, CLAIM_TO' })
  recipient?: string;
  @ApiPropertyOptional({ description: 'NATIVE_TRANSFER, TOKEN_TRANSFER: whole units' })
  amount?: string;
  @ApiPropertyOptional({
    type: CurrencyResponseDto,
    nullable: true,
    description: 'NATIVE_TRANSFER, TOKEN_TRANSFER, CLAIM_TO',
  })
  currency?: CurrencyResponseDto | null;
  @ApiPropertyOptional({ type: [String], description: 'SET_CONFIG' })
  approvers?: string[];
  @ApiPropertyOptional({ description: 'SET_CONFIG' })
  threshold?: number;
  @ApiPropertyOptional({ type: [String], description: 'CLAIM_TO: the invoices whose deposits are collected' })
  invoiceNonces?: string[];
  @ApiPropertyOptional({ example: 'approve(address,uint256)', description: 'CONTRACT_CALL' })
  function?: string;
  @ApiPropertyOptional({ type: [DecodedArgumentDto], description: 'CONTRACT_CALL' })
  args?: DecodedArgumentDto[];
  @ApiPropertyOptional({ type: String, nullable: true, example: '0xa9059cbb', description: 'UNKNOWN' })
  selector?: string | null;
}

export class ReviewedCallDto {
  @ApiProperty()
  index: number;
  @ApiProperty({ description: 'As the queue shows it (a Tron target in its 0x 20-byte form)' })
  to: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Address-book label of `to`, or of the recipient for transfers',
  })
  toLabel: string | null;
  @ApiProperty({ description: 'Base units of the native coin' })
  value: string;
  @ApiProperty()
  data: string;
  @ApiProperty({ type: DecodedCallDto })
  decoded: DecodedCallDto;
}

export class ConfigDiffDto {
  @ApiProperty({ type: [String] })
  approversBefore: string[];
  @ApiProperty({ type: [String] })
  approversAfter: string[];
  @ApiProperty()
  thresholdBefore: number;
  @ApiProperty()
  thresholdAfter: number;
}

export class SimulatedTransferDto {
  @ApiProperty({ type: CurrencyResponseDto, nullable: true, description: 'null: a token the catalog does not hold' })
  currency: CurrencyResponseDto | null;
  @ApiProperty()
  from: string;
  @ApiProperty()
  to: string;
  @ApiProperty({ description: 'Whole units; base units when the catalog does not hold the token' })
  amount: string;
}

export class SimulationDto {
  @ApiProperty({ enum: ['SUCCESS', 'REVERTED', 'UNAVAILABLE'] })
  status: 'SUCCESS' | 'REVERTED' | 'UNAVAILABLE';
  @ApiProperty({ type: String, nullable: true, description: 'The block the node simulated' })
  blockNumber: string | null;
  @ApiProperty({ type: String, nullable: true })
  revertReason: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the simulation is UNAVAILABLE' })
  reason: string | null;
  @ApiProperty({ type: [SimulatedTransferDto] })
  transfers: SimulatedTransferDto[];
}

export class ReviewWarningDto {
  @ApiProperty({
    enum: [
      'PAYEE_LOOKALIKE',
      'SIMULATION_REVERTED',
      'FIRST_TIME_PAYEE',
      'APPROVER_REMOVED',
      'THRESHOLD_LOWERED',
      'UNKNOWN_CALL',
      'BLOCKED_BY_EARLIER_NONCE',
    ],
  })
  code: string;
  @ApiProperty({ enum: ['CRITICAL', 'WARNING', 'INFO'] })
  severity: 'CRITICAL' | 'WARNING' | 'INFO';
  @ApiProperty()
  message: string;
  @ApiProperty({ type: Number, nullable: true })
  callIndex: number | null;
}

export class OperationReviewDto {
  @ApiProperty({ format: 'uuid' })
  operationId: string;
  @ApiProperty(HASH)
  executeOperationId: string;
  @ApiProperty({ example: '7' })
  nonce: string;
  @ApiProperty({ enum: QUEUE_OPERATION_TYPES })
  operationType: QueueOperationType;
  @ApiProperty({ enum: QUEUE_OPERATION_STATUSES })
  status: QueueOperationStatus;
  @ApiProperty({ type: TypedDataDto })
  typedData: TypedDataDto;
  @ApiProperty(HASH)
  domainSeparator: string;
  @ApiProperty(HASH)
  structHash: string;
  @ApiProperty({ ...HASH, description: 'keccak256(0x1901 ‖ domainSeparator ‖ structHash): what the wallet checks' })
  digest: string;
  @ApiProperty({ type: [ReviewedCallDto] })
  calls: ReviewedCallDto[];
  @ApiProperty({ type: ConfigDiffDto, nullable: true })
  config: ConfigDiffDto | null;
  @ApiProperty({ type: SimulationDto })
  simulation: SimulationDto;
  @ApiProperty({ type: [ReviewWarningDto] })
  warnings: ReviewWarningDto[];

  static from(review: OperationReview): OperationReviewDto {
    const { subject } = review;
    const simulation = review.simulation;
    return {
      operationId: subject.view.id,
      executeOperationId: subject.view.executeOperationId,
      nonce: subject.view.nonce,
      operationType: subject.view.operationType,
      status: subject.view.status,
      typedData: subject.typedData as TypedDataDto,
      domainSeparator: subject.hashes.domainSeparator,
      structHash: subject.hashes.structHash,
      digest: subject.hashes.digest,
      calls: review.calls.map((call, index) => ({
        index,
        to: subject.view.calls[index].to,
        toLabel: call.toLabel,
        value: subject.view.calls[index].value,
        data: subject.view.calls[index].data,
        decoded: decodedDto(call.decoded),
      })),
      config:
        review.config === null
          ? null
          : {
              approversBefore: review.config.approversBefore.map((approver) => approver.display),
              approversAfter: review.config.approversAfter.map((approver) => approver.display),
              thresholdBefore: review.config.thresholdBefore,
              thresholdAfter: Number(review.config.thresholdAfter),
            },
      simulation: {
        status: simulation.status,
        blockNumber: simulation.status === 'UNAVAILABLE' ? null : (simulation.blockNumber?.toString() ?? null),
        revertReason: simulation.status === 'REVERTED' ? simulation.revertReason : null,
        reason: simulation.status === 'UNAVAILABLE' ? simulation.reason : null,
        transfers: review.transfers.map((transfer) => ({
          currency: transfer.currency === null ? null : CurrencyResponseDto.from(transfer.currency),
          from: transfer.from.display,
          to: transfer.to.display,
          amount: wholeUnits(transfer.amount, transfer.currency),
        })),
      },
      warnings: review.warnings.map((warning) => ({ ...warning })),
    };
  }
}

function wholeUnits(amount: bigint, currency: Currency | null): string {
  return currency === null ? amount.toString() : Amount.fromBaseUnits(amount, currency.decimals).toDecimalString();
}

function decodedDto(decoded: DecodedCall): DecodedCallDto {
  const currency = (value: Currency | null) => (value === null ? null : CurrencyResponseDto.from(value));
  switch (decoded.kind) {
    case 'NATIVE_TRANSFER':
      return {
        kind: decoded.kind,
        recipient: decoded.recipient.display,
        amount: wholeUnits(decoded.amount, decoded.currency),
        currency: currency(decoded.currency),
      };
    case 'TOKEN_TRANSFER':
      return {
        kind: decoded.kind,
        currency: currency(decoded.currency),
        recipient: decoded.recipient.display,
        amount: wholeUnits(decoded.amount, decoded.currency),
      };
    case 'SET_CONFIG':
      return {
        kind: decoded.kind,
        approvers: decoded.approvers.map((approver) => approver.display),
        threshold: Number(decoded.threshold),
      };
    case 'CLAIM_TO':
      return {
        kind: decoded.kind,
        currency: currency(decoded.currency),
        recipient: decoded.recipient.display,
        invoiceNonces: decoded.invoiceNonces.map(String),
      };
    case 'CONTRACT_CALL':
      return { kind: decoded.kind, function: decoded.function, args: decoded.args };
    case 'UNKNOWN':
      return { kind: decoded.kind, selector: decoded.selector };
  }
}
