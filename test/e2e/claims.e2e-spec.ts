import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { MembersService } from '../../src/modules/auth/application/members.service';
import { createDeployment, createMember, TestDeployment, TRON_MAINNET } from '../support/builders';
import { ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import {
  claimEvent,
  createInvoice,
  ETH_USDT,
  invoiceBody,
  invoicesPath,
  transfer,
  TRON_SCAM_USDT,
  TRON_USDC,
  TRON_USDT,
} from '../support/invoices';
import { TEST_SCAM_TOKEN } from '../support/test-currencies';
import { createTestApp, TestApp } from '../support/test-app';

// The e2e project's `testTimeout` in jest.config.js is not applied (jest 30 reads it only at the
// top level), and booting the app with scrypt-hashed members takes over 5 s on a busy machine.
jest.setTimeout(60_000);

describe('claims (endpoints 18-19) and the money-in story', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
  });
  afterAll(() => t.close());

  const claimsPath = (d: { id: string }) => `/api/v1/deployments/${d.id}/claims`;
  const getAs = (path: string, d: TestDeployment) => request(t.http).get(path).set('x-api-key', d.members[0].apiKey);

  describe.each([
    ['EVM (chain 1)', '1', ETH_USDT],
    ['Tron (728126428)', TRON_MAINNET, TRON_USDT],
  ])('full story on %s', (_name, chainId, currencyId) => {
    it('create → pending → partial → paid → overpaid → manual PAID → claim', async () => {
      const d = await createDeployment(t, { chainId });
      const created = await createInvoice(
        t,
        d,
        invoiceBody({ requestedAmount: '10', currencyIds: [currencyId] }),
      ).expect(201);
      const invoicePath = `${invoicesPath(d)}/${created.body.id}`;
      const invoice = async () => (await getAs(invoicePath, d).expect(200)).body.invoice;
      const claims = async () => (await getAs(claimsPath(d), d).expect(200)).body;
      const address = created.body.invoiceAddress;

      const firstHash = txHash();
      await ingest(t, [transfer(d, address, currencyId, '4000000', 'PENDING', { hash: firstHash })]);
      expect(await invoice()).toMatchObject({ status: 'CREATED', paidAmount: '0' });
      expect(await claims()).toEqual({ total: 0, page: 1, pageSize: 10, items: [] });

      // Mined, not final: confirming, so neither paid nor claimable yet.
      await ingest(t, [transfer(d, address, currencyId, '4000000', 'EXECUTED', { hash: firstHash })]);
      expect(await invoice()).toMatchObject({ status: 'CREATED', paidAmount: '0' });
      expect(await claims()).toEqual({ total: 0, page: 1, pageSize: 10, items: [] });

      await ingest(t, [transfer(d, address, currencyId, '4000000', 'CONFIRMED', { hash: firstHash })]);
      expect(await invoice()).toMatchObject({ status: 'CREATED', paidAmount: '4' });
      const partial = await claims();
      expect(partial).toMatchObject({
        total: 1,
        items: [{ invoiceId: created.body.id, invoiceNonce: '0'.repeat(64), amount: '4', transactions: 1 }],
      });
      expect(partial.items[0].currency).toMatchObject({ id: currencyId, symbol: 'USDT', decimals: 6 });

      await ingest(t, [transfer(d, address, currencyId, '6000000', 'CONFIRMED')]);
      expect(await invoice()).toMatchObject({ status: 'PAID', paidAmount: '10' });

      await ingest(t, [transfer(d, address, currencyId, '500000', 'CONFIRMED')]);
      expect(await invoice()).toMatchObject({ status: 'UNRESOLVED', paidAmount: '10.5' });
      expect((await claims()).items).toMatchObject([{ amount: '10.5', transactions: 3 }]);
      const currencies = await getAs(`${claimsPath(d)}/currencies`, d).expect(201);
      expect(currencies.body.map((c: { id: string }) => c.id)).toEqual([currencyId]);

      const resolved = await request(t.http)
        .put(invoicePath)
        .set('x-api-key', d.members[1].apiKey)
        .send({ status: 'PAID' })
        .expect(200);
      expect(resolved.body.status).toBe('PAID');
      // A later observation of an old deposit (more confirmations) does not undo the manual decision.
      await ingest(t, [
        transfer(d, address, currencyId, '4000000', 'CONFIRMED', { hash: firstHash, confirmations: 200 }),
      ]);
      expect((await invoice()).status).toBe('PAID');

      const claimHash = txHash();
      await ingest(t, [claimEvent(d, currencyId, ['0'], 'PENDING', claimHash)]);
      expect((await claims()).total).toBe(1);
      await ingest(t, [claimEvent(d, currencyId, [`0x${'0'.repeat(64)}`], 'EXECUTED', claimHash)]);
      expect(await claims()).toEqual({ total: 0, page: 1, pageSize: 10, items: [] });
      expect((await getAs(`${claimsPath(d)}/currencies`, d).expect(201)).body).toEqual([]);

      const rows: { operation_type: string; direction: string; status: string; amount: string; is_claimed: boolean }[] =
        await t.dataSource.query(
          `SELECT operation_type, direction, status, amount, is_claimed FROM transactions WHERE deployment_id = $1 ORDER BY operation_type DESC, amount`,
          [d.id],
        );
      expect(rows).toEqual([
        { operation_type: 'invoice', direction: 'IN', status: 'CONFIRMED', amount: '500000', is_claimed: true },
        { operation_type: 'invoice', direction: 'IN', status: 'CONFIRMED', amount: '4000000', is_claimed: true },
        { operation_type: 'invoice', direction: 'IN', status: 'CONFIRMED', amount: '6000000', is_claimed: true },
        { operation_type: 'claim', direction: 'OUT', status: 'EXECUTED', amount: '10500000', is_claimed: false },
      ]);
      // Claims are by deposit account and currency: the invoice itself keeps its paid amount and status.
      expect(await invoice()).toMatchObject({ status: 'PAID', paidAmount: '10.5' });
    });
  });

  it('claims only the named invoices and currency, and a failed claim claims nothing', async () => {
    const d = await createDeployment(t);
    const a = await createInvoice(t, d).expect(201);
    const b = await createInvoice(t, d).expect(201);
    await ingest(t, [
      transfer(d, a.body.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED'),
      transfer(d, a.body.invoiceAddress, '1', '5', 'CONFIRMED'),
      transfer(d, b.body.invoiceAddress, ETH_USDT, '2000000', 'CONFIRMED'),
    ]);
    await ingest(t, [claimEvent(d, ETH_USDT, ['0'], 'FAILED')]);
    expect((await getAs(claimsPath(d), d).expect(200)).body.total).toBe(3);
    await ingest(t, [claimEvent(d, ETH_USDT.toUpperCase().replace('0X', '0x'), ['0'], 'EXECUTED')]);
    const left = (await getAs(`${claimsPath(d)}?sortOrder=asc`, d).expect(200)).body;
    expect(
      left.items.map((item: { invoiceNonce: string; currency: { id: string } }) => [
        item.invoiceNonce,
        item.currency.id,
      ]),
    ).toEqual([
      ['0'.repeat(64), '1'],
      [`${'0'.repeat(63)}1`, ETH_USDT],
    ]);
  });

  describe('list filters and sorts', () => {
    let d: TestDeployment;
    const ids: Record<string, string> = {};
    let jwt: string;

    beforeAll(async () => {
      d = await createDeployment(t, { chainId: TRON_MAINNET });
      const a = await createInvoice(t, d).expect(201); // nonce 0: USDT + scam USDT
      const b = await createInvoice(t, d).expect(201); // nonce 1: TRX
      const c = await createInvoice(t, d).expect(201); // nonce 2: USDC
      ids.a = a.body.id;
      ids.b = b.body.id;
      ids.c = c.body.id;
      const events = [
        transfer(d, a.body.invoiceAddress, TRON_USDT, '1000000', 'CONFIRMED'),
        transfer(d, a.body.invoiceAddress, TRON_USDT, '2000000', 'CONFIRMED'),
        transfer(d, a.body.invoiceAddress, TRON_SCAM_USDT, '7000000', 'CONFIRMED'),
        transfer(d, b.body.invoiceAddress, TRON_MAINNET, '3000000', 'CONFIRMED'),
        transfer(d, c.body.invoiceAddress, TRON_USDC, '4000000', 'CONFIRMED'),
      ];
      await ingest(t, events);
      // Deposit times: first/last per group, chosen so createdAt and updatedAt orders differ.
      const times: [string, string][] = [
        [events[0].txHash, '2026-01-01T00:00:00Z'],
        [events[1].txHash, '2026-01-09T00:00:00Z'],
        [events[2].txHash, '2026-01-05T00:00:00Z'],
        [events[3].txHash, '2026-01-02T00:00:00Z'],
        [events[4].txHash, '2026-01-03T00:00:00Z'],
      ];
      for (const [hash, at] of times)
        await t.dataSource.query(`UPDATE transactions SET created_at = $2 WHERE tx_hash = $1`, [hash, at]);

      const member = d.members[0];
      const [{ id: memberId }]: { id: string }[] = await t.dataSource.query(
        `SELECT id FROM members WHERE address = $1`,
        [member.address],
      );
      await t.app.get(MembersService).hideCurrency(member.address, TRON_SCAM_USDT);
      const sid = randomUUID();
      await t.dataSource.query(
        `INSERT INTO auth_sessions (id, member_id, refresh_jti, refresh_expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
        [sid, memberId, randomUUID()],
      );
      jwt = await t.app
        .get(JwtService)
        .signAsync({ token_type: 'access', jti: randomUUID(), user_id: memberId, sid }, { expiresIn: 600 });
    });

    type Item = { invoiceId: string; currency: { id: string } };
    const key = (item: Item) =>
      `${Object.entries(ids).find(([, id]) => id === item.invoiceId)?.[0]}:${item.currency.id.replace(`${TRON_MAINNET}-`, '').slice(0, 4)}`;
    const list = async (query: string, auth: [string, string] = ['x-api-key', d.members[0].apiKey]) => {
      const res = await request(t.http)
        .get(`${claimsPath(d)}${query}`)
        .set(...auth)
        .expect(200);
      return { total: res.body.total as number, keys: (res.body.items as Item[]).map(key), body: res.body };
    };

    it('groups by invoice and currency with sums and counts, newest first deposit first', async () => {
      const res = await list('');
      expect(res.keys).toEqual(['a:TEud', 'c:TEkx', 'b:7281', 'a:TR7N']);
      expect(res.body.items[3]).toMatchObject({
        invoiceNonce: '0'.repeat(64),
        amount: '3',
        transactions: 2,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-09T00:00:00.000Z',
      });
    });

    it.each([
      ['?sortBy=createdAt&sortOrder=asc', ['a:TR7N', 'b:7281', 'c:TEkx', 'a:TEud']],
      ['?sortBy=updatedAt', ['a:TR7N', 'a:TEud', 'c:TEkx', 'b:7281']],
      ['?sortBy=updatedAt&sortOrder=asc', ['b:7281', 'c:TEkx', 'a:TEud', 'a:TR7N']],
      ['?createdFrom=2026-01-02T00:00:00.000Z', ['a:TEud', 'c:TEkx', 'b:7281']],
      ['?createdTo=2026-01-02T00:00:00.000Z', ['b:7281', 'a:TR7N']],
      ['?updatedFrom=2026-01-05T00:00:00.000Z', ['a:TEud', 'a:TR7N']],
      ['?updatedTo=2026-01-03T00:00:00.000Z', ['c:TEkx', 'b:7281']],
      [`?currencyIds=${TRON_USDT},${TRON_MAINNET}`, ['b:7281', 'a:TR7N']],
      ['?currencyIsScam=true', ['a:TEud']],
      ['?currencyIsScam=false', ['c:TEkx', 'b:7281', 'a:TR7N']],
      ['?currencyIsVerified=0', ['a:TEud']],
      ['?currencyIsVerified=TRUE', ['c:TEkx', 'b:7281', 'a:TR7N']],
      ['?currencyIsHidden=true', ['a:TEud', 'c:TEkx', 'b:7281', 'a:TR7N']],
      ['?pageSize=3&page=2', ['a:TR7N']],
    ])('%s', async (query, expected) => {
      expect((await list(query)).keys).toEqual(expected);
    });

    it('filters by invoiceId', async () => {
      expect((await list(`?invoiceId=${ids.a}`)).keys).toEqual(['a:TEud', 'a:TR7N']);
    });

    it('counts the grouped rows exactly, past the end too', async () => {
      expect(await list('?pageSize=1&page=9')).toMatchObject({ total: 4, keys: [] });
      expect((await list('?pageSize=1')).total).toBe(4);
    });

    it('applies currencyIsHidden to JWT callers only, with their own hidden list', async () => {
      expect((await list('?currencyIsHidden=true', ['authorization', `Bearer ${jwt}`])).keys).toEqual(['a:TEud']);
      expect((await list('?currencyIsHidden=false', ['authorization', `Bearer ${jwt}`])).keys).toEqual([
        'c:TEkx',
        'b:7281',
        'a:TR7N',
      ]);
      expect((await list('?currencyIsHidden=false')).total).toBe(4);
    });

    it('lists claimable currencies with status 201, ordered by symbol', async () => {
      const res = await getAs(`${claimsPath(d)}/currencies`, d).expect(201);
      expect(res.body.map((c: { symbol: string; id: string }) => [c.symbol, c.id])).toEqual([
        ['TRX', TRON_MAINNET],
        ['USDC', TRON_USDC],
        ['USDT', TRON_USDT],
        [TEST_SCAM_TOKEN.symbol, TRON_SCAM_USDT],
      ]);
      expect(res.body[3]).toMatchObject({
        isScam: true,
        isVerified: false,
        address: TEST_SCAM_TOKEN.address,
        decimals: 6,
      });
    });

    it.each([
      '?sortBy=id',
      '?sortOrder=up',
      '?invoiceId=nope',
      '?currencyIsScam=maybe',
      '?currencyIds=usdt',
      '?pageSize=0',
      '?createdFrom=soon',
      '?colour=red',
    ])('is 400 for %s', async (query) => {
      const res = await getAs(`${claimsPath(d)}${query}`, d).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        details: [expect.objectContaining({ field: expect.any(String) })],
      });
    });

    it('is 400 for query parameters on the currencies endpoint', async () => {
      await getAs(`${claimsPath(d)}/currencies?page=1`, d).expect(400);
    });
  });

  describe('access', () => {
    it('is 401 on both endpoints without or with a wrong credential', async () => {
      const d = await createDeployment(t);
      for (const path of [claimsPath(d), `${claimsPath(d)}/currencies`]) {
        const res = await request(t.http).get(path).expect(401);
        expect(res.body.message).toBe('[ERR_401] Invalid or missing token');
        await request(t.http).get(path).set('x-api-key', 'nope').expect(401);
      }
    });

    it('is 404 for a non-member and an unknown deployment, 400 for a malformed deployment id', async () => {
      const d = await createDeployment(t);
      const outsider = await createMember(t);
      for (const suffix of ['', '/currencies']) {
        await request(t.http)
          .get(`${claimsPath(d)}${suffix}`)
          .set('x-api-key', outsider.apiKey)
          .expect(404);
        await request(t.http)
          .get(`${claimsPath({ id: '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b' })}${suffix}`)
          .set('x-api-key', d.members[0].apiKey)
          .expect(404);
        await request(t.http)
          .get(`${claimsPath({ id: 'not-a-uuid' })}${suffix}`)
          .set('x-api-key', d.members[0].apiKey)
          .expect(400);
      }
    });

    it("never shows another deployment's deposits", async () => {
      const mine = await createDeployment(t);
      const theirs = await createDeployment(t);
      const invoice = await createInvoice(t, theirs).expect(201);
      await ingest(t, [transfer(theirs, invoice.body.invoiceAddress, ETH_USDT, '1', 'CONFIRMED')]);
      expect((await getAs(claimsPath(mine), mine).expect(200)).body.total).toBe(0);
      expect((await getAs(`${claimsPath(mine)}?invoiceId=${invoice.body.id}`, mine).expect(200)).body.total).toBe(0);
      expect((await getAs(claimsPath(theirs), theirs).expect(200)).body.total).toBe(1);
    });
  });
});
