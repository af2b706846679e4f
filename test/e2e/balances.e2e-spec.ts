import request from 'supertest';
import { MembersService } from '../../src/modules/auth/application/members.service';
import { createDeployment, evmWallet, jwtFor, TestDeployment, TRON_MAINNET } from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { claimEvent, createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { executionEvent } from '../support/queue';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const RATES = JSON.stringify({ '1': { usd: '3000.5', eur: '2800' }, USDT: { eur: '0.92' } });

/**
 * Balances per account and chain from the ledger (docs/contract.md, Accounts and networks): direct deposits and claimed invoice
 * deposits in, executed payouts out; unclaimed invoice deposits are uncollected.
 */
describe('account balances', () => {
  let t: TestApp;
  let priced: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    priced = await createTestApp({ env: { RATES_STATIC: RATES } });
  });
  afterAll(async () => {
    await t.close();
    await priced.close();
  });

  const key = (d: TestDeployment): Record<string, string> => ({ 'x-api-key': d.members[0].apiKey });
  const assets = (app: TestApp, d: TestDeployment, query: string, headers = key(d)) =>
    request(app.http).get(`/api/v1/accounts/${d.accountId}/balance/assets?${query}`).set(headers);
  const summary = (app: TestApp, d: TestDeployment, query: string, headers = key(d)) =>
    request(app.http).get(`/api/v1/accounts/${d.accountId}/balance/summary?${query}`).set(headers);
  const short = (app: TestApp, d: TestDeployment, query: string, headers = key(d)) =>
    request(app.http).get(`/api/v1/accounts/${d.accountId}/balances?${query}`).set(headers);
  const rows = (body: { items: { currency: { id: string }; balance: string; convertedBalance: string | null }[] }) =>
    body.items.map((item) => [item.currency.id, item.balance, item.convertedBalance]);

  /**
   * 2.5 ETH deposited directly; 10 USDT paid to an invoice and claimed; 4 USDT paid out; 3 USDT
   * unclaimed; all CONFIRMED. 7 ETH seen but not mined and 1 ETH mined but not final count nowhere.
   */
  async function funded(): Promise<TestDeployment> {
    const d = await createDeployment(t, { approverCount: 1, threshold: 1 });
    await ingest(t, [
      transfer(d, d.address, '1', '2500000000000000000', 'CONFIRMED'),
      transfer(d, d.address, '1', '7000000000000000000', 'PENDING'),
      transfer(d, d.address, '1', '1000000000000000000', 'EXECUTED'),
    ]);
    const paid = (await createInvoice(t, d, invoiceBody({ currencyIds: [ETH_USDT] })).expect(201)).body;
    const open = (await createInvoice(t, d, invoiceBody({ currencyIds: [ETH_USDT] })).expect(201)).body;
    await ingest(t, [
      transfer(d, paid.invoiceAddress, ETH_USDT, '10000000', 'CONFIRMED'),
      transfer(d, open.invoiceAddress, ETH_USDT, '3000000', 'CONFIRMED', { confirmations: 20 }),
    ]);
    await ingest(t, [claimEvent(d, ETH_USDT, ['0'], 'EXECUTED')]);
    const payout = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set(key(d))
      .send({ deploymentId: d.id, currencyId: ETH_USDT, amount: '4', toAddress: evmWallet().address })
      .expect(201);
    await ingest(t, [executionEvent(d, [payout.body.queueOperationId], 'CONFIRMED', txHash(), eventId())]);
    return d;
  }

  describe('after deposits, a claim and an executed payout', () => {
    let d: TestDeployment;
    beforeAll(async () => {
      d = await funded();
    });

    it('lists each currency with its exact balance; a currency without a rate converts to null', async () => {
      const res = await assets(t, d, 'chainId=1&baseCurrency=usd').expect(200);
      expect(res.body).toMatchObject({ total: 2, page: 1, pageSize: 10 });
      // The catalog's usdRate prices USDT at 1; ETH has no rate with the default static provider.
      expect(rows(res.body)).toEqual([
        [ETH_USDT, '6', '6'],
        ['1', '2.5', null],
      ]);
      expect(Object.keys(res.body.items[0]).sort()).toEqual(['balance', 'convertedBalance', 'currency']);
      expect(res.body.items[0].currency).toMatchObject({ id: ETH_USDT, symbol: 'USDT', decimals: 6 });
    });

    it('summarises: missing rates make allRatesReceived false and add nothing', async () => {
      const res = await summary(t, d, 'chainId=1&baseCurrency=usd').expect(200);
      expect(res.body).toEqual({
        totalBalance: '6',
        uncollectedBalance: '3',
        uncollectedInvoices: 1,
        allRatesReceived: false,
      });
    });

    it('converts with configured rates, exactly', async () => {
      const usd = await assets(priced, d, 'chainId=1&baseCurrency=usd&sortBy=converted_balance').expect(200);
      expect(rows(usd.body)).toEqual([
        ['1', '2.5', '7501.25'],
        [ETH_USDT, '6', '6'],
      ]);
      expect((await summary(priced, d, 'chainId=1&baseCurrency=usd').expect(200)).body).toEqual({
        totalBalance: '7507.25',
        uncollectedBalance: '3',
        uncollectedInvoices: 1,
        allRatesReceived: true,
      });
      expect((await summary(priced, d, 'chainId=1&baseCurrency=eur').expect(200)).body).toEqual({
        totalBalance: '7005.52',
        uncollectedBalance: '2.76',
        uncollectedInvoices: 1,
        allRatesReceived: true,
      });
      const cny = await summary(priced, d, 'chainId=1&baseCurrency=cny').expect(200);
      expect(cny.body).toMatchObject({ totalBalance: '0', allRatesReceived: false });
    });

    it('sorts, pages and filters', async () => {
      const asc = await assets(t, d, 'chainId=1&baseCurrency=usd&sortBy=balance&sortOrder=asc').expect(200);
      expect(rows(asc.body).map((row) => row[0])).toEqual(['1', ETH_USDT]);
      // Without a rate ETH comes last in either order.
      const converted = await assets(t, d, 'chainId=1&baseCurrency=usd&sortBy=converted_balance&sortOrder=asc');
      expect(rows(converted.body).map((row) => row[0])).toEqual([ETH_USDT, '1']);
      const second = await assets(t, d, 'chainId=1&baseCurrency=usd&pageSize=1&page=2').expect(200);
      expect(second.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(rows(second.body)).toEqual([['1', '2.5', null]]);
      const past = await assets(t, d, 'chainId=1&baseCurrency=usd&page=9').expect(200);
      expect(past.body).toMatchObject({ total: 2, items: [] });
      const only = await assets(
        t,
        d,
        `chainId=1&baseCurrency=usd&currencyIds=${ETH_USDT.toUpperCase().replace('0X', '0x')}`,
      );
      expect(rows(only.body).map((row) => row[0])).toEqual([ETH_USDT]);
      expect((await assets(t, d, 'chainId=1&baseCurrency=usd&isScam=true').expect(200)).body.total).toBe(0);
      expect((await assets(t, d, 'chainId=1&baseCurrency=usd&isVerified=true').expect(200)).body.total).toBe(2);
    });

    it('applies hidden currencies to JWT callers only, and shows them isHidden', async () => {
      const member = d.members[0];
      await t.app.get(MembersService).hideCurrency(member.address, ETH_USDT);
      const jwt = { authorization: `Bearer ${await jwtFor(t, member)}` };
      const hidden = await assets(t, d, 'chainId=1&baseCurrency=usd&isHidden=true', jwt).expect(200);
      expect(
        hidden.body.items.map((item: { currency: { id: string }; isHidden: boolean }) => [
          item.currency.id,
          item.isHidden,
        ]),
      ).toEqual([[ETH_USDT, true]]);
      const shown = await assets(t, d, 'chainId=1&baseCurrency=usd&isHidden=false', jwt).expect(200);
      expect(rows(shown.body).map((row) => row[0])).toEqual(['1']);
      // A JWT caller's summary leaves their hidden currencies out; an API key's does not.
      expect((await summary(t, d, 'chainId=1&baseCurrency=usd', jwt).expect(200)).body).toMatchObject({
        totalBalance: '0',
        uncollectedInvoices: 0,
      });
      const viaKey = await assets(t, d, 'chainId=1&baseCurrency=usd&isHidden=true').expect(200);
      expect(viaKey.body.total).toBe(2);
      expect(viaKey.body.items[0]).not.toHaveProperty('isHidden');
      await t.app.get(MembersService).showCurrency(member.address, ETH_USDT);
    });

    it('GET /balances: every currency with a balance, unconverted', async () => {
      const res = await short(t, d, 'chainId=1').expect(200);
      expect(
        res.body.map((item: { currency: { id: string }; balance: string }) => [item.currency.id, item.balance]),
      ).toEqual([
        ['1', '2.5'],
        [ETH_USDT, '6'],
      ]);
      expect(Object.keys(res.body[0]).sort()).toEqual(['balance', 'currency']);
    });
  });

  it('counts an invoice with unclaimed deposits in two currencies once, and pending deposits not at all', async () => {
    const d = await createDeployment(t, { approverCount: 1, threshold: 1 });
    const both = (await createInvoice(t, d, invoiceBody({ currencyIds: [ETH_USDT, '1'] })).expect(201)).body;
    const other = (await createInvoice(t, d, invoiceBody({ currencyIds: [ETH_USDT] })).expect(201)).body;
    const pending = (await createInvoice(t, d, invoiceBody({ currencyIds: [ETH_USDT] })).expect(201)).body;
    await ingest(t, [
      transfer(d, both.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED'),
      transfer(d, both.invoiceAddress, '1', '1000000000000000000', 'CONFIRMED'),
      transfer(d, other.invoiceAddress, ETH_USDT, '2000000', 'CONFIRMED', { confirmations: 20 }),
      transfer(d, pending.invoiceAddress, ETH_USDT, '5000000', 'PENDING'),
    ]);
    expect((await summary(t, d, 'chainId=1&baseCurrency=usd').expect(200)).body).toEqual({
      totalBalance: '0',
      uncollectedBalance: '3',
      uncollectedInvoices: 2,
      allRatesReceived: false,
    });
  });

  it('is empty on a chain where the account has no deployment yet', async () => {
    const d = await createDeployment(t);
    expect((await assets(t, d, 'chainId=56&baseCurrency=usd').expect(200)).body).toEqual({
      total: 0,
      page: 1,
      pageSize: 10,
      items: [],
    });
    expect((await summary(t, d, 'chainId=56&baseCurrency=eur').expect(200)).body).toEqual({
      totalBalance: '0',
      uncollectedBalance: '0',
      uncollectedInvoices: 0,
      allRatesReceived: true,
    });
  });

  it.each([
    ['assets without chainId', 'balance/assets?baseCurrency=usd', 'chainId'],
    ['assets without baseCurrency', 'balance/assets?chainId=1', 'baseCurrency'],
    ['a base currency that is not usd, eur or cny', 'balance/summary?chainId=1&baseCurrency=gbp', 'baseCurrency'],
    ['a bad sortBy', 'balance/assets?chainId=1&baseCurrency=usd&sortBy=symbol', 'sortBy'],
    ['a bad pageSize', 'balance/assets?chainId=1&baseCurrency=usd&pageSize=101', 'pageSize'],
    ['an unknown parameter', 'balances?chainId=1&baseCurrency=usd', 'baseCurrency'],
    ['a chain the EVM contract cannot live on', `balances?chainId=${TRON_MAINNET}`, 'chainId'],
    ['an unknown chain', 'balance/summary?chainId=999&baseCurrency=usd', 'chainId'],
  ])('is 400 for %s', async (_label, path, field) => {
    const d = await createDeployment(t);
    const res = await request(t.http).get(`/api/v1/accounts/${d.accountId}/${path}`).set(key(d)).expect(400);
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it('is 401 without a credential and 404 for a non-member, on each balance endpoint', async () => {
    const d = await createDeployment(t);
    const other = await createDeployment(t);
    for (const path of [
      'balance/assets?chainId=1&baseCurrency=usd',
      'balances?chainId=1',
      'balance/summary?chainId=1&baseCurrency=usd',
    ]) {
      await request(t.http).get(`/api/v1/accounts/${d.accountId}/${path}`).expect(401);
      const res = await request(t.http).get(`/api/v1/accounts/${other.accountId}/${path}`).set(key(d)).expect(404);
      expect(res.body.code).toBe('ACCOUNT_NOT_FOUND');
    }
  });
});
