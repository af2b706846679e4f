import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { IndexerConfig, IndexerConfigError, loadIndexerConfig } from './indexer-config';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  readonly nodeEnv: NodeEnv;
  readonly port: number;
  /**
   * Address the HTTP server listens on (`HOST`). Null: `127.0.0.1` when this start creates the
   * demo data (its banner shows a private key and an API secret), `0.0.0.0` otherwise.
   */
  readonly host: string | null;
  /** Null means: run an embedded PostgreSQL under `dataDir`. */
  readonly databaseUrl: string | null;
  /**
   * What `databaseUrl` names (`DATABASE_POOL_MODE`): PostgreSQL or a session pooler (`session`), or
   * a pooler in transaction mode (`transaction`), where a server connection is the app's only for
   * one transaction: then no named prepared statements and no per-connection settings.
   */
  readonly databasePoolMode: DatabasePoolMode;
  /**
   * Where work that needs a session of its own connects (`DATABASE_SESSION_URL`): LISTEN, session
   * advisory locks (migrations, indexer leadership), export cursors. Null: `databaseUrl`.
   */
  readonly databaseSessionUrl: string | null;
  /** Streaming replicas GET requests read from (`DATABASE_READ_URLS`); empty: every read on the primary. */
  readonly databaseReadUrls: readonly string[];
  /** A replica further behind than this is skipped (`DATABASE_READ_MAX_LAG_MS`). */
  readonly databaseReadMaxLagMs: number;
  readonly redisUrl: string | null;
  /** Prepended to every Redis key, so instances of different deployments can share one Redis. */
  readonly redisKeyPrefix: string;
  readonly jwtSecret: string;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  /** Absolute lifetime of a wallet sign-in session (its cookie), seconds; it is never extended. */
  readonly sessionTtlSeconds: number;
  /** Obtain-token and wallet sign-in requests (one budget) allowed per client address in any 60 s window. */
  readonly tokenRateLimit: number;
  /** Units of /api/v1 and /token/ requests allowed per member in any `apiRateWindowSeconds`; 0 turns the limit off. */
  readonly apiRateLimit: number;
  readonly apiRateWindowSeconds: number;
  /** Milliseconds of the service's time one unit of `apiRateLimit` pays for (see requestCost). */
  readonly apiRateUnitMs: number;
  /** Requests of one member in flight on an instance at once; more are refused with 429. */
  readonly apiMaxInFlight: number;
  /** Slow-client bounds of the HTTP server: headers (seconds), whole request (ms), idle keep-alive (seconds). */
  readonly httpHeadersTimeoutSeconds: number;
  readonly httpBodyTimeoutMs: number;
  readonly httpKeepAliveTimeoutSeconds: number;
  /** Open connections the HTTP server holds in all; at the cap the longest-idle one makes room. */
  readonly httpMaxConnections: number;
  /** Open connections (idle or busy) per client address; 0 (and always with TRUST_PROXY) means no cap. */
  readonly httpMaxIdlePerClient: number;
  readonly trustProxy: boolean;
  /** How far ahead of a deployment's current nonce a queue operation may sit. */
  readonly queueNonceWindow: bigint;
  readonly publicBaseUrl: string;
  /** Null disables the chain-event intake route. */
  readonly indexerApiKey: string | null;
  readonly logLevel: LogLevel;
  readonly runMigrations: boolean;
  readonly dataDir: string;
  /** Port of the embedded PostgreSQL (used when DATABASE_URL is unset); null picks a free one. */
  readonly embeddedPgPort: number | null;
  /** Browser origins allowed by CORS: a list, `*` for any, or empty for no CORS headers at all. */
  readonly corsOrigins: readonly string[] | '*';
  /** Bearer token GET /metrics requires; null leaves it open (outside production, or with METRICS_PORT). */
  readonly metricsToken: string | null;
  /** A port of its own for GET /metrics (then not served on PORT); null serves it on PORT. */
  readonly metricsPort: number | null;
  /** Wallet factory and implementations per chain id (`CHAIN_CONTRACTS`); empty when unset. */
  readonly chainContracts: ChainContracts;
  /** Where fiat rates for balance conversion come from (`RATES_*`). */
  readonly rates: RatesConfig;
  readonly callbacks: CallbackConfig;
  /** Seconds between two reconciliation checks of a chain by its leader (`RECONCILE_INTERVAL_S`). */
  readonly reconcileIntervalSeconds: number;
  /** Most rows one CSV export sends (`EXPORT_MAX_ROWS`). */
  readonly exportMaxRows: number;
  /** Exports one instance runs at a time (`EXPORT_MAX_CONCURRENT`); a member runs one at a time. */
  readonly exportMaxConcurrent: number;
  /** Slowest reader an export waits for, bytes a second (`EXPORT_MIN_BYTES_PER_SECOND`). */
  readonly exportMinBytesPerSecond: number;
  readonly paymentEvents: PaymentEventsConfig;
  readonly notifications: NotificationConfig;
  /** The built-in indexer of EVM and Tron chains (RPC_URL_<chainId>, INDEXER_*, TRON_API_KEY). */
  readonly indexer: IndexerConfig;
}

