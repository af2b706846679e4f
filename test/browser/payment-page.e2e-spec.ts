import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describeInBrowser, launchBrowser } from '../support/browser';
import { createDeployment, TestDeployment } from '../support/builders';
import { ingest, TEST_INDEXER_KEY } from '../support/chain-events';
import { createInvoice, ETH_USDC, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';

/** Screenshots of each state, for a person to look at (gitignored). */
const SHOTS = join(__dirname, '..', '..', 'test-artifacts', 'payment-page');

/** A phone: the page is meant to be read on one. */
const PHONE = { width: 390, height: 844 };
/** Ethereum's confirmations for CONFIRMED, as the catalog says. */
const CONFIRMED = { confirmations: 12 };

jest.setTimeout(90_000);

/** What the test reads of the page's `<img>` (the test compiles without the DOM library). */
interface ImageElement {
  readonly complete: boolean;
  addEventListener(type: 'load', listener: () => void, options: { once: boolean }): void;
}

/** What the contrast check reads of an element (no DOM library here either). */
interface StyledElement {
  readonly parentElement: StyledElement | null;
  readonly ownerDocument: { readonly defaultView: { getComputedStyle(el: StyledElement): Record<string, string> } };
}

interface Invoice {
  id: string;
  publicId: string;
  invoiceAddress: string;
}

describeInBrowser('payment page in Chromium', () => {
  let t: TestApp;
  let d: TestDeployment;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let baseUrl: string;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    d = await createDeployment(t);
    browser = await launchBrowser();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, locale: 'en-US' });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
  });

  afterEach(async () => {
    await context?.close();
    expect(cspViolations.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function newInvoice(body: Record<string, unknown>): Promise<Invoice> {
    const res = await createInvoice(t, d, invoiceBody(body));
    if (res.status !== 201) throw new Error(`create invoice answered ${res.status}`);
    return res.body as Invoice;
  }

  async function shot(name: string): Promise<void> {
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }

  /** Decodes the QR code the page shows, from pixels, as a wallet's camera would. */
  async function scanQr(): Promise<string | undefined> {
    const qr = page.locator('#qr');
    await qr.evaluate(
      (img: ImageElement) =>
        img.complete ||
        new Promise<boolean>((loaded) => img.addEventListener('load', () => loaded(true), { once: true })),
    );
    const png = PNG.sync.read(await qr.screenshot());
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  }

  /** The QR decodes to exactly the "Open in wallet" link's URI, and that is `expected`. */
  async function expectQrAndLink(expected: string): Promise<void> {
    expect(await page.locator('#open-wallet').getAttribute('href')).toBe(expected);
    expect(await scanQr()).toBe(expected);
  }

  it('awaiting → confirming → partial → paid, pushed by the event stream without a reload', async () => {
    const invoice = await newInvoice({
      requestedAmount: '10',
      currencyIds: [ETH_USDT],
      paymentPageButtonUrl: 'https://shop.example/thanks',
      paymentPageButtonText: 'Back to <Shop>',
    });
    // Timers frozen: the page's polling fallback cannot run, so every update below came from the stream.
    await page.clock.install();
    const streams: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(`/api/v1/public/invoices/${invoice.publicId}/events`)) {
        streams.push(response.status());
      }
    });
    await page.goto(`${baseUrl}/pay/${invoice.publicId}`);

    expect(await page.locator('#merchant').innerText()).toBe('Test team');
    expect(await page.locator('#invoice-number').innerText()).toBe(`Invoice ${invoice.publicId}`);
    expect(await page.locator('#status').innerText()).toBe('Awaiting payment');
    expect(await page.locator('#amount-due').innerText()).toBe('10');
    expect(await page.locator('#fiat').innerText()).toBe('≈ $10.00');
    expect(await page.locator('#address').innerText()).toBe(invoice.invoiceAddress);
    expect(await page.locator('#network').innerText()).toBe('Ethereum');
    expect(await page.locator('#token-explorer').getAttribute('href')).toBe(
      'https://etherscan.io/address/0xdAC17F958D2ee523a2206206994597C13D831ec7',
    );
    const full = `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${invoice.invoiceAddress}&uint256=10000000`;
    await expectQrAndLink(full);
    const button = page.locator('#merchant-button');
    expect(await button.innerText()).toBe('Back to <Shop>');
    expect(await button.getAttribute('href')).toBe('https://shop.example/thanks');
    await shot('1-awaiting');

    // A marker that a reload would wipe.
    await page.evaluate("window.marker = 'same page'");

    const hash = `0x${'cd'.repeat(32)}`;
    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '4000000', 'PENDING', { hash, confirmations: 0 })]);
    await page.locator('body[data-state="CONFIRMING"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('#status').innerText()).toBe('Confirming payment');
    // What is left to send: the total less what is confirming.
    expect(await page.locator('#amount-due').innerText()).toBe('6');
    expect(await page.locator('#deposits').innerText()).toContain('Confirming: 0 of 12 confirmations');
    expect(await page.locator('#send-title').innerText()).toBe('Send the remaining 6 USDT');
    await expectQrAndLink(full.replace('uint256=10000000', 'uint256=6000000'));
    expect(await page.locator('#announcer').innerText()).toBe('Confirming payment');
    await shot('2-confirming');

    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '4000000', 'CONFIRMED', { hash, ...CONFIRMED })]);
    await page.locator('body[data-state="PARTIAL"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('#status').innerText()).toBe('Partially paid');
    expect(await page.locator('#amount-due').innerText()).toBe('6');
    expect(await page.locator('#paid-amount').innerText()).toBe('4 USDT');
    expect(await page.locator('#fiat').innerText()).toBe('≈ $6.00');
    expect(await page.locator('#send-title').innerText()).toBe('Send 6 USDT');
    await expectQrAndLink(full.replace('uint256=10000000', 'uint256=6000000'));
    await shot('3-partial');

    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '6000000', 'CONFIRMED', CONFIRMED)]);
    await page.locator('body[data-status="PAID"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('#screen-paid').isVisible()).toBe(true);
    expect(await page.locator('#qr').count()).toBe(0);
    expect(await page.locator('#status').innerText()).toBe('Paid');
    expect(await page.locator('#announcer').innerText()).toBe('Paid');
    expect(await page.locator('#received-amount').innerText()).toBe('10');
    expect(await page.locator('#copy-amount').count()).toBe(0);
    expect(await page.locator('#deposits li').count()).toBe(2);
    expect(await page.evaluate('window.marker')).toBe('same page');
    expect(streams).toEqual([200]);
    await shot('4-paid');

    // Final: the page has closed its stream and fetches nothing more.
    let requests = 0;
    page.on('request', () => (requests += 1));
    await page.clock.runFor(60_000);
    await page.waitForTimeout(500);
    expect(requests).toBe(0);
  });

  it('asks which currency first; the QR, the link and the amounts follow the choice', async () => {
    const invoice = await newInvoice({ requestedAmount: null, currencyIds: [ETH_USDT, ETH_USDC, '1'] });
    await page.goto(`${baseUrl}/pay/${invoice.publicId}`);
    expect(await page.locator('#status').innerText()).toBe('Choose a currency');
    expect(await page.locator('#qr').count()).toBe(0);
    expect(await page.locator('#currency-choices a').allInnerTexts()).toEqual([
      expect.stringContaining('USDT'),
      expect.stringContaining('USDC'),
      expect.stringContaining('ETH'),
    ]);
    await shot('5-currency-choice');

    await page.locator('a[data-currency="1"]').click();
    await page.locator('#qr').waitFor();
    expect(await page.locator('#amount-any').innerText()).toBe('Any amount of ETH');
    await expectQrAndLink(`ethereum:${invoice.invoiceAddress}@1`);
    expect(await page.locator('#token-explorer').count()).toBe(0);

    await page.locator('#change-currency').click();
    await page.locator(`a[data-currency="${ETH_USDC}"]`).click();
    await page.locator('#qr').waitFor();
    await expectQrAndLink(
      `ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=${invoice.invoiceAddress}`,
    );
    await shot('6-currency-chosen');
  });

  it('shows the needs-review screen when more than asked arrives', async () => {
    const invoice = await newInvoice({ requestedAmount: '1', currencyIds: [ETH_USDT] });
    await page.goto(`${baseUrl}/pay/${invoice.publicId}`);
    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '3000000', 'CONFIRMED', CONFIRMED)]);
    await page.locator('body[data-status="UNRESOLVED"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('#screen-unresolved').isVisible()).toBe(true);
    expect(await page.locator('#status').innerText()).toBe('Needs review');
    expect(await page.locator('#announcer').innerText()).toBe('Needs review');
    await shot('7-needs-review');
  });

  it('falls back to polling when the event stream is refused', async () => {
    const invoice = await newInvoice({ requestedAmount: '2', currencyIds: [ETH_USDT] });
    await page.route('**/events', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    const pageFetches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/pay/${invoice.publicId}`) && r.resourceType() === 'fetch') pageFetches.push(r.url());
    });
    await page.goto(`${baseUrl}/pay/${invoice.publicId}`);
    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '2000000', 'CONFIRMED', CONFIRMED)]);
    await page.locator('body[data-status="PAID"]').waitFor({ timeout: 20_000 });
    expect(pageFetches.length).toBeGreaterThan(0);
  });

  it('shows a 404 page for an unknown invoice', async () => {
    const response = await page.goto(`${baseUrl}/pay/123456789`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Invoice not found');
    await shot('8-unknown');
  });

  it('speaks Russian to a browser that asks for it, numbers and dates included', async () => {
    await context.close();
    context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, locale: 'ru-RU' });
    page = await context.newPage();
    const invoice = await newInvoice({ requestedAmount: '1234.5', currencyIds: [ETH_USDT] });
    await page.goto(`${baseUrl}/pay/${invoice.publicId}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    expect(await page.locator('#status').innerText()).toBe('Ожидает оплаты');
    expect(await page.locator('#open-wallet').innerText()).toBe('Открыть в кошельке');
    expect(await page.locator('#amount-due').innerText()).toMatch(/^1\s234,5$/u);
    expect(await page.locator('#fiat').innerText()).toMatch(/^≈ 1\s234,50\s\$$/u);
    expect(await page.locator('#issued').innerText()).toMatch(/^Выставлен \d{1,2} [а-я]+ 20\d\d/u);
    await shot('9-russian');

    const missing = await page.goto(`${baseUrl}/pay/123456789`);
    expect(missing?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Счёт не найден');
  });

  it('copies the amount and the address with their buttons', async () => {
    const invoice = await newInvoice({ requestedAmount: '1234.5', currencyIds: [ETH_USDT] });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto(`${baseUrl}/pay/${invoice.publicId}`);
    await page.locator('#copy-amount').click();
    await page.locator('#copy-amount', { hasText: 'Copied' }).waitFor();
    // The number a wallet takes, not the formatted one.
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe('1234.5');
    await page.locator('#copy-address').click();
    await page.locator('#copy-address', { hasText: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(invoice.invoiceAddress);
  });

  it('copies exactly the amount the QR code asks for: fresh, confirming, part-paid, the remainder confirming', async () => {
    const invoice = await newInvoice({ requestedAmount: '0.05', currencyIds: ['1'] });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const wei = (eth: string) => BigInt(Math.round(Number(eth) * 1e6)) * 10n ** 12n;

    /** The copied amount, and the amount of the QR's EIP-681 URI, both in wei. */
    async function copiedAndScanned(): Promise<{ copied: bigint; scanned: bigint }> {
      await page.goto(`${baseUrl}/pay/${invoice.publicId}`);
      await page.locator('#copy-amount').click();
      await page.locator('#copy-amount', { hasText: 'Copied' }).waitFor();
      const copied = String(await page.evaluate('navigator.clipboard.readText()'));
      const uri = (await scanQr()) ?? '';
      const value = /[?&]value=(\d+)/.exec(uri)?.[1];
      if (value === undefined) throw new Error(`no value in the QR's URI: ${uri}`);
      expect(await page.locator('#open-wallet').getAttribute('href')).toBe(uri);
      expect(await page.locator('#send-title').innerText()).toContain(`${copied} ETH`);
      return { copied: wei(copied), scanned: BigInt(value) };
    }

    const states: Record<string, { copied: bigint; scanned: bigint }> = {};
    states.fresh = await copiedAndScanned();
    const hash = `0x${'ef'.repeat(32)}`;
    const first = (status: string, more: object) =>
      transfer(d, invoice.invoiceAddress, '1', wei('0.02').toString(), status, { hash, ...more });
    await ingest(t, [first('PENDING', { confirmations: 0 })]);
    states.confirming = await copiedAndScanned();
    await ingest(t, [first('CONFIRMED', CONFIRMED)]);
    states.partPaid = await copiedAndScanned();
    await ingest(t, [
      transfer(d, invoice.invoiceAddress, '1', wei('0.01').toString(), 'PENDING', { confirmations: 0 }),
    ]);
    states.remainder = await copiedAndScanned();

    for (const [state, { copied, scanned }] of Object.entries(states)) {
      expect({ state, copied }).toEqual({ state, copied: scanned });
    }
    expect(Object.fromEntries(Object.entries(states).map(([state, { copied }]) => [state, copied]))).toEqual({
      fresh: wei('0.05'),
      confirming: wei('0.03'),
      partPaid: wei('0.03'),
      remainder: wei('0.02'),
    });
  });

  it('is usable at 320 px, reachable by keyboard, and its text meets AA contrast', async () => {
    const invoice = await newInvoice({
      requestedAmount: '123456789.123456',
      currencyIds: [ETH_USDT],
      paymentPageButtonUrl: 'https://shop.example/thanks',
      paymentPageButtonText: 'Back to the shop',
    });
    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '1000000', 'PENDING', { confirmations: 0 })]);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${baseUrl}/pay/${invoice.publicId}`);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
    await shot('10-narrow-320px');

    const reached: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      reached.push(String(await page.evaluate('document.activeElement.id || document.activeElement.textContent')));
    }
    for (const id of ['copy-amount', 'open-wallet', 'copy-address', 'token-explorer', 'merchant-button']) {
      expect(reached).toContain(id);
    }

    const live = page.locator('#announcer');
    expect(await live.getAttribute('aria-live')).toBe('polite');
    expect(await live.getAttribute('role')).toBe('status');

    const selectors = [
      '#merchant',
      '#invoice-number',
      '#status',
      '.label',
      '#amount-due',
      '#fiat',
      '.facts dt',
      '#copy-amount',
      '#open-wallet',
      '.hint',
      '#warning',
      '.deposit-state',
      '#merchant-button',
      'footer nav a',
      '#token-contract',
    ];
    for (const selector of selectors) {
      const [fg, bg, size, weight] = await page
        .locator(selector)
        .first()
        .evaluate((el: StyledElement) => {
          const view = el.ownerDocument.defaultView;
          const own = view.getComputedStyle(el);
          let background = 'rgba(0, 0, 0, 0)';
          for (let at: StyledElement | null = el; at !== null; at = at.parentElement) {
            const color = view.getComputedStyle(at).backgroundColor;
            if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') {
              background = color;
              break;
            }
          }
          return [own.color, background, own.fontSize, own.fontWeight];
        });
      const large = parseFloat(size) >= 24 || (parseFloat(size) >= 18.66 && Number(weight) >= 700);
      expect({ selector, ratio: contrast(fg, bg) >= (large ? 3 : 4.5) }).toEqual({ selector, ratio: true });
    }
  });
});

/** WCAG 2 contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
