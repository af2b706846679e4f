import { createSiweMessage } from 'viem/siwe';
import { encodeFunctionData, getAddress, parseAbi, type Hex } from 'viem';
import {
  connect,
  disconnect,
  getConnection,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
} from 'wagmi/actions';
import type { Connector } from 'wagmi';
import { get, post } from '../api/client';
import type { OperationReview, SessionDto } from '../api/types';
import { checkDigest, toViemTypedData } from '../lib/digest';
import { executeCalldata, submittedSignature, type ExecutableOperation } from '../lib/signatures';
import { wagmiConfig } from './config';
import { WalletError } from './errors';

/** Connects the chosen wallet if needed and returns its current account and chain. */
async function connected(connector?: Connector): Promise<{ address: Hex; chainId: number }> {
  const current = getConnection(wagmiConfig);
  if (current.status === 'connected' && (!connector || current.connector?.uid === connector.uid)) {
    return { address: current.address, chainId: current.chainId };
  }
  // After a reload wagmi may not have reconnected yet: take the wallet the person uses (an
  // announced one first, as on the sign-in page).
  const chosen =
    connector ??
    wagmiConfig.connectors.find((c) => c.id !== 'injected') ??
    wagmiConfig.connectors.find((c) => c.id === 'injected');
  if (!chosen) throw new WalletError('NO_WALLET');
  if (current.status === 'connected') await disconnect(wagmiConfig);
  const result = await connect(wagmiConfig, { connector: chosen });
  return { address: result.accounts[0], chainId: result.chainId };
}

export { WalletError };

/**
 * Sign-In with Ethereum: a one-time nonce from the service, an EIP-4361 message for this origin,
 * signed by the wallet (personal_sign), exchanged for the session cookie.
 */
export async function signInWithWallet(connector: Connector, statement: string): Promise<SessionDto> {
  const { address, chainId } = await connected(connector);
  const { nonce } = await get<{ nonce: string }>('/api/v1/auth/nonce');
  const message = createSiweMessage({
    domain: window.location.host,
    address: getAddress(address),
    statement,
    uri: window.location.origin,
    version: '1',
    chainId,
    nonce,
    issuedAt: new Date(),
  });
  const signature = await signMessage(wagmiConfig, { account: address, message });
  return post<SessionDto>('/api/v1/auth/sign-in', { message, signature });
}

export async function signOut(): Promise<void> {
  await post('/api/v1/auth/sign-out');
  if (getConnection(wagmiConfig).status === 'connected') await disconnect(wagmiConfig);
}

async function onChain(chainId: number, sessionAddress: string): Promise<Hex> {
  const { address, chainId: current } = await connected();
  if (address.toLowerCase() !== sessionAddress.toLowerCase()) throw new WalletError('WRONG_ACCOUNT', address);
  if (current !== chainId) await switchChain(wagmiConfig, { chainId: chainId as never });
  return address;
}

/**
 * Signs the review's typed data after recomputing its digest in the browser: if the browser's
 * domain separator, struct hash or digest differ from the service's, the wallet is never asked.
 */
export async function signReviewedOperation(
  review: OperationReview,
  versionId: string,
  deploymentId: string,
  sessionAddress: string,
): Promise<void> {
  const check = checkDigest(review.typedData, review);
  if (!check.matches) throw new WalletError('DIGEST_MISMATCH', check.mismatches.join(', '));
  const signer = await onChain(Number(review.typedData.domain.chainId), sessionAddress);
  const signature = await signTypedData(wagmiConfig, {
    account: signer,
    ...toViemTypedData(review.typedData),
  } as never);
  await post(`/api/v1/deployments/${deploymentId}/operations/${review.operationId}/sign`, {
    signature: submittedSignature(versionId, signer, signature),
  });
}

/** One `execute` transaction carrying the given READY operations, in nonce order. */
export async function executeOperations(
  operations: readonly ExecutableOperation[],
  wallet: { chainId: number; address: string },
  sessionAddress: string,
): Promise<Hex> {
  const from = await onChain(wallet.chainId, sessionAddress);
  return sendTransaction(wagmiConfig, {
    account: from,
    chainId: wallet.chainId as never,
    to: wallet.address as Hex,
    data: executeCalldata(operations),
  });
}

const FACTORY_ABI = parseAbi([
  'function createInstance(address implementation, bytes initializer, uint256 saltNonce) returns (address)',
]);

/**
 * Deploys the account's wallet on a network: the service's `deploy-params` (the same inputs give
 * the same address on every EVM chain), sent to the factory by the person's wallet. The service
 * learns of it from the chain indexer.
 */
export async function deployWallet(accountId: string, chainId: number): Promise<Hex> {
  const params = await get<{
    implementationAddress: Hex;
    initializerBytecode: Hex;
    nonce: string;
    deployerAddress: Hex;
  }>(`/api/v1/accounts/${accountId}/deploy-params`, { chainId: String(chainId) });
  const { address, chainId: current } = await connected();
  if (current !== chainId) await switchChain(wagmiConfig, { chainId: chainId as never });
  return sendTransaction(wagmiConfig, {
    account: address,
    chainId: chainId as never,
    to: params.deployerAddress,
    data: encodeFunctionData({
      abi: FACTORY_ABI,
      functionName: 'createInstance',
      args: [params.implementationAddress, params.initializerBytecode, BigInt(params.nonce)],
    }),
  });
}