/** The payment page's event stream (`GET /api/v1/public/invoices/{publicId}/events`). */
export interface PaymentEventsConfig {
  /** How often an open stream sends a comment line, so proxies and browsers keep it open. */
  readonly keepAliveMs: number;
  /** Open streams one instance serves at most; more are refused with 503 and the page polls instead. */
  readonly maxStreams: number;
  /** Open streams one client address holds at most on an instance; more are refused with 429. */
  readonly maxStreamsPerClient: number;
}

/** Merchant callbacks (docs/contract.md, Merchants). */
export interface CallbackConfig {
  /** 32-byte AES-256-GCM key for the stored signing secrets: CALLBACK_SECRET_KEY, else derived from the JWT secret. */
  readonly secretKey: Buffer;
  /** Allow callbacks to private, loopback and link-local addresses (tests, private networks). */
  readonly allowPrivate: boolean;
  /** Whether this instance runs the delivery worker (several instances may: rows are claimed with SKIP LOCKED). */
  readonly workerEnabled: boolean;
  /** Delay before each attempt, ms: the first is the first attempt's; after the last failure, FAILED. */
  readonly retryScheduleMs: readonly number[];
  readonly pollIntervalMs: number;
  readonly timeoutMs: number;
}

/** Approver notifications (docs/notifications.md). A channel whose server setting is absent is skipped. */
export interface NotificationConfig {
  /** SMTP_URL (`smtp://user:pass@host:port`, `smtps://…`): the e-mail channel; carries a password, never logged. */
  readonly smtpUrl: string | null;
  /** NOTIFY_FROM: the sender address of notification e-mails. */
  readonly from: string;
  /** TELEGRAM_BOT_TOKEN: the Telegram channel's bot; a secret, never logged. */
  readonly telegramBotToken: string | null;
  /** TELEGRAM_API_URL: Telegram's Bot API base URL (a local receiver in tests). */
  readonly telegramApiUrl: string;
  /** NOTIFY_REMIND_AFTER_HOURS: hours after the last SIGNATURE_NEEDED before the one reminder (decimal). */
  readonly remindAfterMs: number;
  /** NOTIFY_DIGEST_HOUR: the UTC hour the daily digest goes out. */
  readonly digestHour: number;
  /** NOTIFY_WORKER: whether this instance delivers notifications and runs the reminder and digest. */
  readonly workerEnabled: boolean;
}

