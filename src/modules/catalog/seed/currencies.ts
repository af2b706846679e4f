/**
 * Seed currencies (currency ids: docs/api-conventions.md; the catalog: docs/contract.md). Every token address below is the
 * issuer's real contract on that chain; EVM addresses are EIP-55 checksummed and Tron
 * addresses are base58check, both checked by catalog-seed.spec.ts.
 *
 * Deliberately absent: USDT on Base (Tether has not issued there; only third-party
 * bridged copies exist), USDT on Sepolia and USDT/USDC on Tron Shasta (no issuer-run
 * test contracts, and community test tokens move around).
 */
export interface CurrencySeed {
  id: string;
  chainId: string;
  symbol: string;
  name: string;
  address: string | null;
  decimals: number;
  isNative: boolean;
  isScam: boolean;
  isVerified: boolean;
  cmcId: number | null;
  logoUrl: string | null;
  usdRate: string | null;
}

// CoinMarketCap's static image path keyed by cmcId has been stable for years and needs
// no API key; testnet coins reuse their mainnet asset's image for display only.
const cmcLogo = (cmcId: number): string => `https://s2.coinmarketcap.com/static/img/coins/64x64/${cmcId}.png`;

const CMC_ETH = 1027;
const CMC_BNB = 1839;
const CMC_POL = 28321;
const CMC_TRX = 1958;
const CMC_USDT = 825;
const CMC_USDC = 3408;

// The service has no live price feed, so only USD-pegged stablecoins carry a rate
// ("1"); volatile coins stay null and their USD totals are reported as null rather
// than as a stale guess.
const USD_PEGGED = '1';

