import { createHash } from 'node:crypto';
import { createBase58check } from '@scure/base';
import type { BrowserContext } from 'playwright-core';
import { concat, getAddress, hashTypedData, keccak256, stringToBytes, type Hex, type TypedDataDefinition } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { hex20 as tronHex20 } from './queue';

const base58check = createBase58check((data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest()));

/**
 * TronLink for console tests: `window.tronLink` and `window.tronWeb` injected before the page's
 * scripts, with the parts of TronLink's API the console uses. Its requests reach this test
 * process, which holds the key and really signs with it (viem, secp256k1):
 * - `tronLink.request({method: 'tron_requestAccounts'})`: `{code: 200}`, or 4001 once declined;
 * - `tronWeb.trx.signMessageV2(text)`: TIP-191 (keccak256 of "\x19TRON Signed Message:\n" ‖
 *   length ‖ text), as TronWeb hashes it;
 * - `tronWeb.trx._signTypedData(domain, types, value)`: TIP-712, EIP-712 with Tron addresses
 *   (base58, 41… hex or 0x hex) hashed as their 20 bytes, as TronWeb does;
 * - `transactionBuilder.triggerSmartContract`, `trx.sign`, `trx.sendRawTransaction`: no Tron node
 *   answers here, so the transaction is built as a record of what TronWeb would be asked (contract,
 *   selector, fee limit, call value, raw parameter, issuer), its id is the SHA-256 of that record
 *   (as a Tron id is the SHA-256 of the raw transaction), `sign` signs the id with the key, and
 *   `sendRawTransaction` keeps it and answers `{result: true, txid}` without broadcasting.
 */
export interface InjectedTronLink {
  readonly base58: string;
  readonly hex20: Hex;
  /** Every method the page asked for, in order. */
  readonly requests: string[];
  /** What the page asked TronWeb to build, one entry per triggerSmartContract. */
  readonly built: TriggerRecord[];
  /** The signed transactions the page sent (none reached a node). */
  readonly sent: { txID: string; signature: string[]; record: TriggerRecord }[];
  declineNext(): void;
}

export interface TriggerRecord {
  readonly contract: string;
  readonly functionSelector: string;
  readonly feeLimit: number;
  readonly callValue: number;
  readonly rawParameter: string;
  readonly issuer: string;
}

interface TronRequest {
  method: string;
  params: unknown[];
}

/** A Tron address as TronWeb takes it (base58 T…, 41… hex, or 0x hex) in its 20-byte 0x form. */
function hex20Of(address: string): Hex {
  return address.startsWith('T') ? tronHex20(address) : (`0x${address.replace(/^0x/, '').slice(-40)}` as Hex);
}

