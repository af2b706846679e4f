import request from 'supertest';
import { createDeployment, evmWallet, TestDeployment, TRON_MAINNET } from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { claimEvent, createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { createConfigChange, executionEvent } from '../support/queue';
import { createTestApp, TestApp } from '../support/test-app';

const UINT256_MAX = (1n << 256n) - 1n;
const SWEEP = "a transfer from the deployment's own deposit address is a claim's sweep: the claim event records it";

/**
 * What a reporter may send to the chain-event intake: every field checked for its network and
 * range, a status that agrees with its confirmations, unknown subjects ignored with a reason, and a
 * claim's sweep never counted as a direct deposit, in whichever order it arrives beside its claim.
 */
describe('chain-event rules', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    d = await createDeployment(t, { chainId: '1' });
  });
  afterAll(() => t.close());

  const recorded = async (events: { eventId: string; txHash: string }[]) => {
    const [{ ledger }] = await t.dataSource.query(
      `SELECT count(*)::int AS ledger FROM chain_events WHERE event_id = ANY($1)`,
      [events.map((event) => event.eventId)],
    );
    const [{ rows }] = await t.dataSource.query(
      `SELECT count(*)::int AS rows FROM transactions WHERE tx_hash = ANY($1)`,
      [events.map((event) => event.txHash.toLowerCase())],
    );
    return { ledger, rows };
  };

  const direct = (fields: Record<string, unknown>) => ({
    ...transfer(d, d.address, ETH_USDT, '1000000', 'EXECUTED'),
    ...fields,
  });

  describe('refuses a field that does not fit, naming it, and records nothing', () => {
    const tronAddress = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    it.each<[string, () => Record<string, unknown>, RegExp]>([
      ['an empty fromAddress', () => direct({ fromAddress: '' }), /^fromAddress must be an EVM address/],
      ['an emoji fromAddress', () => direct({ fromAddress: '🙂' }), /^fromAddress must be an EVM address/],
      ['a fromAddress of 63 hex digits', () => direct({ fromAddress: `0x${'a'.repeat(63)}` }), /^fromAddress must/],
      ['a Tron fromAddress on an EVM chain', () => direct({ fromAddress: tronAddress }), /^fromAddress must/],
      ['a garbage toAddress', () => direct({ toAddress: 'nowhere' }), /^toAddress must be an EVM address/],
      ['an amount above 2^256-1', () => direct({ amount: (UINT256_MAX + 1n).toString() }), /^amount: amount must be/],
      ['a fee above 2^256-1', () => direct({ fee: (UINT256_MAX + 1n).toString() }), /^fee: fee must be/],
      ['a negative amount', () => direct({ amount: '-1' }), /^amount: /],
      ['logIndex 1e308', () => direct({ logIndex: 1e308 }), /^logIndex: /],
      ['a fractional logIndex', () => direct({ logIndex: 1.5 }), /^logIndex: /],
      ['a negative logIndex', () => direct({ logIndex: -1 }), /^logIndex: /],
      ['blockNumber "99999999999999999999"', () => direct({ blockNumber: '99999999999999999999' }), /^blockNumber: /],
      ['blockNumber 2^63', () => direct({ blockNumber: (1n << 63n).toString() }), /^blockNumber: /],
      ['blockNumber 1e308', () => direct({ blockNumber: 1e308 }), /^blockNumber: /],
      ['confirmations 1e308', () => direct({ confirmations: 1e308 }), /^confirmations: /],
      ['an observedAt that is no timestamp', () => direct({ observedAt: 'yesterday' }), /^observedAt: /],
      ['a negative confirmations', () => direct({ confirmations: -1 }), /^confirmations: /],
      ['CONFIRMED with 0 confirmations', () => direct({ status: 'CONFIRMED', confirmations: 0 }), /^status: CONFIRMED/],
      [
        'CONFIRMED below the network requirement (12 on Ethereum)',
        () => direct({ status: 'CONFIRMED', confirmations: 11 }),
        /^status: CONFIRMED needs 12 confirmations/,
      ],
      ['PENDING with a confirmation', () => direct({ status: 'PENDING', confirmations: 1 }), /^status: PENDING/],
      ['EXECUTED with no confirmation', () => direct({ status: 'EXECUTED', confirmations: 0 }), /^status: EXECUTED/],
      [
        'an execution with a garbage deploymentAddress',
        () => ({
          ...executionEvent(d, [], 'EXECUTED', txHash(), eventId()),
          executeOperationIds: [`0x${'1'.repeat(64)}`],
          deploymentAddress: '0x12',
        }),
        /^deploymentAddress must be an EVM address/,
      ],
      [
        'an execution with a fee above 2^256-1',
        () => ({
          ...executionEvent(d, [], 'EXECUTED', txHash(), eventId()),
          executeOperationIds: [`0x${'1'.repeat(64)}`],
          fee: (UINT256_MAX + 1n).toString(),
        }),
        /^fee: /,
      ],
      [
        'an execution CONFIRMED with 3 confirmations',
        () => ({
          ...executionEvent(d, [], 'CONFIRMED', txHash(), eventId()),
          executeOperationIds: [`0x${'1'.repeat(64)}`],
          confirmations: 3,
        }),
        /^status: CONFIRMED needs 12/,
      ],
      [
        'a claim with a Tron deploymentAddress',
        () => ({ ...claimEvent(d, ETH_USDT, ['0'], 'EXECUTED'), deploymentAddress: tronAddress }),
        /^deploymentAddress must/,
      ],
      [
        'a claim with a garbage toAddress',
        () => ({ ...claimEvent(d, ETH_USDT, ['0'], 'EXECUTED'), toAddress: 'x' }),
        /^toAddress must/,
      ],
      [
        'a deploy with an emoji deploymentAddress',
        () => ({
          eventId: eventId(),
          kind: 'deploy',
          chainId: '1',
          txHash: txHash(),
          status: 'EXECUTED',
          deploymentAddress: '🙂',
        }),
        /^deploymentAddress must/,
      ],
    ])('%s', async (_label, build, error) => {
      const event = build() as { eventId: string; txHash: string };
      const [result] = await ingest(t, [event]);
      expect(result).toEqual({
        eventId: event.eventId,
        applied: false,
        duplicate: false,
        error: expect.stringMatching(error),
      });
      expect(result.error).not.toContain('internal error');
      expect(await recorded([event])).toEqual({ ledger: 0, rows: 0 });
    });

    it('takes a block number as a safe integer or a decimal string up to 2^63-1', async () => {
      const asNumber = direct({ blockNumber: 19_000_000 });
      const atTheTop = direct({ blockNumber: ((1n << 63n) - 1n).toString() });
      expect(await ingest(t, [asNumber, atTheTop])).toMatchObject([{ applied: true }, { applied: true }]);
      const rows = await t.dataSource.query(
        `SELECT block_number::text FROM transactions WHERE tx_hash = ANY($1) ORDER BY block_number`,
        [[asNumber.txHash, atTheTop.txHash]],
      );
      expect(rows).toEqual([{ block_number: '19000000' }, { block_number: ((1n << 63n) - 1n).toString() }]);
    });

    it('takes an amount of exactly 2^256-1', async () => {
      const event = direct({ amount: UINT256_MAX.toString(), status: 'CONFIRMED', confirmations: 12 });
      expect(await ingest(t, [event])).toMatchObject([{ applied: true, error: null }]);
    });
  });

  describe('ignores a valid event whose subject is not the service’s, saying why', () => {
    it.each<[string, () => Record<string, unknown>, string]>([
      [
        'an execution of an unknown wallet',
        () => ({
          ...executionEvent(d, [], 'EXECUTED', txHash(), eventId()),
          executeOperationIds: [`0x${'1'.repeat(64)}`],
          deploymentAddress: evmWallet().address,
        }),
        'is not a deployment on chain 1',
      ],
      [
        'a claim of an unknown wallet',
        () => ({ ...claimEvent(d, ETH_USDT, ['0'], 'EXECUTED'), deploymentAddress: evmWallet().address }),
        'is not a deployment on chain 1',
      ],
      [
        'a transfer to an unknown address',
        () => transfer(d, evmWallet().address, ETH_USDT, '1', 'EXECUTED'),
        'is not a deployment or invoice address on chain 1',
      ],
    ])('%s', async (_label, build, reason) => {
      const event = build() as { eventId: string; txHash: string };
      const [result] = await ingest(t, [event]);
      expect(result).toEqual({
        eventId: event.eventId,
        applied: false,
        duplicate: false,
        error: null,
        ignored: expect.stringContaining(reason),
      });
      expect(await recorded([event])).toEqual({ ledger: 0, rows: 0 });
    });

    it('an execution naming no operation of a known wallet', async () => {
      const other = await createDeployment(t);
      const foreign = await createConfigChange(t, other);
      const event = executionEvent(d, [foreign.id], 'EXECUTED', txHash(), eventId());
      expect(await ingest(t, [event])).toEqual([
        {
          eventId: event.eventId,
          applied: false,
          duplicate: false,
          error: null,
          ignored: 'executeOperationIds name no queue operation of this deployment',
        },
      ]);
    });
  });

  describe("a claim's sweep beside its claim event, in both orders", () => {
    const balances = async (deployment: TestDeployment) => {
      const res = await request(t.http)
        .get(`/api/v1/accounts/${deployment.accountId}/balance/summary?chainId=${deployment.chainId}&baseCurrency=usd`)
        .set('x-api-key', deployment.members[0].apiKey)
        .expect(200);
      return res.body as { totalBalance: string; uncollectedBalance: string };
    };
    const directDeposits = async (deployment: TestDeployment) =>
      (
        await t.dataSource.query(
          `SELECT count(*)::int AS n FROM transactions WHERE deployment_id = $1 AND operation_type = 'direct_deposit'`,
          [deployment.id],
        )
      )[0].n as number;

    /** 7 USDT confirmed in an invoice's deposit account, then swept by `claim` (or `claimTo` when `to`). */
    async function sweep(order: 'claim first' | 'sweep first', to?: string) {
      const own = await createDeployment(t, { chainId: '1' });
      const inv = (await createInvoice(t, own, invoiceBody({ currencyIds: [ETH_USDT] })).expect(201)).body;
      await ingest(t, [transfer(own, inv.invoiceAddress, ETH_USDT, '7000000', 'CONFIRMED')]);
      expect(await balances(own)).toMatchObject({ totalBalance: '0', uncollectedBalance: '7' });
      const hash = txHash();
      const claim = {
        ...claimEvent(own, ETH_USDT, ['0'], 'CONFIRMED', hash),
        confirmations: 12,
        ...(to ? { toAddress: to } : {}),
      };
      const swept = {
        ...transfer(own, to ?? own.address, ETH_USDT, '7000000', 'CONFIRMED', { hash, logIndex: 4 }),
        fromAddress: inv.invoiceAddress,
      };
      const results = await ingest(t, order === 'claim first' ? [claim, swept] : [swept, claim]);
      return { own, claim: results[order === 'claim first' ? 0 : 1], swept: results[order === 'claim first' ? 1 : 0] };
    }

    it.each(['claim first', 'sweep first'] as const)('claim: %s', async (order) => {
      const { own, claim, swept } = await sweep(order);
      expect(claim).toMatchObject({ applied: true, error: null });
      expect(swept).toMatchObject({ applied: false, error: null, ignored: SWEEP });
      expect(await directDeposits(own)).toBe(0);
      expect(await balances(own)).toMatchObject({ totalBalance: '7', uncollectedBalance: '0' });
    });

    it.each(['claim first', 'sweep first'] as const)('claimTo another address: %s', async (order) => {
      const { own, claim, swept } = await sweep(order, evmWallet().address);
      expect(claim).toMatchObject({ applied: true, error: null });
      // The sweep went to an address the service does not know.
      expect(swept).toMatchObject({
        applied: false,
        error: null,
        ignored: expect.stringContaining('is not a deployment'),
      });
      expect(await directDeposits(own)).toBe(0);
      expect(await balances(own)).toMatchObject({ totalBalance: '0', uncollectedBalance: '0' });
    });

    it('a transfer from another deployment’s deposit address is a direct deposit', async () => {
      const other = await createDeployment(t, { chainId: '1' });
      const inv = (await createInvoice(t, other, invoiceBody({ currencyIds: [ETH_USDT] })).expect(201)).body;
      const own = await createDeployment(t, { chainId: '1' });
      const event = {
        ...transfer(own, own.address, ETH_USDT, '2000000', 'CONFIRMED'),
        fromAddress: inv.invoiceAddress,
      };
      expect(await ingest(t, [event])).toMatchObject([{ applied: true, error: null }]);
      expect(await directDeposits(own)).toBe(1);
      expect(await balances(own)).toMatchObject({ totalBalance: '2' });
    });

    it('on Tron too, with base58 deposit addresses', async () => {
      const tron = await createDeployment(t, { chainId: TRON_MAINNET });
      const usdt = `${TRON_MAINNET}-TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`;
      const inv = (await createInvoice(t, tron, invoiceBody({ currencyIds: [usdt] })).expect(201)).body;
      await ingest(t, [transfer(tron, inv.invoiceAddress, usdt, '3000000', 'CONFIRMED')]);
      const hash = txHash();
      const swept = {
        ...transfer(tron, tron.address, usdt, '3000000', 'CONFIRMED', { hash }),
        fromAddress: inv.invoiceAddress,
      };
      const claim = { ...claimEvent(tron, usdt, ['0'], 'CONFIRMED', hash), confirmations: 19 };
      expect(await ingest(t, [swept, claim])).toMatchObject([
        { applied: false, ignored: SWEEP },
        { applied: true, error: null },
      ]);
      expect(await directDeposits(tron)).toBe(0);
      expect(await balances(tron)).toMatchObject({ totalBalance: '3', uncollectedBalance: '0' });
    });
  });
});
