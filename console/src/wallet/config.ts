import { createConfig, injected, unstable_connector } from 'wagmi';
import { arbitrum, base, bsc, foundry, mainnet, polygon, sepolia } from 'wagmi/chains';

/** The EVM networks of the service's catalog, and a local node (31337) for development and tests. */
export const chains = [mainnet, sepolia, bsc, polygon, arbitrum, base, foundry] as const;

/**
 * Wallets are the browser's own: every wallet that announces itself by EIP-6963
 * (`multiInjectedProviderDiscovery`), else `window.ethereum` through the generic injected
 * connector. Reads that need a node go through the connected wallet (`unstable_connector`), never
 * a public RPC: the console's CSP allows no origin but its own.
 */
export const wagmiConfig = createConfig({
  chains,
  multiInjectedProviderDiscovery: true,
  connectors: [injected({ shimDisconnect: true })],
  transports: Object.fromEntries(chains.map((chain) => [chain.id, unstable_connector(injected)])) as Record<
    (typeof chains)[number]['id'],
    ReturnType<typeof unstable_connector>
  >,
});

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig;
  }
}