export const CURRENCIES: readonly CurrencySeed[] = [
  // Ethereum
  {
    id: '1',
    chainId: '1',
    symbol: 'ETH',
    name: 'Ethereum',
    address: null,
    decimals: 18,
    isNative: true,
    isScam: false,
    isVerified: true,
    cmcId: CMC_ETH,
    logoUrl: cmcLogo(CMC_ETH),
    usdRate: null,
  },
  {
    id: '1-0xdac17f958d2ee523a2206206994597c13d831ec7',
    chainId: '1',
    symbol: 'USDT',
    name: 'Tether USD',
    address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    decimals: 6,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: CMC_USDT,
    logoUrl: cmcLogo(CMC_USDT),
    usdRate: USD_PEGGED,
  },
  {
    id: '1-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    chainId: '1',
    symbol: 'USDC',
    name: 'USD Coin',
    address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    decimals: 6,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: CMC_USDC,
    logoUrl: cmcLogo(CMC_USDC),
    usdRate: USD_PEGGED,
  },

  // BNB Smart Chain: Binance-Peg stablecoins use 18 decimals, unlike their 6-decimal
  // originals, so amounts must never assume a per-symbol decimals value.
  {
    id: '56',
    chainId: '56',
    symbol: 'BNB',
    name: 'BNB',
    address: null,
    decimals: 18,
    isNative: true,
    isScam: false,
    isVerified: true,
    cmcId: CMC_BNB,
    logoUrl: cmcLogo(CMC_BNB),
    usdRate: null,
  },
  {
    id: '56-0x55d398326f99059ff775485246999027b3197955',
    chainId: '56',
    symbol: 'USDT',
    name: 'Tether USD',
    address: '0x55d398326f99059fF775485246999027B3197955',
    decimals: 18,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: CMC_USDT,
    logoUrl: cmcLogo(CMC_USDT),
    usdRate: USD_PEGGED,
  },
  {
    id: '56-0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d',
    chainId: '56',
    symbol: 'USDC',
    name: 'USD Coin',
    address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
    decimals: 18,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: CMC_USDC,
    logoUrl: cmcLogo(CMC_USDC),
    usdRate: USD_PEGGED,
  },

  // Polygon: the native coin is POL since the 2024 MATIC migration (new CMC id).
  {
    id: '137',
    chainId: '137',
    symbol: 'POL',
    name: 'Polygon Ecosystem Token',
    address: null,
    decimals: 18,
    isNative: true,
    isScam: false,
    isVerified: true,
    cmcId: CMC_POL,
    logoUrl: cmcLogo(CMC_POL),
    usdRate: null,
  },
  {
    // Tether's USDT0 upgrade kept this contract address; the catalog keeps the symbol
    // USDT so symbol filters find it.
    id: '137-0xc2132d05d31c914a87c6611c10748aeb04b58e8f',
    chainId: '137',
    symbol: 'USDT',
    name: 'Tether USD',
    address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F',
    decimals: 6,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: CMC_USDT,
    logoUrl: cmcLogo(CMC_USDT),
    usdRate: USD_PEGGED,
  },
  {
    // Circle-issued USDC, not the older bridged USDC.e (0x2791…4174).
    id: '137-0x3c499c542cef5e3811e1192ce70d8cc03d5c3359',
    chainId: '137',
    symbol: 'USDC',
    name: 'USD Coin',
    address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    decimals: 6,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: CMC_USDC,
    logoUrl: cmcLogo(CMC_USDC),
    usdRate: USD_PEGGED,
  },

  // Arbitrum One
  {
    id: '42161',
    chainId: '42161',
    symbol: 'ETH',
    name: 'Ethereum',
    address: null,
    decimals: 18,
    isNative: true,
    isScam: false,
    isVerified: true,
    cmcId: CMC_ETH,
    logoUrl: cmcLogo(CMC_ETH),
    usdRate: null,
  },
  {
    // Same USDT0 note as Polygon: address unchanged by the upgrade.
    id: '42161-0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
    chainId: '42161',
    symbol: 'USDT',
    name: 'Tether USD',
    address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
    decimals: 6,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: CMC_USDT,
    logoUrl: cmcLogo(CMC_USDT),
    usdRate: USD_PEGGED,
  },
  {
    // Circle-issued USDC, not the bridged USDC.e (0xFF97…5CC8).
    id: '42161-0xaf88d065e77c8cc2239327c5edb3a432268e5831',
    chainId: '42161',
    symbol: 'USDC',
    name: 'USD Coin',
    address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    decimals: 6,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: CMC_USDC,
    logoUrl: cmcLogo(CMC_USDC),
    usdRate: USD_PEGGED,
  },

  // Base
  {
    id: '8453',
    chainId: '8453',
    symbol: 'ETH',
    name: 'Ethereum',
    address: null,
    decimals: 18,
    isNative: true,
    isScam: false,
    isVerified: true,
    cmcId: CMC_ETH,
    logoUrl: cmcLogo(CMC_ETH),
    usdRate: null,
  },
  {
    id: '8453-0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
    chainId: '8453',
    symbol: 'USDC',
    name: 'USD Coin',
    address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    decimals: 6,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: CMC_USDC,
    logoUrl: cmcLogo(CMC_USDC),
    usdRate: USD_PEGGED,
  },

  // Sepolia: testnet assets have no market, hence no cmcId.
  {
    id: '11155111',
    chainId: '11155111',
    symbol: 'ETH',
    name: 'Sepolia Ether',
    address: null,
    decimals: 18,
    isNative: true,
    isScam: false,
    isVerified: true,
    cmcId: null,
    logoUrl: cmcLogo(CMC_ETH),
    usdRate: null,
  },
  {
    // Circle's official testnet USDC (faucet.circle.com). The nominal "1" rate lets
    // base-currency totals be exercised end to end on a testnet.
    id: '11155111-0x1c7d4b196cb0c7b01d743fbc6116a902379c7238',
    chainId: '11155111',
    symbol: 'USDC',
    name: 'USD Coin',
    address: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
    decimals: 6,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: null,
    logoUrl: cmcLogo(CMC_USDC),
    usdRate: USD_PEGGED,
  },

  // Tron mainnet
  {
    id: '728126428',
    chainId: '728126428',
    symbol: 'TRX',
    name: 'TRON',
    address: null,
    decimals: 6,
    isNative: true,
    isScam: false,
    isVerified: true,
    cmcId: CMC_TRX,
    logoUrl: cmcLogo(CMC_TRX),
    usdRate: null,
  },
  {
    id: '728126428-TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    chainId: '728126428',
    symbol: 'USDT',
    name: 'Tether USD',
    address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    decimals: 6,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: CMC_USDT,
    logoUrl: cmcLogo(CMC_USDT),
    usdRate: USD_PEGGED,
  },
  {
    // Genuine Circle contract; Circle stopped minting USDC on Tron in 2024, but existing
    // balances still move and must still be recognised as deposits.
    id: '728126428-TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8',
    chainId: '728126428',
    symbol: 'USDC',
    name: 'USD Coin',
    address: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8',
    decimals: 6,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: CMC_USDC,
    logoUrl: cmcLogo(CMC_USDC),
    usdRate: USD_PEGGED,
  },

  // Tron Shasta
  {
    id: '2494104990',
    chainId: '2494104990',
    symbol: 'TRX',
    name: 'TRON (Shasta testnet)',
    address: null,
    decimals: 6,
    isNative: true,
    isScam: false,
    isVerified: true,
    cmcId: null,
    logoUrl: cmcLogo(CMC_TRX),
    usdRate: null,
  },
];
