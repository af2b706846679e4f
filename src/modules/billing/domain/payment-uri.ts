import type { Address } from '../../../shared/domain/address';

export interface PaymentTarget {
  readonly invoiceAddress: Address;
  readonly chainId: string;
  /** The token contract; null for the native coin; undefined when the invoice takes several currencies. */
  readonly token: Address | null | undefined;
  /** Base units still due, when a single currency and an amount are known. */
  readonly amountDue: bigint | null;
  readonly decimals: number | null;
}

/**
 * What a wallet scans to pay the invoice.
 *
 * - EVM, EIP-681: native `ethereum:<address>@<chainId>?value=<wei>`; a token
 *   `ethereum:<token>@<chainId>/transfer?address=<address>&uint256=<units>` (the ERC-20 call the
 *   wallet prepares). Without a known amount, or with several currencies, the parameters are left
 *   out and the wallet asks.
 * - Tron, as Tron wallets read it: `tron:<address>?amount=<whole units>` with `&token=<contract>`
 *   for a TRC-20 token.
 */
export function paymentUri(target: PaymentTarget): string {
  const address = target.invoiceAddress.display;
  const due = target.amountDue !== null && target.amountDue > 0n ? target.amountDue : null;
  if (target.invoiceAddress.networkType === 'tvm') {
    const params: string[] = [];
    if (due !== null && target.decimals !== null) params.push(`amount=${wholeUnits(due, target.decimals)}`);
    if (target.token) params.push(`token=${target.token.display}`);
    return `tron:${address}${params.length > 0 ? `?${params.join('&')}` : ''}`;
  }
  if (target.token) {
    const amount = due === null ? '' : `&uint256=${due}`;
    return `ethereum:${target.token.display}@${target.chainId}/transfer?address=${address}${amount}`;
  }
  return `ethereum:${address}@${target.chainId}${due === null || target.token === undefined ? '' : `?value=${due}`}`;
}

function wholeUnits(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString();
  const text = units.toString().padStart(decimals + 1, '0');
  const fraction = text.slice(-decimals).replace(/0+$/, '');
  return fraction === '' ? text.slice(0, -decimals) : `${text.slice(0, -decimals)}.${fraction}`;
}
