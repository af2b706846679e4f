import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { createDeployment, evmWallet, TestDeployment } from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { createTestApp, testDatabaseUrl, TestApp } from '../support/test-app';

const USDT = '1-0xdac17f958d2ee523a2206206994597c13d831ec7';
const root = join(__dirname, '..', '..');

describe('transfer events to deployment addresses (direct deposits)', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    d = await createDeployment(t, { chainId: '1' });
  });
  afterAll(() => t.close());

  const transfer = (fields: Record<string, unknown> = {}) => ({
    eventId: eventId(),
    kind: 'transfer',
    chainId: '1',
    txHash: txHash(),
    logIndex: 3,
    blockNumber: '19000000',
    fromAddress: evmWallet().address,
    toAddress: d.address.toLowerCase(),
    currencyId: USDT,
    amount: '2500000',
    fee: '1000000000000000',
    status: 'PENDING',
    confirmations: 0,
    ...fields,
  });

  async function byHash(hash: string): Promise<Record<string, unknown>[]> {
    const res = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/transactions`)
      .set('x-api-key', d.members[0].apiKey)
      .query({ txHash: hash })
      .expect(200);
    return res.body.items;
  }

  const strip = (items: Record<string, unknown>[]) =>
    items.map(({ id: _id, createdAt: _createdAt, updatedAt: _updatedAt, confirmedAt, ...rest }) => ({
      ...rest,
      confirmedAt: confirmedAt === null ? null : 'set',
    }));

  it('records a direct deposit (IN) with the amount in whole units', async () => {
    const event = transfer();
    expect(await ingest(t, [event])).toEqual([
      { eventId: event.eventId, applied: true, duplicate: false, error: null },
    ]);
    expect(await byHash(event.txHash)).toEqual([
      expect.objectContaining({
        direction: 'IN',
        operationType: 'direct_deposit',
        status: 'PENDING',
        amount: '2.5',
        toAddress: d.address,
        blockchainFee: '0.001',
        blockNumber: '19000000',
      }),
    ]);
  });

  it('a replayed event changes nothing', async () => {
    const event = transfer({ status: 'EXECUTED', confirmations: 1 });
    await ingest(t, [event]);
    const before = await byHash(event.txHash);
    const replay = await ingest(t, [{ ...event, status: 'FAILED' }]);
    expect(replay).toEqual([{ eventId: event.eventId, applied: false, duplicate: true, error: null }]);
    expect(await byHash(event.txHash)).toEqual(before);
  });

  it.each([
    ['CONFIRMED before PENDING', ['EXECUTED:12', 'PENDING:0'], ['PENDING:0', 'EXECUTED:12'], 'CONFIRMED'],
    ['EXECUTED after FAILED', ['FAILED:0', 'EXECUTED:3'], ['EXECUTED:3', 'FAILED:0'], 'FAILED'],
    ['EXECUTED before PENDING', ['EXECUTED:2', 'PENDING:0'], ['PENDING:0', 'EXECUTED:2'], 'EXECUTED'],
  ])('out of order (%s) ends as in order', async (_label, shuffled, ordered, expected) => {
    const [hashA, hashB] = [txHash(), txHash()];
    const fromAddress = evmWallet().address;
    const events = (hash: string, steps: string[]) =>
      steps.map((step) =>
        transfer({ txHash: hash, fromAddress, status: step.split(':')[0], confirmations: Number(step.split(':')[1]) }),
      );
    for (const event of events(hashA, ordered)) await ingest(t, [event]);
    for (const event of events(hashB, shuffled)) await ingest(t, [event]);
    const [a, b] = [await byHash(hashA), await byHash(hashB)];
    expect(a).toHaveLength(1);
    expect(a[0].status).toBe(expected);
    expect(strip(b).map((item) => ({ ...item, txHash: 'x' }))).toEqual(
      strip(a).map((item) => ({ ...item, txHash: 'x' })),
    );
  });

  it('becomes CONFIRMED at the network figure, with confirmedAt set once', async () => {
    const hash = txHash();
    await ingest(t, [transfer({ txHash: hash, status: 'EXECUTED', confirmations: 5 })]);
    expect((await byHash(hash))[0]).toMatchObject({ status: 'EXECUTED', confirmations: 5, confirmedAt: null });
    await ingest(t, [transfer({ txHash: hash, status: 'EXECUTED', confirmations: 12 })]);
    const confirmed = (await byHash(hash))[0];
    expect(confirmed).toMatchObject({
      status: 'CONFIRMED',
      confirmations: 12,
      confirmedAt: expect.stringMatching(/Z$/),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await ingest(t, [
      transfer({ txHash: hash, status: 'CONFIRMED', confirmations: 30 }),
      transfer({ txHash: hash, status: 'EXECUTED', confirmations: 4 }),
    ]);
    const later = (await byHash(hash))[0];
    expect(later).toMatchObject({ status: 'CONFIRMED', confirmations: 30, confirmedAt: confirmed.confirmedAt });
  });

  it('reports a bad event in a batch while the others apply', async () => {
    const good = transfer();
    const results = await ingest(t, [
      transfer({ currencyId: '1-0x0000000000000000000000000000000000000001' }),
      transfer({ currencyId: '56' }),
      transfer({ fromAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }),
      transfer({ amount: '-5' }),
      good,
    ]);
    expect(results.map((result) => result.applied)).toEqual([false, false, false, false, true]);
    expect(results[0].error).toMatch(/currencyId .* is not a currency of chain 1/);
    expect(results[1].error).toMatch(/not a currency of chain 1/);
    expect(results[2].error).toMatch(/fromAddress/);
    expect(results[3].error).toMatch(/amount/);
    expect(await byHash(good.txHash)).toHaveLength(1);
  });

  it('ignores transfers to addresses that are not deployments, saying so, and records nothing', async () => {
    const event = transfer({ toAddress: evmWallet().address });
    expect((await ingest(t, [event]))[0]).toEqual({
      eventId: event.eventId,
      applied: false,
      duplicate: false,
      error: null,
      ignored: `toAddress ${event.toAddress} is not a deployment or invoice address on chain ${event.chainId}`,
    });
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM transactions WHERE tx_hash = $1`, [
      event.txHash,
    ]);
    expect(n).toBe(0);
  });

  it('applies one event exactly once when sent concurrently, and concurrent observations of one transfer make one row', async () => {
    const event = transfer({ status: 'EXECUTED', confirmations: 1 });
    const replies = await Promise.all(Array.from({ length: 8 }, () => ingest(t, [event])));
    expect(replies.flat().filter((result) => result.applied)).toHaveLength(1);
    const hash = txHash();
    const observations = ['PENDING:0', 'EXECUTED:2', 'EXECUTED:12', 'PENDING:0', 'EXECUTED:6', 'FAILED:0'].map((step) =>
      transfer({ txHash: hash, status: step.split(':')[0], confirmations: Number(step.split(':')[1]) }),
    );
    const results = (await Promise.all(observations.map((o) => ingest(t, [o])))).flat();
    expect(results.every((result) => result.error === null)).toBe(true);
    const rows = await byHash(hash);
    expect(rows).toHaveLength(1);
    // Whatever the interleaving: 12 confirmations are seen, and FAILED can only win if it came first.
    expect(['CONFIRMED', 'FAILED']).toContain(rows[0].status);
    const [{ n }] = await t.dataSource.query(
      `SELECT coalesce(sum(n), 0)::int AS n FROM transaction_counts WHERE deployment_id = $1`,
      [d.id],
    );
    const [{ m }] = await t.dataSource.query(`SELECT count(*)::int AS m FROM transactions WHERE deployment_id = $1`, [
      d.id,
    ]);
    expect(n).toBe(m);
  });

  describe('npm run cli -- chain:ingest', () => {
    // dist/ is the e2e global setup's build, made once per run.
    function cli(args: string[], stdin?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
      return new Promise((resolve) => {
        const child = spawn(process.execPath, [join(root, 'dist/src/cli/main.js'), ...args], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: testDatabaseUrl(), NODE_ENV: 'test', LOG_LEVEL: 'silent' },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(stdin ?? '');
      });
    }

    it('ingests a file and prints the results as JSON', async () => {
      const event = transfer({ status: 'EXECUTED', confirmations: 2 });
      const file = join(mkdtempSync(join(tmpdir(), 'ingest-')), 'events.json');
      writeFileSync(file, JSON.stringify({ events: [event, { eventId: 'bad', kind: 'nope' }] }));
      const run = await cli(['chain:ingest', file]).finally(() =>
        rmSync(dirname(file), { recursive: true, force: true }),
      );
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({
        results: [
          { eventId: event.eventId, applied: true, duplicate: false, error: null },
          { eventId: 'bad', applied: false, duplicate: false, error: expect.stringContaining('kind must be one of') },
        ],
      });
      expect(await byHash(event.txHash)).toEqual([expect.objectContaining({ status: 'EXECUTED', amount: '2.5' })]);
    }, 60_000);

    it('reads stdin with "-", and a replay is a duplicate', async () => {
      const event = transfer();
      const first = await cli(['chain:ingest', '-'], JSON.stringify({ events: [event] }));
      const again = await cli(['chain:ingest', '-'], JSON.stringify({ events: [event] }));
      expect(JSON.parse(first.stdout).results[0]).toMatchObject({ applied: true });
      expect(JSON.parse(again.stdout).results[0]).toMatchObject({ applied: false, duplicate: true });
      expect(await byHash(event.txHash)).toHaveLength(1);
    }, 60_000);

    it('exits 2 with a message for input that is not a batch', async () => {
      const run = await cli(['chain:ingest', '-'], 'not json');
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/not JSON/);
      expect((await cli(['chain:ingest', '-'], '{"events":[]}')).code).toBe(2);
    }, 60_000);
  });
});
