import { createSiweMessage } from 'viem/siwe';
import type { Hex } from 'viem';
import { get, post } from '../api/client';
import type { OperationReview, SessionDto } from '../api/types';
import { checkDigest } from '../lib/digest';
import { executeCalldata, submittedSignature, type ExecutableOperation } from '../lib/signatures';
import { WalletError } from './errors';

/**
 * TronLink, the browser wallet of Tron accounts, through what it injects: `window.tronLink`
 * (asks the person to connect) and its `tronWeb` (the account, TIP-191 and TIP-712 signing,
 * building, signing and broadcasting a transaction through TronLink's own node). Only the parts
 * the console uses are typed. No TronWeb library is bundled: the extension's is the one that signs.
 */
export interface TronTransaction {
  readonly txID: string;
  readonly raw_data: unknown;
  readonly raw_data_hex: string;
  readonly signature?: string[];
}

export interface TronWebLike {
  readonly ready?: boolean;
  readonly defaultAddress: { readonly base58: string | false; readonly hex: string | false };
  readonly trx: {
    signMessageV2(message: string): Promise<string>;
    _signTypedData(
      domain: Record<string, unknown>,
      types: Record<string, readonly { name: string; type: string }[]>,
      value: Record<string, unknown>,
    ): Promise<string>;
    sign(transaction: TronTransaction): Promise<TronTransaction>;
    sendRawTransaction(
      transaction: TronTransaction,
    ): Promise<{ result?: boolean; txid?: string; code?: string; message?: string }>;
  };
  readonly transactionBuilder: {
    triggerSmartContract(
      contract: string,
      functionSelector: string,
      options: { feeLimit: number; callValue: number; rawParameter: string },
      parameters: [],
      issuer: string,
    ): Promise<{ result: { result?: boolean; message?: string }; transaction: TronTransaction }>;
  };
}

interface TronLinkLike {
  readonly ready?: boolean;
  readonly tronWeb?: TronWebLike | false;
  request(args: { method: 'tron_requestAccounts' }): Promise<{ code: number; message?: string } | '' | undefined>;
}

interface TronWindow {
  tronLink?: TronLinkLike;
  tronWeb?: TronWebLike;
}

const scope = () => window as unknown as TronWindow;

/** Whether TronLink (or a wallet speaking its API) is in this browser. */
export function tronLinkPresent(): boolean {
  return scope().tronLink !== undefined || scope().tronWeb !== undefined;
}

/** Tron mainnet's chain id, for the sign-in message (the service accepts any chain id there). */
const TRON_MAINNET_CHAIN_ID = 728126428;

/**
 * The fee limit of an `execute` on Tron, in sun: 1,000 TRX. Energy is paid from the account's
 * stake first; this only caps what TRX may be burnt when it runs out, so a batch of operations
 * is not cut off, and TronLink still shows the person the cost before they confirm.
 */
export const TRON_EXECUTE_FEE_LIMIT = 1_000_000_000;

/** The ABI signature TronWeb builds the call from; `rawParameter` carries the ABI-encoded `ops`. */
const EXECUTE_SELECTOR = 'execute(((address,uint256,bytes)[],bytes,bytes32)[])';

export interface TronAccount {
  readonly tronWeb: TronWebLike;
  /** The base58 address (T…), as the service names Tron members. */
  readonly base58: string;
  /** The 20-byte 0x form the signatures and the packed entry carry. */
  readonly hex20: Hex;
}

/** Asks TronLink to connect (the person approves in the extension) and returns its account. */
export async function connectTronLink(): Promise<TronAccount> {
  const { tronLink, tronWeb: injected } = scope();
  if (tronLink) {
    const answer = await tronLink.request({ method: 'tron_requestAccounts' });
    // TronLink answers {code: 200} once connected, 4001 when the person declines, '' when locked.
    if (!answer || answer.code !== 200) {
      throw new WalletError('TRON_REFUSED', answer ? (answer.message ?? String(answer.code)) : 'TronLink is locked');
    }
  }
  const tronWeb = (tronLink?.tronWeb || injected) as TronWebLike | undefined;
  if (!tronWeb || !tronWeb.defaultAddress.base58 || !tronWeb.defaultAddress.hex) {
    throw new WalletError('NO_WALLET');
  }
  const hex = tronWeb.defaultAddress.hex.replace(/^0x/, '');
  return {
    tronWeb,
    base58: tronWeb.defaultAddress.base58,
    hex20: `0x${hex.slice(-40).toLowerCase()}` as Hex,
  };
}

