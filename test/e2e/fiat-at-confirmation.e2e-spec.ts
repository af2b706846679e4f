import request from 'supertest';
import type { StaticRates } from '../../src/config/app-config';
import { createDeployment, evmWallet, type TestDeployment } from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The rates stored with a transaction when it becomes CONFIRMED, through reported chain events
 * (Ethereum, 12 required confirmations): whichever statement confirms the row (a new row reported
 * CONFIRMED at once, or a stored row moving to CONFIRMED) stores the rates of that moment, and no
 * later report changes them. The anvil spec (reconciliation-anvil) covers the built-in indexer,
 * payouts, the CSV and the payment page.
 */
const ETH = '1';
const USDT = '1-0xdac17f958d2ee523a2206206994597c13d831ec7';

describe('fiat at confirmation (reported chain events)', () => {
  let t: TestApp;
  let d: TestDeployment;
  let rates: Record<string, StaticRates[string]>;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        INDEXER_API_KEY: TEST_INDEXER_KEY,
        RATES_STATIC: JSON.stringify({ [ETH]: { usd: '3000.5', eur: '2800.25' } }),
      },
    });
    rates = t.config.rates.staticRates as Record<string, StaticRates[string]>;
    d = await createDeployment(t, { chainId: '1' });
  });

  afterAll(async () => {
    await t?.close();
  });

  function transfer(hash: string, fields: Record<string, unknown>) {
    return {
      eventId: eventId(),
      kind: 'transfer',
      chainId: '1',
      txHash: hash,
      logIndex: 0,
      blockNumber: '100',
      fromAddress: evmWallet().address,
      toAddress: d.address,
      currencyId: ETH,
      amount: '250000000000000000',
      fee: '21000000000000',
      status: 'EXECUTED',
      confirmations: 1,
      ...fields,
    };
  }

  async function fiatOf(hash: string): Promise<unknown> {
    const list = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/transactions?pageSize=100`)
      .set('x-api-key', d.members[0].apiKey)
      .expect(200);
    const row = (list.body as { items: { id: string; txHash: string }[] }).items.find((item) => item.txHash === hash);
    const res = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/transactions/${row?.id}`)
      .set('x-api-key', d.members[0].apiKey)
      .expect(200);
    return (res.body as { fiatAtConfirmation: unknown }).fiatAtConfirmation;
  }

  it('stores the rates of the moment with a row reported CONFIRMED at once, and of the later moment it confirms for one reported mined first', async () => {
    const atOnce = txHash();
    const minedFirst = txHash();
    const results = await ingest(t, [
      transfer(atOnce, { status: 'CONFIRMED', confirmations: 12 }),
      transfer(minedFirst, { status: 'EXECUTED', confirmations: 1 }),
    ]);
    expect(results.map((r) => r.error)).toEqual([null, null]);
    // 0.25 ETH at 3000.5 and 2800.25; no CNY rate.
    expect(await fiatOf(atOnce)).toEqual({ usd: '750.13', eur: '700.06', cny: null });
    expect(await fiatOf(minedFirst)).toBeNull();

    rates[ETH] = { usd: '3100', eur: '2900', cny: '22000.02' };
    await ingest(t, [transfer(minedFirst, { status: 'CONFIRMED', confirmations: 12 })]);
    expect(await fiatOf(minedFirst)).toEqual({ usd: '775.00', eur: '725.00', cny: '5500.01' });

    // Later reports of confirmed rows (more confirmations) under yet another rate change nothing.
    rates[ETH] = { usd: '1', eur: '1', cny: '1' };
    await ingest(t, [
      transfer(atOnce, { status: 'CONFIRMED', confirmations: 40 }),
      transfer(minedFirst, { status: 'CONFIRMED', confirmations: 40 }),
    ]);
    expect(await fiatOf(atOnce)).toEqual({ usd: '750.13', eur: '700.06', cny: null });
    expect(await fiatOf(minedFirst)).toEqual({ usd: '775.00', eur: '725.00', cny: '5500.01' });
  });

  it('is null for a currency without any rate, and keeps null when a rate appears later', async () => {
    delete rates[ETH];
    const hash = txHash();
    await ingest(t, [transfer(hash, { status: 'CONFIRMED', confirmations: 12 })]);
    expect(await fiatOf(hash)).toBeNull();
    rates[ETH] = { usd: '3000' };
    await ingest(t, [transfer(hash, { status: 'CONFIRMED', confirmations: 13 })]);
    expect(await fiatOf(hash)).toBeNull();
    // USDT's catalog dollar rate is enough for a figure in dollars.
    const usdt = txHash();
    await ingest(t, [transfer(usdt, { currencyId: USDT, amount: '12345678', status: 'CONFIRMED', confirmations: 12 })]);
    expect(await fiatOf(usdt)).toEqual({ usd: '12.35', eur: null, cny: null });
  });
});
