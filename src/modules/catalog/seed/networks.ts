/**
 * Networks the service ships in its seed catalog (docs/contract.md, Catalog). Chain ids are strings
 * because Tron's ids (728126428, 2494104990) and any future uint256 chain id must
 * round-trip through JSON and the database without number precision concerns.
 */
export interface NetworkSeed {
  chainId: string;
  name: string;
  networkType: 'evm' | 'tvm';
  requiredConfirmations: number;
  isTestnet: boolean;
  isActive: boolean;
  /** Explorer URL templates with `{txHash}`, `{address}` and `{tokenAddress}` placeholders. */
  transactionExplorerUrl: string | null;
  addressExplorerUrl: string | null;
  tokenExplorerUrl: string | null;
}

function etherscanLike(base: string) {
  return {
    transactionExplorerUrl: `${base}/tx/{txHash}`,
    addressExplorerUrl: `${base}/address/{address}`,
    tokenExplorerUrl: `${base}/token/{tokenAddress}`,
  };
}

function tronscan(base: string) {
  return {
    transactionExplorerUrl: `${base}/#/transaction/{txHash}`,
    addressExplorerUrl: `${base}/#/address/{address}`,
    tokenExplorerUrl: `${base}/#/token20/{tokenAddress}`,
  };
}

// Confirmation counts follow the deposit-confirmation figures that major exchanges and
// payment processors publish per network (finality risk, not block time, drives them).
export const NETWORKS: readonly NetworkSeed[] = [
  {
    chainId: '1',
    name: 'Ethereum',
    networkType: 'evm',
    requiredConfirmations: 12,
    isTestnet: false,
    isActive: true,
    ...etherscanLike('https://etherscan.io'),
  },
  {
    chainId: '56',
    name: 'BNB Smart Chain',
    networkType: 'evm',
    requiredConfirmations: 15,
    isTestnet: false,
    isActive: true,
    ...etherscanLike('https://bscscan.com'),
  },
  {
    chainId: '137',
    name: 'Polygon',
    networkType: 'evm',
    requiredConfirmations: 128,
    isTestnet: false,
    isActive: true,
    ...etherscanLike('https://polygonscan.com'),
  },
  {
    chainId: '42161',
    name: 'Arbitrum One',
    networkType: 'evm',
    requiredConfirmations: 20,
    isTestnet: false,
    isActive: true,
    ...etherscanLike('https://arbiscan.io'),
  },
  {
    chainId: '8453',
    name: 'Base',
    networkType: 'evm',
    requiredConfirmations: 20,
    isTestnet: false,
    isActive: true,
    ...etherscanLike('https://basescan.org'),
  },
  {
    chainId: '11155111',
    name: 'Sepolia',
    networkType: 'evm',
    requiredConfirmations: 3,
    isTestnet: true,
    isActive: true,
    ...etherscanLike('https://sepolia.etherscan.io'),
  },
  {
    chainId: '728126428',
    name: 'Tron',
    networkType: 'tvm',
    requiredConfirmations: 19,
    isTestnet: false,
    isActive: true,
    ...tronscan('https://tronscan.org'),
  },
  {
    chainId: '2494104990',
    name: 'Tron Shasta',
    networkType: 'tvm',
    requiredConfirmations: 19,
    isTestnet: true,
    isActive: true,
    ...tronscan('https://shasta.tronscan.org'),
  },
];
