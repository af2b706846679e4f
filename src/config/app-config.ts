import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { IndexerConfig, IndexerConfigError, loadIndexerConfig } from '../modules/chain/indexer/indexer-config';

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
  /** The built-in EVM indexer (RPC_URL_<chainId>, INDEXER_*). */
  readonly indexer: IndexerConfig;
}

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
    indexer: indexerConfig(env),
  };
}

function indexerConfig(env: Env): IndexerConfig {
  try {
    return loadIndexerConfig(env);
  } catch (error) {
    if (error instanceof IndexerConfigError) throw new ConfigError(error.variable, error.problem);
    throw error;
  }
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

/** Outside production the signing secret is generated once and kept, so tokens survive a restart. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
