import request from 'supertest';
import { createDeployment, evmWallet, TestDeployment } from '../support/builders';
import {
  AppProcess,
  holdRowLock,
  OwnPostgres,
  startAppProcess,
  startOwnPostgres,
  waitForLockWaiters,
} from '../support/crash-rig';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(120_000);

/** How soon a key whose request is gone must be free again. */
const LEASE_MS = 30_000;

/**
 * Idempotency-Key through real crashes: a PostgreSQL server of the test's own stopped under a
 * request, and the built app in a child process killed with SIGKILL (or frozen with SIGSTOP)
 * mid-request. Afterwards the same key either replays the committed response or runs the write
 * once; never a duplicate, never a key stuck in progress past the lease.
 */
describe('Idempotency-Key through crashes', () => {
  let pg: OwnPostgres;
  let t: TestApp;
  let d: TestDeployment;
  let child: AppProcess | undefined;

  beforeAll(async () => {
    pg = await startOwnPostgres();
    t = await createTestApp({ databaseUrl: pg.url });
    d = await createDeployment(t);
  });
  afterAll(async () => {
    await child?.kill();
    await t?.close();
    await pg?.remove();
  });

  const body = (trackingId: string) => ({
    deploymentId: d.id,
    currencyId: d.chainId,
    amount: '1',
    toAddress: evmWallet().address,
    trackingId,
  });
  const payoutsPath = () => `/api/v1/deployments/${d.id}/payouts`;
  const post = (payload: object, key: string) =>
    request(t.http).post(payoutsPath()).set('x-api-key', d.members[0].apiKey).set('Idempotency-Key', key).send(payload);
  const postToChild = (app: AppProcess, payload: object, key: string) =>
    fetch(`${app.baseUrl}${payoutsPath()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': d.members[0].apiKey, 'idempotency-key': key },
      body: JSON.stringify(payload),
    });
  /** The same request again until it is neither in progress (409) nor unavailable (503). */
  const retryUntilSettled = async (payload: object, key: string, deadline: number) => {
    for (;;) {
      const res = await post(payload, key);
      if ((res.status !== 409 && res.status !== 503) || Date.now() > deadline) return res;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const payoutsTracked = async (trackingId: string) =>
    Number(
      (
        (await t.dataSource.query(`SELECT count(*) AS n FROM payouts WHERE tracking_id = $1`, [trackingId])) as {
          n: string;
        }[]
      )[0].n,
    );
  const lockDeployment = () => holdRowLock(pg.url, `SELECT 1 FROM deployments WHERE id = $1 FOR UPDATE`, [d.id]);

  it('a write cut off by PostgreSQL stopping committed nothing: the key is free and the retry runs it once', async () => {
    const payload = body('db-stop');
    const lock = await lockDeployment();
    const pending = post(payload, 'db-stop').then((res) => res);
    await waitForLockWaiters(pg.url);
    await pg.stop();
    await lock.release();
    const cutOff = await pending;
    expect(cutOff.status).toBe(503);
    expect(cutOff.body.code).toBe('SERVICE_UNAVAILABLE');

    await pg.start();
    const retried = await retryUntilSettled(payload, 'db-stop', Date.now() + LEASE_MS);
    expect(retried.status).toBe(201);
    const replay = await post(payload, 'db-stop');
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(retried.body);
    expect(await payoutsTracked('db-stop')).toBe(1);
  });

  it('a write whose app process is killed mid-request frees its key within 30 s; the retry runs it once', async () => {
    child = await startAppProcess(pg.url);
    const payload = body('sigkill');
    const lock = await lockDeployment();
    const pending = postToChild(child, payload, 'sigkill').then(
      () => 'answered',
      () => 'cut off',
    );
    await waitForLockWaiters(pg.url);
    await child.kill();
    const killedAt = Date.now();
    expect(await pending).toBe('cut off');
    // The killed app's session still waits for the row; once it gets it, it finds its client gone.
    await lock.release();

    const retried = await retryUntilSettled(payload, 'sigkill', killedAt + LEASE_MS);
    expect(retried.status).toBe(201);
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS);
    expect(await payoutsTracked('sigkill')).toBe(1);
  });

  it('a write whose app process froze mid-transaction (SIGSTOP) frees its key within 30 s; the retry runs it once', async () => {
    child = await startAppProcess(pg.url);
    const payload = body('sigstop');
    const lock = await lockDeployment();
    void postToChild(child, payload, 'sigstop').catch(() => undefined);
    await waitForLockWaiters(pg.url);
    // Frozen, not dead: its socket stays open, so only PostgreSQL's idle timeout can end its session.
    child.child.kill('SIGSTOP');
    const frozenAt = Date.now();
    await lock.release();
    try {
      const retried = await retryUntilSettled(payload, 'sigstop', frozenAt + LEASE_MS);
      expect(retried.status).toBe(201);
      expect(Date.now() - frozenAt).toBeLessThan(LEASE_MS);
      expect(await payoutsTracked('sigstop')).toBe(1);
    } finally {
      await child.kill();
    }
  });

  it('writers cut off by a SIGKILL: each acknowledged write replays its response, each other runs once', async () => {
    child = await startAppProcess(pg.url);
    const writers = Array.from({ length: 30 }, (_, i) => ({ key: `burst-${i}`, payload: body(`burst-${i}`) }));
    const acknowledged = new Map<string, { id: string }>();
    const app = child;
    const sent = writers.map(async ({ key, payload }) => {
      try {
        const res = await postToChild(app, payload, key);
        if (res.status === 201) acknowledged.set(key, (await res.json()) as { id: string });
      } catch {
        // cut off by the kill
      }
    });
    // Kill once some writes were answered and others are surely still running.
    const deadline = Date.now() + 10_000;
    while (acknowledged.size < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    await child.kill();
    const killedAt = Date.now();
    await Promise.all(sent);
    expect(acknowledged.size).toBeGreaterThanOrEqual(3);

    for (const { key, payload } of writers) {
      const res = await retryUntilSettled(payload, key, killedAt + LEASE_MS);
      expect(res.status).toBe(201);
      const acked = acknowledged.get(key);
      if (acked !== undefined) {
        expect(res.headers['idempotent-replayed']).toBe('true');
        expect(res.body.id).toBe(acked.id);
      }
      expect(await payoutsTracked(payload.trackingId)).toBe(1);
    }
  });
});
