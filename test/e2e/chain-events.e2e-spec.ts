import request from 'supertest';
import { createDeployment, TestDeployment, TRON_MAINNET } from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { claimEvent, createInvoice, ETH_USDT, invoiceBody, transfer, TRON_USDT } from '../support/invoices';
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

  it('answers an Object.prototype name as kind with a per-event error, not a 500 for the batch', async () => {
    const d = await createDeployment(t, { status: 'not_deployed' });
    const good = deployEvent(d, 'EXECUTED', txHash());
    const kinds = ['toString', '__proto__', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'constructor'];
    const res = await request(t.http)
      .post('/internal/v1/chain-events')
      .set('x-indexer-key', TEST_INDEXER_KEY)
      .set('content-type', 'application/json')
      // Raw JSON, so `__proto__` reaches the server as an own key, as any client may send it.
      .send(
        `{"events":[${kinds.map((kind, i) => `{"eventId":"proto-${i}","kind":"${kind}"}`).join(',')},${JSON.stringify(good)}]}`,
      )
      .expect(200);
    expect(res.body.results).toEqual([
      ...kinds.map((_kind, i) => ({
        eventId: `proto-${i}`,
        applied: false,
        duplicate: false,
        error: 'kind must be one of transfer, execution, claim, deploy',
      })),
      { eventId: good.eventId, applied: true, duplicate: false, error: null },
    ]);
    expect(await deploymentStatus(d.id)).toBe('deployed');
  });

  it('rejects an event on a chain the catalog does not know, whatever its kind', async () => {
    const d = await createDeployment(t, { status: 'not_deployed' });
    const results = await ingest(t, [{ ...deployEvent(d, 'EXECUTED', txHash()), chainId: '999999' }]);
    expect(results).toMatchObject([{ applied: false, error: 'chainId 999999 is not a supported network' }]);
    expect(await deploymentStatus(d.id)).toBe('not_deployed');
  });

  describe('one spelling of a transaction, whichever context records it', () => {
    it('keys a Tron invoice deposit by its hash without 0x, however the indexer wrote it', async () => {
      const tron = await createDeployment(t, { chainId: TRON_MAINNET });
      const invoice = await createInvoice(t, tron, invoiceBody({ currencyIds: [TRON_USDT] })).expect(201);
      const hex = txHash().slice(2);
      const pending = { ...transfer(tron, invoice.body.invoiceAddress, TRON_USDT, '5', 'PENDING'), txHash: `0x${hex}` };
      const mined = {
        ...transfer(tron, invoice.body.invoiceAddress, TRON_USDT, '5', 'EXECUTED'),
        txHash: hex.toUpperCase(),
      };
      expect(await ingest(t, [pending, mined])).toMatchObject([{ applied: true }, { applied: true }]);
      const rows = await t.dataSource.query(
        `SELECT tx_hash, source_key, status FROM transactions WHERE invoice_id = $1`,
        [invoice.body.id],
      );
      expect(rows).toEqual([{ tx_hash: hex, source_key: `${hex}:0`, status: 'EXECUTED' }]);
    });

    it('keys an EVM deploy by its 0x-prefixed lower-case hash, however the indexer wrote it', async () => {
      const d = await createDeployment(t, { status: 'not_deployed' });
      const hex = txHash().slice(2);
      await ingest(t, [deployEvent(d, 'PENDING', hex.toUpperCase()), deployEvent(d, 'EXECUTED', `0x${hex}`)]);
      const rows = await t.dataSource.query(
        `SELECT tx_hash, source_key, status FROM transactions WHERE deployment_id = $1`,
        [d.id],
      );
      expect(rows).toEqual([{ tx_hash: `0x${hex}`, source_key: `0x${hex}:deploy`, status: 'EXECUTED' }]);
    });
  });

  describe('one rule for a currency the catalog does not know on the event chain: rejected, nothing recorded', () => {
    const UNKNOWN = '1-0x0000000000000000000000000000000000000001';

    it('for a transfer to an invoice address as for one to a deployment address', async () => {
      const d = await createDeployment(t);
      const invoice = await createInvoice(t, d, invoiceBody({ currencyIds: [ETH_USDT] })).expect(201);
      const toInvoice = transfer(d, invoice.body.invoiceAddress, UNKNOWN, '5', 'EXECUTED');
      const toDeployment = transfer(d, d.address, UNKNOWN, '5', 'EXECUTED');
      const otherChain = transfer(d, invoice.body.invoiceAddress, TRON_USDT, '5', 'EXECUTED');
      const results = await ingest(t, [toInvoice, toDeployment, otherChain]);
      expect(results).toEqual(
        [toInvoice, toDeployment, otherChain].map((event) => ({
          eventId: event.eventId,
          applied: false,
          duplicate: false,
          error: `currencyId ${event.currencyId} is not a currency of chain 1`,
        })),
      );
      const rows = await t.dataSource.query(`SELECT 1 FROM transactions WHERE deployment_id = $1`, [d.id]);
      expect(rows).toHaveLength(0);
    });

    it('for a claim', async () => {
      const d = await createDeployment(t);
      const claim = claimEvent(d, UNKNOWN, ['0'], 'EXECUTED');
      expect(await ingest(t, [claim])).toMatchObject([
        { applied: false, error: `currencyId ${UNKNOWN} is not a currency of chain 1` },
      ]);
      const rows = await t.dataSource.query(`SELECT 1 FROM transactions WHERE deployment_id = $1`, [d.id]);
      expect(rows).toHaveLength(0);
    });

    it('while a catalog currency in another letter case is recorded under its catalog id', async () => {
      const d = await createDeployment(t);
      const invoice = await createInvoice(t, d, invoiceBody({ currencyIds: [ETH_USDT] })).expect(201);
      const event = transfer(
        d,
        invoice.body.invoiceAddress,
        ETH_USDT.toUpperCase().replace('0X', '0x'),
        '5',
        'EXECUTED',
      );
      expect(await ingest(t, [event])).toMatchObject([{ applied: true, error: null }]);
      const rows = await t.dataSource.query(`SELECT currency_id FROM transactions WHERE invoice_id = $1`, [
        invoice.body.id,
      ]);
      expect(rows).toEqual([{ currency_id: ETH_USDT }]);
    });
  });

  it('ignores events for unknown deployments', async () => {
    const d = await createDeployment(t);
    const stranger = {
      ...deployEvent(d, 'EXECUTED', txHash()),
      deploymentAddress: '0x000000000000000000000000000000000000dEaD',
    };
    expect(await ingest(t, [stranger])).toMatchObject([
      {
        applied: false,
        error: null,
        ignored: `deploymentAddress ${stranger.deploymentAddress} is not a deployment on chain ${d.chainId}`,
      },
    ]);
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
