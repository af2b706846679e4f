import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { createTestApp, TestApp } from '../support/test-app';

describe('chain-event intake', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
  });
  afterAll(() => t.close());

  const deployEvent = (d: TestDeployment, status: string, hash: string) => ({
    eventId: eventId(),
    kind: 'deploy',
    chainId: d.chainId,
    deploymentAddress: d.address,
    txHash: hash,
    status,
  });

  async function deploymentStatus(id: string): Promise<string> {
    const rows: { deployment_status: string }[] = await t.dataSource.query(
      `SELECT deployment_status FROM deployments WHERE id = $1`,
      [id],
    );
    return rows[0].deployment_status;
  }

  it('is 401 with a wrong or missing indexer key', async () => {
    await request(t.http)
      .post('/internal/v1/chain-events')
      .set('x-indexer-key', 'wrong')
      .send({ events: [] })
      .expect(401);
    await request(t.http)
      .post('/internal/v1/chain-events')
      .send({ events: [{}] })
      .expect(401);
  });

  it('is 400 for an empty or oversized batch', async () => {
    await request(t.http)
      .post('/internal/v1/chain-events')
      .set('x-indexer-key', TEST_INDEXER_KEY)
      .send({ events: [] })
      .expect(400);
    const tooMany = Array.from({ length: 1001 }, () => ({}));
    await request(t.http)
      .post('/internal/v1/chain-events')
      .set('x-indexer-key', TEST_INDEXER_KEY)
      .send({ events: tooMany })
      .expect(400);
  });

  it('applies a deploy event once; a replay changes nothing', async () => {
    const d = await createDeployment(t, { status: 'not_deployed' });
    const event = deployEvent(d, 'PENDING', txHash());
    expect(await ingest(t, [event])).toEqual([
      { eventId: event.eventId, applied: true, duplicate: false, error: null },
    ]);
    expect(await deploymentStatus(d.id)).toBe('pending');
    expect(await ingest(t, [event])).toEqual([
      { eventId: event.eventId, applied: false, duplicate: true, error: null },
    ]);
    const rows = await t.dataSource.query(
      `SELECT status, operation_type, direction FROM transactions WHERE deployment_id = $1`,
      [d.id],
    );
    expect(rows).toEqual([{ status: 'PENDING', operation_type: 'deploy', direction: 'OUT' }]);
  });

  it('ends in the same state whatever the order of observations', async () => {
    const inOrder = await createDeployment(t, { status: 'not_deployed' });
    const reversed = await createDeployment(t, { status: 'not_deployed' });
    const hashA = txHash();
    const hashB = txHash();
    await ingest(t, [deployEvent(inOrder, 'PENDING', hashA), deployEvent(inOrder, 'EXECUTED', hashA)]);
    await ingest(t, [deployEvent(reversed, 'EXECUTED', hashB), deployEvent(reversed, 'PENDING', hashB)]);
    expect(await deploymentStatus(inOrder.id)).toBe('deployed');
    expect(await deploymentStatus(reversed.id)).toBe('deployed');
    const statuses = await t.dataSource.query(
      `SELECT deployment_id, status FROM transactions WHERE deployment_id = ANY($1) ORDER BY deployment_id`,
      [[inOrder.id, reversed.id]],
    );
    expect(statuses.map((row: { status: string }) => row.status)).toEqual(['EXECUTED', 'EXECUTED']);
  });

  it('reports a bad event in a batch while the others apply', async () => {
    const d = await createDeployment(t, { status: 'not_deployed' });
    const good = deployEvent(d, 'EXECUTED', txHash());
    const results = await ingest(t, [
      {
        eventId: 'bad-1',
        kind: 'deploy',
        chainId: d.chainId,
        deploymentAddress: d.address,
        txHash: 'nope',
        status: 'EXECUTED',
      },
      { eventId: 'bad-2', kind: 'teleport' },
      'not an object',
      good,
    ]);
    expect(results[0]).toMatchObject({ eventId: 'bad-1', applied: false, error: expect.stringContaining('txHash') });
    expect(results[1]).toMatchObject({
      eventId: 'bad-2',
      applied: false,
      error: expect.stringContaining('kind must be one of'),
    });
    expect(results[2]).toMatchObject({ eventId: null, applied: false, error: 'event must be an object' });
    expect(results[3]).toEqual({ eventId: good.eventId, applied: true, duplicate: false, error: null });
    expect(await deploymentStatus(d.id)).toBe('deployed');
  });

  it('ignores events for unknown deployments', async () => {
    const d = await createDeployment(t);
    const stranger = {
      ...deployEvent(d, 'EXECUTED', txHash()),
      deploymentAddress: '0x000000000000000000000000000000000000dEaD',
    };
    expect(await ingest(t, [stranger])).toMatchObject([{ applied: true, error: null }]);
    const rows = await t.dataSource.query(`SELECT 1 FROM transactions WHERE tx_hash = $1`, [stranger.txHash]);
    expect(rows).toHaveLength(0);
  });
});

describe('chain-event intake without INDEXER_API_KEY', () => {
  it('is disabled (404)', async () => {
    const t = await createTestApp();
    await request(t.http)
      .post('/internal/v1/chain-events')
      .set('x-indexer-key', 'anything')
      .send({ events: [{}] })
      .expect(404);
    await t.close();
  });
});
