import { Address } from '../../../shared/domain/address';
import { findLookalike } from '../../../shared/domain/lookalike';
import type { DecodedCall } from './call-decoding';
import type { SimulationOutcome } from './operation-simulator';

export type WarningSeverity = 'CRITICAL' | 'WARNING' | 'INFO';

export interface ReviewWarning {
  readonly code:
    | 'PAYEE_LOOKALIKE'
    | 'SIMULATION_REVERTED'
    | 'FIRST_TIME_PAYEE'
    | 'APPROVER_REMOVED'
    | 'THRESHOLD_LOWERED'
    | 'UNKNOWN_CALL'
    | 'BLOCKED_BY_EARLIER_NONCE';
  readonly severity: WarningSeverity;
  readonly message: string;
  readonly callIndex: number | null;
}

export interface ConfigDiff {
  readonly approversBefore: readonly Address[];
  readonly approversAfter: readonly Address[];
  readonly thresholdBefore: number;
  readonly thresholdAfter: bigint;
}

/** Who receives money in a call: transfers' recipients and `claimTo`'s. */
export function recipientOf(decoded: DecodedCall): Address | undefined {
  return decoded.kind === 'NATIVE_TRANSFER' || decoded.kind === 'TOKEN_TRANSFER' || decoded.kind === 'CLAIM_TO'
    ? decoded.recipient
    : undefined;
}

/** What the last `setConfig` of the operation would change, or null when it has none. */
export function configDiff(
  decoded: readonly DecodedCall[],
  current: { readonly approvers: readonly Address[]; readonly threshold: number },
): ConfigDiff | null {
  const setConfig = [...decoded].reverse().find((call) => call.kind === 'SET_CONFIG');
  if (setConfig?.kind !== 'SET_CONFIG') return null;
  return {
    approversBefore: current.approvers,
    approversAfter: setConfig.approvers,
    thresholdBefore: current.threshold,
    thresholdAfter: setConfig.threshold,
  };
}

export interface WarningFacts {
  readonly decoded: readonly DecodedCall[];
  /**
   * The account's known payees (APPROVED address-book entries, recipients of earlier payouts) that
   * may matter here: every one equal to or sharing the look-alike digits of a recipient, in the
   * 20-byte form. More is harmless.
   */
  readonly knownPayees: readonly string[];
  readonly config: ConfigDiff | null;
  readonly simulation: SimulationOutcome;
  /** An earlier nonce has no READY operation, so this one cannot run yet. */
  readonly isBlocked: boolean;
}

const SEVERITY_ORDER: Record<WarningSeverity, number> = { CRITICAL: 0, WARNING: 1, INFO: 2 };

/** The warnings of a review, most severe first, then by call. */
export function reviewWarnings(facts: WarningFacts): ReviewWarning[] {
  const warnings: ReviewWarning[] = [];
  const known = new Set(facts.knownPayees.map((hex) => hex.toLowerCase()));
  facts.decoded.forEach((decoded, callIndex) => {
    if (decoded.kind === 'UNKNOWN') {
      warnings.push({
        code: 'UNKNOWN_CALL',
        severity: 'WARNING',
        message: `Call ${callIndex} goes to a contract whose ABI the service does not know${decoded.selector === null ? '' : ` (selector ${decoded.selector})`}: check it with its author before signing`,
        callIndex,
      });
    }
    const recipient = recipientOf(decoded);
    if (recipient === undefined || known.has(recipient.hex20)) return;
    const lookalike = findLookalike(recipient, [...known]);
    if (lookalike !== undefined) {
      warnings.push({
        code: 'PAYEE_LOOKALIKE',
        severity: 'CRITICAL',
        message: `Recipient ${recipient.display} is not a known payee but looks like ${Address.fromHex20(lookalike, recipient.networkType).display} (same first 3 and last 4 hex digits): this is how address poisoning steals payments`,
        callIndex,
      });
    } else {
      warnings.push({
        code: 'FIRST_TIME_PAYEE',
        severity: 'INFO',
        message: `Recipient ${recipient.display} has never been paid by this account and is not in its address book`,
        callIndex,
      });
    }
  });
  if (facts.simulation.status === 'REVERTED') {
    warnings.push({
      code: 'SIMULATION_REVERTED',
      severity: 'CRITICAL',
      message: `The simulation failed: ${facts.simulation.revertReason}`,
      callIndex: facts.simulation.callIndex,
    });
  }
  if (facts.config !== null) {
    const after = new Set(facts.config.approversAfter.map((approver) => approver.hex20));
    for (const approver of facts.config.approversBefore) {
      if (after.has(approver.hex20)) continue;
      warnings.push({
        code: 'APPROVER_REMOVED',
        severity: 'WARNING',
        message: `Approver ${approver.display} is removed`,
        callIndex: null,
      });
    }
    if (facts.config.thresholdAfter < BigInt(facts.config.thresholdBefore)) {
      warnings.push({
        code: 'THRESHOLD_LOWERED',
        severity: 'WARNING',
        message: `The threshold is lowered from ${facts.config.thresholdBefore} to ${facts.config.thresholdAfter}`,
        callIndex: null,
      });
    }
  }
  if (facts.isBlocked) {
    warnings.push({
      code: 'BLOCKED_BY_EARLIER_NONCE',
      severity: 'INFO',
      message: 'An earlier nonce has no operation ready to execute: this one cannot run before it',
      callIndex: null,
    });
  }
  return warnings
    .map((warning, order) => ({ warning, order }))
    .sort((a, b) => SEVERITY_ORDER[a.warning.severity] - SEVERITY_ORDER[b.warning.severity] || a.order - b.order)
    .map(({ warning }) => warning);
}
