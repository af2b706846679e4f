import request from 'supertest';
import { createDeployment, evmWallet, TestDeployment } from '../support/builders';
import { OperationBody, queuePath, sign, submission } from '../support/queue';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(180_000);

/**
 * What no member may do to the service or to other tenants: answers of unbounded size (10 MB
 * queue pages, 1,000 `details`), nonces parked where the wallet never gets.
 */
describe('fair sharing', () => {
  let t: TestApp;
  let d: TestDeployment;
  const as = (dep: TestDeployment = d) => ({ 'x-api-key': dep.members[0].apiKey });

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT: '100000' } });
    d = await createDeployment(t, { memberCount: 2, approverCount: 1, threshold: 1 });
  });
  afterAll(() => t.close());

  describe('at most 20 details on every endpoint', () => {
    const thousandParameters = Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&');

    it.each([
      ['a public route without a query DTO', () => `/api/v1/networks?${thousandParameters}`],
      ['the health check', () => `/health?${thousandParameters}`],
      ['a member route without a query DTO', () => `/api/v1/accounts/${d.accountId}?${thousandParameters}`],
    ])('%s answers 400 with 20 details and the count of the rest', async (_name, path) => {
      const res = await request(t.http).get(path()).set(as());
      expect(res.status).toBe(400);
      expect(res.body.details).toHaveLength(20);
      expect(res.body.details[0]).toEqual({ field: 'p0', message: 'p0 is not allowed' });
      expect(res.body.message).toMatch(/^\[ERR_400\] Invalid request: 1000 problems, the first 20: p0, p1, /);
      expect(res.text.length).toBeLessThan(5_000);
    });
  });

  describe('queue nonces below currentNonce + QUEUE_NONCE_WINDOW', () => {
    const reject = (nonce: string, dep = d) =>
      request(t.http).post(queuePath(dep.id, '/reject')).set(as(dep)).send({ nonce });
    const payout = (nonce?: string, dep = d) =>
      request(t.http)
        .post(`/api/v1/deployments/${dep.id}/payouts`)
        .set(as(dep))
        .send({ deploymentId: dep.id, currencyId: '1', amount: '1', toAddress: evmWallet().address, nonce });
    const expectInvalidNonce = (res: request.Response) => {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_NONCE');
      expect(res.body.details).toEqual([{ field: 'nonce', message: expect.stringContaining('below 1000') }]);
    };

    it('refuses a REJECT at currentNonce + 1000 and takes one at + 999', async () => {
      expectInvalidNonce(await reject('1000'));
      expectInvalidNonce(await reject(((1n << 256n) - 1n).toString()));
      expect((await reject('999')).status).toBe(201);
    });

    it('refuses a payout with a nonce at the window end', async () => {
      expectInvalidNonce(await payout('1000'));
      expect((await payout('998')).status).toBe(201);
    });

    it('leaves default nonces free when operations sit at the end of the window: the lowest free one is taken', async () => {
      // 998 and 999 are held (above); the highest + 1 would be 1000, outside the window.
      const first = await payout();
      expect(first.status).toBe(201);
      expect(first.body.nonce).toBe('0');
      expect((await payout()).body.nonce).toBe('1');
    });

    it('refuses a nonce change to the window end', async () => {
      const op = (await payout().expect(201)).body as { queueOperationId: string };
      const change = (nonce: string) =>
        request(t.http)
          .patch(queuePath(d.id, `/${op.queueOperationId}/nonce`))
          .set(as())
          .send({ nonce });
      expectInvalidNonce(await change('1000'));
      expect((await change('997')).status).toBe(200);
    });

    it('refuses a default nonce once every nonce of the window is taken (QUEUE_NONCE_WINDOW=2)', async () => {
      const narrow = await createTestApp({ env: { QUEUE_NONCE_WINDOW: '2' } });
      try {
        const dep = await createDeployment(narrow, { memberCount: 1, approverCount: 1, threshold: 1 });
        const pay = () =>
          request(narrow.http)
            .post(`/api/v1/deployments/${dep.id}/payouts`)
            .set(as(dep))
            .send({ deploymentId: dep.id, currencyId: '1', amount: '1', toAddress: evmWallet().address });
        expect((await pay()).body.nonce).toBe('0');
        expect((await pay()).body.nonce).toBe('1');
        const full = await pay();
        expect(full.status).toBe(400);
        expect(full.body.code).toBe('INVALID_NONCE');
        const far = await request(narrow.http).post(queuePath(dep.id, '/reject')).set(as(dep)).send({ nonce: '2' });
        expect(far.status).toBe(400);
        expect(far.body.code).toBe('INVALID_NONCE');
      } finally {
        await narrow.close();
      }
    });
  });

  describe('queue pages stay under 1 MB', () => {
    const MB = 1_000_000;
    const configChange = (
      dep: TestDeployment,
      calls: object[],
      approvers = [dep.approvers[0].address],
      threshold = 1,
    ) => request(t.http).post(queuePath(dep.id, '/multisig-config')).set(as(dep)).send({ approvers, threshold, calls });
    const call = (dataBytes: number) => ({ to: evmWallet().address, value: '0', data: `0x${'ab'.repeat(dataBytes)}` });

    it('refuses calls whose data pass 2,560 bytes together, or more than 8 calls', async () => {
      const tooMuch = await configChange(d, [call(2_000), call(561)]);
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.code).toBe('CALLS_TOO_LARGE');
      expect(tooMuch.body.details).toEqual([{ field: 'calls', message: expect.stringContaining('2560 bytes') }]);
      const tooMany = await configChange(
        d,
        Array.from({ length: 9 }, () => call(0)),
      );
      expect(tooMany.status).toBe(400);
      expect((await configChange(d, [call(2_000), call(560)])).status).toBe(201);
    });

    it('a page of the largest operations, 32 approvers all signed, is refused at pageSize=100 with the pageSize that fits, which answers under 1 MB', async () => {
      // 32 approvers on a ≥ 1.1.0 wallet (packed 87-byte entries), nonces of 78 digits.
      const dep = await createDeployment(t, {
        memberCount: 32,
        approverCount: 32,
        threshold: 32,
        nonce: ((1n << 256n) - 1_000n).toString(),
      });
      const approvers = dep.approvers.map((approver) => approver.address);
      const calls = Array.from({ length: 8 }, () => ({ ...call(320), value: ((1n << 256n) - 1n).toString() }));
      const operations: OperationBody[] = [];
      for (let i = 0; i < 100; i += 1) {
        const created = await configChange(dep, calls, approvers, 32);
        expect(created.status).toBe(201);
        operations.push(created.body as OperationBody);
      }
      // Every approver signs the first operation through the API; the others get the same
      // signature rows and blob copied in SQL. What is tested here is the page's size, which signatures
      // verified or not make alike (signing is the queue specs' subject), and 3,200 signatures
      // through the API took minutes on a loaded CI machine.
      const [first, ...rest] = operations;
      for (const approver of dep.approvers) {
        const res = await sign(t, dep, approver, first.id, await submission(approver, dep, '1.2.0-evm', first));
        expect(res.status).toBe(200);
      }
      await t.dataSource.query(
        `INSERT INTO queue_signatures (operation_id, signer_hex, signature, submitted_by)
         SELECT o.id, s.signer_hex, s.signature, s.submitted_by
           FROM queue_signatures s CROSS JOIN unnest($2::uuid[]) AS o(id)
          WHERE s.operation_id = $1`,
        [first.id, rest.map((operation) => operation.id)],
      );
      await t.dataSource.query(
        `UPDATE queue_operations o SET status = f.status, signature_blob = f.signature_blob
           FROM queue_operations f WHERE f.id = $1 AND o.id = ANY($2::uuid[])`,
        [first.id, rest.map((operation) => operation.id)],
      );
      const page = (pageSize: number) =>
        request(t.http)
          .get(`${queuePath(dep.id, '')}?pageSize=${pageSize}`)
          .set(as(dep));

      const refused = await page(100);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        statusCode: 400,
        code: 'PAGE_TOO_LARGE',
        message: expect.stringMatching(/^\[ERR_400\]/),
      });
      expect(refused.body.details).toEqual([
        {
          field: 'pageSize',
          message: expect.stringMatching(/more than the 1000000 an answer may hold; pageSize \d+ or less fits/),
        },
      ]);
      const fits = Number(/pageSize (\d+) or less fits/.exec(refused.body.details[0].message)?.[1]);
      expect(fits).toBeGreaterThanOrEqual(45);
      expect(fits).toBeLessThan(100);

      const largest = await page(fits);
      expect(largest.status).toBe(200);
      // The refusal cost the work of the page it refused: charged by the bytes it came to.
      const wouldHold = Number(/would hold (\d+) bytes/.exec(refused.body.details[0].message)?.[1]);
      expect(wouldHold).toBeGreaterThan(2_000_000);
      expect(
        Number(refused.headers['x-ratelimit-remaining']) - Number(largest.headers['x-ratelimit-remaining']),
      ).toBeGreaterThanOrEqual(Math.ceil(wouldHold / 50_000));
      expect(largest.body.items).toHaveLength(fits);
      expect(largest.body.items[0].signatures).toHaveLength(32);
      expect(largest.body.items[0].signatureBlob).toHaveLength(2 + 2 * 87 * 32);
      const bytes = Buffer.byteLength(largest.text);
      process.stdout.write(`largest queue page served: pageSize ${fits}, ${bytes} bytes\n`);
      expect(bytes).toBeLessThanOrEqual(MB);
      expect((await page(fits + 1)).body.code).toBe('PAGE_TOO_LARGE');
    });
  });
});
