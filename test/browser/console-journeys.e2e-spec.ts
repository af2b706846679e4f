import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import {
  decodeFunctionData,
  encodeFunctionData,
  parseAbi,
  parseEther,
  recoverAddress,
  toFunctionSelector,
  type Hex,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { deployWalletContracts, eventuallyPasses, loadArtifact, startAnvil, type Anvil } from '../support/anvil';
import { describeInBrowser, launchBrowser } from '../support/browser';
import { createDeployment, evmWallet, TRON_MAINNET, type TestDeployment, type TestMember } from '../support/builders';
import { TEST_INDEXER_KEY } from '../support/chain-events';
import {
  openConsole,
  CONSOLE_SHOTS,
  contrastFailures,
  openTronConsole,
  PHONE,
  screenshotBothWidths,
  startConsoleService,
  type ConsoleSession,
  type ContrastFailure,
} from '../support/console-browser';
import {
  createConfigChange,
  hex20 as tronHex20,
  queuePath,
  sign,
  submission,
  type OperationBody,
} from '../support/queue';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import type { TestApp } from '../support/test-app';

/**
 * Journeys through the console in Chromium, each checked against what the service and the chain
 * hold afterwards. anvil plays Sepolia (the catalog's network, 3 required confirmations) with the
 * real wallet contracts, and the service learns what anvil mined through its built-in indexer
 * alone: payouts executed, invoices paid, claims and the wallet's deployment. The test mines empty
 * blocks to pass the confirmations rather than waiting. A scratch database, as the indexer keeps
 * its checkpoint per chain there and this anvil starts again from block 0 on every run.
 */
const CHAIN_ID = '11155111';

interface AuditEntry {
  action: string;
  actor: { address: string; via: string };
  target: { type: string; id: string };
}

jest.setTimeout(180_000);

describeInBrowser('console journeys in Chromium', () => {
  let anvil: Anvil;
  let db: ScratchDatabase;
  let t: TestApp;
  let payer: PrivateKeyAccount;
  let baseUrl: string;
  let browser: Browser;
  let d: TestDeployment;
  const sessions: ConsoleSession[] = [];
  const tronSessions: Omit<ConsoleSession, 'wallet'>[] = [];

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: Number(CHAIN_ID) });
    const deployer = await anvil.fundedAccount();
    payer = await anvil.fundedAccount();
    const contracts = await deployWalletContracts(anvil, deployer);
    db = await createScratchDatabase('console_journeys');
    ({ t, baseUrl } = await startConsoleService(
      {
        CHAIN_CONTRACTS: JSON.stringify({ [CHAIN_ID]: contracts }),
        [`RPC_URL_${CHAIN_ID}`]: anvil.rpcUrl,
        INDEXER_API_KEY: TEST_INDEXER_KEY,
        INDEXER_ENABLED: 'true',
        INDEXER_POLL_INTERVAL_MS: '50',
        INDEXER_CHAINS: JSON.stringify({
          [CHAIN_ID]: { rpcUrl: anvil.rpcUrl, startBlock: '0', factory: contracts.factory },
        }),
      },
      { databaseUrl: db.url },
    ));
    d = await createDeployment(t, { chainId: CHAIN_ID, contractAddress: null, threshold: 2 });
    const params = (
      await request(t.http)
        .get(`/api/v1/accounts/${d.accountId}/deploy-params?chainId=${CHAIN_ID}`)
        .set('x-api-key', d.members[0].apiKey)
        .expect(200)
    ).body as { implementationAddress: Hex; initializerBytecode: Hex; nonce: string; deployerAddress: Hex };
    const hash = await anvil.walletClient(deployer).writeContract({
      address: params.deployerAddress,
      abi: loadArtifact('ProxyFactory').abi,
      functionName: 'createInstance',
      args: [params.implementationAddress, params.initializerBytecode, BigInt(params.nonce)],
    } as never);
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    for (const member of d.members) await anvil.setBalance(member.address as Hex, parseEther('10'));
    // 10 ETH sent into the wallet: the indexer finds the deposit and counts it once confirmed.
    const funding = await sendNative(d.address, parseEther('10'));
    await anvil.mine(2);
    await eventually(async () => {
      expect(await txRows(d, funding)).toEqual([
        expect.objectContaining({ status: 'CONFIRMED', operationType: 'direct_deposit', amount: '10' }),
      ]);
    });
    browser = await launchBrowser();
  });

  afterEach(async () => {
    for (const session of [...sessions.splice(0), ...tronSessions.splice(0)]) {
      const violations = session.cspViolations.splice(0);
      await session.context.close();
      expect(violations).toEqual([]);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await db?.drop();
    await anvil?.stop();
  });

  async function sendNative(to: string, value: bigint): Promise<Hex> {
    const hash = await anvil.walletClient(payer).sendTransaction({ to: to as Hex, value });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  }

  /** State the indexer reaches some blocks after the chain does. */
  const eventually = <T>(check: () => Promise<T>) => eventuallyPasses(check, 20_000);

  interface TxRow {
    status: string;
    confirmations: number;
    operationType: string;
    amount: string;
    txHash: string;
  }

  /** The service's transaction rows of `deployment` for one chain transaction. */
  async function txRows(deployment: TestDeployment, hash: string): Promise<TxRow[]> {
    const res = await request(t.http)
      .get(`/api/v1/deployments/${deployment.id}/transactions?pageSize=100`)
      .set('x-api-key', deployment.members[0].apiKey)
      .expect(200);
    return (res.body as { items: TxRow[] }).items.filter((row) => row.txHash === hash.toLowerCase());
  }

  const account = (member: TestMember) => member.wallet.account as PrivateKeyAccount;
  const admin = () => ({ 'x-api-key': d.members[0].apiKey });

  async function open(member: TestMember, options: { locale?: string } = {}): Promise<ConsoleSession> {
    const session = await openConsole(browser, anvil, account(member), options);
    sessions.push(session);
    return session;
  }

  async function signIn(page: Page, path = '/console/'): Promise<void> {
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('button', { name: /Sign in with wallet|Войти через кошелёк/ }).click();
    await page.getByRole('button', { name: /Sign out|Выйти/ }).waitFor();
  }

  it('sign-in: a member signs in with the wallet and holds the service’s session; a non-member is refused with its message', async () => {
    const { page, wallet } = await open(d.members[0]);
    await signIn(page);
    await page.getByRole('heading', { name: 'Your accounts' }).waitFor();
    await page.getByRole('link', { name: 'Test team' }).waitFor();
    expect(wallet.requests).toEqual(expect.arrayContaining(['eth_requestAccounts', 'personal_sign']));
    // The browser holds the service's session (the HTTP-only cookie), as the service says.
    const held = await page.request.get(`${baseUrl}/api/v1/auth/session`);
    expect(held.status()).toBe(200);
    expect(await held.json()).toMatchObject({
      address: d.members[0].address,
      memberships: [{ accountId: d.accountId, accountName: 'Test team', role: 'ADMIN' }],
    });
    await screenshotBothWidths(page, 'accounts');

    const stranger = evmWallet();
    const other = await openConsole(browser, anvil, stranger.account);
    sessions.push(other);
    await other.page.goto(`${baseUrl}/console/`);
    await other.page.getByRole('button', { name: 'Sign in with wallet' }).click();
    const refusal = other.page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^Sign-in refused: .*member/i);
    await screenshotBothWidths(other.page, 'sign-in-refused');
  });

  it('a 2-of-3 payout: created in the console, signed by two approvers in two browsers, executed by a third click; EXECUTED, and the recipient paid on anvil', async () => {
    const recipient = evmWallet().address;
    const a = await open(d.members[0]);
    await signIn(a.page, `/console/deployments/${d.id}/payouts`);
    await a.page.getByLabel('Currency').selectOption(CHAIN_ID);
    await a.page.getByLabel('Amount', { exact: true }).fill('0.25');
    await a.page.getByLabel('Recipient address').fill(recipient);
    await a.page.getByRole('button', { name: 'Create payout' }).click();
    await a.page.getByText('Payout created.').waitFor();
    await screenshotBothWidths(a.page, 'payouts');
    const payouts = await request(t.http).get(`/api/v1/deployments/${d.id}/payouts`).set(admin()).expect(200);
    const payout = payouts.body.items.find((p: { toAddress: string }) => p.toAddress === recipient);
    expect(payout).toMatchObject({ amount: '0.25', status: 'CREATED' });

    // Approver A signs on the review page.
    await a.page.goto(`${baseUrl}/console/deployments/${d.id}/operations/${payout.queueOperationId}`);
    await a.page.getByText('Send 0.25 ETH to').waitFor();
    await a.page.getByText('Checked in your browser').waitFor();
    await screenshotBothWidths(a.page, 'review');
    await a.page.getByRole('button', { name: 'Sign', exact: true }).click();
    await a.page.getByText('Signatures (1 of 2)').waitFor();

    // Approver B signs from the queue, in another browser.
    const b = await open(d.members[1]);
    await signIn(b.page, `/console/deployments/${d.id}/queue`);
    await b.page.getByText('1 of 2').waitFor();
    await screenshotBothWidths(b.page, 'queue');
    await b.page.getByRole('button', { name: 'Sign', exact: true }).click();
    await b.page.getByText('2 of 2').waitFor();
    const operation = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/operations/${payout.queueOperationId}`)
      .set(admin())
      .expect(200);
    expect(operation.body).toMatchObject({ status: 'READY', signaturesCollected: 2 });

    // A's review page follows without a reload: Execute appears within 2 s.
    const execute = a.page.getByRole('button', { name: 'Execute', exact: true });
    await execute.waitFor({ timeout: 2500 });
    const before = await anvil.publicClient.getBalance({ address: recipient as Hex });
    await execute.click();
    const sent = a.page.getByText(/Transaction sent: 0x[0-9a-f]{64}/);
    await sent.waitFor();
    const hash = /0x[0-9a-f]{64}/.exec((await sent.textContent()) ?? '')![0] as Hex;
    const receipt = await anvil.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect((await anvil.publicClient.getBalance({ address: recipient as Hex })) - before).toBe(parseEther('0.25'));

    // The indexer finds the execution once mined (one confirmation of three); the page, left
    // open, shows it within 2 s of the service holding it.
    await expectExecuted(hash, [payout]);
    await a.page.getByText('Executed', { exact: true }).first().waitFor({ timeout: 2500 });
    await anvil.mine(2);
    await eventually(async () => {
      expect(await txRows(d, hash)).toEqual([
        expect.objectContaining({ status: 'CONFIRMED', operationType: 'payout', amount: '-0.25' }),
      ]);
    });
  });

  /** A payout created through the API by an operator, signed by the first two approvers (READY). */
  async function readyPayout(amount: string): Promise<{ id: string; queueOperationId: string; toAddress: string }> {
    const toAddress = evmWallet().address;
    const created = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[1].apiKey)
      .send({ deploymentId: d.id, currencyId: CHAIN_ID, amount, toAddress })
      .expect(201);
    const op = (
      await request(t.http)
        .get(queuePath(d.id, `/${created.body.queueOperationId}`))
        .set(admin())
        .expect(200)
    ).body as OperationBody;
    for (const member of [d.members[0], d.members[1]]) {
      await sign(t, d, member, op.id, await submission(member, d, '1.2.0-evm', op)).expect(200);
    }
    return { id: created.body.id, queueOperationId: op.id, toAddress };
  }

  /** The indexer has found `hash` executing these payouts: their operations and payouts EXECUTED by it. */
  async function expectExecuted(hash: Hex, payouts: { id: string; queueOperationId: string }[]): Promise<void> {
    await eventually(async () => {
      for (const payout of payouts) {
        const op = await request(t.http)
          .get(queuePath(d.id, `/${payout.queueOperationId}`))
          .set(admin())
          .expect(200);
        expect(op.body).toMatchObject({ status: 'EXECUTED', txHash: hash.toLowerCase() });
        const res = await request(t.http).get(`/api/v1/deployments/${d.id}/payouts/${payout.id}`).set(admin());
        expect(res.body.status).toBe('EXECUTED');
      }
    });
  }

  it('a batch of two READY operations executed in one transaction from the queue', async () => {
    const first = await readyPayout('0.1');
    const second = await readyPayout('0.2');
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/deployments/${d.id}/queue`);
    await page.getByRole('button', { name: 'Execute 2 in one transaction' }).click();
    const sent = page.getByText(/Transaction sent: 0x[0-9a-f]{64}/);
    await sent.waitFor();
    const hash = /0x[0-9a-f]{64}/.exec((await sent.textContent()) ?? '')![0] as Hex;
    const receipt = await anvil.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await anvil.publicClient.getBalance({ address: first.toAddress as Hex })).toBe(parseEther('0.1'));
    expect(await anvil.publicClient.getBalance({ address: second.toAddress as Hex })).toBe(parseEther('0.2'));
    await expectExecuted(hash, [first, second]);
    await page.getByText('Nothing is waiting.').waitFor({ timeout: 2500 });
    await anvil.mine(2);
    await eventually(async () => {
      const rows = await txRows(d, hash);
      expect(rows.map((row) => [row.operationType, row.amount, row.status]).sort()).toEqual([
        ['payout', '-0.1', 'CONFIRMED'],
        ['payout', '-0.2', 'CONFIRMED'],
      ]);
    });
  });

  it('keyboard only: an approver signs and executes with Tab and Enter', async () => {
    const toAddress = evmWallet().address;
    const created = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[1].apiKey)
      .send({ deploymentId: d.id, currencyId: CHAIN_ID, amount: '0.05', toAddress })
      .expect(201);
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/deployments/${d.id}/operations/${created.body.queueOperationId}`);
    await page.getByText('Checked in your browser').waitFor();

    async function pressOn(name: string): Promise<void> {
      for (let i = 0; i < 80; i += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(
          () =>
            (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document
              .activeElement?.textContent ?? '',
        );
        if (focused.trim() === name) {
          await page.keyboard.press('Enter');
          return;
        }
      }
      throw new Error(`${name} is not reachable with Tab`);
    }

    await pressOn('Sign');
    await page.getByText('Signatures (1 of 2)').waitFor();
    const op = (
      await request(t.http)
        .get(queuePath(d.id, `/${created.body.queueOperationId}`))
        .set(admin())
        .expect(200)
    ).body as OperationBody;
    await sign(t, d, d.members[1], op.id, await submission(d.members[1], d, '1.2.0-evm', op)).expect(200);
    await page.getByRole('button', { name: 'Execute', exact: true }).waitFor({ timeout: 2500 });
    await pressOn('Execute');
    const sent = page.getByText(/Transaction sent: 0x[0-9a-f]{64}/);
    await sent.waitFor();
    const hash = /0x[0-9a-f]{64}/.exec((await sent.textContent()) ?? '')![0] as Hex;
    expect((await anvil.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await anvil.publicClient.getBalance({ address: toAddress as Hex })).toBe(parseEther('0.05'));
    await expectExecuted(hash, [{ id: created.body.id, queueOperationId: op.id }]);
  });

  it('a look-alike of a saved payee is warned about as it is typed and refused by the service', async () => {
    const known = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';
    const lookalike = '0xab5000000000000000000000000000000000ec9b';
    const entry = await request(t.http)
      .post(`/api/v1/accounts/${d.accountId}/address-book`)
      .set(admin())
      .send({ address: known, networkType: 'evm', label: 'Supplier X' })
      .expect(201);
    if (entry.body.status !== 'APPROVED') {
      await request(t.http)
        .post(`/api/v1/accounts/${d.accountId}/address-book/${entry.body.id}/approve`)
        .set('x-api-key', d.members[1].apiKey)
        .expect(200);
    }
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/deployments/${d.id}/payouts`);
    await page.getByLabel('From the address book').waitFor();
    await page.getByLabel('Currency').selectOption(CHAIN_ID);
    await page.getByLabel('Amount', { exact: true }).fill('1');
    await page.getByLabel('Recipient address').fill(lookalike);
    await page.getByText('This address looks like Supplier X').waitFor();
    await page.getByRole('button', { name: 'Create payout' }).click();
    await page.getByRole('alert').filter({ hasText: 'is not a known payee' }).waitFor();
    await screenshotBothWidths(page, 'payout-lookalike');
    const payouts = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/payouts?pageSize=100`)
      .set(admin())
      .expect(200);
    expect(payouts.body.items.map((p: { toAddress: string }) => p.toAddress.toLowerCase())).not.toContain(lookalike);
  });

  it('a config change: the review shows the approvers added and removed and the new threshold', async () => {
    const newcomer = evmWallet().address;
    const approvers = [d.members[0].address, d.members[1].address, newcomer];
    const op = await createConfigChange(t, d, d.members[0], {
      approvers,
      threshold: 3,
      calls: [
        {
          to: d.address,
          value: '0',
          data: encodeFunctionData({
            abi: parseAbi(['function setConfig(address[] owners, uint256 threshold)']),
            functionName: 'setConfig',
            args: [approvers as Hex[], 3n],
          }),
        },
      ],
    });
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/deployments/${d.id}/operations/${op.id}`);
    await page.getByRole('heading', { name: 'Approvers change' }).waitFor();
    await page.getByText('Signatures needed: 2 → 3').waitFor();
    await page.getByText(`+ ${newcomer}`).waitFor();
    await page.getByText(`− ${d.members[2].address}`).waitFor();
    await screenshotBothWidths(page, 'review-config');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`${baseUrl}/console/deployments/${d.id}/queue`);
    await page.getByText('Nothing is waiting.').waitFor();
    const after = await request(t.http)
      .get(queuePath(d.id, `/${op.id}`))
      .set(admin());
    expect(after.status).toBe(404);
  });

  it('an invoice paid on chain is shown PAID live', async () => {
    const created = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/invoices`)
      .set(admin())
      .send({
        requestedAmount: '0.5',
        currencyIds: [CHAIN_ID],
        paymentPageButtonUrl: null,
        paymentPageButtonText: null,
      })
      .expect(201);
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/deployments/${d.id}/invoices/${created.body.id}`);
    await page.getByText('Awaiting payment').waitFor();
    // Paid on anvil; PAID once the deposit has its three confirmations.
    const hash = await sendNative(created.body.invoiceAddress, parseEther('0.5'));
    await anvil.mine(2);
    await eventually(async () => {
      const res = await request(t.http).get(`/api/v1/deployments/${d.id}/invoices/${created.body.id}`).set(admin());
      expect(res.body.invoice).toMatchObject({ status: 'PAID', paidAmount: '0.5' });
    });
    await page.getByText('Paid', { exact: true }).first().waitFor({ timeout: 2500 });
    expect(await txRows(d, hash)).toEqual([
      expect.objectContaining({ status: 'CONFIRMED', operationType: 'invoice', amount: '0.5' }),
    ]);
  });

  it('deploying the wallet on a network through the wallet (deploy-params, then the factory)', async () => {
    const fresh = await createDeployment(t, {
      chainId: CHAIN_ID,
      contractAddress: null,
      status: 'not_deployed' as never,
    });
    await anvil.setBalance(fresh.members[0].address as Hex, parseEther('1'));
    expect(await anvil.publicClient.getCode({ address: fresh.address as Hex })).toBeUndefined();
    const { page } = await open(fresh.members[0]);
    await signIn(page, `/console/accounts/${fresh.accountId}`);
    await page.getByText('Wallet: Not deployed').waitFor();
    await page.getByRole('button', { name: 'Deploy wallet' }).click();
    const sent = page.getByText(/Transaction sent: 0x[0-9a-f]{64}/);
    await sent.waitFor();
    const hash = /0x[0-9a-f]{64}/.exec((await sent.textContent()) ?? '')![0] as Hex;
    expect((await anvil.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await anvil.publicClient.getCode({ address: fresh.address as Hex })).toMatch(/^0x.+/);
    // The indexer sees the factory create the wallet: deployed once mined, its row confirmed later.
    await eventually(async () => {
      const [row] = (await t.dataSource.query(`SELECT deployment_status FROM deployments WHERE id = $1`, [
        fresh.id,
      ])) as { deployment_status: string }[];
      expect(row.deployment_status).toBe('deployed');
    });
    await page.reload();
    await page.getByText('Wallet: Deployed').waitFor();
    await anvil.mine(2);
    await eventually(async () => {
      expect(await txRows(fresh, hash)).toEqual([
        expect.objectContaining({ status: 'CONFIRMED', operationType: 'deploy' }),
      ]);
    });
  });

  it('a CRITICAL warning must be acknowledged before Sign; a digest that differs from the browser’s is refused before the wallet is asked', async () => {
    // A saved payee, and a look-alike payout the policy lets through (blockLookalikes off): its review warns CRITICAL.
    const known = evmWallet().address.toLowerCase();
    const lookalike = `0x${known.slice(2, 5)}${'0'.repeat(33)}${known.slice(-4)}`;
    const entry = await request(t.http)
      .post(`/api/v1/accounts/${d.accountId}/address-book`)
      .set(admin())
      .send({ address: known, networkType: 'evm', label: 'Supplier Y' })
      .expect(201);
    if (entry.body.status !== 'APPROVED') {
      await request(t.http)
        .post(`/api/v1/accounts/${d.accountId}/address-book/${entry.body.id}/approve`)
        .set('x-api-key', d.members[1].apiKey)
        .expect(200);
    }
    const policy = await request(t.http).get(`/api/v1/accounts/${d.accountId}/payout-policy`).set(admin()).expect(200);
    await request(t.http)
      .put(`/api/v1/accounts/${d.accountId}/payout-policy`)
      .set(admin())
      .send({ ...policy.body, blockLookalikes: false })
      .expect(200);
    const created = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[1].apiKey)
      .send({
        deploymentId: d.id,
        currencyId: CHAIN_ID,
        amount: '0.01',
        toAddress: lookalike,
      })
      .expect(201);
    await request(t.http)
      .put(`/api/v1/accounts/${d.accountId}/payout-policy`)
      .set(admin())
      .send(policy.body)
      .expect(200);
    const path = `/console/deployments/${d.id}/operations/${created.body.queueOperationId}`;

    const { page, wallet } = await open(d.members[0]);
    await signIn(page, path);
    await page.getByText('Critical', { exact: true }).waitFor();
    const signButton = page.getByRole('button', { name: 'Sign', exact: true });
    expect(await signButton.isDisabled()).toBe(true);
    await screenshotBothWidths(page, 'review-critical');
    await page.getByLabel('I have read the critical warnings and still want to sign').check();
    expect(await signButton.isDisabled()).toBe(false);

    // The same page with a service (or anything in between) that shows another digest: refused.
    await page.route('**/review', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { digest: string };
      await route.fulfill({ response, json: { ...body, digest: `0x${'11'.repeat(32)}` } });
    });
    await page.reload();
    await page
      .getByText(/Refused: the digest computed in your browser differs/)
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Sign', exact: true }).isDisabled()).toBe(true);
    expect(wallet.requests).not.toContain('eth_signTypedData_v4');
    const op = await request(t.http)
      .get(queuePath(d.id, `/${created.body.queueOperationId}`))
      .set(admin())
      .expect(200);
    expect(op.body.signaturesCollected).toBe(0);
    await page.unroute('**/review');
    await request(t.http)
      .delete(queuePath(d.id, `/${created.body.queueOperationId}`))
      .set('x-api-key', d.members[1].apiKey)
      .expect(200);
  });

  it('a claim through the wallet: a confirmed deposit selected and claimed into the wallet on anvil', async () => {
    const invoice = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/invoices`)
      .set(admin())
      .send({
        requestedAmount: '0.3',
        currencyIds: [CHAIN_ID],
        paymentPageButtonUrl: null,
        paymentPageButtonText: null,
      })
      .expect(201);
    await sendNative(invoice.body.invoiceAddress, parseEther('0.3'));
    await anvil.mine(2);
    const claimable = async () =>
      (
        (await request(t.http).get(`/api/v1/deployments/${d.id}/claims`).set(admin()).expect(200)).body as {
          items: { invoiceId: string; amount: string }[];
        }
      ).items.filter((item) => item.invoiceId === invoice.body.id);
    await eventually(async () => expect(await claimable()).toEqual([expect.objectContaining({ amount: '0.3' })]));
    const before = await anvil.publicClient.getBalance({ address: d.address as Hex });

    const { page } = await open(d.members[0]);
    await signIn(page, `/console/deployments/${d.id}/claims`);
    const row = page.getByRole('row').filter({ hasText: invoice.body.id });
    await row.getByRole('checkbox').check();
    await screenshotBothWidths(page, 'claims-selected');
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    const sent = page.getByText(/Transaction sent: 0x[0-9a-f]{64}/);
    await sent.waitFor();
    const hash = /0x[0-9a-f]{64}/.exec((await sent.textContent()) ?? '')![0] as Hex;
    expect((await anvil.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect((await anvil.publicClient.getBalance({ address: d.address as Hex })) - before).toBe(parseEther('0.3'));
    expect(await anvil.publicClient.getBalance({ address: invoice.body.invoiceAddress as Hex })).toBe(0n);
    // The indexer finds the claim: off the claims list once mined, its row confirmed blocks later.
    await eventually(async () => expect(await claimable()).toEqual([]));
    await anvil.mine(2);
    await eventually(async () => {
      expect(await txRows(d, hash)).toEqual([
        expect.objectContaining({ status: 'CONFIRMED', operationType: 'claim', amount: '-0.3' }),
      ]);
    });
  });

  it('every page, at 1280 and 390 px: overview, invoices, transactions (CSV export), claims, settings, audit', async () => {
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/accounts/${d.accountId}`);
    await page.getByRole('heading', { name: 'Test team' }).waitFor();
    await page.getByText('Total balance', { exact: true }).waitFor();
    await screenshotBothWidths(page, 'overview');

    await page.goto(`${baseUrl}/console/deployments/${d.id}/invoices`);
    await page.getByLabel('Currency').selectOption(CHAIN_ID);
    await page.getByLabel('Amount requested (optional)').fill('1.5');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.getByRole('img', { name: 'QR code of the payment page' }).waitFor();
    const invoices = await request(t.http).get(`/api/v1/deployments/${d.id}/invoices`).set(admin()).expect(200);
    expect(invoices.body.items[0]).toMatchObject({ requestedAmount: '1.5', status: 'CREATED' });
    await page.getByText(invoices.body.items[0].paymentPageUrl).first().waitFor();
    await screenshotBothWidths(page, 'invoice');
    await page.goto(`${baseUrl}/console/deployments/${d.id}/invoices`);
    await page.getByRole('table').waitFor();
    await screenshotBothWidths(page, 'invoices');

    await page.goto(`${baseUrl}/console/deployments/${d.id}/transactions`);
    await page.getByRole('table').waitFor();
    await screenshotBothWidths(page, 'transactions');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toMatch(/id/);
    expect(csv).toContain('direct_deposit');

    await page.goto(`${baseUrl}/console/deployments/${d.id}/claims`);
    await page.getByRole('heading', { name: 'Claims · Sepolia' }).waitFor();
    await screenshotBothWidths(page, 'claims');

    await page.goto(`${baseUrl}/console/accounts/${d.accountId}/settings`);
    await page.getByRole('heading', { name: 'Members and roles' }).waitFor();
    await screenshotBothWidths(page, 'settings');

    await page.goto(`${baseUrl}/console/accounts/${d.accountId}/audit`);
    await page.getByText('INVOICE_CREATED').first().waitFor();
    await screenshotBothWidths(page, 'audit');
  });

  it('an API key created in settings is shown once, works, and stops working once revoked', async () => {
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/accounts/${d.accountId}/settings`);
    await page.getByLabel('Name', { exact: true }).fill('Accounting export');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const key = (await page.getByTestId('api-key').textContent())!.split(' ')[0].trim();
    expect(key.length).toBeGreaterThanOrEqual(32);
    await request(t.http).get(`/api/v1/accounts/${d.accountId}`).set('x-api-key', key).expect(200);
    await page.reload();
    await page.getByText('Accounting export').waitFor();
    expect(await page.getByTestId('api-key').count()).toBe(0);
    await page.getByRole('button', { name: 'Revoke Accounting export' }).click();
    await page.getByText('Accounting export').waitFor({ state: 'detached' });
    await request(t.http).get(`/api/v1/accounts/${d.accountId}`).set('x-api-key', key).expect(401);
  });

  it('a viewer sees no write buttons', async () => {
    const viewer = d.members[2];
    await request(t.http)
      .patch(`/api/v1/accounts/${d.accountId}/members/${viewer.address}`)
      .set(admin())
      .send({ role: 'VIEWER' })
      .expect(200);
    const { page } = await open(viewer);
    await signIn(page, `/console/deployments/${d.id}/payouts`);
    await page
      .getByRole('heading', { name: /Payouts/ })
      .first()
      .waitFor();
    await page.getByRole('table').waitFor();
    for (const name of ['Create payout', 'Delete', 'Reject']) {
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    }
    await page.goto(`${baseUrl}/console/deployments/${d.id}/invoices`);
    await page.getByRole('table').or(page.getByText('No invoices yet.')).waitFor();
    expect(await page.getByRole('button', { name: 'Create invoice' }).count()).toBe(0);
    await page.goto(`${baseUrl}/console/accounts/${d.accountId}/settings`);
    await page.getByRole('heading', { name: 'Members and roles' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add member' }).count()).toBe(0);
    await screenshotBothWidths(page, 'settings-viewer');
  });

  it('Russian: the queue and its buttons in Russian with ?lang=ru', async () => {
    const { page } = await open(d.members[0], { locale: 'en-US' });
    await signIn(page, `/console/deployments/${d.id}/queue?lang=ru`);
    await page.getByRole('heading', { name: /Очередь/ }).waitFor();
    await page.getByRole('button', { name: 'Выйти' }).waitFor();
    await screenshotBothWidths(page, 'queue-ru');
  });

  /** An expectation on what the page or the service shows a moment after a click. */
  const holds = (check: () => Promise<unknown>) => eventuallyPasses(check, 5000);

  /** The account's audit entries of `action`, newest first, as the service holds them. */
  async function auditEntries(accountId: string, action: string): Promise<AuditEntry[]> {
    const res = await request(t.http)
      .get(`/api/v1/accounts/${accountId}/audit-events`)
      .query({ actions: action, pageSize: 100 })
      .set(admin())
      .expect(200);
    return res.body.items as AuditEntry[];
  }

  it('members: an admin changes a member’s role and removes them; the service holds each change; an existing member and the last admin are refused with their messages', async () => {
    const newcomer = evmWallet().address;
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/accounts/${d.accountId}/settings`);
    const members = page.getByRole('region', { name: 'Members and roles' });
    await members.getByLabel('Address', { exact: true }).fill(newcomer);
    await members.locator('form').getByLabel('Role').selectOption('VIEWER');
    await members.getByRole('button', { name: 'Add member' }).click();
    const role = members.getByLabel(`Role ${newcomer}`, { exact: true });
    await role.waitFor();
    const held = async () =>
      (
        (await request(t.http).get(`/api/v1/accounts/${d.accountId}/members`).set(admin()).expect(200)).body as {
          address: string;
          role: string;
        }[]
      ).find((m) => m.address.toLowerCase() === newcomer.toLowerCase());
    expect(await held()).toMatchObject({ role: 'VIEWER' });

    await role.selectOption('OPERATOR');
    await holds(async () => expect((await held())?.role).toBe('OPERATOR'));
    expect(await role.inputValue()).toBe('OPERATOR');
    const changed = await auditEntries(d.accountId, 'MEMBER_ROLE_CHANGED');
    expect(changed[0]).toMatchObject({ actor: { address: d.members[0].address, via: 'SESSION' } });

    // Adding them again: the service's 409 (MEMBER_EXISTS), said on the page.
    await members.getByLabel('Address', { exact: true }).fill(newcomer);
    await members.getByRole('button', { name: 'Add member' }).click();
    await members.getByRole('alert').filter({ hasText: 'already a member' }).waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await members.getByRole('button', { name: `Remove ${newcomer}` }).click();
    await role.waitFor({ state: 'detached' });
    expect(await held()).toBeUndefined();
    expect((await auditEntries(d.accountId, 'MEMBER_REMOVED'))[0]).toMatchObject({
      actor: { address: d.members[0].address, via: 'SESSION' },
    });
    await screenshotBothWidths(page, 'settings-members');

    // An account's only admin cannot make themself a viewer: the service's 400 (LAST_ADMIN) on the page.
    const alone = await createDeployment(t, { chainId: CHAIN_ID, memberCount: 1, contractAddress: null });
    const solo = await open(alone.members[0]);
    await signIn(solo.page, `/console/accounts/${alone.accountId}/settings`);
    const own = solo.page.getByLabel(`Role ${alone.members[0].address}`, { exact: true });
    await own.selectOption('VIEWER');
    await solo.page.getByRole('alert').filter({ hasText: 'at least one ADMIN' }).waitFor();
    const stillAdmin = await request(t.http)
      .get(`/api/v1/accounts/${alone.accountId}/members`)
      .set('x-api-key', alone.members[0].apiKey)
      .expect(200);
    expect(stillAdmin.body).toEqual([expect.objectContaining({ role: 'ADMIN' })]);
    await holds(async () => expect(await own.inputValue()).toBe('ADMIN'));
  });

  it('address book: another admin’s entry approved in the console is APPROVED by this admin; one’s own entry cannot be approved by oneself', async () => {
    const theirs = evmWallet().address;
    const added = await request(t.http)
      .post(`/api/v1/accounts/${d.accountId}/address-book`)
      .set('x-api-key', d.members[1].apiKey)
      .send({ address: theirs, networkType: 'evm', label: 'Supplier Z' })
      .expect(201);
    expect(added.body.status).toBe('PENDING');
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/accounts/${d.accountId}/settings`);
    const book = page.getByRole('region', { name: 'Address book' });
    const row = book.getByRole('row').filter({ hasText: 'Supplier Z' });
    await row.getByText('Waiting for another admin').waitFor();
    await row.getByRole('button', { name: 'Approve Supplier Z' }).click();
    await row.getByText('Approved', { exact: true }).waitFor();
    const entry = (
      (await request(t.http).get(`/api/v1/accounts/${d.accountId}/address-book`).set(admin()).expect(200)).body as {
        id: string;
        status: string;
        approvedBy: string | null;
      }[]
    ).find((e) => e.id === added.body.id);
    expect(entry).toMatchObject({ status: 'APPROVED' });
    expect(entry!.approvedBy?.toLowerCase()).toBe(d.members[0].address.toLowerCase());

    // The admin's own entry waits for another admin; approving it oneself is the service's 400 (SELF_APPROVAL).
    const mine = evmWallet().address;
    await book.getByLabel('Label', { exact: true }).fill('Own supplier');
    await book.getByLabel('Address', { exact: true }).fill(mine);
    await book.getByRole('button', { name: 'Add', exact: true }).click();
    const own = book.getByRole('row').filter({ hasText: 'Own supplier' });
    await own.getByText('Waiting for another admin').waitFor();
    await own.getByRole('button', { name: 'Approve Own supplier' }).click();
    await book.getByRole('alert').filter({ hasText: 'cannot approve it' }).waitFor();
    await screenshotBothWidths(page, 'settings-address-book');
    const after = (
      (await request(t.http).get(`/api/v1/accounts/${d.accountId}/address-book`).set(admin()).expect(200)).body as {
        address: string;
        status: string;
      }[]
    ).find((e) => e.address.toLowerCase() === mine.toLowerCase());
    expect(after).toMatchObject({ status: 'PENDING' });
  });

  it('payout policy limits edited in the console: the service holds them and refuses a payout above them; an amount it cannot read is refused with its message', async () => {
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/accounts/${d.accountId}/settings`);
    const policy = page.getByRole('region', { name: 'Payout policy' });
    await policy.getByText('No limits: any amount may be paid.').waitFor();
    await policy.getByLabel('Currency').selectOption(CHAIN_ID);
    await policy.getByRole('button', { name: 'Add limit' }).click();
    const eth = policy.getByRole('group', { name: /^ETH/ });
    await eth.getByLabel('Largest single payout').fill('0.5');
    await eth.getByLabel('Largest total in 24 hours').fill('2');
    await policy.getByRole('button', { name: 'Save' }).click();
    await policy.getByText('Saved.').waitFor();
    const held = await request(t.http).get(`/api/v1/accounts/${d.accountId}/payout-policy`).set(admin()).expect(200);
    expect(held.body.limits).toEqual([{ currencyId: CHAIN_ID, maxPerPayout: '0.5', maxPer24h: '2' }]);
    await screenshotBothWidths(page, 'settings-policy');

    // The limit is the service's: a payout above it is refused.
    const above = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[1].apiKey)
      .send({ deploymentId: d.id, currencyId: CHAIN_ID, amount: '0.6', toAddress: evmWallet().address });
    expect(above.status).toBe(400);
    expect(above.body.code).toBe('PAYOUT_LIMIT_EXCEEDED');

    // An amount the service cannot read: its 400, on the page; nothing changes.
    await eth.getByLabel('Largest single payout').fill('half');
    await policy.getByRole('button', { name: 'Save' }).click();
    await policy.getByRole('alert').filter({ hasText: 'maxPerPayout' }).waitFor();
    const unchanged = await request(t.http).get(`/api/v1/accounts/${d.accountId}/payout-policy`).set(admin());
    expect(unchanged.body.limits).toEqual(held.body.limits);

    // Removed again in the console: no limits (the journeys after this one pay more).
    await policy.getByRole('button', { name: /^Remove limit ETH/ }).click();
    await policy.getByRole('button', { name: 'Save' }).click();
    await holds(async () =>
      expect(
        (await request(t.http).get(`/api/v1/accounts/${d.accountId}/payout-policy`).set(admin())).body.limits,
      ).toEqual([]),
    );
  });

  it('callbacks: the URL saved in the console is the service’s; a new secret is shown once and logged; a URL that is not http(s) is refused', async () => {
    const url = 'https://hooks.example.com/treasury';
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/accounts/${d.accountId}/settings`);
    const callbacks = page.getByRole('region', { name: 'Callbacks' });
    await callbacks.getByLabel('Queue notifications URL').fill(url);
    await callbacks.getByRole('button', { name: 'Save' }).click();
    await callbacks.getByText('Saved.').waitFor();
    const path = `/api/v1/accounts/${d.accountId}/callback-settings`;
    expect((await request(t.http).get(path).set(admin()).expect(200)).body).toMatchObject({
      operationsCallbackUrl: url,
    });
    expect((await auditEntries(d.accountId, 'CALLBACK_SETTINGS_CHANGED'))[0]).toMatchObject({
      actor: { address: d.members[0].address, via: 'SESSION' },
    });

    const rotationsBefore = (await auditEntries(d.accountId, 'CALLBACK_SECRET_ROTATED')).length;
    await callbacks.getByRole('button', { name: 'New callback secret' }).click();
    const shown = callbacks.getByTestId('callback-secret');
    await shown.waitFor();
    expect((await shown.textContent())!.trim().length).toBeGreaterThanOrEqual(24);
    expect(await auditEntries(d.accountId, 'CALLBACK_SECRET_ROTATED')).toHaveLength(rotationsBefore + 1);
    await page.reload();
    await callbacks.getByLabel('Queue notifications URL').waitFor();
    expect(await callbacks.getByLabel('Queue notifications URL').inputValue()).toBe(url);
    expect(await callbacks.getByTestId('callback-secret').count()).toBe(0);

    await callbacks.getByLabel('Queue notifications URL').fill('ftp://files.example.com/hooks');
    await callbacks.getByRole('button', { name: 'Save' }).click();
    await callbacks.getByRole('alert').waitFor();
    expect((await request(t.http).get(path).set(admin())).body.operationsCallbackUrl).toBe(url);

    await callbacks.getByLabel('Queue notifications URL').fill('');
    await callbacks.getByRole('button', { name: 'Save' }).click();
    await holds(async () =>
      expect((await request(t.http).get(path).set(admin())).body.operationsCallbackUrl).toBeNull(),
    );
  });

  it('Reject and change nonce from the review page: the service holds a REJECT at the nonce and the operation at its new nonce, signatures reset', async () => {
    const created = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[1].apiKey)
      .send({ deploymentId: d.id, currencyId: CHAIN_ID, amount: '0.01', toAddress: evmWallet().address })
      .expect(201);
    const opPath = queuePath(d.id, `/${created.body.queueOperationId}`);
    const op = (await request(t.http).get(opPath).set(admin()).expect(200)).body as OperationBody & { nonce: string };
    await sign(t, d, d.members[1], op.id, await submission(d.members[1], d, '1.2.0-evm', op)).expect(200);
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/deployments/${d.id}/operations/${op.id}`);
    await page.getByText('Signatures (1 of 2)').waitFor();

    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Done' }).waitFor();
    const queue = async () =>
      (await request(t.http).get(queuePath(d.id, '?pageSize=100')).set(admin()).expect(200)).body.items as {
        id: string;
        nonce: string;
        operationType: string;
      }[];
    const reject = (await queue()).find((o) => o.operationType === 'REJECT' && o.nonce === op.nonce);
    expect(reject).toBeDefined();

    // A second REJECT at the nonce would be the service's 400: the page stops offering it (canReject).
    await page.getByRole('button', { name: 'Reject', exact: true }).waitFor({ state: 'detached', timeout: 2500 });
    expect((await queue()).filter((o) => o.operationType === 'REJECT' && o.nonce === op.nonce)).toHaveLength(1);

    // Beyond the nonce window: the service's 400 (INVALID_NONCE), on the page; the nonce is unchanged.
    await page.getByLabel('New nonce').fill('999999999');
    await page.getByRole('button', { name: 'Change nonce' }).click();
    await page.getByRole('alert').filter({ hasText: /nonce/i }).waitFor();
    expect(((await request(t.http).get(opPath).set(admin())).body as { nonce: string }).nonce).toBe(op.nonce);

    const next = String(BigInt(op.nonce) + 1n);
    await page.getByLabel('New nonce').fill(next);
    await page.getByRole('button', { name: 'Change nonce' }).click();
    await page.getByText(`Nonce ${next}`).first().waitFor({ timeout: 2500 });
    await screenshotBothWidths(page, 'review-nonce');
    const moved = (await request(t.http).get(opPath).set(admin()).expect(200)).body as {
      nonce: string;
      signaturesCollected: number;
    };
    expect(moved).toMatchObject({ nonce: next, signaturesCollected: 0 });
    expect((await auditEntries(d.accountId, 'OPERATION_NONCE_CHANGED'))[0]).toMatchObject({
      actor: { address: d.members[0].address, via: 'SESSION' },
      target: { id: op.id },
    });

    // Leave the queue as it was for the journeys after this one.
    await request(t.http).delete(opPath).set('x-api-key', d.members[1].apiKey).expect(200);
    await request(t.http)
      .delete(queuePath(d.id, `/${reject!.id}`))
      .set(admin())
      .expect(200);
  });

  it('audit log filters: by action, by who and by date, each the service’s answer; the CSV export takes the same filters', async () => {
    // Entries of its own to filter for: a policy change (set and set back) by member 1, a payee added by member 2.
    await request(t.http)
      .post(`/api/v1/accounts/${d.accountId}/address-book`)
      .set('x-api-key', d.members[1].apiKey)
      .send({ address: evmWallet().address, networkType: 'evm', label: 'Audit filter payee' })
      .expect(201);
    const policy = await request(t.http).get(`/api/v1/accounts/${d.accountId}/payout-policy`).set(admin()).expect(200);
    for (const body of [{ ...policy.body, newPayeeDelayHours: policy.body.newPayeeDelayHours + 1 }, policy.body]) {
      await request(t.http).put(`/api/v1/accounts/${d.accountId}/payout-policy`).set(admin()).send(body).expect(200);
    }
    const { page } = await open(d.members[0]);
    await signIn(page, `/console/accounts/${d.accountId}/audit`);
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    const rows = page.getByRole('region', { name: 'Entries' }).getByRole('row');
    await rows.nth(1).waitFor();

    await filters.getByLabel('Action').selectOption('PAYOUT_POLICY_CHANGED');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const expected = await auditEntries(d.accountId, 'PAYOUT_POLICY_CHANGED');
    expect(expected.length).toBeGreaterThan(0);
    await holds(async () => expect(await rows.count()).toBe(expected.length + 1));
    for (const text of await rows.allTextContents()) {
      if (!text.startsWith('When')) expect(text).toContain('Payout policy changed');
    }
    await screenshotBothWidths(page, 'audit-filtered');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      filters.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv).toHaveLength(expected.length + 1);
    expect(csv.slice(1).every((line) => line.includes('PAYOUT_POLICY_CHANGED'))).toBe(true);

    // Who: member 2's entries only.
    await filters.getByLabel('Action').selectOption('');
    await filters.getByLabel('Who (wallet address)').fill(d.members[1].address.toLowerCase());
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const theirs = (
      await request(t.http)
        .get(`/api/v1/accounts/${d.accountId}/audit-events`)
        .query({ actor: d.members[1].address, pageSize: 50 })
        .set(admin())
        .expect(200)
    ).body as { total: number; items: AuditEntry[] };
    expect(theirs.total).toBeGreaterThan(0);
    await holds(async () => expect(await rows.count()).toBe(Math.min(theirs.total, 50) + 1));
    expect(theirs.items.every((e) => e.actor.address === d.members[1].address)).toBe(true);

    // A day before any entry: nothing.
    await filters.getByLabel('Who (wallet address)').fill('');
    await filters.getByLabel('From date').fill('2001-01-01');
    await filters.getByLabel('To date').fill('2001-01-02');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No events.').waitFor();

    // A "who" the service cannot read: its 400, on the page.
    await filters.getByLabel('From date').fill('');
    await filters.getByLabel('To date').fill('');
    await filters.getByLabel('Who (wallet address)').fill('not-an-address');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('alert').waitFor();
  });

  it('AA contrast, measured in the page: every piece of text on the main screens is at least 4.5:1 against what is behind it (3:1 when large)', async () => {
    const created = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[1].apiKey)
      .send({ deploymentId: d.id, currencyId: CHAIN_ID, amount: '0.01', toAddress: evmWallet().address })
      .expect(201);
    const invoice = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/invoices`)
      .set(admin())
      .send({ requestedAmount: '2', currencyIds: [CHAIN_ID], paymentPageButtonUrl: null, paymentPageButtonText: null })
      .expect(201);
    const failures: Record<string, ContrastFailure[]> = {};
    const measure = async (page: Page, name: string) => {
      const found = await contrastFailures(page);
      if (found.length > 0) failures[name] = found;
    };

    const signedOut = await open(d.members[0]);
    await signedOut.page.goto(`${baseUrl}/console/`);
    await signedOut.page.getByRole('button', { name: 'Sign in with wallet' }).waitFor();
    await measure(signedOut.page, 'sign-in');

    const { page } = await open(d.members[0]);
    await signIn(page);
    await page.getByRole('heading', { name: 'Your accounts' }).waitFor();
    await measure(page, 'accounts');
    const screens: [string, string, () => Promise<void>][] = [
      [
        'overview',
        `/console/accounts/${d.accountId}`,
        () => page.getByText('Total balance', { exact: true }).waitFor(),
      ],
      ['queue', `/console/deployments/${d.id}/queue`, () => page.getByText('0 of 2').first().waitFor()],
      [
        'review',
        `/console/deployments/${d.id}/operations/${created.body.queueOperationId}`,
        () => page.getByText('Checked in your browser').waitFor(),
      ],
      ['payouts', `/console/deployments/${d.id}/payouts`, () => page.getByRole('table').waitFor()],
      ['invoices', `/console/deployments/${d.id}/invoices`, () => page.getByRole('table').waitFor()],
      [
        'invoice',
        `/console/deployments/${d.id}/invoices/${invoice.body.id}`,
        () => page.getByRole('img', { name: 'QR code of the payment page' }).waitFor(),
      ],
      ['transactions', `/console/deployments/${d.id}/transactions`, () => page.getByRole('table').waitFor()],
      [
        'claims',
        `/console/deployments/${d.id}/claims`,
        () => page.getByRole('heading', { name: 'Claims · Sepolia' }).waitFor(),
      ],
      [
        'settings',
        `/console/accounts/${d.accountId}/settings`,
        () => page.getByRole('heading', { name: 'Address book' }).waitFor(),
      ],
      ['audit', `/console/accounts/${d.accountId}/audit`, () => page.getByRole('table').waitFor()],
    ];
    for (const [name, path, ready] of screens) {
      await page.goto(`${baseUrl}${path}`);
      await ready();
      await measure(page, name);
    }
    // Focus and hover change no text colour the check would miss; the measured figures go to the log.
    console.log(`AA contrast: ${screens.length + 2} screens measured, failures: ${JSON.stringify(failures)}`);
    expect(failures).toEqual({});
    // The measure itself: the heading (large text, 3:1) made light grey on the page's grey is caught (1.78:1).
    await page.evaluate(`document.querySelector('h1').style.color = '#bbbbbb'`);
    expect(await contrastFailures(page)).toEqual([
      expect.objectContaining({ element: 'h1', background: 'rgb(245, 246, 248)', ratio: 1.78, required: 3 }),
    ]);
    await request(t.http)
      .delete(queuePath(d.id, `/${created.body.queueOperationId}`))
      .set('x-api-key', d.members[1].apiKey)
      .expect(200);
  });

  it('TronLink: a Tron member signs in by TIP-191, signs an operation by TIP-712 (the service checks it), and Execute builds the execute call through TronLink’s tronWeb', async () => {
    const tron = await createDeployment(t, { chainId: TRON_MAINNET, threshold: 2 });
    const op = await createConfigChange(t, tron, tron.members[1]);
    const member = tron.members[0];
    const session = await openTronConsole(browser, member.wallet.account);
    tronSessions.push(session);
    const { page, tronLink } = session;
    await page.goto(`${baseUrl}/console/`);
    await page.getByText('TronLink (Tron)').waitFor();
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(tronLink.requests).toEqual(expect.arrayContaining(['tron_requestAccounts', 'signMessageV2']));
    const held = await page.request.get(`${baseUrl}/api/v1/auth/session`);
    expect(await held.json()).toMatchObject({ address: member.address, memberships: [{ accountId: tron.accountId }] });

    // Sign on the review page: TronLink's TIP-712 signature, accepted by the service as this member's.
    await page.goto(`${baseUrl}/console/deployments/${tron.id}/operations/${op.id}`);
    await page.getByText('Checked in your browser').waitFor();
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await page.getByText('Signatures (1 of 2)').waitFor();
    expect(tronLink.requests).toContain('_signTypedData');
    const signed = (
      await request(t.http)
        .get(queuePath(tron.id, `/${op.id}`))
        .set('x-api-key', member.apiKey)
    ).body as { signatures: { user: string }[] };
    expect(signed.signatures.map((s) => s.user)).toEqual([member.address]);
    await screenshotBothWidths(page, 'review-tron');

    // A second approver signs through the API; Execute then goes through TronLink's tronWeb.
    const version = `1.2.0-tvm-${TRON_MAINNET}`;
    await sign(t, tron, tron.members[1], op.id, await submission(tron.members[1], tron, version, op)).expect(200);
    const ready = (
      await request(t.http)
        .get(queuePath(tron.id, `/${op.id}`))
        .set('x-api-key', member.apiKey)
    ).body as {
      status: string;
      signatureBlob: Hex;
      executeOperationId: Hex;
      calls: { to: string; value: string; data: Hex }[];
    };
    expect(ready.status).toBe('READY');
    await page.getByRole('button', { name: 'Execute', exact: true }).click();
    const sent = page.getByText(/Transaction sent: [0-9a-f]{64}/);
    await sent.waitFor();
    expect(tronLink.built).toHaveLength(1);
    const [call] = tronLink.built;
    expect(call).toMatchObject({
      contract: tron.address,
      functionSelector: 'execute(((address,uint256,bytes)[],bytes,bytes32)[])',
      callValue: 0,
      issuer: member.address,
    });
    // The raw parameter is the ABI-encoded ops: this operation, its calls and both signatures.
    const selector = toFunctionSelector('execute(((address,uint256,bytes)[],bytes,bytes32)[])');
    const decoded = decodeFunctionData({
      abi: parseAbi([
        'function execute(((address to, uint256 value, bytes data)[] calls, bytes signatures, bytes32 id)[] ops)',
      ]),
      data: `${selector}${call.rawParameter}` as Hex,
    });
    const [ops] = decoded.args as unknown as [
      { calls: { to: string; value: bigint; data: Hex }[]; signatures: Hex; id: Hex }[],
    ];
    expect(ops).toHaveLength(1);
    expect(ops[0].id).toBe(ready.executeOperationId);
    expect(ops[0].signatures).toBe(ready.signatureBlob.toLowerCase());
    expect(ops[0].calls.map((c) => ({ to: c.to.toLowerCase(), value: String(c.value), data: c.data }))).toEqual(
      ready.calls.map((c) => ({ to: tronHex20(c.to), value: c.value, data: c.data })),
    );
    // Signed with the member's key over the transaction id; not broadcast (no Tron node here).
    expect(tronLink.sent).toHaveLength(1);
    expect(await sent.textContent()).toContain(tronLink.sent[0].txID);
    const signer = await recoverAddress({
      hash: `0x${tronLink.sent[0].txID}`,
      signature: `0x${tronLink.sent[0].signature[0]}`,
    });
    expect(signer.toLowerCase()).toBe(tronLink.hex20);
  });

  it('Russian at 390 px: every main screen fits the phone’s width (nothing cut off sideways) and is photographed for a person to read', async () => {
    const created = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[1].apiKey)
      .send({ deploymentId: d.id, currencyId: CHAIN_ID, amount: '0.01', toAddress: evmWallet().address })
      .expect(201);
    const invoice = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/invoices`)
      .set(admin())
      .send({ requestedAmount: '2', currencyIds: [CHAIN_ID], paymentPageButtonUrl: null, paymentPageButtonText: null })
      .expect(201);
    const { page } = await open(d.members[0], { locale: 'ru-RU' });
    await page.setViewportSize(PHONE);
    await signIn(page);
    const screens: [string, string, () => Promise<void>][] = [
      ['accounts', '/console/', () => page.getByRole('heading', { name: /^Ваши/ }).waitFor()],
      ['overview', `/console/accounts/${d.accountId}`, () => page.getByText('Общий баланс', { exact: true }).waitFor()],
      ['queue', `/console/deployments/${d.id}/queue`, () => page.getByText('0 из 2').first().waitFor()],
      [
        'review',
        `/console/deployments/${d.id}/operations/${created.body.queueOperationId}`,
        () => page.getByText('Дайджест').first().waitFor(),
      ],
      ['payouts', `/console/deployments/${d.id}/payouts`, () => page.getByRole('table').waitFor()],
      ['invoices', `/console/deployments/${d.id}/invoices`, () => page.getByRole('table').waitFor()],
      [
        'invoice',
        `/console/deployments/${d.id}/invoices/${invoice.body.id}`,
        () => page.getByRole('img').first().waitFor(),
      ],
      ['transactions', `/console/deployments/${d.id}/transactions`, () => page.getByRole('table').waitFor()],
      ['claims', `/console/deployments/${d.id}/claims`, () => page.getByRole('heading').first().waitFor()],
      [
        'settings',
        `/console/accounts/${d.accountId}/settings`,
        () => page.getByRole('heading', { name: 'Адресная книга' }).waitFor(),
      ],
      ['audit', `/console/accounts/${d.accountId}/audit`, () => page.getByRole('table').waitFor()],
    ];
    const overflowing: Record<string, number> = {};
    mkdirSync(CONSOLE_SHOTS, { recursive: true });
    for (const [name, path, ready] of screens) {
      await page.goto(`${baseUrl}${path}`);
      await ready();
      const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      if (width > PHONE.width) overflowing[name] = width;
      await page.screenshot({ path: join(CONSOLE_SHOTS, `${name}-ru-390.png`), fullPage: true });
    }
    expect(overflowing).toEqual({});
    await request(t.http)
      .delete(queuePath(d.id, `/${created.body.queueOperationId}`))
      .set('x-api-key', d.members[1].apiKey)
      .expect(200);
  });

  it('time to a usable queue page on a 390 px phone with the CPU slowed 4× (cold cache)', async () => {
    const { context, page } = await open(d.members[0]);
    await signIn(page, `/console/deployments/${d.id}/queue`);
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    const cdp = await context.newCDPSession(phone);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const started = Date.now();
    await phone.goto(`${baseUrl}/console/deployments/${d.id}/queue`);
    await phone.getByRole('heading', { name: 'Queue · Sepolia' }).waitFor();
    await phone.getByText('Next nonce to execute').waitFor();
    const usableMs = Date.now() - started;
    const paint = await phone.evaluate(
      () =>
        (
          globalThis as unknown as {
            performance: { getEntriesByType(t: string): { name: string; startTime: number }[] };
          }
        ).performance
          .getEntriesByType('paint')
          .find((e) => e.name === 'first-contentful-paint')?.startTime ?? null,
    );
    console.log(
      `queue usable after ${usableMs} ms (first contentful paint ${paint === null ? '—' : Math.round(paint)} ms), 390 px, CPU ×4, cold cache`,
    );
    expect(usableMs).toBeLessThan(15_000);
  });
});
