import { Agent, get } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createDeployment } from '../support/builders';
import { createTestApp, TestApp } from '../support/test-app';

setFlagsFromString('--expose-gc');
/** A full collection on demand (the flag above makes `gc` exist in contexts created after it). */
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * A request's objects must become garbage once it is answered, while its keep-alive connection
 * stays open. Node creates the connection's keep-alive timer as the response ends, inside the
 * request's async context, and the timer holds that context while it runs: a request context
 * that reached the request (a getter reading `req.ip` did) kept every request alive past its
 * answer, and under load the young generation promoted them all (docs/decisions.md, "Where a
 * request's CPU goes").
 */
describe('a request answered on a kept-alive connection', () => {
  let t: TestApp;
  let port: number;
  const seen: WeakRef<IncomingMessage>[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // After Express's own listener: only a weak reference to what the server handled.
    t.http.on('request', (req: IncomingMessage) => seen.push(new WeakRef(req)));
    await t.app.listen(0, '127.0.0.1');
    port = (t.http.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await t.close();
  });

  async function answeredAndCollected(
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; collected: boolean }> {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      seen.length = 0;
      const status = await new Promise<number>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        }).on('error', reject);
      });
      expect(seen).toHaveLength(1);
      // The connection is still open: the server's keep-alive timer for it is running.
      expect(agent.freeSockets[Object.keys(agent.freeSockets)[0]]?.length).toBe(1);
      // A weak reference's target lives to the end of the job that read it: collect between jobs.
      for (let round = 0; round < 5 && seen[0].deref() !== undefined; round++) {
        await new Promise((resolve) => setImmediate(resolve));
        collectGarbage();
      }
      return { status, collected: seen[0].deref() === undefined };
    } finally {
      agent.destroy();
    }
  }

  it('is collected (liveness, no database)', async () => {
    expect(await answeredAndCollected('/health')).toEqual({ status: 200, collected: true });
  });

  it('is collected after a statement (readiness: a pool connection taken and given back)', async () => {
    expect(await answeredAndCollected('/health/ready')).toEqual({ status: 200, collected: true });
  });

  it('is collected after a refusal (401 through the access guard and the error filter)', async () => {
    expect(await answeredAndCollected('/api/v1/accounts')).toEqual({ status: 401, collected: true });
  });

  it("is collected after a member's page (the access guard's query and the list's statements)", async () => {
    const { id, members } = await createDeployment(t);
    expect(
      await answeredAndCollected(`/api/v1/deployments/${id}/transactions`, { 'x-api-key': members[0].apiKey }),
    ).toEqual({ status: 200, collected: true });
  });
});