/**
 * Sign-in for a Tron member: the same EIP-4361 text as for an EVM wallet with the base58 address
 * on the address line, signed by TIP-191 (`signMessageV2`).
 */
export async function signInWithTronLink(statement: string): Promise<SessionDto> {
  const account = await connectTronLink();
  const { nonce } = await get<{ nonce: string }>('/api/v1/auth/nonce');
  const text = createSiweMessage({
    domain: window.location.host,
    // viem writes only EVM addresses; the line is replaced by the base58 one just below.
    address: account.hex20,
    statement,
    uri: window.location.origin,
    version: '1',
    chainId: TRON_MAINNET_CHAIN_ID,
    nonce,
    issuedAt: new Date(),
  });
  const lines = text.split('\n');
  lines[1] = account.base58;
  const message = lines.join('\n');
  const signature = await account.tronWeb.trx.signMessageV2(message);
  return post<SessionDto>('/api/v1/auth/sign-in', { message, signature });
}

/** TronLink's account, refused unless it is the one the person signed in with. */
async function sessionAccount(sessionAddress: string): Promise<TronAccount> {
  const account = await connectTronLink();
  if (account.base58 !== sessionAddress) throw new WalletError('WRONG_ACCOUNT', account.base58);
  return account;
}

/**
 * Signs the review's typed data with TronLink (TIP-712: EIP-712 with Tron's 20-byte addresses,
 * the digest the wallet contract checks), after the browser's own digest check, as for EVM.
 */
export async function signReviewedOperationWithTronLink(
  review: OperationReview,
  versionId: string,
  deploymentId: string,
  sessionAddress: string,
): Promise<void> {
  const check = checkDigest(review.typedData, review);
  if (!check.matches) throw new WalletError('DIGEST_MISMATCH', check.mismatches.join(', '));
  const account = await sessionAccount(sessionAddress);
  const { EIP712Domain: _domain, ...types } = review.typedData.types;
  const signature = (await account.tronWeb.trx._signTypedData({ ...review.typedData.domain }, types, {
    ...review.typedData.message,
  })) as Hex;
  await post(`/api/v1/deployments/${deploymentId}/operations/${review.operationId}/sign`, {
    signature: submittedSignature(versionId, account.hex20, signature.startsWith('0x') ? signature : `0x${signature}`),
  });
}

/**
 * One `execute` transaction on Tron through TronLink: built by its tronWeb from the same calldata
 * as on EVM (the selector as a signature, the encoded `ops` as the raw parameter), signed in
 * TronLink and broadcast through its node. Returns the transaction id.
 */
export async function executeOperationsWithTronLink(
  operations: readonly ExecutableOperation[],
  contract: string,
  sessionAddress: string,
): Promise<string> {
  const account = await sessionAccount(sessionAddress);
  const calldata = executeCalldata(operations);
  const built = await account.tronWeb.transactionBuilder.triggerSmartContract(
    contract,
    EXECUTE_SELECTOR,
    { feeLimit: TRON_EXECUTE_FEE_LIMIT, callValue: 0, rawParameter: calldata.slice(10) },
    [],
    account.base58,
  );
  if (!built.result?.result) throw new Error(built.result?.message ?? 'TronLink could not build the transaction');
  const signed = await account.tronWeb.trx.sign(built.transaction);
  const sent = await account.tronWeb.trx.sendRawTransaction(signed);
  if (!sent.result || !sent.txid)
    throw new Error(sent.message ?? sent.code ?? 'TronLink could not send the transaction');
  return sent.txid;
}
