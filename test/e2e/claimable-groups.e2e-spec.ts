import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { changeDeposits, claimableGroups, insertDeposits } from '../support/claimable-deposits';
import { checkWhileWriting } from '../support/concurrent-writes';
import { insertRows, USDT } from '../support/list-rows';
import { createTestApp, TestApp } from '../support/test-app';

interface Group {
  invoice_id: string;
  currency_id: string;
  first_at: Date;
  last_at: Date;
  amount: string;
  transactions: number;
}

describe('claimable groups (the claims list rollup)', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  beforeEach(async () => {
    d = await createDeployment(t, { chainId: '1' });
    await insertRows(t.dataSource, d.id, 12);
  });

  it('match the deposits after inserts, claims, status changes, moves, amount changes and deletes', async () => {
    await insertDeposits(t.dataSource, d.id, 600);
    for (let kind = 0; kind < 60; kind += 1) await changeDeposits(t.dataSource, d.id, kind);
    const { rollup, grouped } = await claimableGroups(t.dataSource, d.id);
    expect(grouped.length).toBeGreaterThan(8);
    expect(rollup).toEqual(grouped);
  });

  it('drop a group whose last deposit is claimed, and bring it back when one is unclaimed', async () => {
    await insertDeposits(t.dataSource, d.id, 40, 1);
    await t.dataSource.query(
      `UPDATE transactions SET status = 'CONFIRMED', is_claimed = false WHERE deployment_id = $1 AND currency_id = $2`,
      [d.id, USDT],
    );
    await t.dataSource.query(`UPDATE transactions SET is_claimed = true WHERE deployment_id = $1`, [d.id]);
    expect((await claimableGroups(t.dataSource, d.id)).rollup).toEqual([]);
    await t.dataSource.query(
      `UPDATE transactions SET is_claimed = false
        WHERE id = (SELECT id FROM transactions WHERE deployment_id = $1 AND currency_id = $2 ORDER BY created_at LIMIT 1)`,
      [d.id, USDT],
    );
    const { rollup, grouped } = await claimableGroups(t.dataSource, d.id);
    expect(rollup).toHaveLength(1);
    expect(rollup).toEqual(grouped);
    expect((rollup[0] as Group).transactions).toBe(1);
    // A change that leaves every deposit's group, time and amount as they were writes no group.
    const version = `SELECT xmin::text AS version FROM claimable_groups WHERE deployment_id = $1`;
    const [before] = (await t.dataSource.query(version, [d.id])) as { version: string }[];
    await t.dataSource.query(
      `UPDATE transactions SET confirmations = confirmations + 1, status = 'CONFIRMED' WHERE deployment_id = $1`,
      [d.id],
    );
    expect(await t.dataSource.query(version, [d.id])).toEqual([before]);
  });

  it('answer the claims list: total and page, by first and by last deposit, with a created range', async () => {
    await insertDeposits(t.dataSource, d.id, 300, 12);
    const { grouped } = await claimableGroups(t.dataSource, d.id);
    const groups = grouped as Group[];
    const byFirst = [...groups].sort(
      (a, b) =>
        b.first_at.getTime() - a.first_at.getTime() ||
        b.invoice_id.localeCompare(a.invoice_id) ||
        b.currency_id.localeCompare(a.currency_id),
    );
    const byLast = [...groups].sort(
      (a, b) =>
        a.last_at.getTime() - b.last_at.getTime() ||
        a.invoice_id.localeCompare(b.invoice_id) ||
        a.currency_id.localeCompare(b.currency_id),
    );
    const from = byFirst[Math.floor(byFirst.length / 2)].first_at;
    const cases: [Record<string, string>, Group[]][] = [
      [{ pageSize: '5', page: '2' }, byFirst.slice(5, 10)],
      [{ sortBy: 'updatedAt', sortOrder: 'asc', pageSize: '5' }, byLast.slice(0, 5)],
      [{ createdFrom: from.toISOString(), pageSize: '100' }, byFirst.filter((g) => g.first_at >= from)],
    ];
    for (const [query, expected] of cases) {
      const res = await request(t.http)
        .get(`/api/v1/deployments/${d.id}/claims`)
        .set('x-api-key', d.members[0].apiKey)
        .query(query)
        .expect(200);
      const total = query.createdFrom ? expected.length : groups.length;
      expect({ query, total: res.body.total }).toEqual({ query, total });
      const shown = (res.body.items as { invoiceId: string; currency: { id: string } }[]).map((item) => [
        item.invoiceId,
        item.currency.id,
      ]);
      expect({ query, shown }).toEqual({ query, shown: expected.map((g) => [g.invoice_id, g.currency_id]) });
    }
  });

  it('stay exact while concurrent writers add, claim, move and delete deposits of the same few groups', async () => {
    await insertDeposits(t.dataSource, d.id, 200, 4);
    const write = (kind: number) =>
      kind % 7 === 6
        ? insertDeposits(t.dataSource, d.id, 3, 4)
        : // Several statements in one transaction: the groups change with the deposits, together.
          t.dataSource.transaction(async (manager) => {
            await changeDeposits(manager, d.id, kind);
            await changeDeposits(manager, d.id, kind + 2);
          });
    const { writes, checks } = await checkWhileWriting(t.dataSource, write, async (snapshot) => {
      // The rollup and the deposits in one snapshot must agree at every moment.
      const { rollup, grouped } = await claimableGroups(snapshot, d.id);
      expect(rollup).toEqual(grouped);
    });
    expect(writes).toBeGreaterThan(20);
    expect(checks).toBeGreaterThan(5);
    const { rollup, grouped } = await claimableGroups(t.dataSource, d.id);
    expect(grouped.length).toBeGreaterThan(2);
    expect(rollup).toEqual(grouped);
  }, 60_000);
});
