import { IndexerConfigError, loadIndexerConfig } from './indexer-config';

describe('loadIndexerConfig', () => {
  it('is off with no chain by default', () => {
    expect(loadIndexerConfig({})).toEqual({
      enabled: false,
      chains: [],
      batchBlocks: 500,
      concurrency: 8,
      pollIntervalMs: 2000,
      tronApiKey: null,
    });
  });

  it('reads RPC_URL_<chainId>, takes the factory from CHAIN_CONTRACTS and the JSON variable over both', () => {
    const config = loadIndexerConfig({
      INDEXER_ENABLED: 'true',
      RPC_URL_1: 'https://eth.example/v2/key',
      RPC_URL_11155111: 'http://127.0.0.1:8545',
      CHAIN_CONTRACTS: JSON.stringify({ '1': { factory: '0x00000000000000000000000000000000000000AA' } }),
      INDEXER_CHAINS: JSON.stringify({
        '11155111': {
          rpcUrl: 'http://127.0.0.1:9545',
          startBlock: 12,
          factory: '0x00000000000000000000000000000000000000Bb',
        },
      }),
    });
    expect(config.enabled).toBe(true);
    expect(config.chains).toEqual([
      {
        chainId: '1',
        rpcUrl: 'https://eth.example/v2/key',
        startBlock: null,
        factories: ['0x00000000000000000000000000000000000000aa'],
        httpApiUrl: null,
      },
      {
        chainId: '11155111',
        rpcUrl: 'http://127.0.0.1:9545',
        startBlock: 12n,
        factories: ['0x00000000000000000000000000000000000000bb'],
        httpApiUrl: null,
      },
    ]);
  });

  it('reads Tron chains: TRON_API_KEY, a base58 factory from CHAIN_CONTRACTS as hex, an explicit HTTP API URL', () => {
    const config = loadIndexerConfig({
      TRON_API_KEY: ' 0f1e2d3c-key ',
      RPC_URL_728126428: 'https://api.trongrid.io/jsonrpc',
      // TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t is 41a614f803b6fd780986a42c78ec9c7f77e6ded13c.
      CHAIN_CONTRACTS: JSON.stringify({ '728126428': { factory: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } }),
      INDEXER_CHAINS: JSON.stringify({
        '2494104990': {
          rpcUrl: 'http://10.0.0.5:8545/jsonrpc',
          httpApiUrl: 'http://10.0.0.5:8090',
          factory: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
        },
      }),
    });
    expect(config.tronApiKey).toBe('0f1e2d3c-key');
    expect(config.chains).toEqual([
      {
        chainId: '728126428',
        rpcUrl: 'https://api.trongrid.io/jsonrpc',
        startBlock: null,
        factories: ['0xa614f803b6fd780986a42c78ec9c7f77e6ded13c'],
        httpApiUrl: null,
      },
      {
        chainId: '2494104990',
        rpcUrl: 'http://10.0.0.5:8545/jsonrpc',
        startBlock: null,
        factories: ['0xa614f803b6fd780986a42c78ec9c7f77e6ded13c'],
        httpApiUrl: 'http://10.0.0.5:8090',
      },
    ]);
  });

  it.each([
    [{ INDEXER_CHAINS: '{"1": {"rpcUrl": "http://x", "httpApiUrl": "ftp://x"}}' }, 'INDEXER_CHAINS["1"].httpApiUrl'],
    [{ RPC_URL_abc: 'http://x' }, 'RPC_URL_abc'],
    [{ RPC_URL_1: 'not a url' }, 'RPC_URL_1'],
    [{ RPC_URL_1: 'ws://node:8546' }, 'RPC_URL_1'],
    [{ INDEXER_CHAINS: '{' }, 'INDEXER_CHAINS'],
    [{ INDEXER_CHAINS: '[]' }, 'INDEXER_CHAINS'],
    [{ INDEXER_CHAINS: '{"1": {"rpcUrl": "http://x", "extra": 1}}' }, 'INDEXER_CHAINS'],
    [{ INDEXER_CHAINS: '{"1": {"rpcUrl": "http://x", "startBlock": -1}}' }, 'INDEXER_CHAINS["1"]'],
    [{ INDEXER_CHAINS: '{"1": {"rpcUrl": "http://x", "factory": "0x12"}}' }, 'INDEXER_CHAINS["1"]'],
    [{ INDEXER_CHAINS: '{"1": {}}' }, 'INDEXER_CHAINS["1"]'],
    [{ INDEXER_ENABLED: 'maybe' }, 'INDEXER_ENABLED'],
    [{ INDEXER_BATCH_BLOCKS: '0' }, 'INDEXER_BATCH_BLOCKS'],
    [{ INDEXER_CONCURRENCY: '1000' }, 'INDEXER_CONCURRENCY'],
  ])('rejects %j naming %s', (env, variable) => {
    let thrown: unknown;
    try {
      loadIndexerConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IndexerConfigError);
    expect((thrown as IndexerConfigError).variable).toBe(variable);
  });

  it('never echoes an RPC URL in its errors (they carry API keys)', () => {
    expect(() => loadIndexerConfig({ RPC_URL_1: 'ftp://secret-key@node' })).toThrow(/^RPC_URL_1 must use/);
    expect(() => loadIndexerConfig({ RPC_URL_1: 'ftp://secret-key@node' })).not.toThrow(/secret-key/);
  });
});
