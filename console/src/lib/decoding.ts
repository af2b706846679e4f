import type { Decoded } from '../api/types';
import { formatMoney, shortAddress } from './amounts';

/**
 * A decoded call in words, as a message key and its values, so each language words it its own way.
 * Addresses are shortened only for the sentence; the full address is shown beside it.
 */
export interface CallInWords {
  readonly key:
    | 'call.nativeTransfer'
    | 'call.tokenTransfer'
    | 'call.setConfig'
    | 'call.claimTo'
    | 'call.contractCall'
    | 'call.unknown';
  readonly values: Record<string, string>;
}

/** The payee as a person knows it: its address-book label, else the shortened address. */
function payee(address: string, label: string | null): string {
  return label ? `${label} (${shortAddress(address)})` : shortAddress(address);
}

export function describeCall(decoded: Decoded, label: string | null, locale: string): CallInWords {
  switch (decoded.kind) {
    case 'NATIVE_TRANSFER':
      return {
        key: 'call.nativeTransfer',
        values: {
          amount: formatMoney(decoded.amount, decoded.currency?.symbol ?? '', locale).trim(),
          recipient: payee(decoded.recipient, label),
        },
      };
    case 'TOKEN_TRANSFER':
      return {
        key: 'call.tokenTransfer',
        values: {
          amount: formatMoney(decoded.amount, decoded.currency?.symbol ?? '?', locale),
          recipient: payee(decoded.recipient, label),
        },
      };
    case 'SET_CONFIG':
      return {
        key: 'call.setConfig',
        values: { threshold: String(decoded.threshold), count: String(decoded.approvers.length) },
      };
    case 'CLAIM_TO':
      return {
        key: 'call.claimTo',
        values: {
          currency: decoded.currency?.symbol ?? '—',
          recipient: payee(decoded.recipient, label),
          count: String(decoded.invoiceNonces.length),
        },
      };
    case 'CONTRACT_CALL':
      return {
        key: 'call.contractCall',
        values: {
          function: decoded.function,
          // Strings as they are; booleans, arrays and tuples as the JSON the API describes them in.
          args: decoded.args
            .map(
              (arg) =>
                `${arg.name || arg.type} = ${typeof arg.value === 'string' ? arg.value : JSON.stringify(arg.value)}`,
            )
            .join(', '),
        },
      };
    case 'UNKNOWN':
      return { key: 'call.unknown', values: { selector: decoded.selector ?? '—' } };
  }
}

export interface ConfigDiff {
  readonly added: string[];
  readonly removed: string[];
  readonly kept: string[];
  readonly thresholdBefore: number;
  readonly thresholdAfter: number;
}

/** Approvers added, removed and kept by a config change, compared case-insensitively. */
export function configDiff(config: {
  approversBefore: string[];
  approversAfter: string[];
  thresholdBefore: number;
  thresholdAfter: number;
}): ConfigDiff {
  const before = new Set(config.approversBefore.map((a) => a.toLowerCase()));
  const after = new Set(config.approversAfter.map((a) => a.toLowerCase()));
  return {
    added: config.approversAfter.filter((a) => !before.has(a.toLowerCase())),
    removed: config.approversBefore.filter((a) => !after.has(a.toLowerCase())),
    kept: config.approversAfter.filter((a) => before.has(a.toLowerCase())),
    thresholdBefore: config.thresholdBefore,
    thresholdAfter: config.thresholdAfter,
  };
}

/**
 * The READY operations from the next executable nonce on, in nonce order, that one `execute`
 * transaction can carry together: consecutive nonces, each with a READY operation.
 */
export function executableRun<T extends { nonce: string; status: string; canExecute: boolean }>(
  operations: readonly T[],
  nextNonce: string,
): T[] {
  const run: T[] = [];
  let expected = BigInt(nextNonce);
  const byNonce = [...operations].sort((a, b) => (BigInt(a.nonce) < BigInt(b.nonce) ? -1 : 1));
  for (const op of byNonce) {
    if (BigInt(op.nonce) < expected) continue;
    if (BigInt(op.nonce) > expected) break;
    if (op.status !== 'READY' || !op.canExecute) continue;
    run.push(op);
    expected += 1n;
  }
  return run;
}
