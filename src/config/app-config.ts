import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  readonly nodeEnv: NodeEnv;
  readonly port: number;
  /** Null means: run an embedded PostgreSQL under `dataDir`. */
  readonly databaseUrl: string | null;
  readonly redisUrl: string | null;
  /** Prepended to every Redis key, so instances of different deployments can share one Redis. */
  readonly redisKeyPrefix: string;
  readonly jwtSecret: string;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  /** Obtain-token requests allowed per client address in any 60 s window. */
  readonly tokenRateLimit: number;
  readonly trustProxy: boolean;
  readonly publicBaseUrl: string;
  /** Null disables the chain-event intake route. */
  readonly indexerApiKey: string | null;
  readonly logLevel: LogLevel;
  readonly runMigrations: boolean;
  readonly dataDir: string;
  /** Wallet factory and implementations per chain id (`CHAIN_CONTRACTS`); empty when unset. */
  readonly chainContracts: ChainContracts;
  /** Where fiat rates for balance conversion come from (`RATES_*`). */
  readonly rates: RatesConfig;
}

export const BASE_CURRENCIES = ['usd', 'eur', 'cny'] as const;
export type BaseCurrency = (typeof BASE_CURRENCIES)[number];

/** Currency id or symbol → base currency → rate (a decimal string). */
export type StaticRates = Readonly<Record<string, Readonly<Partial<Record<BaseCurrency, string>>>>>;

export interface RatesConfig {
  /** `static`: the rates below (and the catalog's usdRate); `cryptocompare`: a public price API. */
  readonly provider: 'static' | 'cryptocompare';
  readonly staticRates: StaticRates;
  readonly apiUrl: string;
  readonly apiKey: string | null;
  readonly cacheSeconds: number;
}

/** One chain's deployed wallet contracts: the ProxyFactory and an implementation per version. */
export interface ChainContractSet {
  readonly factory: string;
  /** Version (`1.2.0`, no network suffix) → implementation address. */
  readonly implementations: Readonly<Record<string, string>>;
}

/** Chain id (decimal string) → its contracts. */
export type ChainContracts = Readonly<Record<string, ChainContractSet>>;

export const APP_CONFIG = Symbol('APP_CONFIG');

