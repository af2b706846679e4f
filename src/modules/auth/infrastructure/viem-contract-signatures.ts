import { Inject, Injectable } from '@nestjs/common';
import { BaseError, createPublicClient, http, type Hex, type PublicClient } from 'viem';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain/domain-error';
import { ContractSignatureAnswer, ContractSignatures } from '../domain/wallet-signature';

/** ERC-1271's "yes": the selector of `isValidSignature(bytes32,bytes)`. */
const ERC1271_MAGIC_VALUE = '0x1626ba7e';

const IS_VALID_SIGNATURE_ABI = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: 'magicValue', type: 'bytes4' }],
  },
] as const;

/** Answers a contract gives by failing: it does not approve (no code, a revert, a wrong-sized answer). */
const CONTRACT_SAID_NO = new Set([
  'ContractFunctionRevertedError',
  'ContractFunctionZeroDataError',
  'AbiDecodingZeroDataError',
  'AbiDecodingDataSizeTooSmallError',
  'CallExecutionError',
]);

/** One RPC call's limit: a person is waiting on the sign-in. */
const RPC_TIMEOUT_MS = 5_000;

/**
 * ERC-1271 over the chains' RPC URLs (RPC_URL_<chainId> / INDEXER_CHAINS, the indexer's), one
 * `eth_call` of `isValidSignature` at the latest block. A node that cannot be reached is a 503: the
 * person may try again, nothing about them was refused.
 */
@Injectable()
export class ViemContractSignatures extends ContractSignatures {
  private readonly clients = new Map<string, PublicClient>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  async check(chainId: string, contract: `0x${string}`, hash: Hex, signature: Hex): Promise<ContractSignatureAnswer> {
    const client = this.clientFor(chainId);
    if (client === undefined) return 'no_rpc';
    try {
      const answer = await client.readContract({
        address: contract,
        abi: IS_VALID_SIGNATURE_ABI,
        functionName: 'isValidSignature',
        args: [hash, signature],
      });
      return answer.toLowerCase() === ERC1271_MAGIC_VALUE ? 'valid' : 'invalid';
    } catch (error) {
      if (error instanceof BaseError && error.walk((cause) => CONTRACT_SAID_NO.has((cause as Error).name)) !== null) {
        const unreachable = error.walk((cause) => ['HttpRequestError', 'TimeoutError'].includes((cause as Error).name));
        if (unreachable === null) return 'invalid';
      }
      throw new DomainError(
        'unavailable',
        'CHAIN_UNAVAILABLE',
        `The node of chain ${chainId} could not be asked to check the contract wallet's signature: try again shortly`,
        [],
        5,
      );
    }
  }

  private clientFor(chainId: string): PublicClient | undefined {
    const known = this.clients.get(chainId);
    if (known !== undefined) return known;
    const chain = this.config.indexer.chains.find((entry) => entry.chainId === chainId);
    if (chain === undefined) return undefined;
    const client = createPublicClient({
      transport: http(chain.rpcUrl, { retryCount: 1, timeout: RPC_TIMEOUT_MS }),
      cacheTime: 0,
    }) as PublicClient;
    this.clients.set(chainId, client);
    return client;
  }
}
