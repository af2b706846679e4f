import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  createDeployment,
  createMember,
  evmWallet,
  TestDeployment,
  TestMember,
  TRON_MAINNET,
  tronWallet,
} from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { createTestApp, TEST_JWT_SECRET, TestApp } from '../support/test-app';
import { TEST_SCAM_TOKEN } from '../support/test-currencies';

const ETH = '1';
const USDT = '1-0xdac17f958d2ee523a2206206994597c13d831ec7';
const USDC = '1-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const TRX = TRON_MAINNET;
const TRON_USDT = `${TRON_MAINNET}-TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`;
const TRON_SCAM = TEST_SCAM_TOKEN.id;

const list = (id: string) => `/api/v1/deployments/${id}/transactions`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Item {
  id: string;
  txHash: string;
  status: string;
  currencyId: string | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

describe('transactions (endpoints 1-2)', () => {
  let t: TestApp;
  let d: TestDeployment;
  let member: TestMember;
  let outsider: TestMember;
  /** In ingest order: ETH, USDT, USDC, USDT(confirmed), deploy. */
  let items: Item[];
  const hashes: string[] = [];

  function transfer(target: TestDeployment, fields: Record<string, unknown>) {
    const tron = target.chainId === TRON_MAINNET;
    return {
      eventId: eventId(),
      kind: 'transfer',
      chainId: target.chainId,
      txHash: tron ? txHash().slice(2) : txHash(),
      logIndex: 0,
      blockNumber: '100',
      fromAddress: (tron ? tronWallet() : evmWallet()).address,
      toAddress: target.address,
      amount: '1',
      fee: '21000000000000',
      status: 'EXECUTED',
      confirmations: 1,
      ...fields,
    };
  }

  const get = (path: string, key = member.apiKey) => request(t.http).get(path).set('x-api-key', key);

  async function listAll(
    query: Record<string, string | string[]>,
    target = d,
    key = member.apiKey,
  ): Promise<{ total: number; items: Item[] }> {
    const res = await get(list(target.id), key)
      .query({ pageSize: '100', ...query })
      .expect(200);
    return res.body;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    d = await createDeployment(t, { chainId: '1' });
    member = d.members[0];
    outsider = await createMember(t);
    const events = [
      transfer(d, { currencyId: ETH, amount: '1500000000000000000', status: 'EXECUTED', confirmations: 1 }),
      transfer(d, {
        currencyId: USDT.replace(
          '0xdac17f958d2ee523a2206206994597c13d831ec7',
          '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        ),
        amount: '12500000',
        status: 'PENDING',
        confirmations: 0,
      }),
      transfer(d, { currencyId: USDC, amount: '3000000', status: 'FAILED', confirmations: 0, fee: undefined }),
      transfer(d, { currencyId: USDT, amount: '1', status: 'EXECUTED', confirmations: 12 }),
      {
        eventId: eventId(),
        kind: 'deploy',
        chainId: '1',
        deploymentAddress: d.address,
        txHash: txHash(),
        status: 'EXECUTED',
      },
    ];
    for (const event of events) {
      hashes.push(event.txHash as string);
      const [result] = await ingest(t, [event]);
      expect(result.error).toBeNull();
      await sleep(3);
    }
    items = (await listAll({ sortOrder: 'asc' })).items;
    expect(items).toHaveLength(5);
  });
  afterAll(() => t.close());

  describe('list', () => {
    it('returns the newest first with the exact item shape', async () => {
      const res = await get(list(d.id)).expect(200);
      expect(res.body).toMatchObject({ total: 5, page: 1, pageSize: 10 });
      expect(res.body.items.map((item: Item) => item.id)).toEqual([...items].reverse().map((item) => item.id));
      const eth = res.body.items.find((item: Item) => item.currencyId === ETH);
      expect(eth).toEqual({
        id: items[0].id,
        direction: 'IN',
        status: 'EXECUTED',
        chainId: '1',
        txHash: hashes[0],
        currencyId: ETH,
        amount: '1.5',
        fromAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        toAddress: d.address,
        operationId: null,
        operationType: 'direct_deposit',
        blockNumber: '100',
        blockchainFee: '0.000021',
        confirmations: 1,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updatedAt: expect.stringMatching(/Z$/),
        canClaim: false,
        isClaimed: false,
        invoiceId: null,
        confirmedAt: null,
        invoice: null,
        currency: {
          id: ETH,
          symbol: 'ETH',
          name: 'Ethereum',
          chainId: '1',
          address: null,
          decimals: 18,
          isNative: true,
          isScam: false,
          isVerified: true,
          cmcId: 1027,
          logoUrl: expect.stringMatching(/^https:/),
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      });
    });

    it('shows an OUT transaction without a currency with amount "0" and no currency', () => {
      const deploy = items[4];
      expect(deploy).toMatchObject({
        direction: 'OUT',
        operationType: 'deploy',
        currencyId: null,
        amount: '0',
        currency: null,
        blockchainFee: '0',
      });
    });

    it('normalises the currency id of an event and confirms at the network figure', () => {
      expect(items[1]).toMatchObject({ currencyId: USDT, amount: '12.5', status: 'PENDING', confirmedAt: null });
      expect(items[3]).toMatchObject({
        currencyId: USDT,
        amount: '0.000001',
        status: 'CONFIRMED',
        confirmations: 12,
        confirmedAt: expect.any(String),
      });
    });

    it.each([
      ['createdAt', 'asc'],
      ['createdAt', 'desc'],
      ['id', 'asc'],
      ['id', 'desc'],
      ['updatedAt', 'asc'],
      ['updatedAt', 'desc'],
    ])('sorts by %s %s', async (sortBy, sortOrder) => {
      const got = (await listAll({ sortBy, sortOrder })).items;
      const key = (item: Item) =>
        sortBy === 'id' ? item.id : `${(item as Record<string, string>)[sortBy]}|${item.id}`;
      const expected = [...got].sort((a, b) => (key(a) < key(b) ? -1 : 1));
      if (sortOrder === 'desc') expected.reverse();
      expect(got.map((item) => item.id)).toEqual(expected.map((item) => item.id));
      expect(got).toHaveLength(5);
    });

    it('breaks ties on the sort column by id, in the sort direction', async () => {
      const tie = await createDeployment(t, { chainId: '1' });
      for (let i = 0; i < 4; i += 1) await ingest(t, [transfer(tie, { currencyId: ETH })]);
      await t.dataSource.query(
        `UPDATE transactions SET created_at = '2026-01-01T00:00:00.000Z', updated_at = '2026-01-01T00:00:00.000Z' WHERE deployment_id = $1`,
        [tie.id],
      );
      const key = tie.members[0].apiKey;
      const ids = (await listAll({}, tie, key)).items.map((item) => item.id).sort();
      expect(ids).toHaveLength(4);
      for (const sortBy of ['createdAt', 'updatedAt']) {
        expect((await listAll({ sortBy, sortOrder: 'asc' }, tie, key)).items.map((item) => item.id)).toEqual(ids);
        expect((await listAll({ sortBy, sortOrder: 'desc' }, tie, key)).items.map((item) => item.id)).toEqual(
          [...ids].reverse(),
        );
      }
    });

    it('moves an updated transaction to the front of updatedAt desc', async () => {
      await ingest(t, [
        transfer(d, { txHash: hashes[1], currencyId: USDT, amount: '12500000', status: 'EXECUTED', confirmations: 2 }),
      ]);
      const got = await listAll({ sortBy: 'updatedAt' });
      expect(got.items[0]).toMatchObject({ id: items[1].id, status: 'EXECUTED', confirmations: 2 });
      items[1] = got.items[0];
    });

    it('pages, and past the end answers [] with the true total', async () => {
      const page2 = await get(list(d.id)).query({ pageSize: '2', page: '2', sortOrder: 'asc' }).expect(200);
      expect(page2.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(page2.body.items.map((item: Item) => item.id)).toEqual([items[2].id, items[3].id]);
      const past = await get(list(d.id)).query({ pageSize: '2', page: '4' }).expect(200);
      expect(past.body).toEqual({ total: 5, page: 4, pageSize: 2, items: [] });
      const far = await get(list(d.id)).query({ page: '9007199254740991' }).expect(200);
      expect(far.body).toEqual({ total: 5, page: 9007199254740991, pageSize: 10, items: [] });
    });

    describe('filters', () => {
      const ids = async (query: Record<string, string | string[]>) => {
        const got = await listAll(query);
        expect(got.total).toBe(got.items.length);
        return got.items.map((item) => item.id).sort();
      };
      const of = (...indexes: number[]) => indexes.map((i) => items[i].id).sort();

      it('statuses', async () => {
        expect(await ids({ statuses: 'EXECUTED' })).toEqual(of(0, 1, 4));
        expect(await ids({ statuses: ['FAILED', 'CONFIRMED'] })).toEqual(of(2, 3));
        expect(await ids({ statuses: 'FAILED,CONFIRMED' })).toEqual(of(2, 3));
        expect(await ids({ 'statuses[]': 'PENDING' })).toEqual([]);
      });

      it('currencyIds, in any case and spelling', async () => {
        expect(await ids({ currencyIds: USDT.toUpperCase().replace('0X', '0x') })).toEqual(of(1, 3));
        expect(await ids({ currencyIds: [ETH, USDC] })).toEqual(of(0, 2));
        expect(await ids({ currencyIds: `${ETH},${USDC}` })).toEqual(of(0, 2));
        expect(await ids({ currencyIds: '56' })).toEqual([]);
      });

      it('operationTypes', async () => {
        expect(await ids({ operationTypes: 'deploy' })).toEqual(of(4));
        expect(await ids({ operationTypes: ['direct_deposit', 'invoice'] })).toEqual(of(0, 1, 2, 3));
        expect(await ids({ operationTypes: 'payout' })).toEqual([]);
      });

      it('isClaimed, in every boolean spelling', async () => {
        expect(await ids({ isClaimed: 'FALSE' })).toEqual(of(0, 1, 2, 3, 4));
        expect(await ids({ isClaimed: 'true' })).toEqual([]);
        await t.dataSource.query(`UPDATE transactions SET is_claimed = true WHERE id = $1`, [items[0].id]);
        try {
          expect(await ids({ isClaimed: '1' })).toEqual(of(0));
          expect(await ids({ isClaimed: '0' })).toEqual(of(1, 2, 3, 4));
        } finally {
          await t.dataSource.query(`UPDATE transactions SET is_claimed = false WHERE id = $1`, [items[0].id]);
        }
      });

      it('id and txHash: case-insensitive substrings', async () => {
        expect(await ids({ id: items[2].id.slice(9, 23).toUpperCase() })).toEqual(of(2));
        expect(await ids({ txHash: hashes[3].slice(20, 40).toUpperCase() })).toEqual(of(3));
        expect(await ids({ txHash: '%' })).toEqual([]);
      });

      it('operationId (exact)', async () => {
        const operationId = randomUUID();
        await t.dataSource.query(`UPDATE transactions SET operation_id = $2 WHERE id = $1`, [items[2].id, operationId]);
        expect(await ids({ operationId: operationId.toUpperCase() })).toEqual(of(2));
        expect(await ids({ operationId: randomUUID() })).toEqual([]);
      });

      it('createdFrom/createdTo and updatedFrom/updatedTo are inclusive', async () => {
        expect(await ids({ createdFrom: items[1].createdAt, createdTo: items[3].createdAt })).toEqual(of(1, 2, 3));
        expect(await ids({ createdFrom: items[4].createdAt })).toEqual(of(4));
        expect(await ids({ createdTo: items[0].createdAt })).toEqual(of(0));
        expect(await ids({ createdFrom: items[3].createdAt, createdTo: items[1].createdAt })).toEqual([]);
        expect(await ids({ updatedFrom: items[1].updatedAt, updatedTo: items[1].updatedAt })).toEqual(of(1));
        expect(await ids({ updatedTo: items[0].updatedAt })).toEqual(of(0));
      });

      it('takes bounds at the ends of the calendar (years 0001 and 9999)', async () => {
        const everything = of(0, 1, 2, 3, 4);
        expect(await ids({ createdFrom: '0001-01-01', createdTo: '9999-12-31T23:59:59.999Z' })).toEqual(everything);
        expect(await ids({ createdFrom: '1900-01-01T00:00:00Z' })).toEqual(everything);
        expect(await ids({ createdTo: '9999-12-31', updatedFrom: '0001-01-01' })).toEqual(everything);
        expect(await ids({ createdFrom: '9999-12-31T23:59:59Z' })).toEqual([]);
        expect(await ids({ createdTo: '1969-12-31T23:59:59Z' })).toEqual([]);
      });

      it('combined', async () => {
        expect(
          await ids({
            statuses: 'EXECUTED,CONFIRMED',
            currencyIds: [USDT, ETH],
            isClaimed: 'false',
            createdFrom: items[1].createdAt,
            createdTo: items[4].createdAt,
          }),
        ).toEqual(of(1, 3));
        expect(
          await ids({
            statuses: 'CONFIRMED',
            operationTypes: 'direct_deposit',
            txHash: hashes[3].slice(2, 12),
            currencyIds: USDT,
          }),
        ).toEqual(of(3));
        expect(await ids({ statuses: 'FAILED', currencyIds: USDT })).toEqual([]);
      });
    });

    it('counts exactly across days (whole days from the buckets, edges from the rows)', async () => {
      const spread = await createDeployment(t, { chainId: '1' });
      const key = spread.members[0].apiKey;
      const statuses = ['EXECUTED', 'PENDING', 'FAILED'];
      await ingest(
        t,
        Array.from({ length: 30 }, (_, i) =>
          transfer(spread, { currencyId: i % 2 ? USDT : ETH, status: statuses[i % 3], confirmations: 0 }),
        ),
      );
      // Spread them over ten days at different times of day.
      await t.dataSource.query(
        `UPDATE transactions t SET created_at = '2026-03-01T00:00:00Z'::timestamptz + (r.n * interval '7 hours 13 minutes')
           FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM transactions WHERE deployment_id = $1) r
          WHERE t.id = r.id`,
        [spread.id],
      );
      const bounds = [
        undefined,
        '2026-03-01T00:00:00.000Z',
        '2026-03-02T07:13:00.000Z',
        '2026-03-03T00:00:00Z',
        '2026-03-04T23:59:59.999Z',
        '2026-03-05',
        '2026-03-08T12:00:00+02:00',
        '2026-04-01T00:00:00.000Z',
      ];
      for (const from of bounds) {
        for (const to of bounds) {
          for (const filter of [{}, { statuses: 'EXECUTED,FAILED', currencyIds: USDT }] as Record<string, string>[]) {
            const query: Record<string, string> = { ...filter };
            if (from) query.createdFrom = from;
            if (to) query.createdTo = to;
            const [{ n }] = await t.dataSource.query(
              `SELECT count(*)::int AS n FROM transactions WHERE deployment_id = $1
                 AND ($2::timestamptz IS NULL OR created_at >= $2::timestamptz)
                 AND ($3::timestamptz IS NULL OR created_at <= $3::timestamptz)
                 AND ($4::boolean IS FALSE OR (status IN ('EXECUTED', 'FAILED') AND currency_id = $5))`,
              [
                spread.id,
                from ? new Date(from).toISOString() : null,
                to ? new Date(to).toISOString() : null,
                'statuses' in filter,
                USDT,
              ],
            );
            const got = await get(list(spread.id), key).query(query).expect(200);
            expect({ from, to, filter, total: got.body.total }).toEqual({ from, to, filter, total: n });
          }
        }
      }
    }, 60_000);

    describe('currency flags', () => {
      let tron: TestDeployment;
      let jwt: string;

      beforeAll(async () => {
        tron = await createDeployment(t, { chainId: TRON_MAINNET });
        await ingest(t, [
          transfer(tron, { currencyId: TRX, amount: '2000000' }),
          transfer(tron, { currencyId: TRON_USDT, amount: '5' }),
          transfer(tron, { currencyId: TRON_SCAM, amount: '100000000' }),
        ]);
        await t.dataSource.query(`INSERT INTO member_hidden_currencies (member_id, currency_id) VALUES ($1, $2)`, [
          await memberId(member),
          USDT,
        ]);
        jwt = await accessToken(member);
      });

      async function memberId(m: TestMember): Promise<string> {
        const [row] = await t.dataSource.query(`SELECT id FROM members WHERE address = $1`, [m.address]);
        return row.id;
      }

      async function accessToken(m: TestMember): Promise<string> {
        const sid = randomUUID();
        const userId = await memberId(m);
        await t.dataSource.query(
          `INSERT INTO auth_sessions (id, member_id, refresh_jti, refresh_expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
          [sid, userId, randomUUID()],
        );
        const now = Math.floor(Date.now() / 1000);
        return new JwtService({ secret: TEST_JWT_SECRET }).signAsync(
          { token_type: 'access', jti: randomUUID(), user_id: userId, sid, iat: now, exp: now + 600 },
          { algorithm: 'HS256' },
        );
      }

      const tronIds = async (query: Record<string, string>) =>
        (await listAll(query, tron, tron.members[0].apiKey)).items.map((item) => item.currencyId).sort();

      it('renders Tron hashes without 0x and addresses in base58', async () => {
        const got = await listAll({ currencyIds: TRX }, tron, tron.members[0].apiKey);
        expect(got.items[0]).toMatchObject({
          txHash: expect.stringMatching(/^[0-9a-f]{64}$/),
          toAddress: tron.address,
          fromAddress: expect.stringMatching(/^T/),
          amount: '2',
        });
      });

      it('currencyIsScam and currencyIsVerified', async () => {
        expect(await tronIds({ currencyIsScam: 'true' })).toEqual([TRON_SCAM]);
        expect(await tronIds({ currencyIsScam: 'false' })).toEqual([TRX, TRON_USDT].sort());
        expect(await tronIds({ currencyIsVerified: 'true' })).toEqual([TRX, TRON_USDT].sort());
        expect(await tronIds({ currencyIsVerified: '0' })).toEqual([TRON_SCAM]);
        expect(await tronIds({ currencyIsScam: 'false', currencyIds: TRON_SCAM })).toEqual([]);
        expect(await tronIds({ currencyIsScam: 'true', currencyIsVerified: 'true' })).toEqual([]);
      });

      it("currencyIsHidden filters by the JWT caller's hidden currencies", async () => {
        const hidden = await request(t.http)
          .get(list(d.id))
          .set('authorization', `Bearer ${jwt}`)
          .query({ currencyIsHidden: 'true' })
          .expect(200);
        expect(hidden.body.total).toBe(2);
        expect(hidden.body.items.map((item: Item) => item.currencyId)).toEqual([USDT, USDT]);
        const shown = await request(t.http)
          .get(list(d.id))
          .set('authorization', `Bearer ${jwt}`)
          .query({ currencyIsHidden: 'false' })
          .expect(200);
        expect(shown.body.items.map((item: Item) => item.currencyId).sort()).toEqual([ETH, USDC].sort());
        expect(shown.body.total).toBe(2);
      });

      it('currencyIsHidden is accepted and ignored for API-key callers', async () => {
        expect((await listAll({ currencyIsHidden: 'true' })).total).toBe(5);
        expect((await listAll({ currencyIsHidden: 'false' })).total).toBe(5);
      });
    });

    it.each([
      ['page', { page: '0' }],
      ['page', { page: 'abc' }],
      ['page', { page: '1.5' }],
      ['pageSize', { pageSize: '101' }],
      ['sortBy', { sortBy: 'amount' }],
      ['sortOrder', { sortOrder: 'up' }],
      ['statuses', { statuses: 'DONE' }],
      ['statuses', { statuses: 'executed' }],
      ['operationTypes', { operationTypes: 'INVOICE' }],
      ['isClaimed', { isClaimed: 'maybe' }],
      ['currencyIsScam', { currencyIsScam: 'yes' }],
      ['currencyIsHidden', { currencyIsHidden: '2' }],
      ['createdFrom', { createdFrom: 'yesterday' }],
      ['updatedTo', { updatedTo: '2026-13-45T00:00:00Z' }],
      ['currencyIds', { currencyIds: 'eth' }],
      ['operationId', { operationId: 'abc' }],
      ['id', { id: ['a', 'b'] }],
      ['unknown', { unknown: '1' }],
    ])('is 400 naming %s for %j, and changes nothing', async (field, query) => {
      const res = await get(list(d.id)).query(query).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^\[ERR_400\]/),
        requestId: expect.any(String),
      });
      expect(res.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    });
  });

  describe('details', () => {
    it('returns the transaction with canClaim, isClaimed, invoice and currency beside it', async () => {
      const res = await get(`${list(d.id)}/${items[3].id.toUpperCase()}`).expect(200);
      expect(res.body).toEqual({
        transaction: expect.objectContaining({ id: items[3].id, amount: '0.000001', status: 'CONFIRMED' }),
        canClaim: false,
        isClaimed: false,
        invoice: null,
        currency: expect.objectContaining({ id: USDT, symbol: 'USDT', decimals: 6 }),
        // Confirmed at USDT's catalog dollar rate (no static rates here): a millionth of a dollar is 0.00.
        fiatAtConfirmation: { usd: '0.00', eur: null, cny: null },
      });
      expect(res.body.transaction.currency).toEqual(res.body.currency);
    });

    it("is 404 TRANSACTION_NOT_FOUND for an unknown id and for another deployment's transaction", async () => {
      const other = await createDeployment(t, { chainId: '1', memberCount: 1 });
      await ingest(t, [transfer(other, { currencyId: ETH })]);
      const [foreign] = (await listAll({}, other, other.members[0].apiKey)).items;
      for (const id of [randomUUID(), foreign.id]) {
        const res = await get(`${list(d.id)}/${id}`).expect(404);
        expect(res.body).toMatchObject({
          statusCode: 404,
          code: 'TRANSACTION_NOT_FOUND',
          message: '[ERR_404] Transaction not found',
        });
      }
    });

    it.each(['not-a-uuid', '123', `${'0'.repeat(8)}-0000-0000-0000-00000000000g`])(
      'is 400 for the malformed transaction id %s',
      async (id) => {
        const res = await get(`${list(d.id)}/${id}`).expect(400);
        expect(res.body.details).toEqual([{ field: 'transactionId', message: 'transactionId must be a UUID' }]);
      },
    );

    it('is 400 for a query parameter', async () => {
      await get(`${list(d.id)}/${items[0].id}`)
        .query({ pageSize: '1' })
        .expect(400);
    });
  });

  describe('access', () => {
    const paths = () => [list(d.id), `${list(d.id)}/${items[0].id}`];

    it.each([
      ['no credential', {}],
      ['an unknown API key', { 'x-api-key': 'f'.repeat(64) }],
      ['a malformed bearer', { authorization: 'Bearer x.y.z' }],
    ])('is 401 with %s on both endpoints', async (_label, headers) => {
      for (const path of paths()) {
        const res = await request(t.http).get(path).set(headers).expect(401);
        expect(res.body).toMatchObject({
          statusCode: 401,
          code: 'UNAUTHORIZED',
          message: '[ERR_401] Invalid or missing token',
        });
      }
    });

    it('is 403 with identical bodies for a non-member and an unknown deployment, on both endpoints', async () => {
      const unknown = randomUUID();
      const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
      const pairs: [string, string][] = [
        [list(d.id), list(unknown)],
        [`${list(d.id)}/${items[0].id}`, `${list(unknown)}/${items[0].id}`],
      ];
      for (const [foreignPath, unknownPath] of pairs) {
        const foreign = await get(foreignPath, outsider.apiKey).expect(403);
        const missing = await get(unknownPath, outsider.apiKey).expect(403);
        expect(strip(foreign.body)).toEqual(strip(missing.body));
        expect(foreign.body).toMatchObject({ statusCode: 403, code: 'DEPLOYMENT_ACCESS_DENIED' });
      }
    });

    it('is 400 for a malformed deployment id', async () => {
      await get(list('nope')).expect(400);
    });
  });
});
