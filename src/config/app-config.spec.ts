import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, sessionDatabaseUrl } from './app-config';

/** Every folder this spec makes, removed after it. */
const folders: string[] = [];
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'config-spec-'));
  folders.push(path);
  return path;
}
afterAll(() => {
  for (const path of folders) rmSync(path, { recursive: true, force: true });
});

const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: folder() };

function problem(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      redisUrl: null,
      redisKeyPrefix: 'deployments-api:',
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 21600,
      sessionTtlSeconds: 28800,
      tokenRateLimit: 15,
      httpMaxConnections: 10_000,
      httpMaxIdlePerClient: 256,
      queueNonceWindow: 1000n,
      trustProxy: false,
      publicBaseUrl: 'http://localhost:3000',
      indexerApiKey: null,
      runMigrations: true,
      chainContracts: {},
      rates: {
        provider: 'static',
        staticRates: {},
        apiUrl: 'https://min-api.cryptocompare.com',
        apiKey: null,
        cacheSeconds: 60,
      },
    });
  });

  it('reads static rates inline', () => {
    const config = loadConfig({ ...base, RATES_STATIC: '{"USDT":{"usd":"1","eur":"0.92"}}' });
    expect(config.rates.staticRates).toEqual({ USDT: { usd: '1', eur: '0.92' } });
  });

  it.each([
    [{ RATES_PROVIDER: 'coingecko' }, 'RATES_PROVIDER'],
    [{ RATES_STATIC: '{' }, 'RATES_STATIC is not valid JSON'],
    [{ RATES_STATIC: '{"USDT":{"gbp":"1"}}' }, 'unknown base currency'],
    [{ RATES_STATIC: '{"USDT":{"usd":1}}' }, 'decimal string'],
    [{ RATES_STATIC: '{"USDT":{"usd":"-1"}}' }, 'decimal string'],
    [{ RATES_STATIC_FILE: '/nonexistent/rates.json' }, 'RATES_STATIC_FILE'],
    [{ RATES_CACHE_SECONDS: '0' }, 'RATES_CACHE_SECONDS'],
  ])('refuses rates config %j', (env, message) => {
    expect(problem(env)).toContain(message);
  });

  it('reads CHAIN_CONTRACTS', () => {
    const factory = '0x' + '11'.repeat(20);
    const impl = '0x' + '22'.repeat(20);
    const config = loadConfig({
      ...base,
      CHAIN_CONTRACTS: JSON.stringify({ '1': { factory, implementations: { '1.2.0': impl } } }),
    });
    expect(config.chainContracts).toEqual({ '1': { factory, implementations: { '1.2.0': impl } } });
  });

  it.each([
    ['not json', 'is not valid JSON'],
    ['[]', 'must be a JSON object'],
    ['{"x":{}}', 'not a chain id'],
    ['{"1":{"factory":"0x12","implementations":{}}}', '1.factory'],
    [`{"1":{"factory":"0x${'1'.repeat(40)}"}}`, '1.implementations'],
    [`{"1":{"factory":"0x${'1'.repeat(40)}","implementations":{"v1":"0x${'2'.repeat(40)}"}}}`, 'bad implementation'],
    [`{"1":{"factory":"0x${'1'.repeat(40)}","implementations":{},"extra":1}}`, 'unknown keys'],
  ])('refuses CHAIN_CONTRACTS=%s', (value, message) => {
    expect(problem({ CHAIN_CONTRACTS: value })).toContain(`CHAIN_CONTRACTS ${''}`.trim());
    expect(problem({ CHAIN_CONTRACTS: value })).toContain(message);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL'],
    [{ ACCESS_TOKEN_TTL: '0' }, 'ACCESS_TOKEN_TTL'],
    [{ REFRESH_TOKEN_TTL: '-5' }, 'REFRESH_TOKEN_TTL'],
    [{ SESSION_TTL: '30' }, 'SESSION_TTL'],
    [{ TOKEN_RATE_LIMIT: '1.5' }, 'TOKEN_RATE_LIMIT'],
    [{ API_RATE_LIMIT: '-1' }, 'API_RATE_LIMIT'],
    [{ API_RATE_WINDOW: '0' }, 'API_RATE_WINDOW'],
    [{ API_RATE_UNIT_MS: '0' }, 'API_RATE_UNIT_MS'],
    [{ HTTP_HEADERS_TIMEOUT: '0' }, 'HTTP_HEADERS_TIMEOUT'],
    [{ HTTP_HEADERS_TIMEOUT: '40', HTTP_BODY_TIMEOUT_MS: '30000' }, 'HTTP_HEADERS_TIMEOUT'],
    [{ HTTP_BODY_TIMEOUT_MS: '10s' }, 'HTTP_BODY_TIMEOUT_MS'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
    [{ API_MAX_IN_FLIGHT: '0' }, 'API_MAX_IN_FLIGHT'],
    [{ EXPORT_MAX_CONCURRENT: '0' }, 'EXPORT_MAX_CONCURRENT'],
    [{ PAYMENT_EVENTS_MAX_STREAMS_PER_CLIENT: '0' }, 'PAYMENT_EVENTS_MAX_STREAMS_PER_CLIENT'],
    [{ HTTP_REQUEST_TIMEOUT: '30' }, 'HTTP_BODY_TIMEOUT_MS'],
    [{ HTTP_KEEP_ALIVE_TIMEOUT: 'forever' }, 'HTTP_KEEP_ALIVE_TIMEOUT'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ HTTP_MAX_CONNECTIONS: '0' }, 'HTTP_MAX_CONNECTIONS'],
    [{ HTTP_MAX_IDLE_PER_CLIENT: '-1' }, 'HTTP_MAX_IDLE_PER_CLIENT'],
    [{ QUEUE_NONCE_WINDOW: '0' }, 'QUEUE_NONCE_WINDOW'],
    [{ PUBLIC_BASE_URL: 'ftp://x' }, 'PUBLIC_BASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
  ])('rejects %j with one line naming %s', (env, variable) => {
    const message = problem(env);
    expect(message).toContain(variable);
    expect(message).not.toContain('\n');
  });

  it('requires METRICS_TOKEN in production unless METRICS_PORT serves the metrics apart', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://u@h/db' };
    expect(problem(production)).toMatch(/METRICS_TOKEN is required when NODE_ENV=production, unless METRICS_PORT/);
    expect(loadConfig({ ...production, METRICS_TOKEN: 'scrape' }).metricsPort).toBeNull();
    expect(loadConfig({ ...production, METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: base.DATA_DIR, DATABASE_URL: 'postgres://u@db/x' }),
    ).toThrow(/JWT_SECRET is required/);
  });

  it('requires DATABASE_URL in production, saying what to set, instead of starting an embedded database', () => {
    const message = problem({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    expect(message).toMatch(/^Invalid configuration: DATABASE_URL is required when NODE_ENV=production/);
    expect(message).toContain('set DATABASE_URL=postgres://');
    expect(message).not.toContain('\n');
  });

  it('never echoes a connection string, which may hold a password', () => {
    expect(problem({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).not.toContain('hunter2');
  });

  it('generates the signing secret once outside production and keeps it', () => {
    const dataDir = folder();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('strips a trailing slash from PUBLIC_BASE_URL', () => {
    expect(loadConfig({ ...base, PUBLIC_BASE_URL: 'https://pay.example.com/' }).publicBaseUrl).toBe(
      'https://pay.example.com',
    );
  });

  it('caps exports at a million rows unless EXPORT_MAX_ROWS says otherwise', () => {
    expect(loadConfig(base).exportMaxRows).toBe(1_000_000);
    expect(loadConfig({ ...base, EXPORT_MAX_ROWS: '5000' }).exportMaxRows).toBe(5000);
  });

  it('reads the callback settings, with the Standard Webhooks schedule by default', () => {
    const config = loadConfig(base);
    expect(config.callbacks).toMatchObject({ allowPrivate: false, workerEnabled: true, pollIntervalMs: 1000 });
    expect(config.callbacks.retryScheduleMs).toHaveLength(10);
    expect(config.callbacks.secretKey).toHaveLength(32);
    const custom = loadConfig({ ...base, CALLBACK_RETRY_SCHEDULE_MS: '0, 100,200', CALLBACK_ALLOW_PRIVATE: 'true' });
    expect(custom.callbacks).toMatchObject({ retryScheduleMs: [0, 100, 200], allowPrivate: true });
    const keyed = loadConfig({ ...base, CALLBACK_SECRET_KEY: 'k'.repeat(32) });
    expect(keyed.callbacks.secretKey.equals(config.callbacks.secretKey)).toBe(false);
  });

  it.each([
    [{ CALLBACK_RETRY_SCHEDULE_MS: '0,soon' }, 'CALLBACK_RETRY_SCHEDULE_MS'],
    [{ CALLBACK_RETRY_SCHEDULE_MS: ',' }, 'CALLBACK_RETRY_SCHEDULE_MS'],
    [{ CALLBACK_SECRET_KEY: 'short' }, 'CALLBACK_SECRET_KEY'],
    [{ CALLBACK_ALLOW_PRIVATE: 'maybe' }, 'CALLBACK_ALLOW_PRIVATE'],
    [{ CALLBACK_POLL_INTERVAL_MS: '1' }, 'CALLBACK_POLL_INTERVAL_MS'],
    [{ EXPORT_MAX_ROWS: '0' }, 'EXPORT_MAX_ROWS'],
    [{ EXPORT_MAX_ROWS: '1e6' }, 'EXPORT_MAX_ROWS'],
  ])('rejects %j naming %s', (env, variable) => {
    expect(problem(env)).toContain(variable);
  });

  it('reads the operation settings: embedded PostgreSQL port, CORS origins, metrics token', () => {
    const defaults = loadConfig(base);
    expect(defaults).toMatchObject({ embeddedPgPort: null, corsOrigins: [], metricsToken: null });
    expect(
      loadConfig({
        ...base,
        EMBEDDED_PG_PORT: '5433',
        CORS_ORIGINS: 'https://app.example.com, http://localhost:5173/',
        METRICS_TOKEN: 'scrape',
      }),
    ).toMatchObject({
      embeddedPgPort: 5433,
      corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
      metricsToken: 'scrape',
    });
    expect(loadConfig({ ...base, CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
  });

  it.each([
    [{ EMBEDDED_PG_PORT: '0' }, 'EMBEDDED_PG_PORT'],
    [{ EMBEDDED_PG_PORT: 'high' }, 'EMBEDDED_PG_PORT'],
    [{ CORS_ORIGINS: 'app.example.com' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://app.example.com/path' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'ftp://files.example.com' }, 'CORS_ORIGINS'],
  ])('rejects %j naming %s', (env, variable) => {
    expect(problem(env)).toContain(variable);
  });
});

describe('database topology settings', () => {
  it('defaults to one database in session mode: no session URL, no replicas, 5 s of lag allowed', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      databasePoolMode: 'session',
      databaseSessionUrl: null,
      databaseReadUrls: [],
      databaseReadMaxLagMs: 5000,
    });
    expect(sessionDatabaseUrl({ ...config, databaseUrl: 'postgres://u@primary/db' })).toBe('postgres://u@primary/db');
  });

  it('reads a transaction pooler, a session URL and comma-separated replicas', () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://u@pgbouncer:6432/db',
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_SESSION_URL: 'postgres://u@primary:5432/db',
      DATABASE_READ_URLS: 'postgres://u@replica-1/db, postgresql://u@replica-2/db',
      DATABASE_READ_MAX_LAG_MS: '1500',
    });
    expect(config).toMatchObject({
      databasePoolMode: 'transaction',
      databaseReadUrls: ['postgres://u@replica-1/db', 'postgresql://u@replica-2/db'],
      databaseReadMaxLagMs: 1500,
    });
    expect(sessionDatabaseUrl({ ...config, databaseUrl: config.databaseUrl! })).toBe('postgres://u@primary:5432/db');
  });

  it.each([
    [{ DATABASE_POOL_MODE: 'statement' }, 'DATABASE_POOL_MODE'],
    [{ DATABASE_SESSION_URL: 'mysql://u@h/db' }, 'DATABASE_SESSION_URL'],
    [{ DATABASE_READ_URLS: 'postgres://u@r1/db,,postgres://u@r2/db' }, 'DATABASE_READ_URLS'],
    [{ DATABASE_READ_URLS: 'postgres://u@r1/db,redis://r2' }, 'DATABASE_READ_URLS'],
    [{ DATABASE_READ_MAX_LAG_MS: '-1' }, 'DATABASE_READ_MAX_LAG_MS'],
  ])('rejects %j naming %s', (env, variable) => {
    expect(problem(env)).toContain(variable);
  });

  it('never echoes a replica URL it refuses (it may carry a password)', () => {
    expect(problem({ DATABASE_READ_URLS: 'mysql://u:hunter2@r1/db' })).not.toContain('hunter2');
  });
});
