import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { getAddress, isHex, numberToHex, type Hex, type TypedDataDefinition } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Anvil } from './anvil';

/**
 * A browser wallet for console tests, faithful to EIP-1193 and EIP-6963: a provider is injected
 * into every page of a browser context before any of the page's scripts run, set as
 * `window.ethereum` and announced by `eip6963:announceProvider`. Its requests go to this test
 * process (Playwright's exposeBinding), which holds the keys and signs with viem, as an extension
 * does in its own process: `eth_requestAccounts`, `eth_accounts`, `eth_chainId`,
 * `wallet_switchEthereumChain`, `personal_sign`, `eth_signTypedData_v4` and `eth_sendTransaction`
 * are the wallet's own; every other method is forwarded to anvil's JSON-RPC. It emits
 * `accountsChanged` and `chainChanged` as a wallet does. It refuses as MetaMask does: 4001 when the
 * person declines (`declineNext`), 4100 for a request from an unconnected site or another account,
 * 4902 for a chain it does not know, and a typed-data domain whose chainId is not the active chain.
 */
export interface InjectedWallet {
  /** The account the wallet currently uses. */
  readonly account: PrivateKeyAccount;
  readonly chainId: number;
  /** Every method the page asked for, in order (for assertions on what the console did). */
  readonly requests: string[];
  /** Switches the wallet's account, as a person does in the extension (emits accountsChanged). */
  useAccount(account: PrivateKeyAccount): Promise<void>;
  /** The next request for a signature or transaction is declined by the person (4001). */
  declineNext(): void;
}

export interface InjectedWalletOptions {
  readonly anvil: Anvil;
  readonly account: PrivateKeyAccount;
  /** The name and reverse-DNS id announced by EIP-6963. */
  readonly name?: string;
  readonly rdns?: string;
}

interface WalletRequest {
  method: string;
  params?: unknown[];
}

class ProviderError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1b4d3e"/><path d="M8 11h16v10H8z" fill="#fff"/></svg>',
  );

