/**
 * The built-in EVM indexer's configuration (issue 13), read and validated once at start with the
 * rest of the configuration. Off unless a chain has an RPC URL; `INDEXER_ENABLED` decides whether
 * the API process indexes too (`npm run indexer` always does).
 */
export interface IndexedChainConfig {
  readonly chainId: string;
  /** Never logged: RPC URLs often carry an API key. */
  readonly rpcUrl: string;
  /** Where to begin when the chain has no checkpoint yet; null = the head at first start. */
  readonly startBlock: bigint | null;
  /** ProxyFactory addresses (lower-case) whose `CreateSuccess` reports wallet deployments. */
  readonly factories: readonly string[];
}

export interface IndexerConfig {
  /** Index inside the API process. */
  readonly enabled: boolean;
  readonly chains: readonly IndexedChainConfig[];
  /** Blocks per backfill step (one `eth_getLogs` range, blocks fetched with bounded concurrency). */
  readonly batchBlocks: number;
  /** Concurrent block fetches within one step. */
  readonly concurrency: number;
  /** Pause between polls once caught up with the head. */
  readonly pollIntervalMs: number;
}

type Env = Record<string, string | undefined>;

/** Thrown with the variable's name; `loadConfig` turns it into its own ConfigError. */
export class IndexerConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`${variable} ${problem}`);
  }
}

const CHAIN_ID = /^[1-9]\d{0,19}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Chains come from `RPC_URL_<chainId>` variables and/or one JSON variable `INDEXER_CHAINS`
 * (`{"<chainId>": {"rpcUrl": "…", "startBlock": "0", "factory": "0x…"}}`); a chain named in both
 * takes the JSON's values. Factories default to `CHAIN_CONTRACTS[chainId].factory`.
 */
export function loadIndexerConfig(env: Env): IndexerConfig {
  const chains = new Map<string, { rpcUrl: string; startBlock: bigint | null; factories: string[] }>();
  for (const [name, raw] of Object.entries(env)) {
    const match = /^RPC_URL_(.+)$/.exec(name);
    if (match === null || raw === undefined || raw.trim() === '') continue;
    if (!CHAIN_ID.test(match[1])) throw new IndexerConfigError(name, 'must end in a decimal chain id');
    chains.set(match[1], { rpcUrl: rpcUrl(name, raw.trim()), startBlock: null, factories: [] });
  }
  const json = jsonObject(env, 'INDEXER_CHAINS');
  for (const [chainId, value] of Object.entries(json ?? {})) {
    const at = `INDEXER_CHAINS["${chainId}"]`;
    if (!CHAIN_ID.test(chainId)) throw new IndexerConfigError('INDEXER_CHAINS', `key "${chainId}" is not a chain id`);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new IndexerConfigError('INDEXER_CHAINS', `["${chainId}"] must be an object`);
    const entry = value as Record<string, unknown>;
    for (const key of Object.keys(entry)) {
      if (!['rpcUrl', 'startBlock', 'factory'].includes(key))
        throw new IndexerConfigError('INDEXER_CHAINS', `["${chainId}"] has an unknown field "${key}"`);
    }
    if (typeof entry.rpcUrl !== 'string') throw new IndexerConfigError(at, 'needs rpcUrl (a string)');
    const start = entry.startBlock;
    if (start !== undefined && !(typeof start === 'string' && /^\d{1,20}$/.test(start)) && !isBlockNumber(start))
      throw new IndexerConfigError(at, 'startBlock must be a block number');
    const factory = entry.factory;
    if (factory !== undefined && (typeof factory !== 'string' || !EVM_ADDRESS.test(factory)))
      throw new IndexerConfigError(at, 'factory must be an EVM address');
    chains.set(chainId, {
      rpcUrl: rpcUrl(at, entry.rpcUrl),
      startBlock: start === undefined ? null : BigInt(start as string | number),
      factories: typeof factory === 'string' ? [factory.toLowerCase()] : [],
    });
  }
  const contracts = jsonObject(env, 'CHAIN_CONTRACTS') ?? {};
  for (const [chainId, chain] of chains) {
    const factory = (contracts[chainId] as { factory?: unknown } | undefined)?.factory;
    if (chain.factories.length === 0 && typeof factory === 'string' && EVM_ADDRESS.test(factory))
      chain.factories.push(factory.toLowerCase());
  }
  return {
    enabled: flag(env, 'INDEXER_ENABLED'),
    chains: [...chains].map(([chainId, chain]) => ({ chainId, ...chain })),
    batchBlocks: integer(env, 'INDEXER_BATCH_BLOCKS', 500, 1, 10_000),
    concurrency: integer(env, 'INDEXER_CONCURRENCY', 8, 1, 64),
    pollIntervalMs: integer(env, 'INDEXER_POLL_INTERVAL_MS', 2000, 10, 600_000),
  };
}

function isBlockNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function rpcUrl(name: string, raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new IndexerConfigError(name, 'is not a valid URL');
  }
  if (!['http:', 'https:'].includes(parsed.protocol))
    throw new IndexerConfigError(name, 'must use http:// or https://');
  return raw;
}

function jsonObject(env: Env, name: string): Record<string, unknown> | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new IndexerConfigError(name, 'is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new IndexerConfigError(name, 'must be a JSON object');
  return value as Record<string, unknown>;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return false;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new IndexerConfigError(name, `must be true or false (got "${raw}")`);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new IndexerConfigError(name, `must be an integer from ${min} to ${max} (got "${raw}")`);
  return Number(raw);
}