/** Standard Webhooks' schedule (docs/contract.md, Merchants): immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const DEFAULT_CALLBACK_RETRY_SCHEDULE_MS: readonly number[] = [
  0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000,
];

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

export type DatabasePoolMode = 'session' | 'transaction';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** The database URL of work that needs a session of its own (see `databaseSessionUrl`). */
export function sessionDatabaseUrl(config: Pick<AppConfig, 'databaseSessionUrl'> & { databaseUrl: string }): string {
  return config.databaseSessionUrl ?? config.databaseUrl;
}

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
  const httpHeadersTimeoutSeconds = integer(env, 'HTTP_HEADERS_TIMEOUT', 10, 1, 600);
  // Read as a removed name, not a setting (so the documented variables do not list it); an empty value,
  // as Docker Compose passes for an unset one, is no setting.
  if ((env['HTTP_REQUEST_TIMEOUT'] ?? '').trim() !== '') {
    throw new ConfigError('HTTP_REQUEST_TIMEOUT', 'was replaced by HTTP_BODY_TIMEOUT_MS (milliseconds, default 10000)');
  }
  const httpBodyTimeoutMs = integer(env, 'HTTP_BODY_TIMEOUT_MS', 10_000, 100, 3_600_000);
  if (httpHeadersTimeoutSeconds * 1000 > httpBodyTimeoutMs) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT', `must not exceed HTTP_BODY_TIMEOUT_MS (${httpBodyTimeoutMs} ms)`);
  }
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']) ?? null;
  if (databaseUrl === null && nodeEnv === 'production') {
    throw new ConfigError(
      'DATABASE_URL',
      'is required when NODE_ENV=production (the embedded PostgreSQL is for development: set DATABASE_URL=postgres://user:password@host:5432/db)',
    );
  }
  const metricsToken = text(env, 'METRICS_TOKEN') ?? null;
  const metricsPort = text(env, 'METRICS_PORT') === undefined ? null : integer(env, 'METRICS_PORT', 0, 0, 65535);
  if (metricsToken === null && metricsPort === null && nodeEnv === 'production') {
    throw new ConfigError(
      'METRICS_TOKEN',
      'is required when NODE_ENV=production, unless METRICS_PORT serves the metrics on a port of their own',
    );
  }
  const signingSecret = jwtSecret ?? persistedSecret(dataDir);
  return {
    nodeEnv,
    port,
    host: host(env, 'HOST'),
    databaseUrl,
    databasePoolMode: oneOf(env, 'DATABASE_POOL_MODE', ['session', 'transaction'] as const, 'session'),
    databaseSessionUrl: url(env, 'DATABASE_SESSION_URL', ['postgres:', 'postgresql:']) ?? null,
    databaseReadUrls: urlList(env, 'DATABASE_READ_URLS', ['postgres:', 'postgresql:']),
    databaseReadMaxLagMs: integer(env, 'DATABASE_READ_MAX_LAG_MS', 5000, 0, 3_600_000),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']) ?? null,
    redisKeyPrefix: text(env, 'REDIS_KEY_PREFIX') ?? 'deployments-api:',
    jwtSecret: signingSecret,
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL', 60, 1, 86_400),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL', 6 * 3600, 1, 30 * 86_400),
    sessionTtlSeconds: integer(env, 'SESSION_TTL', 8 * 3600, 60, 30 * 86_400),
    tokenRateLimit: integer(env, 'TOKEN_RATE_LIMIT', 15, 1, 1_000_000),
    apiRateLimit: integer(env, 'API_RATE_LIMIT', 1200, 0, 1_000_000),
    apiRateWindowSeconds: integer(env, 'API_RATE_WINDOW', 60, 1, 3600),
    // At the default limit (20 units a second) a member spending its whole budget on slow requests
    // holds at most half a second of the service's time per second: a quarter of a two-core
    // machine, so the other tenants keep most of it. A larger machine can afford a larger unit.
    apiRateUnitMs: integer(env, 'API_RATE_UNIT_MS', 25, 1, 3_600_000),
    apiMaxInFlight: integer(env, 'API_MAX_IN_FLIGHT', 8, 1, 100_000),
    httpHeadersTimeoutSeconds,
    httpBodyTimeoutMs,
    // Above the idle timeouts of common load balancers (60-65 s), so they close idle connections first.
    httpKeepAliveTimeoutSeconds: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT', 75, 1, 3600),
    // Below a default file-descriptor limit of 65,536, leaving room for database and Redis sockets.
    httpMaxConnections: integer(env, 'HTTP_MAX_CONNECTIONS', 10_000, 1, 1_000_000),
    httpMaxIdlePerClient: integer(env, 'HTTP_MAX_IDLE_PER_CLIENT', 256, 0, 1_000_000),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    queueNonceWindow: BigInt(integer(env, 'QUEUE_NONCE_WINDOW', 1000, 1, 1_000_000_000)),
    publicBaseUrl: (url(env, 'PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    indexerApiKey: text(env, 'INDEXER_API_KEY') ?? null,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    runMigrations: boolean(env, 'RUN_MIGRATIONS', true),
    dataDir,
    embeddedPgPort: text(env, 'EMBEDDED_PG_PORT') === undefined ? null : integer(env, 'EMBEDDED_PG_PORT', 0, 1, 65535),
    corsOrigins: corsOrigins(env, 'CORS_ORIGINS'),
    metricsToken,
    metricsPort,
    chainContracts: chainContracts(env, 'CHAIN_CONTRACTS'),
    rates: {
      provider: oneOf(env, 'RATES_PROVIDER', ['static', 'cryptocompare'] as const, 'static'),
      staticRates: staticRates(env),
      apiUrl: url(env, 'RATES_API_URL', ['http:', 'https:']) ?? 'https://min-api.cryptocompare.com',
      apiKey: text(env, 'RATES_API_KEY') ?? null,
      cacheSeconds: integer(env, 'RATES_CACHE_SECONDS', 60, 1, 86_400),
    },
    callbacks: callbackConfig(env, signingSecret),
    exportMaxRows: integer(env, 'EXPORT_MAX_ROWS', 1_000_000, 1, 100_000_000),
    reconcileIntervalSeconds: integer(env, 'RECONCILE_INTERVAL_S', 600, 1, 7 * 86_400),
    exportMaxConcurrent: integer(env, 'EXPORT_MAX_CONCURRENT', 4, 1, 1000),
    exportMinBytesPerSecond: integer(env, 'EXPORT_MIN_BYTES_PER_SECOND', 16_384, 1, 1_000_000_000),
    paymentEvents: {
      keepAliveMs: integer(env, 'PAYMENT_EVENTS_KEEPALIVE_MS', 15_000, 10, 600_000),
      maxStreams: integer(env, 'PAYMENT_EVENTS_MAX_STREAMS', 1000, 1, 1_000_000),
      maxStreamsPerClient: integer(env, 'PAYMENT_EVENTS_MAX_STREAMS_PER_CLIENT', 20, 1, 1_000_000),
    },
    indexer: indexerConfig(env),
    notifications: notificationConfig(env),
  };
}