/** Installs the wallet in every page of `context` (call before opening pages). */
export async function injectWallet(context: BrowserContext, options: InjectedWalletOptions): Promise<InjectedWallet> {
  const { anvil } = options;
  let account = options.account;
  let chainId = anvil.chainId;
  let connected = false;
  let decline = false;
  const requests: string[] = [];
  const chains = new Map<number, Anvil>([[anvil.chainId, anvil]]);

  const emit = async (event: string, data: unknown): Promise<void> => {
    for (const page of context.pages()) {
      await page
        .evaluate(([name, payload]) => (globalThis as unknown as WalletWindow).__testWalletEmit(name, payload), [
          event,
          data,
        ] as const)
        .catch(() => undefined);
    }
  };

  const confirm = (): void => {
    if (decline) {
      decline = false;
      throw new ProviderError(4001, 'User rejected the request.');
    }
  };

  const ownAccount = (address: unknown): void => {
    if (!connected) throw new ProviderError(4100, 'The requested account has not been authorized by the user.');
    if (typeof address !== 'string' || address.toLowerCase() !== account.address.toLowerCase()) {
      throw new ProviderError(4100, `The requested account ${String(address)} has not been authorized by the user.`);
    }
  };

  const forward = async (request: WalletRequest): Promise<unknown> => {
    const response = await fetch(chains.get(chainId)!.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: request.method, params: request.params ?? [] }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw new ProviderError(body.error.code, body.error.message);
    return body.result;
  };

  const handle = async (request: WalletRequest): Promise<unknown> => {
    const params = request.params ?? [];
    switch (request.method) {
      case 'eth_requestAccounts':
        confirm();
        connected = true;
        return [account.address];
      case 'eth_accounts':
        return connected ? [account.address] : [];
      case 'eth_chainId':
        return numberToHex(chainId);
      case 'net_version':
        return String(chainId);
      case 'wallet_switchEthereumChain': {
        const wanted = Number((params[0] as { chainId: string }).chainId);
        if (!chains.has(wanted)) throw new ProviderError(4902, `Unrecognized chain ID "${numberToHex(wanted)}".`);
        if (wanted !== chainId) {
          chainId = wanted;
          await emit('chainChanged', numberToHex(chainId));
        }
        return null;
      }
      case 'wallet_requestPermissions':
        confirm();
        connected = true;
        return [{ parentCapability: 'eth_accounts' }];
      case 'wallet_getPermissions':
        return connected ? [{ parentCapability: 'eth_accounts' }] : [];
      case 'wallet_revokePermissions':
        connected = false;
        return null;
      case 'personal_sign': {
        const [message, address] = params as [Hex, string];
        ownAccount(address);
        confirm();
        return account.signMessage({ message: isHex(message) ? { raw: message } : String(message) });
      }
      case 'eth_signTypedData_v4': {
        const [address, json] = params as [string, string];
        ownAccount(address);
        const typed = (typeof json === 'string' ? JSON.parse(json) : json) as TypedDataDefinition & {
          types: Record<string, unknown>;
        };
        const domainChain = typed.domain?.chainId;
        if (domainChain !== undefined && Number(domainChain) !== chainId) {
          throw new ProviderError(
            -32603,
            `Provided chainId "${String(domainChain)}" must match the active chainId "${chainId}"`,
          );
        }
        confirm();
        const { EIP712Domain: _domain, ...types } = typed.types;
        return account.signTypedData({ ...typed, types } as TypedDataDefinition);
      }
      case 'eth_sendTransaction': {
        const [tx] = params as [{ from: string; to?: Hex; data?: Hex; value?: Hex; gas?: Hex }];
        ownAccount(tx.from);
        confirm();
        return anvil.walletClient(account).sendTransaction({
          account,
          chain: chains.get(chainId)!.chain,
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        });
      }
      case 'eth_sign':
      case 'eth_signTransaction':
      case 'eth_signTypedData':
      case 'eth_signTypedData_v3':
        throw new ProviderError(4200, `The wallet does not support ${request.method}.`);
      default:
        return forward(request);
    }
  };

  await context.exposeBinding('__testWalletRequest', async (_source, request: WalletRequest) => {
    requests.push(request.method);
    try {
      return { result: await handle(request) };
    } catch (error) {
      const code = error instanceof ProviderError ? error.code : -32603;
      return { error: { code, message: error instanceof Error ? error.message.split('\n')[0] : String(error) } };
    }
  });

  await context.addInitScript(installProvider, {
    uuid: randomUUID(),
    name: options.name ?? 'Test Wallet',
    rdns: options.rdns ?? 'test.wallet',
    icon: ICON,
  });

  return {
    get account() {
      return account;
    },
    get chainId() {
      return chainId;
    },
    requests,
    async useAccount(next) {
      account = next;
      if (connected) await emit('accountsChanged', [getAddress(next.address)]);
    },
    declineNext() {
      decline = true;
    },
  };
}

interface WalletWindow {
  __testWalletRequest(request: WalletRequest): Promise<{ result?: unknown; error?: { code: number; message: string } }>;
  __testWalletEmit(event: string, data: unknown): void;
}

/** Runs in the page before its own scripts: the EIP-1193 provider, `window.ethereum`, EIP-6963. */
function installProvider(info: { uuid: string; name: string; rdns: string; icon: string }): void {
  type Listener = (data: unknown) => void;
  const scope = globalThis as unknown as WalletWindow & {
    ethereum?: unknown;
    addEventListener(type: string, listener: () => void): void;
    dispatchEvent(event: unknown): boolean;
    CustomEvent: new (type: string, init: { detail: unknown }) => unknown;
  };
  const listeners = new Map<string, Set<Listener>>();
  const provider = {
    isMetaMask: false,
    async request(args: { method: string; params?: unknown[] }): Promise<unknown> {
      const answer = await scope.__testWalletRequest({ method: args.method, params: args.params });
      if (answer.error) {
        const error = new Error(answer.error.message) as Error & { code: number };
        error.code = answer.error.code;
        throw error;
      }
      return answer.result;
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  scope.__testWalletEmit = (event, data) => {
    for (const listener of listeners.get(event) ?? []) listener(data);
  };
  scope.ethereum = provider;
  const announce = () =>
    scope.dispatchEvent(
      new scope.CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({ info: Object.freeze({ ...info }), provider }),
      }),
    );
  scope.addEventListener('eip6963:requestProvider', announce);
  announce();
}