/** A configuration problem, reported as one line naming the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];

/**
 * Reads and validates the whole configuration once, at start. Every later reader gets the typed
 * object, so a bad value can only ever stop the process here, with a message naming the variable.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = oneOf(env, 'NODE_ENV', NODE_ENVS, 'development');
  const dataDir = resolve(text(env, 'DATA_DIR') ?? '.data');
  const jwtSecret = text(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && Buffer.byteLength(jwtSecret) < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 bytes long');
  }
  if (jwtSecret === undefined && nodeEnv === 'production') {
    throw new ConfigError('JWT_SECRET', 'is required when NODE_ENV=production');
  }
  const port = integer(env, 'PORT', 3000, 0, 65535);
  return {
    nodeEnv,
    port,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']) ?? null,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']) ?? null,
    redisKeyPrefix: text(env, 'REDIS_KEY_PREFIX') ?? 'deployments-api:',
    jwtSecret: jwtSecret ?? persistedSecret(dataDir),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL', 60, 1, 86_400),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL', 6 * 3600, 1, 30 * 86_400),
    tokenRateLimit: integer(env, 'TOKEN_RATE_LIMIT', 15, 1, 1_000_000),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    publicBaseUrl: (url(env, 'PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    indexerApiKey: text(env, 'INDEXER_API_KEY') ?? null,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    runMigrations: boolean(env, 'RUN_MIGRATIONS', true),
    dataDir,
    chainContracts: chainContracts(env, 'CHAIN_CONTRACTS'),
    rates: {
      provider: oneOf(env, 'RATES_PROVIDER', ['static', 'cryptocompare'] as const, 'static'),
      staticRates: staticRates(env),
      apiUrl: url(env, 'RATES_API_URL', ['http:', 'https:']) ?? 'https://min-api.cryptocompare.com',
      apiKey: text(env, 'RATES_API_KEY') ?? null,
      cacheSeconds: integer(env, 'RATES_CACHE_SECONDS', 60, 1, 86_400),
    },
  };
}

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false (got "${raw}")`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

/** Validates a URL without ever echoing it: connection strings carry passwords. */
function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.map((p) => p.replace(':', '://')).join(' or ')}`);
  }
  return raw;
}

const CONTRACT_ADDRESS = /^(0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$/;

/**
 * `{"<chainId>": {"factory": "0x…", "implementations": {"1.2.0": "0x…"}}}` (INTERFACES.md). The
 * shape and the address formats are checked here; whether an address fits its chain's network
 * type is checked where the catalog is known.
 */
function chainContracts(env: Env, name: string): ChainContracts {
  const raw = text(env, name);
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(name, 'is not valid JSON');
  }
  if (!isRecord(parsed)) throw new ConfigError(name, 'must be a JSON object keyed by chain id');
  const result: Record<string, ChainContractSet> = {};
  for (const [chainId, entry] of Object.entries(parsed)) {
    if (!/^[1-9]\d*$/.test(chainId)) throw new ConfigError(name, `has a key that is not a chain id: "${chainId}"`);
    if (!isRecord(entry) || typeof entry.factory !== 'string' || !CONTRACT_ADDRESS.test(entry.factory)) {
      throw new ConfigError(name, `needs ${chainId}.factory as a 0x… or T… address`);
    }
    if (!isRecord(entry.implementations)) throw new ConfigError(name, `needs ${chainId}.implementations as an object`);
    const implementations: Record<string, string> = {};
    for (const [version, address] of Object.entries(entry.implementations)) {
      if (!/^\d+\.\d+\.\d+$/.test(version) || typeof address !== 'string' || !CONTRACT_ADDRESS.test(address)) {
        throw new ConfigError(name, `has a bad implementation ${chainId}.implementations["${version}"]`);
      }
      implementations[version] = address;
    }
    const unknown = Object.keys(entry).filter((key) => key !== 'factory' && key !== 'implementations');
    if (unknown.length > 0) throw new ConfigError(name, `has unknown keys in ${chainId}: ${unknown.join(', ')}`);
    result[chainId] = { factory: entry.factory, implementations };
  }
  return result;
}

/**
 * `RATES_STATIC` (JSON) or `RATES_STATIC_FILE` (a path to the same JSON), keyed by currency id or
 * symbol: `{"USDT": {"usd": "1", "eur": "0.92"}, "1": {"usd": "3000.5"}}`.
 */
function staticRates(env: Env): StaticRates {
  const inline = text(env, 'RATES_STATIC');
  const file = text(env, 'RATES_STATIC_FILE');
  if (inline !== undefined && file !== undefined) {
    throw new ConfigError('RATES_STATIC', 'and RATES_STATIC_FILE cannot both be set');
  }
  const name = file === undefined ? 'RATES_STATIC' : 'RATES_STATIC_FILE';
  let raw = inline;
  if (file !== undefined) {
    try {
      raw = readFileSync(resolve(file), 'utf8');
    } catch {
      throw new ConfigError(name, 'names a file that cannot be read');
    }
  }
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(name, 'is not valid JSON');
  }
  if (!isRecord(parsed)) throw new ConfigError(name, 'must be a JSON object keyed by currency id or symbol');
  const result: Record<string, Partial<Record<BaseCurrency, string>>> = {};
  for (const [key, entry] of Object.entries(parsed)) {
    if (!isRecord(entry)) throw new ConfigError(name, `needs an object of rates for "${key}"`);
    const rates: Partial<Record<BaseCurrency, string>> = {};
    for (const [base, rate] of Object.entries(entry)) {
      if (!(BASE_CURRENCIES as readonly string[]).includes(base)) {
        throw new ConfigError(name, `has an unknown base currency "${base}" for "${key}" (usd, eur or cny)`);
      }
      if (typeof rate !== 'string' || !/^\d{1,30}(\.\d{1,18})?$/.test(rate)) {
        throw new ConfigError(name, `needs ${key}.${base} as a decimal string such as "0.92"`);
      }
      rates[base as BaseCurrency] = rate;
    }
    result[key] = rates;
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Outside production the signing secret is generated once and kept, so tokens survive a restart. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
