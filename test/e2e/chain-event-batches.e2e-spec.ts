import request from 'supertest';
import { createDeployment, type TestDeployment } from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { createTestApp, type TestApp } from '../support/test-app';
import { amountBuckets } from '../support/transaction-rollups';
import { claimableGroups } from '../support/claimable-deposits';
import { sourceKey } from '../../src/modules/chain/application/transaction-identity';

/**
 * The intake applies the valid events of a batch a few dozen to a database transaction. What a
 * reporter sees must not change: each event applies once, in order, and an event that is ignored
 * or refused neither takes the others with it nor gets recorded.
 */
describe('chain events applied together', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    d = await createDeployment(t, { memberCount: 1 });
  });
  afterAll(() => t.close());

  async function invoices(count: number, requestedAmount: string | null = null) {
    const created: { id: string; invoiceAddress: string }[] = [];
    for (let i = 0; i < count; i++)
      created.push(
        (await createInvoice(t, d, invoiceBody({ requestedAmount, currencyIds: [ETH_USDT] })).expect(201)).body,
      );
    return created;
  }

  async function invoice(id: string): Promise<{ status: string; paidAmount: string | null }> {
    const res = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/invoices/${id}`)
      .set('x-api-key', d.members[0].apiKey)
      .expect(200);
    return (res.body as { invoice: { status: string; paidAmount: string | null } }).invoice;
  }

  async function rowsOf(hashes: string[]): Promise<{ tx_hash: string; status: string; confirmations: number }[]> {
    return t.dataSource.query(
      `SELECT tx_hash, status, confirmations FROM transactions WHERE tx_hash = ANY($1) ORDER BY tx_hash`,
      [hashes],
    );
  }

  async function ledgered(ids: string[]): Promise<{ event_id: string; applied_at: Date }[]> {
    return t.dataSource.query(`SELECT event_id, applied_at FROM chain_events WHERE event_id = ANY($1)`, [ids]);
  }

  it('records a batch in one transaction, each event once, a repeated id within it as a replay', async () => {
    const paid = await invoices(60, '1');
    const events = paid.map((target) => transfer(d, target.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED'));
    const direct = transfer(d, d.address, ETH_USDT, '5000000', 'CONFIRMED');
    const batch = [...events.slice(0, 20), direct, { ...events[3] }, ...events.slice(20)];

    const results = await ingest(t, batch);

    expect(results.filter((result) => result.applied)).toHaveLength(61);
    expect(results[21]).toEqual({ eventId: events[3].eventId, applied: false, duplicate: true, error: null });
    const rows = await rowsOf([...events, direct].map((event) => event.txHash));
    expect(rows).toHaveLength(61);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['CONFIRMED']));
    for (const target of [paid[0], paid[3], paid[59]])
      expect(await invoice(target.id)).toMatchObject({ status: 'PAID', paidAmount: '1' });
    // The ledger stamps each id with its transaction's start: the first events shared one.
    const first = await ledgered(batch.slice(0, 21).map((event) => event.eventId));
    expect(first).toHaveLength(21);
    expect(new Set(first.map((row) => row.applied_at.getTime())).size).toBe(1);
    const { rollup, summed } = await amountBuckets(t.dataSource, d.id);
    expect(rollup).toEqual(summed);

    const replayed = await ingest(t, batch);
    expect(replayed.every((result) => result.duplicate && !result.applied && result.error === null)).toBe(true);
    expect(await rowsOf([...events, direct].map((event) => event.txHash))).toHaveLength(61);
  });

  it('keeps the order of one deposit’s observations within a batch', async () => {
    const [target] = await invoices(1, '2');
    const deposit = txHash();
    const seen = (status: string, confirmations: number) =>
      transfer(d, target.invoiceAddress, ETH_USDT, '2000000', status, { hash: deposit, confirmations });
    const results = await ingest(t, [seen('EXECUTED', 1), seen('EXECUTED', 2), seen('CONFIRMED', 12)]);
    expect(results.map((result) => result.applied)).toEqual([true, true, true]);
    expect(await rowsOf([deposit])).toEqual([{ tx_hash: deposit, status: 'CONFIRMED', confirmations: 12 }]);
    expect(await invoice(target.id)).toMatchObject({ status: 'PAID', paidAmount: '2' });
  });

  it('counts two deposits to one invoice in one batch, and a direct deposit beside them', async () => {
    const [target] = await invoices(1, '3');
    const first = transfer(d, target.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED');
    const direct = transfer(d, d.address, ETH_USDT, '4000000', 'CONFIRMED');
    const second = transfer(d, target.invoiceAddress, ETH_USDT, '2000000', 'CONFIRMED');
    const results = await ingest(t, [first, direct, second]);
    expect(results.map((result) => result.applied)).toEqual([true, true, true]);
    expect(await invoice(target.id)).toMatchObject({ status: 'PAID', paidAmount: '3' });
    const rows: { operation_type: string; amount: string }[] = await t.dataSource.query(
      `SELECT operation_type, amount::text FROM transactions WHERE tx_hash = ANY($1) ORDER BY amount`,
      [[first.txHash, direct.txHash, second.txHash]],
    );
    expect(rows).toEqual([
      { operation_type: 'invoice', amount: '1000000' },
      { operation_type: 'invoice', amount: '2000000' },
      { operation_type: 'direct_deposit', amount: '4000000' },
    ]);
  });

  it('an ignored or refused event leaves the others of its batch applied, and is not recorded', async () => {
    const paid = await invoices(4, '1');
    const good = paid.map((target) => transfer(d, target.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED'));
    const stranger = transfer(d, '0x000000000000000000000000000000000000dEaD', ETH_USDT, '7', 'CONFIRMED');
    const malformed = { ...transfer(d, paid[0].invoiceAddress, ETH_USDT, '1', 'CONFIRMED'), amount: '-1' };
    const batch = [good[0], good[1], stranger, malformed, good[2], good[3]];

    const results = await ingest(t, batch);

    expect(results.map((result) => result.applied)).toEqual([true, true, false, false, true, true]);
    expect(results[2]).toEqual({
      eventId: stranger.eventId,
      applied: false,
      duplicate: false,
      error: null,
      ignored: `toAddress ${stranger.toAddress} is not a deployment or invoice address on chain ${d.chainId}`,
    });
    expect(results[3]).toMatchObject({
      eventId: malformed.eventId,
      applied: false,
      error: expect.stringMatching(/amount/),
    });
    expect(await rowsOf(good.map((event) => event.txHash))).toHaveLength(4);
    expect(await rowsOf([stranger.txHash, malformed.txHash])).toEqual([]);
    expect((await ledgered(batch.map((event) => event.eventId))).map((row) => row.event_id).sort()).toEqual(
      good.map((event) => event.eventId).sort(),
    );
    for (const target of paid) expect(await invoice(target.id)).toMatchObject({ status: 'PAID', paidAmount: '1' });
  });

  /** The deployment's `transaction_totals` as the rollup holds them, and as counting its rows makes them. */
  async function totals(): Promise<{ rollup: unknown[]; counted: unknown[] }> {
    const bucket = 'status, currency_id, operation_type, is_claimed';
    const rollup = (await t.dataSource.query(
      `SELECT ${bucket}, n::int FROM transaction_totals WHERE deployment_id = $1 AND n <> 0 ORDER BY ${bucket}`,
      [d.id],
    )) as unknown[];
    const counted = (await t.dataSource.query(
      `SELECT status, coalesce(currency_id, '') AS currency_id, operation_type, is_claimed, count(*)::int AS n
         FROM transactions WHERE deployment_id = $1 GROUP BY 1, 2, 3, 4 ORDER BY ${bucket}`,
      [d.id],
    )) as unknown[];
    return { rollup, counted };
  }

  async function expectRollupsExact(): Promise<void> {
    const amounts = await amountBuckets(t.dataSource, d.id);
    expect(amounts.rollup).toEqual(amounts.summed);
    const counts = await totals();
    expect(counts.rollup).toEqual(counts.counted);
    const groups = await claimableGroups(t.dataSource, d.id);
    expect(groups.rollup).toEqual(groups.grouped);
  }

  it('a batch of deposits to many invoices and the wallet of one deployment, progressing and replayed, moves its rollups exactly once', async () => {
    const targets = await invoices(12, '3');
    const mined = targets.map((target) => transfer(d, target.invoiceAddress, ETH_USDT, '1000000', 'EXECUTED'));
    // Each invoice's deposit confirmed in the same batch (same deposit, a later observation), and a
    // second deposit to half of them, confirmed at once.
    const confirmed = mined.map((event) => ({
      ...transfer(d, event.toAddress, ETH_USDT, '1000000', 'CONFIRMED', { hash: event.txHash }),
    }));
    const seconds = targets
      .slice(0, 6)
      .map((target) => transfer(d, target.invoiceAddress, ETH_USDT, '2000000', 'CONFIRMED'));
    const direct = [1, 2, 3].map(() => transfer(d, d.address, ETH_USDT, '5000000', 'CONFIRMED'));
    const batch = [
      ...mined,
      direct[0],
      { ...mined[2] },
      ...confirmed,
      direct[1],
      ...seconds,
      { ...confirmed[0] },
      direct[2],
      { ...direct[0] },
    ];

    const results = await ingest(t, batch);

    expect(results.filter((result) => result.applied)).toHaveLength(batch.length - 3);
    expect(results.filter((result) => result.duplicate)).toHaveLength(3);
    const rows = await rowsOf([...mined, ...seconds, ...direct].map((event) => event.txHash));
    expect(rows).toHaveLength(mined.length + seconds.length + direct.length);
    expect(rows.every((row) => row.status === 'CONFIRMED')).toBe(true);
    for (const [i, target] of targets.entries())
      expect(await invoice(target.id)).toMatchObject(
        i < 6 ? { status: 'PAID', paidAmount: '3' } : { status: 'CREATED', paidAmount: '1' },
      );
    await expectRollupsExact();

    expect((await ingest(t, batch)).every((result) => result.duplicate)).toBe(true);
    await expectRollupsExact();
  });

  it('a row another transaction inserts while the batch holds it as new: the batch applies again event by event', async () => {
    const [target, other] = await invoices(2, '1');
    const deposit = transfer(d, target.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED');
    const beside = transfer(d, other.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED');
    const rival = t.dataSource.createQueryRunner();
    await rival.connect();
    try {
      await rival.startTransaction();
      // Another writer records the same transfer (chain and source key), mined, as the wallet's own
      // deposit, and has not committed: the batch's prefetch cannot see it, and its insert at the end
      // of the group waits for it, then finds it.
      await rival.query(
        `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id,
                                   amount, operation_type, confirmations)
         VALUES (gen_random_uuid(), $1, $2, $3, 'IN', 'EXECUTED', $4, $5, 1000000, 'direct_deposit', 1)`,
        [d.id, d.chainId, sourceKey.transfer(deposit.txHash, deposit.logIndex), deposit.txHash, ETH_USDT],
      );
      const applying = ingest(t, [deposit, beside]);
      await waitForLockWait();
      await rival.commitTransaction();
      const results = await applying;
      expect(results.map((result) => result.applied)).toEqual([true, true]);
    } finally {
      if (rival.isTransactionActive) await rival.rollbackTransaction();
      await rival.release();
    }
    const rows: { status: string; operation_type: string; invoice_id: string | null }[] = await t.dataSource.query(
      `SELECT status, operation_type, invoice_id FROM transactions WHERE tx_hash = $1`,
      [deposit.txHash],
    );
    // One row, the rival's, moved on by the event; not the invoice's, so it pays nothing.
    expect(rows).toEqual([{ status: 'CONFIRMED', operation_type: 'direct_deposit', invoice_id: null }]);
    expect(await invoice(target.id)).toMatchObject({ status: 'CREATED' });
    expect(await invoice(other.id)).toMatchObject({ status: 'PAID', paidAmount: '1' });
    await expectRollupsExact();
  });

  /** Until some session waits for a row lock on `transactions` (the batch's insert behind the rival's). */
  async function waitForLockWait(): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const waiting: unknown[] = await t.dataSource.query(
        `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO transactions%'`,
      );
      if (waiting.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the batch never waited for the rival insert');
  }

  it('two reporters sending the same events at once, in opposite orders, apply each once', async () => {
    const paid = await invoices(40, '1');
    const events = paid.map((target) => transfer(d, target.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED'));

    const [forward, backward] = await Promise.all([ingest(t, events), ingest(t, [...events].reverse())]);

    const appliedIds = [...forward, ...backward].filter((result) => result.applied).map((result) => result.eventId);
    expect(appliedIds.sort()).toEqual(events.map((event) => event.eventId).sort());
    expect([...forward, ...backward].every((result) => result.error === null)).toBe(true);
    expect(await rowsOf(events.map((event) => event.txHash))).toHaveLength(40);
    for (const target of [paid[0], paid[20], paid[39]])
      expect(await invoice(target.id)).toMatchObject({ status: 'PAID', paidAmount: '1' });
    await expectRollupsExact();
  });

  it('two reporters sending the same deposits at once under their own event ids record each once', async () => {
    const paid = await invoices(30, '1');
    const deposits = [
      ...paid.map((target) => transfer(d, target.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED')),
      ...[1, 2, 3, 4, 5].map(() => transfer(d, d.address, ETH_USDT, '7000000', 'CONFIRMED')),
    ];
    const again = deposits.map((event) => ({ ...event, eventId: eventId() }));

    const [first, second] = await Promise.all([ingest(t, deposits), ingest(t, [...again].reverse())]);

    expect([...first, ...second].every((result) => result.applied && result.error === null)).toBe(true);
    expect(await rowsOf(deposits.map((event) => event.txHash))).toHaveLength(deposits.length);
    for (const target of paid) expect(await invoice(target.id)).toMatchObject({ status: 'PAID', paidAmount: '1' });
    await expectRollupsExact();
  });
});