function notificationConfig(env: Env): NotificationConfig {
  const remind = text(env, 'NOTIFY_REMIND_AFTER_HOURS');
  if (remind !== undefined && (!/^\d{1,5}(\.\d{1,6})?$/.test(remind) || Number(remind) <= 0)) {
    throw new ConfigError('NOTIFY_REMIND_AFTER_HOURS', `must be a positive decimal number of hours (got "${remind}")`);
  }
  const from = text(env, 'NOTIFY_FROM') ?? 'treasury@localhost';
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(from) && !/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(from)) {
    throw new ConfigError('NOTIFY_FROM', 'must be an e-mail address, optionally as "Name <address>"');
  }
  return {
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']) ?? null,
    from,
    telegramBotToken: text(env, 'TELEGRAM_BOT_TOKEN') ?? null,
    telegramApiUrl: (url(env, 'TELEGRAM_API_URL', ['http:', 'https:']) ?? 'https://api.telegram.org').replace(
      /\/+$/,
      '',
    ),
    remindAfterMs: Math.round(Number(remind ?? '24') * 3_600_000),
    digestHour: integer(env, 'NOTIFY_DIGEST_HOUR', 8, 0, 23),
    workerEnabled: boolean(env, 'NOTIFY_WORKER', true),
  };
}

