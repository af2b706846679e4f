import { Address } from '../shared/domain/address';

/**
 * The built-in indexer's configuration (issue 13), read and validated once at start with the
 * rest of the configuration. Off unless a chain has an RPC URL; `INDEXER_ENABLED` decides whether
 * the API process indexes too (`npm run indexer` always does).
 */
export interface IndexedChainConfig {
  readonly chainId: string;
  /** Never logged: RPC URLs often carry an API key. */
  readonly rpcUrl: string;
  /** Where to begin when the chain has no checkpoint yet; null = the head at first start. */
  readonly startBlock: bigint | null;
  /** ProxyFactory addresses (20-byte lower-case hex, also on Tron) whose `CreateSuccess` reports wallet deployments. */
  readonly factories: readonly string[];
  /**
   * Tron only: the base URL of the node's HTTP API (`/wallet/…`), asked what kind of transaction
   * sent value to a watched address. Null: the RPC URL without its `/jsonrpc` suffix.
   */
  readonly httpApiUrl: string | null;
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
  /** `TRON_API_KEY`: sent to Tron nodes as `TRON-PRO-API-KEY` (TronGrid); never logged. */
  readonly tronApiKey: string | null;
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

/**
 * Chains come from `RPC_URL_<chainId>` variables and/or one JSON variable `INDEXER_CHAINS`
 * (`{"<chainId>": {"rpcUrl": "…", "startBlock": "0", "factory": "0x…", "httpApiUrl": "…"}}`); a
 * chain named in both takes the JSON's values. Factories default to
 * `CHAIN_CONTRACTS[chainId].factory`; a Tron factory may be written in base58 (`T…`) or `41…` hex.
 */
export function loadIndexerConfig(env: Env): IndexerConfig {
  const chains = new Map<
    string,
    { rpcUrl: string; startBlock: bigint | null; factories: string[]; httpApiUrl: string | null }
  >();
  for (const [name, raw] of Object.entries(env)) {
    const match = /^RPC_URL_(.+)$/.exec(name);
    if (match === null || raw === undefined || raw.trim() === '') continue;
    if (!CHAIN_ID.test(match[1])) throw new IndexerConfigError(name, 'must end in a decimal chain id');
    chains.set(match[1], { rpcUrl: rpcUrl(name, raw.trim()), startBlock: null, factories: [], httpApiUrl: null });
  }
  const json = jsonObject(env, 'INDEXER_CHAINS');
  for (const [chainId, value] of Object.entries(json ?? {})) {
    const at = `INDEXER_CHAINS["${chainId}"]`;
    if (!CHAIN_ID.test(chainId)) throw new IndexerConfigError('INDEXER_CHAINS', `key "${chainId}" is not a chain id`);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new IndexerConfigError('INDEXER_CHAINS', `["${chainId}"] must be an object`);
    const entry = value as Record<string, unknown>;
    for (const key of Object.keys(entry)) {
      if (!['rpcUrl', 'startBlock', 'factory', 'httpApiUrl'].includes(key))
        throw new IndexerConfigError('INDEXER_CHAINS', `["${chainId}"] has an unknown field "${key}"`);
    }
    if (typeof entry.rpcUrl !== 'string') throw new IndexerConfigError(at, 'needs rpcUrl (a string)');
    const start = entry.startBlock;
    if (start !== undefined && !(typeof start === 'string' && /^\d{1,20}$/.test(start)) && !isBlockNumber(start))
      throw new IndexerConfigError(at, 'startBlock must be a block number');
    const factory = entry.factory === undefined ? undefined : contractHex(entry.factory);
    if (factory === null) throw new IndexerConfigError(at, 'factory must be an EVM or Tron address');
    const httpApiUrl = entry.httpApiUrl;
    if (httpApiUrl !== undefined && typeof httpApiUrl !== 'string')
      throw new IndexerConfigError(at, 'httpApiUrl must be a string');
    chains.set(chainId, {
      rpcUrl: rpcUrl(at, entry.rpcUrl),
      startBlock: start === undefined ? null : BigInt(start as string | number),
      factories: factory === undefined ? [] : [factory],
      httpApiUrl: httpApiUrl === undefined ? null : rpcUrl(`${at}.httpApiUrl`, httpApiUrl),
    });
  }
  const contracts = jsonObject(env, 'CHAIN_CONTRACTS') ?? {};
  for (const [chainId, chain] of chains) {
    const factory = contractHex((contracts[chainId] as { factory?: unknown } | undefined)?.factory);
    if (chain.factories.length === 0 && typeof factory === 'string') chain.factories.push(factory);
  }
  return {
    enabled: flag(env, 'INDEXER_ENABLED'),
    chains: [...chains].map(([chainId, chain]) => ({ chainId, ...chain })),
    batchBlocks: integer(env, 'INDEXER_BATCH_BLOCKS', 500, 1, 10_000),
    concurrency: integer(env, 'INDEXER_CONCURRENCY', 8, 1, 64),
    pollIntervalMs: integer(env, 'INDEXER_POLL_INTERVAL_MS', 2000, 10, 600_000),
    tronApiKey: secret(env, 'TRON_API_KEY'),
  };
}

/** An optional secret's value, trimmed; null when unset or blank. */
function secret(env: Env, name: string): string | null {
  return env[name]?.trim() || null;
}

/** A contract address in either network's spelling as the 20-byte lower-case hex logs carry; null when it is neither. */
function contractHex(value: unknown): string | null {
  return typeof value === 'string' ? (Address.tryParseAny(value)?.hex20 ?? null) : null;
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
