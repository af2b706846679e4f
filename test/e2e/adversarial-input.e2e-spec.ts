import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createDeployment, evmWallet, TestDeployment } from '../support/builders';
import { eventId, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { ETH_USDT, invoiceBody, invoicesPath } from '../support/invoices';
import { decodeJwt, signJwt } from '../support/jwt';
import { callsTo, queuePath } from '../support/queue';
import { createTestApp, TEST_JWT_SECRET, TestApp } from '../support/test-app';
import { obtainTokens } from '../support/token-client';

/**
 * What an adversarial sweep found (issue 15, items 1, 2, 4, 5, 6, 8, 9, 10): each request here
 * answered 500, was silently accepted, or was far too expensive before the fix.
 */
describe('adversarial input', () => {
  let t: TestApp;
  let d: TestDeployment;
  const UINT256_MAX = ((1n << 256n) - 1n).toString();
  const as = () => ({ 'x-api-key': d.members[0].apiKey });

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    d = await createDeployment(t, { memberCount: 1, approverCount: 1, threshold: 1 });
  });
  afterAll(() => t.close());

  const expectValidation = (res: request.Response, field?: string) => {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: expect.any(String) });
    if (field !== undefined) expect(res.body.details.map((x: { field: string }) => x.field)).toContain(field);
  };

  describe('1. nonces stay within uint256', () => {
    const payout = (dep: TestDeployment, nonce?: string) =>
      request(t.http)
        .post(`/api/v1/deployments/${dep.id}/payouts`)
        .set('x-api-key', dep.members[0].apiKey)
        .send({ deploymentId: dep.id, currencyId: '1', amount: '1', toAddress: evmWallet().address, nonce });

    it('refuses nonces above 2^256-1 on payout, reject and nonce change', async () => {
      const above = (1n << 256n).toString();
      expectValidation(await payout(d, above), 'nonce');
      expectValidation(
        await request(t.http).post(queuePath(d.id, '/reject')).set(as()).send({ nonce: above }),
        'nonce',
      );
      const created = await payout(d).expect(201);
      expectValidation(
        await request(t.http)
          .patch(queuePath(d.id, `/${created.body.queueOperationId}/nonce`))
          .set(as())
          .send({ nonce: above }),
        'nonce',
      );
    });

    it('refuses parking an operation at 2^256-1 (reject, nonce change), so default nonces stay free', async () => {
      const dep = await createDeployment(t, { memberCount: 1, approverCount: 1, threshold: 1 });
      const key = { 'x-api-key': dep.members[0].apiKey };
      const blocker = await request(t.http).post(queuePath(dep.id, '/reject')).set(key).send({ nonce: UINT256_MAX });
      expectValidation(blocker, 'nonce');
      expect(blocker.body.code).toBe('INVALID_NONCE');
      const moved = await payout(dep).expect(201);
      const move = await request(t.http)
        .patch(queuePath(dep.id, `/${moved.body.queueOperationId}/nonce`))
        .set(key)
        .send({ nonce: UINT256_MAX });
      expectValidation(move, 'nonce');
      expect((await payout(dep).expect(201)).body.nonce).toBe('1');
    });
  });

  describe('2. bodies with thousands of unknown keys', () => {
    it('refuses them before validating, with at most 20 details and a count', async () => {
      const keys = Object.fromEntries(Array.from({ length: 12_542 }, (_, i) => [i.toString(36), 0]));
      const res = await request(t.http).post(invoicesPath(d)).set(as()).send(keys);
      expectValidation(res);
      expect(res.body.details).toHaveLength(20);
      expect(res.body.message).toContain('12542 problems');
      expect(res.text.length).toBeLessThan(5_000);
    });

    it('checks nested DTOs the same way (calls of a config change)', async () => {
      const call = { ...callsTo(d)[0], ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`x${i}`, 0])) };
      const res = await request(t.http)
        .post(queuePath(d.id, '/multisig-config'))
        .set(as())
        .send({ approvers: [d.approvers[0].address], threshold: 1, calls: [call] });
      expectValidation(res, 'calls.0.x0');
      expect(res.body.details.length).toBeLessThanOrEqual(20);
    });

    it('caps the details of an ordinary validation failure too', async () => {
      const res = await request(t.http)
        .post(queuePath(d.id, '/multisig-config'))
        .set(as())
        .send({ approvers: [d.approvers[0].address], threshold: 1, calls: Array.from({ length: 8 }, () => ({})) });
      expectValidation(res);
      expect(res.body.details).toHaveLength(20);
      expect(res.body.message).toMatch(/^\[ERR_400\] Invalid request: \d+ problems, the first 20: /);
    });
  });

  describe('4. the NUL character', () => {
    it.each([
      ['transactions ?id', (dep: TestDeployment) => `/api/v1/deployments/${dep.id}/transactions?id=a%00b`],
      ['transactions ?txHash', (dep: TestDeployment) => `/api/v1/deployments/${dep.id}/transactions?txHash=a%00b`],
      [
        'transactions ?trackingId',
        (dep: TestDeployment) => `/api/v1/deployments/${dep.id}/transactions?trackingId=%00`,
      ],
      ['operations ?createdBy', (dep: TestDeployment) => `${queuePath(dep.id)}?createdBy=a%00b`],
      ['payouts ?toAddress', (dep: TestDeployment) => `/api/v1/deployments/${dep.id}/payouts?toAddress=a%00b`],
      ['payouts ?trackingId', (dep: TestDeployment) => `/api/v1/deployments/${dep.id}/payouts?trackingId=a%00b`],
      ['a path segment', (dep: TestDeployment) => `/api/v1/deployments/${dep.id}/payouts/a%00b`],
      ['the token service', () => '/token/?x=%00'],
    ])('in %s is a 400', async (_name, path) => {
      const res = await request(t.http).get(path(d)).set(as());
      expect(res.status).toBe(400);
    });

    it.each([
      ['paymentPageButtonText', invoiceBody({ paymentPageButtonText: 'Pay\u0000now' })],
      ['paymentPageButtonUrl', invoiceBody({ paymentPageButtonUrl: 'https://shop.example/\u0000' })],
      ['callbackUrl', invoiceBody({ callbackUrl: 'https://shop.example/cb\u0000' })],
      ['currencyIds[0]', invoiceBody({ currencyIds: [`${ETH_USDT}\u0000`] })],
    ])('in the body field %s is a 400 naming it', async (field, body) => {
      expectValidation(await request(t.http).post(invoicesPath(d)).set(as()).send(body), field);
    });

    it('in a stored payout callbackUrl is a 400', async () => {
      const res = await request(t.http).post(`/api/v1/deployments/${d.id}/payouts`).set(as()).send({
        deploymentId: d.id,
        currencyId: '1',
        amount: '1',
        toAddress: evmWallet().address,
        callbackUrl: 'https://x.example/\u0000',
      });
      expectValidation(res, 'callbackUrl');
    });
  });

  describe('5. deeply nested JSON', () => {
    it.each([
      ['arrays', '['.repeat(1500) + ']'.repeat(1500)],
      ['objects', '{"a":'.repeat(1500) + '1' + '}'.repeat(1500)],
      ['a field', `{"calls":${'['.repeat(1500)}${']'.repeat(1500)},"approvers":[],"threshold":1}`],
      ['a call', `{"calls":[${'{"to":'.repeat(1500)}1${'}'.repeat(1500)}],"approvers":[],"threshold":1}`],
    ])('1,500 levels of %s is a 400 at parse time', async (_name, body) => {
      const res = await request(t.http)
        .post(queuePath(d.id, '/multisig-config'))
        .set(as())
        .set('Content-Type', 'application/json')
        .send(body);
      expectValidation(res, 'body');
      expect(res.body.details[0].message).toContain('nested deeper than 32 levels');
    });

    it('is a 400 on the chain-event intake as well', async () => {
      const res = await request(t.http)
        .post('/internal/v1/chain-events')
        .set('x-indexer-key', TEST_INDEXER_KEY)
        .set('Content-Type', 'application/json')
        .send(`{"events":[${'['.repeat(1500)}${']'.repeat(1500)}]}`);
      expectValidation(res, 'body');
    });
  });

  describe('6. timestamp bounds outside years 0001-9999 once the offset is applied', () => {
    it.each(['createdFrom', 'createdTo', 'updatedFrom', 'updatedTo'])('%s is a 400, never a 500', async (bound) => {
      for (const value of ['0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-14:00', '9999-12-31T23:00-01:00']) {
        const res = await request(t.http)
          .get(`/api/v1/deployments/${d.id}/transactions`)
          .query({ [bound]: value })
          .set(as());
        expectValidation(res, bound);
      }
      for (const value of ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00-14:00', '9999-12-31T23:59:59+14:00']) {
        await request(t.http)
          .get(`/api/v1/deployments/${d.id}/transactions`)
          .query({ [bound]: value })
          .set(as())
          .expect(200);
      }
    });

    it('the same bounds are 400 on the other lists', async () => {
      for (const path of [invoicesPath(d), `/api/v1/deployments/${d.id}/payouts`, queuePath(d.id)]) {
        const res = await request(t.http).get(path).query({ createdFrom: '0001-01-01T00:00:00+14:00' }).set(as());
        expectValidation(res, 'createdFrom');
      }
    });
  });

  describe('8. chain-event batches', () => {
    it('accepts a 1,000-event batch (about 450 kB) and still refuses one over 2 MB', async () => {
      const events = Array.from({ length: 1000 }, (_, logIndex) => ({
        kind: 'transfer',
        eventId: eventId(),
        chainId: '1',
        txHash: txHash(),
        status: 'CONFIRMED',
        logIndex,
        blockNumber: '19000000',
        fromAddress: `0x${randomBytes(20).toString('hex')}`,
        toAddress: `0x${randomBytes(20).toString('hex')}`,
        currencyId: ETH_USDT,
        amount: '1000000',
        confirmations: 12,
      }));
      const body = JSON.stringify({ events });
      expect(body.length).toBeGreaterThan(300_000);
      const res = await request(t.http)
        .post('/internal/v1/chain-events')
        .set('x-indexer-key', TEST_INDEXER_KEY)
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status).toBe(200);
      expect(res.body.results).toHaveLength(1000);
      const huge = JSON.stringify({ events: [{ kind: 'transfer', pad: 'x'.repeat(2_000_001) }] });
      const refused = await request(t.http)
        .post('/internal/v1/chain-events')
        .set('x-indexer-key', TEST_INDEXER_KEY)
        .set('Content-Type', 'application/json')
        .send(huge);
      expect(refused.status).toBe(413);
      expect(refused.body.message).toBe('[ERR_413] Request body exceeds 2 MB');
    });

    it('keeps 100 kB everywhere else', async () => {
      const res = await request(t.http)
        .post(invoicesPath(d))
        .set(as())
        .send(invoiceBody({ pad: 'x'.repeat(100_001) }));
      expect(res.status).toBe(413);
    });
  });

  describe('9. prototype names and impossible dates', () => {
    it.each(['__proto__', 'constructor', 'hasOwnProperty', 'toString', '__proto__[]'])(
      'query parameter %s is a 400',
      async (name) => {
        for (const path of [`/api/v1/deployments/${d.id}/transactions`, '/api/v1/public/currencies', '/health']) {
          const res = await request(t.http)
            .get(`${path}?${encodeURIComponent(name)}=1`)
            .set(as());
          expectValidation(res, name.replace('[]', ''));
        }
      },
    );

    it.each(['__proto__', 'constructor'])('body key %s is a 400, at the top or nested', async (key) => {
      const top = `{"${key}":{"x":1},"requestedAmount":null,"paymentPageButtonUrl":null,"paymentPageButtonText":null}`;
      const res = await request(t.http)
        .post(invoicesPath(d))
        .set(as())
        .set('Content-Type', 'application/json')
        .send(top);
      expectValidation(res, key);
      const nested = `{"approvers":[],"threshold":1,"calls":[{"to":"0x","value":"0","data":"0x","${key}":{}}]}`;
      const res2 = await request(t.http)
        .post(queuePath(d.id, '/multisig-config'))
        .set(as())
        .set('Content-Type', 'application/json')
        .send(nested);
      expectValidation(res2, `calls[0].${key}`);
    });

    it.each([
      '2026-02-30',
      '2026-02-29',
      '2025-04-31',
      '2026-11-21T24:00:00Z',
      '2026-11-21T23:60:00Z',
      '2026-11-21T12:00+15:00',
    ])('impossible date %s is a 400, not rolled over', async (value) => {
      const res = await request(t.http)
        .get(`/api/v1/deployments/${d.id}/transactions`)
        .query({ createdFrom: value })
        .set(as());
      expectValidation(res, 'createdFrom');
    });

    it('a leap day is a real date', async () => {
      await request(t.http)
        .get(`/api/v1/deployments/${d.id}/transactions`)
        .query({ createdFrom: '2028-02-29' })
        .set(as())
        .expect(200);
    });
  });

  describe('10. access tokens must expire', () => {
    it('refuses a correctly signed access token without exp', async () => {
      const tokens = await obtainTokens(t.http, d.members[0].apiKey, d.members[0].apiSecret);
      const path = `/api/v1/accounts/deployments/${d.id}/nonce-info`;
      await request(t.http).get(path).set('Authorization', `Bearer ${tokens.access}`).expect(200);
      const { exp: _exp, ...claims } = decodeJwt(tokens.access).payload;
      const forever = signJwt(claims, TEST_JWT_SECRET);
      const res = await request(t.http).get(path).set('Authorization', `Bearer ${forever}`);
      expect(res.status).toBe(401);
    });

    it('refuses a correctly signed refresh token without exp', async () => {
      const tokens = await obtainTokens(t.http, d.members[0].apiKey, d.members[0].apiSecret);
      const { exp: _exp, ...claims } = decodeJwt(tokens.refresh).payload;
      const res = await request(t.http)
        .post('/token/refresh/')
        .set('Content-Type', 'application/vnd.api+json')
        .send(
          JSON.stringify({ data: { type: 'auth-token', attributes: { refresh: signJwt(claims, TEST_JWT_SECRET) } } }),
        );
      expect(res.status).toBe(401);
    });
  });
});
