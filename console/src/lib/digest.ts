import { hashDomain, hashStruct, hashTypedData, type Hex, type TypedDataDefinition } from 'viem';

/** The review's `typedData`, exactly what `eth_signTypedData_v4` takes (types include EIP712Domain). */
export interface ReviewTypedData {
  readonly domain: { name: string; version: string; chainId: number | string; verifyingContract: string };
  readonly primaryType: 'Execute';
  readonly types: Record<string, readonly { name: string; type: string }[]>;
  readonly message: { calls: readonly { to: string; value: string; data: string }[]; nonce: string };
}

export interface DigestCheck {
  readonly matches: boolean;
  readonly domainSeparator: Hex;
  readonly structHash: Hex;
  readonly digest: Hex;
  /** Which of the service's three values differ from the browser's, for the message shown. */
  readonly mismatches: readonly ('domainSeparator' | 'structHash' | 'digest')[];
}

type Fields = Record<string, { name: string; type: string }[]>;

/** The typed data in viem's own form (numbers as bigint, EIP712Domain left to viem). */
export function toViemTypedData(typedData: ReviewTypedData) {
  const { EIP712Domain: _domainType, ...rest } = typedData.types;
  const types = Object.fromEntries(Object.entries(rest).map(([name, fields]) => [name, [...fields]])) as Fields;
  return {
    domain: {
      name: typedData.domain.name,
      version: typedData.domain.version,
      chainId: BigInt(typedData.domain.chainId),
      verifyingContract: typedData.domain.verifyingContract as Hex,
    },
    types,
    primaryType: typedData.primaryType,
    message: {
      calls: typedData.message.calls.map((call) => ({ to: call.to, value: BigInt(call.value), data: call.data })),
      nonce: BigInt(typedData.message.nonce),
    } as Record<string, unknown>,
  };
}

/**
 * Recomputes the domain separator, struct hash and digest in the browser from the typed data the
 * wallet will be asked to sign, and compares them with what the service says is being signed.
 * The console signs only when all three agree: a service (or a proxy in front of it) that showed
 * one operation and asked the wallet to sign another is caught here.
 */
export function checkDigest(
  typedData: ReviewTypedData,
  claimed: { domainSeparator: string; structHash: string; digest: string },
): DigestCheck {
  const definition = toViemTypedData(typedData);
  const domainTypes = typedData.types.EIP712Domain
    ? [...typedData.types.EIP712Domain]
    : [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ];
  const domainSeparator = hashDomain({
    domain: definition.domain,
    types: { EIP712Domain: domainTypes, ...definition.types },
  } as unknown as Parameters<typeof hashDomain>[0]);
  const structHash = hashStruct({
    data: definition.message,
    primaryType: definition.primaryType,
    types: definition.types,
  } as unknown as Parameters<typeof hashStruct>[0]);
  const digest = hashTypedData(definition as unknown as TypedDataDefinition);
  const mismatches = (
    [
      ['domainSeparator', domainSeparator],
      ['structHash', structHash],
      ['digest', digest],
    ] as const
  )
    .filter(([key, value]) => claimed[key].toLowerCase() !== value.toLowerCase())
    .map(([key]) => key);
  return { matches: mismatches.length === 0, domainSeparator, structHash, digest, mismatches };
}