function callbackConfig(env: Env, jwtSecret: string): CallbackConfig {
  const key = text(env, 'CALLBACK_SECRET_KEY');
  if (key !== undefined && Buffer.byteLength(key) < 32) {
    throw new ConfigError('CALLBACK_SECRET_KEY', 'must be at least 32 bytes long');
  }
  // Derived with a label, so the JWT secret itself never encrypts anything.
  const secretKey =
    key === undefined
      ? Buffer.from(hkdfSync('sha256', jwtSecret, '', 'deployments-api callback secrets', 32))
      : createHash('sha256').update(key).digest();
  const rawSchedule = text(env, 'CALLBACK_RETRY_SCHEDULE_MS');
  let retryScheduleMs = DEFAULT_CALLBACK_RETRY_SCHEDULE_MS;
  if (rawSchedule !== undefined) {
    const parts = rawSchedule.split(',').map((part) => part.trim());
    if (parts.length === 0 || parts.length > 50 || !parts.every((part) => /^\d{1,10}$/.test(part))) {
      throw new ConfigError('CALLBACK_RETRY_SCHEDULE_MS', 'must be 1 to 50 comma-separated whole milliseconds');
    }
    retryScheduleMs = parts.map(Number);
  }
  return {
    secretKey,
    allowPrivate: boolean(env, 'CALLBACK_ALLOW_PRIVATE', false),
    workerEnabled: boolean(env, 'CALLBACK_WORKER', true),
    retryScheduleMs,
    pollIntervalMs: integer(env, 'CALLBACK_POLL_INTERVAL_MS', 1000, 10, 600_000),
    timeoutMs: integer(env, 'CALLBACK_TIMEOUT_MS', 10_000, 100, 120_000),
  };
}

/** `*`, or comma-separated origins (`https://app.example.com`), each a scheme, host and optional port. */
function corsOrigins(env: Env, name: string): readonly string[] | '*' {
  const raw = text(env, name);
  if (raw === undefined) return [];
  if (raw === '*') return '*';
  return raw.split(',').map((part) => {
    const origin = part.trim();
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new ConfigError(name, `has an entry that is not an origin: "${origin}"`);
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(name, `entries must be origins such as https://app.example.com (got "${origin}")`);
    }
    return parsed.origin;
  });
}

function indexerConfig(env: Env): IndexerConfig {
  try {
    return loadIndexerConfig(env);
  } catch (error) {
    if (error instanceof IndexerConfigError) throw new ConfigError(error.variable, error.problem);
    throw error;
  }
}

/** An IPv4 or IPv6 address to listen on (`0.0.0.0`, `127.0.0.1`, `::`), or a host name. */
function host(env: Env, name: string): string | null {
  const value = text(env, name);
  if (value === undefined) return null;
  if (!/^[A-Za-z0-9.:-]{1,253}$/.test(value)) {
    throw new ConfigError(
      name,
      `must be an address to listen on, such as 0.0.0.0 or 127.0.0.1 (got ${JSON.stringify(value)})`,
    );
  }
  return value;
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

/** Comma-separated URLs, each validated as `url` does (never echoed); empty when unset. */
function urlList(env: Env, name: string, protocols: readonly string[]): string[] {
  const raw = text(env, name);
  if (raw === undefined) return [];
  return raw.split(',').map((part, index) => {
    const one = url({ [name]: part }, name, protocols);
    if (one === undefined) throw new ConfigError(name, `has an empty entry (number ${index + 1})`);
    return one;
  });
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
 * `{"<chainId>": {"factory": "0x…", "implementations": {"1.2.0": "0x…"}}}` (docs/contract.md, The contracts). The
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