export async function injectTronLink(context: BrowserContext, account: PrivateKeyAccount): Promise<InjectedTronLink> {
  const hex20 = account.address.toLowerCase() as Hex;
  const base58 = base58check.encode(Buffer.concat([Buffer.from([0x41]), Buffer.from(hex20.slice(2), 'hex')]));
  const requests: string[] = [];
  const built: TriggerRecord[] = [];
  const sent: InjectedTronLink['sent'] = [];
  const transactions = new Map<string, TriggerRecord>();
  let decline = false;

  const declined = () => {
    if (!decline) return false;
    decline = false;
    return true;
  };

  const handle = async ({ method, params }: TronRequest): Promise<unknown> => {
    switch (method) {
      case 'tron_requestAccounts':
        return declined() ? { code: 4001, message: 'User rejected the request.' } : { code: 200, message: 'ok' };
      case 'signMessageV2': {
        if (declined()) throw new Error('Confirmation declined by user');
        const bytes = stringToBytes(String(params[0]));
        const hash = keccak256(concat([stringToBytes(`\x19TRON Signed Message:\n${bytes.length}`), bytes]));
        return account.sign({ hash });
      }
      case '_signTypedData': {
        if (declined()) throw new Error('Confirmation declined by user');
        const [domain, types, value] = params as [
          { name: string; version: string; chainId: string | number; verifyingContract: string },
          Record<string, { name: string; type: string }[]>,
          { calls: { to: string; value: string; data: Hex }[]; nonce: string },
        ];
        const hash = hashTypedData({
          domain: {
            name: domain.name,
            version: domain.version,
            chainId: BigInt(domain.chainId),
            verifyingContract: getAddress(hex20Of(domain.verifyingContract)),
          },
          types,
          primaryType: 'Execute',
          message: {
            calls: value.calls.map((call) => ({
              to: getAddress(hex20Of(call.to)),
              value: BigInt(call.value),
              data: call.data,
            })),
            nonce: BigInt(value.nonce),
          },
        } as unknown as TypedDataDefinition);
        return account.sign({ hash });
      }
      case 'triggerSmartContract': {
        const [contract, functionSelector, options, , issuer] = params as [
          string,
          string,
          { feeLimit: number; callValue: number; rawParameter: string },
          unknown,
          string,
        ];
        const record: TriggerRecord = {
          contract,
          functionSelector,
          feeLimit: options.feeLimit,
          callValue: options.callValue,
          rawParameter: options.rawParameter,
          issuer,
        };
        built.push(record);
        const rawDataHex = Buffer.from(JSON.stringify(record)).toString('hex');
        const txID = createHash('sha256').update(Buffer.from(rawDataHex, 'hex')).digest('hex');
        transactions.set(txID, record);
        return { result: { result: true }, transaction: { txID, raw_data: record, raw_data_hex: rawDataHex } };
      }
      case 'sign': {
        if (declined()) throw new Error('Confirmation declined by user');
        const [transaction] = params as [{ txID: string }];
        const signature = await account.sign({ hash: `0x${transaction.txID}` });
        return { ...transaction, signature: [signature.slice(2)] };
      }
      case 'sendRawTransaction': {
        const [transaction] = params as [{ txID: string; signature?: string[] }];
        const record = transactions.get(transaction.txID);
        if (!record || !transaction.signature?.length) return { result: false, code: 'SIGERROR', message: 'unsigned' };
        sent.push({ txID: transaction.txID, signature: transaction.signature, record });
        return { result: true, txid: transaction.txID };
      }
      default:
        throw new Error(`the test TronLink does not know ${method}`);
    }
  };

  await context.exposeBinding('__testTronRequest', async (_source, request: TronRequest) => {
    requests.push(request.method);
    try {
      return { result: await handle(request) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
  await context.addInitScript(installTronLink, { base58, hex: `41${hex20.slice(2)}` });

  return {
    base58,
    hex20,
    requests,
    built,
    sent,
    declineNext() {
      decline = true;
    },
  };
}

/** Runs in the page before its scripts: `window.tronLink` and `window.tronWeb`. */
function installTronLink(address: { base58: string; hex: string }): void {
  const scope = globalThis as unknown as {
    __testTronRequest(request: TronRequest): Promise<{ result?: unknown; error?: string }>;
    tronLink?: unknown;
    tronWeb?: unknown;
  };
  const call = async (method: string, ...params: unknown[]): Promise<unknown> => {
    const answer = await scope.__testTronRequest({ method, params });
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.result;
  };
  const tronWeb = {
    ready: true,
    defaultAddress: { base58: address.base58, hex: address.hex },
    trx: {
      signMessageV2: (message: string) => call('signMessageV2', message),
      _signTypedData: (domain: unknown, types: unknown, value: unknown) => call('_signTypedData', domain, types, value),
      sign: (transaction: unknown) => call('sign', transaction),
      sendRawTransaction: (transaction: unknown) => call('sendRawTransaction', transaction),
    },
    transactionBuilder: {
      triggerSmartContract: (...args: unknown[]) => call('triggerSmartContract', ...args),
    },
  };
  scope.tronWeb = tronWeb;
  scope.tronLink = {
    ready: true,
    tronWeb,
    request: (args: { method: string }) => call(args.method),
  };
}
