import request from 'supertest';
import { CURRENCIES } from '../../src/modules/catalog/seed/currencies';
import { createDeployment, createMember, TestDeployment, TRON_MAINNET } from '../support/builders';
import { ingest, TEST_INDEXER_KEY } from '../support/chain-events';
import {
  createInvoice,
  ETH_USDC,
  ETH_USDT,
  expectedInvoiceAddress,
  invoiceBody,
  invoicesPath,
  transfer,
  TRON_USDT,
} from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';

// The e2e project's `testTimeout` in jest.config.js is not applied (jest 30 reads it only at the
// top level), and booting the app with scrypt-hashed members takes over 5 s on a busy machine.
jest.setTimeout(60_000);

describe('invoices (endpoints 10-13)', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    d = await createDeployment(t);
  });
  afterAll(() => t.close());

  const get = (path: string, dep: TestDeployment = d) =>
    request(t.http).get(path).set('x-api-key', dep.members[0].apiKey);
  const put = (invoiceId: string, body: unknown, dep: TestDeployment = d) =>
    request(t.http)
      .put(`${invoicesPath(dep)}/${invoiceId}`)
      .set('x-api-key', dep.members[0].apiKey)
      .send(body as object);

  async function nextInvoiceNonce(deploymentId: string): Promise<string> {
    const rows: { next_invoice_nonce: string }[] = await t.dataSource.query(
      `SELECT next_invoice_nonce FROM deployments WHERE id = $1`,
      [deploymentId],
    );
    return rows[0].next_invoice_nonce;
  }

  describe('create', () => {
    it('takes currencyIds: [] as every currency of the network, as the real API does (docs/contract.md, Wire details)', async () => {
      const fresh = await createDeployment(t);
      const res = await createInvoice(t, fresh, invoiceBody({ currencyIds: [] })).expect(201);
      const chainCurrencies = CURRENCIES.filter((c) => c.chainId === '1').map((c) => c.id);
      expect(res.body.availableCurrencies.map((c: { id: string }) => c.id).sort()).toEqual(chainCurrencies.sort());
    });

    it("issues the next nonce's CREATE2 address with every currency of the network by default (EVM)", async () => {
      const fresh = await createDeployment(t);
      const res = await createInvoice(
        t,
        fresh,
        invoiceBody({ trackingId: 'order-1', callbackUrl: 'https://shop.example/cb' }),
      ).expect(201);
      const chainCurrencies = CURRENCIES.filter((c) => c.chainId === '1').map((c) => c.id);
      expect(res.body).toMatchObject({
        invoiceAddress: expectedInvoiceAddress(fresh, 0n),
        requestedAmount: null,
        status: 'CREATED',
        isTron: false,
        paidAmount: null,
        paidAmountBaseCurrency: '0.00',
        trackingId: 'order-1',
        callbackUrl: 'https://shop.example/cb',
        paymentPageButtonUrl: null,
        paymentPageButtonText: null,
      });
      expect(res.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
      expect(res.body.publicId).toMatch(/^\d{15,19}$/);
      expect(BigInt(res.body.publicId) < 1n << 63n).toBe(true);
      expect(res.body.paymentPageUrl).toBe(`https://pay.example.test/pay/${res.body.publicId}`);
      expect(res.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(res.body.availableCurrencies.map((c: { id: string }) => c.id).sort()).toEqual(chainCurrencies.sort());
      expect(Object.keys(res.body.availableCurrencies[0]).sort()).toEqual([
        'address',
        'chainId',
        'cmcId',
        'createdAt',
        'decimals',
        'id',
        'isNative',
        'isScam',
        'isVerified',
        'logoUrl',
        'name',
        'symbol',
        'updatedAt',
      ]);
      const second = await createInvoice(t, fresh).expect(201);
      expect(second.body.invoiceAddress).toBe(expectedInvoiceAddress(fresh, 1n));
      expect(await nextInvoiceNonce(fresh.id)).toBe('2');
    });

    it('derives Tron addresses with the 0x41 CREATE2 form, in base58', async () => {
      const tron = await createDeployment(t, { chainId: TRON_MAINNET });
      const res = await createInvoice(
        t,
        tron,
        invoiceBody({ requestedAmount: '12.5', currencyIds: [TRON_USDT] }),
      ).expect(201);
      expect(res.body.invoiceAddress).toBe(expectedInvoiceAddress(tron, 0n));
      expect(res.body.invoiceAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(res.body).toMatchObject({
        isTron: true,
        requestedAmount: '12.5',
        paidAmount: '0',
        paidAmountBaseCurrency: null,
      });
    });

    it('accepts currency ids in any case and stores them canonically', async () => {
      const res = await createInvoice(
        t,
        d,
        invoiceBody({ requestedAmount: '1', currencyIds: [ETH_USDT.toUpperCase().replace('0X', '0x')] }),
      ).expect(201);
      expect(res.body.availableCurrencies.map((c: { id: string }) => c.id)).toEqual([ETH_USDT]);
    });

    const tooLongUrl = `https://example.com/${'a'.repeat(2049)}`;
    it.each([
      ['amount with too many decimals', { requestedAmount: '1.0000001', currencyIds: [ETH_USDT] }, 'requestedAmount'],
      ['zero amount', { requestedAmount: '0', currencyIds: [ETH_USDT] }, 'requestedAmount'],
      ['negative amount', { requestedAmount: '-1', currencyIds: [ETH_USDT] }, 'requestedAmount'],
      ['amount as a number', { requestedAmount: 10, currencyIds: [ETH_USDT] }, 'requestedAmount'],
      [
        'amount with several currencies',
        { requestedAmount: '1', currencyIds: [ETH_USDT, ETH_USDC] },
        'requestedAmount',
      ],
      ['amount with the default (all) currencies', { requestedAmount: '1' }, 'requestedAmount'],
      ['currency of another network', { currencyIds: [TRON_USDT] }, 'currencyIds'],
      ['unknown currency', { currencyIds: ['1-0x0000000000000000000000000000000000000001'] }, 'currencyIds'],
      ['malformed currency id', { currencyIds: ['usdt'] }, 'currencyIds'],
      ['null currency list', { currencyIds: null }, 'currencyIds'],
      ['trackingId with bad characters', { trackingId: 'order_1!' }, 'trackingId'],
      ['empty trackingId', { trackingId: '' }, 'trackingId'],
      ['trackingId of 129 characters', { trackingId: 'a'.repeat(129) }, 'trackingId'],
      ['ftp callbackUrl', { callbackUrl: 'ftp://example.com/cb' }, 'callbackUrl'],
      ['callbackUrl that is not a URL', { callbackUrl: 'not a url' }, 'callbackUrl'],
      ['callbackUrl over 2048 characters', { callbackUrl: tooLongUrl }, 'callbackUrl'],
      ['ftp paymentPageButtonUrl', { paymentPageButtonUrl: 'ftp://example.com' }, 'paymentPageButtonUrl'],
      ['paymentPageButtonText over 64 characters', { paymentPageButtonText: 'x'.repeat(65) }, 'paymentPageButtonText'],
      ['an unknown field', { colour: 'red' }, 'colour'],
    ])('is 400 for %s, naming the field, and creates nothing', async (_name, overrides, field) => {
      const before = await nextInvoiceNonce(d.id);
      const res = await createInvoice(t, d, invoiceBody(overrides)).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(/^\[ERR_400\] /),
      });
      expect(res.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
      expect(await nextInvoiceNonce(d.id)).toBe(before);
    });

    it.each(['requestedAmount', 'paymentPageButtonUrl', 'paymentPageButtonText'])(
      'is 400 when the required key %s is missing (null is fine)',
      async (key) => {
        const body = invoiceBody();
        delete body[key];
        const res = await createInvoice(t, d, body).expect(400);
        expect(res.body.details).toEqual([{ field: key, message: `${key} is required (null is allowed)` }]);
      },
    );

    it('keeps 128-character tracking ids and 64-character button texts', async () => {
      const res = await createInvoice(
        t,
        d,
        invoiceBody({
          trackingId: 'A-'.repeat(64),
          paymentPageButtonText: 'x'.repeat(64),
          paymentPageButtonUrl: 'http://localhost:8080/back',
        }),
      ).expect(201);
      expect(res.body.trackingId).toHaveLength(128);
    });

    it('is 409 INVOICE_TRACKING_ID_EXISTS for a used tracking id, without using up a nonce', async () => {
      await createInvoice(t, d, invoiceBody({ trackingId: 'dup-1' })).expect(201);
      const before = await nextInvoiceNonce(d.id);
      const res = await createInvoice(t, d, invoiceBody({ trackingId: 'dup-1' })).expect(409);
      expect(res.body).toMatchObject({
        code: 'INVOICE_TRACKING_ID_EXISTS',
        message: '[ERR_409] Invoice with this tracking ID already exists',
      });
      expect(await nextInvoiceNonce(d.id)).toBe(before);
      // Tracking ids are per deployment.
      const other = await createDeployment(t);
      await createInvoice(t, other, invoiceBody({ trackingId: 'dup-1' })).expect(201);
    });

    it('is 409 INVOICE_ADDRESS_EXISTS when the derived address already belongs to an invoice', async () => {
      const victim = await createDeployment(t);
      const squatter = await createDeployment(t);
      const address = expectedInvoiceAddress(victim, 0n);
      const squat = await createInvoice(t, squatter).expect(201);
      await t.dataSource.query(`UPDATE invoices SET invoice_address = $2, invoice_address_hex = $3 WHERE id = $1`, [
        squat.body.id,
        address,
        address.toLowerCase(),
      ]);
      const res = await createInvoice(t, victim).expect(409);
      expect(res.body.code).toBe('INVOICE_ADDRESS_EXISTS');
      expect(await nextInvoiceNonce(victim.id)).toBe('0');
    });

    it('gives exactly one 201 and 49 × 409 for 50 concurrent creates with one tracking id', async () => {
      const fresh = await createDeployment(t);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => createInvoice(t, fresh, invoiceBody({ trackingId: 'race' }))),
      );
      const statuses = results.map((res) => res.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      expect(
        results.filter((res) => res.status === 409).every((res) => res.body.code === 'INVOICE_TRACKING_ID_EXISTS'),
      ).toBe(true);
      expect(await nextInvoiceNonce(fresh.id)).toBe('1');
    });

    it('gives 50 concurrent creates the nonces 0..49, no gaps, no duplicates, each its own address', async () => {
      const fresh = await createDeployment(t);
      const results = await Promise.all(Array.from({ length: 50 }, () => createInvoice(t, fresh)));
      expect(results.map((res) => res.status)).toEqual(Array(50).fill(201));
      const rows: { invoice_nonce: string; invoice_address: string }[] = await t.dataSource.query(
        `SELECT invoice_nonce, invoice_address FROM invoices WHERE deployment_id = $1 ORDER BY invoice_nonce`,
        [fresh.id],
      );
      expect(rows.map((row) => Number(row.invoice_nonce))).toEqual(Array.from({ length: 50 }, (_, i) => i));
      expect(rows.map((row) => row.invoice_address)).toEqual(
        rows.map((row) => expectedInvoiceAddress(fresh, BigInt(row.invoice_nonce))),
      );
      expect(new Set(results.map((res) => res.body.invoiceAddress)).size).toBe(50);
      expect(await nextInvoiceNonce(fresh.id)).toBe('50');
    });
  });

  describe('access', () => {
    it('is 401 on every endpoint without or with a wrong credential', async () => {
      const created = await createInvoice(t, d).expect(201);
      const calls = [
        () => request(t.http).get(invoicesPath(d)),
        () => request(t.http).post(invoicesPath(d)).send(invoiceBody()),
        () => request(t.http).get(`${invoicesPath(d)}/${created.body.id}`),
        () =>
          request(t.http)
            .put(`${invoicesPath(d)}/${created.body.id}`)
            .send({ trackingId: 'x' }),
      ];
      for (const call of calls) {
        const missing = await call().expect(401);
        expect(missing.body).toMatchObject({ code: 'UNAUTHORIZED', message: '[ERR_401] Invalid or missing token' });
        await call().set('x-api-key', 'wrong-key').expect(401);
      }
    });

    it('is 404 for a non-member or an unknown deployment on every endpoint, and changes nothing', async () => {
      const created = await createInvoice(t, d).expect(201);
      const outsider = await createMember(t);
      const unknown = { id: '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b' };
      for (const dep of [d, unknown]) {
        const key = dep === d ? outsider.apiKey : d.members[0].apiKey;
        await request(t.http).get(invoicesPath(dep)).set('x-api-key', key).expect(404);
        await request(t.http)
          .post(invoicesPath(dep))
          .set('x-api-key', key)
          .send(invoiceBody({ trackingId: 'outsider' }))
          .expect(404);
        await request(t.http)
          .get(`${invoicesPath(dep)}/${created.body.id}`)
          .set('x-api-key', key)
          .expect(404);
        await request(t.http)
          .put(`${invoicesPath(dep)}/${created.body.id}`)
          .set('x-api-key', key)
          .send({ trackingId: 'outsider' })
          .expect(404);
      }
      const rows = await t.dataSource.query(`SELECT 1 FROM invoices WHERE tracking_id = 'outsider'`);
      expect(rows).toHaveLength(0);
    });

    it('is 404 for an unknown invoice, a malformed id, and an invoice of another deployment of the same member', async () => {
      const other = await createDeployment(t);
      const foreign = await createInvoice(t, other).expect(201);
      for (const invoiceId of ['0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b', 'not-an-id', foreign.body.id]) {
        const res = await get(`${invoicesPath(d)}/${invoiceId}`).expect(404);
        expect(res.body.code).toBe('INVOICE_NOT_FOUND');
        await put(invoiceId, { trackingId: 'steal' }).expect(404);
      }
      const stored = await get(`${invoicesPath(other)}/${foreign.body.id}`, other).expect(200);
      expect(stored.body.invoice.trackingId).toBeNull();
    });
  });

  describe('details and update', () => {
    it('returns InvoiceDetailsDto', async () => {
      const created = await createInvoice(t, d, invoiceBody({ requestedAmount: '5', currencyIds: [ETH_USDT] })).expect(
        201,
      );
      const res = await get(`${invoicesPath(d)}/${created.body.id}`).expect(200);
      expect(res.body).toEqual({ invoice: created.body });
    });

    it('replaces present fields, keeps absent ones, clears with null', async () => {
      const created = await createInvoice(
        t,
        d,
        invoiceBody({
          trackingId: 'keep-me',
          callbackUrl: 'https://a.example/cb',
          paymentPageButtonText: 'Back',
          requestedAmount: '5',
          currencyIds: [ETH_USDT],
        }),
      ).expect(201);
      const res = await put(created.body.id, {
        callbackUrl: null,
        paymentPageButtonUrl: 'https://shop.example',
        requestedAmount: '7.25',
      }).expect(200);
      expect(res.body).toMatchObject({
        trackingId: 'keep-me',
        callbackUrl: null,
        paymentPageButtonUrl: 'https://shop.example',
        paymentPageButtonText: 'Back',
        requestedAmount: '7.25',
        invoiceAddress: created.body.invoiceAddress,
      });
      expect(res.body.updatedAt >= created.body.updatedAt).toBe(true);
      const switched = await put(created.body.id, { currencyIds: [ETH_USDT, ETH_USDC], requestedAmount: null }).expect(
        200,
      );
      expect(switched.body).toMatchObject({ requestedAmount: null, paidAmount: null, paidAmountBaseCurrency: '0.00' });
    });

    it('sets status PAID by hand from CREATED; the same status is a no-op; CREATED and UNRESOLVED are 400', async () => {
      const created = await createInvoice(t, d).expect(201);
      const same = await put(created.body.id, { status: 'CREATED' }).expect(200);
      expect(same.body.status).toBe('CREATED');
      const unresolved = await put(created.body.id, { status: 'UNRESOLVED' }).expect(400);
      expect(unresolved.body).toMatchObject({ code: 'INVOICE_STATUS_TRANSITION', details: [{ field: 'status' }] });
      await put(created.body.id, { status: 'PAID' }).expect(200);
      const back = await put(created.body.id, { status: 'CREATED' }).expect(400);
      expect(back.body.code).toBe('INVOICE_STATUS_TRANSITION');
      await put(created.body.id, { status: 'UNRESOLVED' }).expect(400);
      await put(created.body.id, { status: 'paid' }).expect(400);
      expect((await get(`${invoicesPath(d)}/${created.body.id}`).expect(200)).body.invoice.status).toBe('PAID');
    });

    it.each([
      ['an empty body', {}, undefined],
      ['an unknown field', { colour: 'red' }, 'colour'],
      ['a bad tracking id', { trackingId: 'no spaces' }, 'trackingId'],
      ['a 129-character tracking id', { trackingId: 'a'.repeat(129) }, 'trackingId'],
      ['a bad URL', { callbackUrl: 'ftp://x.example' }, 'callbackUrl'],
      ['a long button text', { paymentPageButtonText: 'x'.repeat(65) }, 'paymentPageButtonText'],
      ['an amount with too many decimals', { requestedAmount: '1.1234567' }, 'requestedAmount'],
      ['a zero amount', { requestedAmount: '0' }, 'requestedAmount'],
      ['several currencies with an amount', { currencyIds: [ETH_USDT, ETH_USDC] }, 'requestedAmount'],
      ['a currency of another network', { currencyIds: [TRON_USDT] }, 'currencyIds'],
      ['null currencyIds', { currencyIds: null }, 'currencyIds'],
      ['a null status', { status: null }, 'status'],
      ['an unknown status', { status: 'CANCELLED' }, 'status'],
    ])('is 400 for %s and changes nothing', async (_name, body, field) => {
      const created = await createInvoice(
        t,
        d,
        invoiceBody({
          requestedAmount: '5',
          currencyIds: [ETH_USDT],
          trackingId: `upd-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        }),
      ).expect(201);
      const res = await put(created.body.id, body).expect(400);
      expect(res.body.message).toMatch(/^\[ERR_400\] /);
      if (field !== undefined)
        expect(res.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
      expect((await get(`${invoicesPath(d)}/${created.body.id}`).expect(200)).body.invoice).toEqual(created.body);
    });

    it('is 409 for a tracking id another invoice of the deployment uses', async () => {
      await createInvoice(t, d, invoiceBody({ trackingId: 'taken-by-a' })).expect(201);
      const b = await createInvoice(t, d, invoiceBody({ trackingId: 'b-own' })).expect(201);
      const res = await put(b.body.id, { trackingId: 'taken-by-a' }).expect(409);
      expect(res.body.code).toBe('INVOICE_TRACKING_ID_EXISTS');
      await put(b.body.id, { trackingId: 'b-own' }).expect(200);
    });

    it('is 400 for changing the amount or currencies once a deposit arrived; other fields still change', async () => {
      const created = await createInvoice(t, d, invoiceBody({ requestedAmount: '5', currencyIds: [ETH_USDT] })).expect(
        201,
      );
      await ingest(t, [transfer(d, created.body.invoiceAddress, ETH_USDT, '1000000', 'PENDING')]);
      const amount = await put(created.body.id, { requestedAmount: '6' }).expect(400);
      expect(amount.body).toMatchObject({ code: 'INVOICE_TERMS_LOCKED', details: [{ field: 'requestedAmount' }] });
      const currencies = await put(created.body.id, { currencyIds: [ETH_USDC] }).expect(400);
      expect(currencies.body.details).toEqual([{ field: 'currencyIds', message: expect.any(String) }]);
      await put(created.body.id, { requestedAmount: '5', trackingId: 'after-deposit' }).expect(200);
    });
  });

  describe('deposits', () => {
    it('marks an invoice UNRESOLVED on a deposit in a currency it does not accept, and records the deposit', async () => {
      const created = await createInvoice(t, d, invoiceBody({ requestedAmount: '5', currencyIds: [ETH_USDT] })).expect(
        201,
      );
      const event = transfer(d, created.body.invoiceAddress, ETH_USDC, '5000000', 'EXECUTED');
      expect(await ingest(t, [event])).toMatchObject([{ applied: true, error: null }]);
      // Mined but not final: recorded, the invoice as it was.
      const confirming = await get(`${invoicesPath(d)}/${created.body.id}`).expect(200);
      expect(confirming.body.invoice).toMatchObject({ status: 'CREATED', paidAmount: '0' });
      expect(
        await ingest(t, [{ ...event, eventId: `${event.eventId}-final`, status: 'CONFIRMED', confirmations: 12 }]),
      ).toMatchObject([{ applied: true, error: null }]);
      const res = await get(`${invoicesPath(d)}/${created.body.id}`).expect(200);
      expect(res.body.invoice).toMatchObject({ status: 'UNRESOLVED', paidAmount: '0' });
      const rows = await t.dataSource.query(
        `SELECT direction, operation_type, operation_id, invoice_id, currency_id, amount, source_key FROM transactions WHERE invoice_id = $1`,
        [created.body.id],
      );
      expect(rows).toEqual([
        {
          direction: 'IN',
          operation_type: 'invoice',
          operation_id: created.body.id,
          invoice_id: created.body.id,
          currency_id: ETH_USDC,
          amount: '5000000',
          source_key: `${event.txHash}:0`,
        },
      ]);
    });

    it('stays CREATED without a requested amount and sums multi-currency deposits in USD', async () => {
      const created = await createInvoice(t, d, invoiceBody({ currencyIds: [ETH_USDT, ETH_USDC] })).expect(201);
      await ingest(t, [
        transfer(d, created.body.invoiceAddress, ETH_USDT, '1500000', 'CONFIRMED'),
        transfer(d, created.body.invoiceAddress, ETH_USDC, '2004999', 'CONFIRMED'),
        transfer(d, created.body.invoiceAddress, ETH_USDC, '7000000', 'EXECUTED'),
        transfer(d, created.body.invoiceAddress, ETH_USDC, '9000000', 'PENDING'),
      ]);
      const res = await get(`${invoicesPath(d)}/${created.body.id}`).expect(200);
      expect(res.body.invoice).toMatchObject({ status: 'CREATED', paidAmount: null, paidAmountBaseCurrency: '3.50' });
      const withEth = await createInvoice(t, d, invoiceBody({ currencyIds: ['1', ETH_USDT] })).expect(201);
      await ingest(t, [transfer(d, withEth.body.invoiceAddress, '1', '1000', 'CONFIRMED')]);
      expect(
        (await get(`${invoicesPath(d)}/${withEth.body.id}`).expect(200)).body.invoice.paidAmountBaseCurrency,
      ).toBeNull();
    });

    it('ignores transfers to unknown addresses and to invoice addresses of another chain', async () => {
      const created = await createInvoice(t, d, invoiceBody({ requestedAmount: '1', currencyIds: [ETH_USDT] })).expect(
        201,
      );
      const otherChain = {
        // A consistent event on BNB Smart Chain (its native coin) to the same 20-byte address.
        ...transfer(d, created.body.invoiceAddress, '56', '1000000', 'EXECUTED'),
        chainId: '56',
      };
      const stranger = transfer(d, '0x000000000000000000000000000000000000dEaD', ETH_USDT, '1000000', 'EXECUTED');
      expect(await ingest(t, [otherChain, stranger])).toMatchObject([
        {
          applied: false,
          error: null,
          ignored: expect.stringMatching(/is not a deployment or invoice address on chain 56$/),
        },
        {
          applied: false,
          error: null,
          ignored: expect.stringMatching(/is not a deployment or invoice address on chain 1$/),
        },
      ]);
      const rows = await t.dataSource.query(`SELECT 1 FROM transactions WHERE tx_hash = ANY($1)`, [
        [otherChain.txHash, stranger.txHash],
      ]);
      expect(rows).toHaveLength(0);
      expect((await get(`${invoicesPath(d)}/${created.body.id}`).expect(200)).body.invoice.status).toBe('CREATED');
    });

    it('counts concurrent deposits to one invoice exactly once each', async () => {
      const created = await createInvoice(t, d, invoiceBody({ requestedAmount: '10', currencyIds: [ETH_USDT] })).expect(
        201,
      );
      const events = Array.from({ length: 10 }, () =>
        transfer(d, created.body.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED'),
      );
      await Promise.all(events.map((event) => ingest(t, [event])));
      const res = await get(`${invoicesPath(d)}/${created.body.id}`).expect(200);
      expect(res.body.invoice).toMatchObject({ status: 'PAID', paidAmount: '10' });
    });
  });

  describe('list', () => {
    let listed: TestDeployment;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      listed = await createDeployment(t);
      ids.a = (
        await createInvoice(
          t,
          listed,
          invoiceBody({ trackingId: 'Shop-A1', requestedAmount: '1', currencyIds: [ETH_USDT] }),
        ).expect(201)
      ).body.id;
      ids.b = (
        await createInvoice(t, listed, invoiceBody({ trackingId: 'shop-b2', currencyIds: [ETH_USDC] })).expect(201)
      ).body.id;
      ids.c = (await createInvoice(t, listed, invoiceBody({ currencyIds: ['1'] })).expect(201)).body.id;
      await t.dataSource.query(
        `UPDATE invoices SET created_at = v.created::timestamptz, updated_at = v.updated::timestamptz
           FROM (VALUES ($1::uuid, '2026-01-01T00:00:00Z', '2026-03-03T00:00:00Z'),
                        ($2::uuid, '2026-01-02T00:00:00Z', '2026-03-01T00:00:00Z'),
                        ($3::uuid, '2026-01-03T00:00:00Z', '2026-03-02T00:00:00Z')) AS v(id, created, updated)
          WHERE invoices.id = v.id`,
        [ids.a, ids.b, ids.c],
      );
      await put(ids.a, { status: 'PAID' }, listed).expect(200);
      await t.dataSource.query(`UPDATE invoices SET updated_at = '2026-03-03T00:00:00Z' WHERE id = $1`, [ids.a]);
    });

    const list = async (query: string) => {
      const res = await get(`${invoicesPath(listed)}${query}`, listed).expect(200);
      return {
        total: res.body.total as number,
        ids: (res.body.items as { id: string }[]).map((item) => item.id),
        body: res.body,
      };
    };
    const named = (...keys: string[]) => keys.map((key) => ids[key]);

    it('defaults to createdAt desc, page 1, pageSize 10', async () => {
      const res = await list('');
      expect(res.body).toMatchObject({ total: 3, page: 1, pageSize: 10 });
      expect(res.ids).toEqual(named('c', 'b', 'a'));
    });

    it.each([
      ['?sortBy=createdAt&sortOrder=asc', ['a', 'b', 'c']],
      ['?sortBy=updatedAt&sortOrder=asc', ['b', 'c', 'a']],
      ['?sortBy=updatedAt', ['a', 'c', 'b']],
      ['?statuses=PAID', ['a']],
      ['?statuses=CREATED,PAID&sortOrder=asc', ['a', 'b', 'c']],
      ['?trackingId=SHOP', ['b', 'a']],
      ['?trackingId=b2', ['b']],
      [`?currencyIds=${ETH_USDC.toUpperCase().replace('0X', '0x')}`, ['b']],
      [`?currencyIds=1&currencyIds=${ETH_USDT}`, ['c', 'a']],
      ['?createdFrom=2026-01-02T00:00:00.000Z', ['c', 'b']],
      ['?createdTo=2026-01-02T00:00:00.000Z', ['b', 'a']],
      ['?updatedFrom=2026-03-02T00:00:00.000Z', ['c', 'a']],
      ['?updatedTo=2026-03-01T00:00:00.000Z', ['b']],
      ['?pageSize=2&page=2', ['a']],
      ['?page=5', []],
    ])('%s', async (query, expected) => {
      expect((await list(query)).ids).toEqual(named(...expected));
    });

    it('filters by id substring, case-insensitively', async () => {
      const res = await list(`?id=${ids.b.slice(-12).toUpperCase()}`);
      expect(res.ids).toEqual(named('b'));
    });

    it('orders by id when asked, and reports the true total past the end', async () => {
      const sorted = [...named('a', 'b', 'c')].sort();
      expect((await list('?sortBy=id&sortOrder=asc')).ids).toEqual(sorted);
      expect(await list('?page=9007199254740991')).toMatchObject({ total: 3, ids: [] });
    });

    it.each([
      '?sortBy=amount',
      '?sortOrder=up',
      '?statuses=OPEN',
      '?pageSize=101',
      '?page=0',
      '?createdFrom=yesterday',
      '?currencyIds=usdt',
      '?colour=red',
    ])('is 400 for %s', async (query) => {
      const res = await get(`${invoicesPath(listed)}${query}`, listed).expect(400);
      expect(res.body.details.length).toBeGreaterThan(0);
    });
  });
});
