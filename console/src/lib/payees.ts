/**
 * The look-alike rule the service applies to payouts: a recipient that is not a known payee but
 * shares the first 3 and the last 4 hex digits of one (compared in the 20-byte hex form). The
 * console warns as the address is typed; the service's refusal is what counts.
 */
export function lookalikeOf<T extends { address: string }>(candidate: string, known: readonly T[]): T | undefined {
  const hex = evmHex(candidate);
  if (hex === undefined) return undefined;
  if (known.some((k) => evmHex(k.address) === hex)) return undefined;
  return known.find((k) => {
    const other = evmHex(k.address);
    return other !== undefined && other.slice(0, 3) === hex.slice(0, 3) && other.slice(-4) === hex.slice(-4);
  });
}

function evmHex(address: string): string | undefined {
  const match = /^0x([0-9a-fA-F]{40})$/.exec(address.trim());
  return match ? match[1].toLowerCase() : undefined;
}
