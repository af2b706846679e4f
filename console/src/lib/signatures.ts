import { concat, encodeFunctionData, numberToHex, size, type Hex } from 'viem';

/**
 * Contract version 1.0.0 takes raw 65-byte signatures; later versions take packed entries
 * `signer (20 bytes) ‖ uint16 big-endian length ‖ signature`.
 */
export function submittedSignature(versionId: string, signer: string, signature: Hex): Hex {
  if (versionId.startsWith('1.0.0')) return signature;
  return concat([signer.toLowerCase() as Hex, numberToHex(size(signature), { size: 2 }), signature]);
}

const EXECUTE_ABI = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'payable',
    inputs: [
      {
        name: 'ops',
        type: 'tuple[]',
        components: [
          {
            name: 'calls',
            type: 'tuple[]',
            components: [
              { name: 'to', type: 'address' },
              { name: 'value', type: 'uint256' },
              { name: 'data', type: 'bytes' },
            ],
          },
          { name: 'signatures', type: 'bytes' },
          { name: 'id', type: 'bytes32' },
        ],
      },
    ],
    outputs: [],
  },
] as const;

export interface ExecutableOperation {
  readonly calls: readonly { to: string; value: string; data: string }[];
  readonly signatureBlob: string | null;
  readonly executeOperationId: string;
}

/** Calldata of `execute(ops)`: each READY operation with its packed signatures, in nonce order. */
export function executeCalldata(operations: readonly ExecutableOperation[]): Hex {
  return encodeFunctionData({
    abi: EXECUTE_ABI,
    functionName: 'execute',
    args: [
      operations.map((op) => {
        if (!op.signatureBlob) throw new Error('an operation without its signatures cannot execute');
        return {
          calls: op.calls.map((call) => ({ to: call.to as Hex, value: BigInt(call.value), data: call.data as Hex })),
          signatures: op.signatureBlob as Hex,
          id: op.executeOperationId as Hex,
        };
      }),
    ],
  });
}
