import type { Browser } from 'playwright-core';
import { parseEther, recoverTypedDataAddress, verifyMessage, type Hex } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { describeInBrowser, launchBrowser } from '../support/browser';
import { startAnvil, type Anvil } from '../support/anvil';
import {
  openConsole,
  screenshotBothWidths,
  startConsoleService,
  type ConsoleSession,
} from '../support/console-browser';
import type { TestApp } from '../support/test-app';

jest.setTimeout(120_000);

/** What the page's `window.ethereum` answers, or the EIP-1193 error code it throws. */
type Answer = { result: unknown } | { code: number; message: string };

describeInBrowser('the console in Chromium with the injected test wallet', () => {
  let anvil: Anvil;
  let service: { t: TestApp; baseUrl: string };
  let browser: Browser;
  let session: ConsoleSession;

  beforeAll(async () => {
    anvil = await startAnvil();
    service = await startConsoleService();
    browser = await launchBrowser();
  });

  afterEach(async () => {
    const violations = session?.cspViolations.splice(0) ?? [];
    await session?.context.close();
    expect(violations).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await service?.t.close();
    await anvil?.stop();
  });

  async function request(method: string, params: unknown[] = []): Promise<Answer> {
    return session.page.evaluate(
      async ([m, p]) => {
        const provider = (globalThis as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
        try {
          return { result: await provider.request({ method: m, params: p }) };
        } catch (error) {
          const e = error as { code: number; message: string };
          return { code: e.code, message: e.message };
        }
      },
      [method, params] as const,
    );
  }

  it('the sign-in page finds the wallet by EIP-6963 and offers "Sign in with wallet"', async () => {
    const account = await anvil.fundedAccount();
    session = await openConsole(browser, anvil, account);
    await session.page.goto(`${service.baseUrl}/console/`);
    await session.page.getByRole('button', { name: 'Sign in with wallet' }).waitFor();
    await session.page.getByText('Test Wallet').waitFor();
    const announced = await session.page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const names: string[] = [];
          const scope = globalThis as unknown as {
            addEventListener(t: string, l: (e: { detail: { info: { rdns: string } } }) => void): void;
            dispatchEvent(e: unknown): boolean;
            Event: new (t: string) => unknown;
          };
          scope.addEventListener('eip6963:announceProvider', (e) => names.push(e.detail.info.rdns));
          scope.dispatchEvent(new scope.Event('eip6963:requestProvider'));
          setTimeout(() => resolve(names), 50);
        }),
    );
    expect(announced).toEqual(['test.wallet']);
    await screenshotBothWidths(session.page, 'sign-in');
  });

  it('the language follows ?lang=, then the saved choice, then the browser', async () => {
    const account = await anvil.fundedAccount();
    session = await openConsole(browser, anvil, account, { locale: 'ru-RU' });
    const { page } = session;
    await page.goto(`${service.baseUrl}/console/`);
    await page.getByRole('button', { name: 'Войти через кошелёк' }).waitFor();
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang,
      ),
    ).toBe('ru');
    await screenshotBothWidths(page, 'sign-in-ru');
    await page.goto(`${service.baseUrl}/console/?lang=en`);
    await page.getByRole('button', { name: 'Sign in with wallet' }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('en');
    await page.goto(`${service.baseUrl}/console/`);
    await page.getByRole('button', { name: 'Sign in with wallet' }).waitFor();
  });

  it('is a faithful EIP-1193 wallet: accounts only once connected, signatures by its key, transactions on anvil', async () => {
    const account = await anvil.fundedAccount();
    session = await openConsole(browser, anvil, account);
    await session.page.goto(`${service.baseUrl}/console/`);

    expect(await request('eth_accounts')).toEqual({ result: [] });
    const unconnected = await request('personal_sign', ['0x68656c6c6f', account.address]);
    expect(unconnected).toMatchObject({ code: 4100 });
    expect(await request('eth_requestAccounts')).toEqual({ result: [account.address] });
    expect(await request('eth_chainId')).toEqual({ result: `0x${anvil.chainId.toString(16)}` });

    const signed = (await request('personal_sign', ['0x68656c6c6f', account.address])) as { result: Hex };
    expect(await verifyMessage({ address: account.address, message: 'hello', signature: signed.result })).toBe(true);

    const typedData = {
      domain: { name: 'MultiSigWallet', version: '1.2.0', chainId: anvil.chainId, verifyingContract: account.address },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Execute: [{ name: 'nonce', type: 'uint256' }],
      },
      primaryType: 'Execute',
      message: { nonce: '7' },
    };
    const typed = (await request('eth_signTypedData_v4', [account.address, JSON.stringify(typedData)])) as {
      result: Hex;
    };
    const { EIP712Domain: _domain, ...types } = typedData.types;
    expect(
      await recoverTypedDataAddress({
        domain: typedData.domain as never,
        types,
        primaryType: 'Execute',
        message: { nonce: 7n },
        signature: typed.result,
      }),
    ).toBe(account.address);
    const wrongChain = await request('eth_signTypedData_v4', [
      account.address,
      JSON.stringify({ ...typedData, domain: { ...typedData.domain, chainId: 1 } }),
    ]);
    expect(wrongChain).toMatchObject({ code: -32603 });

    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const sent = (await request('eth_sendTransaction', [
      { from: account.address, to: recipient, value: `0x${parseEther('1.5').toString(16)}` },
    ])) as { result: Hex };
    await anvil.publicClient.waitForTransactionReceipt({ hash: sent.result });
    expect(await anvil.publicClient.getBalance({ address: recipient })).toBe(parseEther('1.5'));
    // Anything else is the node's: the page reads the balance through the wallet.
    expect(await request('eth_getBalance', [recipient, 'latest'])).toEqual({
      result: `0x${parseEther('1.5').toString(16)}`,
    });

    expect(await request('wallet_switchEthereumChain', [{ chainId: '0x1' }])).toMatchObject({ code: 4902 });
    session.wallet.declineNext();
    expect(await request('personal_sign', ['0x68656c6c6f', account.address])).toMatchObject({ code: 4001 });
    expect(session.wallet.requests).toEqual(expect.arrayContaining(['eth_requestAccounts', 'eth_sendTransaction']));
  });

  it('emits accountsChanged when the person switches accounts in the wallet', async () => {
    const account = await anvil.fundedAccount();
    session = await openConsole(browser, anvil, account);
    await session.page.goto(`${service.baseUrl}/console/`);
    await request('eth_requestAccounts');
    await session.page.evaluate(() => {
      const scope = globalThis as unknown as {
        ethereum: { on(e: string, l: (a: unknown) => void): void };
        seen: unknown[];
      };
      scope.seen = [];
      scope.ethereum.on('accountsChanged', (accounts) => scope.seen.push(accounts));
    });
    const other = await anvil.fundedAccount();
    await session.wallet.useAccount(other);
    expect(await session.page.evaluate(() => (globalThis as unknown as { seen: unknown[] }).seen)).toEqual([
      [other.address],
    ]);
    expect(await request('eth_accounts')).toEqual({ result: [other.address] });
  });
});
