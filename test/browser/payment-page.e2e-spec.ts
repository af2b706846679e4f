import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser } from '../support/browser';
import { PNG } from 'pngjs';
import { createDeployment, TestDeployment } from '../support/builders';
import { ingest, TEST_INDEXER_KEY } from '../support/chain-events';
import { createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';

/** Screenshots of each state, for a person to look at (gitignored). */
const SHOTS = join(__dirname, '..', '..', 'test-artifacts', 'payment-page');

jest.setTimeout(60_000);

/** What the test reads of the page's `<img>` (the test compiles without the DOM library). */
interface ImageElement {
  readonly complete: boolean;
  addEventListener(type: 'load', listener: () => void, options: { once: boolean }): void;
}

interface Invoice {
  publicId: string;
  invoiceAddress: string;
}

describeInBrowser('payment page in Chromium', () => {
  let t: TestApp;
  let d: TestDeployment;
  let browser: Browser;
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
    // A phone-sized viewport: the page is meant to be read on one.
    page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
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

  /** Decodes the QR code the page shows, from pixels, as a wallet's camera would. */
  async function scanQr(): Promise<string | undefined> {
    const png = PNG.sync.read(await page.locator('#qr').screenshot());
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  }

  it('shows address, amount due and a scannable QR, then switches to paid without a reload', async () => {
    const invoice = await newInvoice({
      requestedAmount: '10',
      currencyIds: [ETH_USDT],
      paymentPageButtonUrl: 'https://shop.example/thanks',
      paymentPageButtonText: 'Back to <Shop>',
    });
    await page.goto(`${baseUrl}/pay/${invoice.publicId}`);

    expect(await page.locator('#address').innerText()).toBe(invoice.invoiceAddress);
    expect(await page.locator('#amount-due').innerText()).toBe('10');
    expect(await page.locator('#network').innerText()).toBe('Ethereum');
    expect(await page.locator('#status').innerText()).toBe('Awaiting payment');
    expect(await scanQr()).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${invoice.invoiceAddress}&uint256=10000000`,
    );
    const button = page.locator('#merchant-button');
    expect(await button.innerText()).toBe('Back to <Shop>');
    expect(await button.getAttribute('href')).toBe('https://shop.example/thanks');
    await page.screenshot({ path: join(SHOTS, '1-awaiting-payment.png'), fullPage: true });

    // A marker that a reload would wipe.
    await page.evaluate("window.marker = 'same page'");

    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '4000000', 'CONFIRMED')]);
    await page.locator('#amount-due', { hasText: /^6$/ }).waitFor({ timeout: 15_000 });
    expect(await page.locator('#paid-amount').innerText()).toBe('4');
    expect(await page.locator('#status').innerText()).toBe('Awaiting payment');
    // The QR now asks for what is still due. Not waitForFunction: it evals its predicate in the page,
    // and only its first try runs inside the DevTools call that CSP lets through; a later poll is
    // refused (EvalError), so it passed only when the new image had already loaded.
    const dueQr = page.locator('#qr[src*="/qr.svg"]');
    await dueQr.waitFor();
    await dueQr.evaluate(
      (img: ImageElement) =>
        img.complete ||
        new Promise<boolean>((loaded) => img.addEventListener('load', () => loaded(true), { once: true })),
    );
    expect(await scanQr()).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${invoice.invoiceAddress}&uint256=6000000`,
    );
    await page.screenshot({ path: join(SHOTS, '2-partially-paid.png'), fullPage: true });

    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '6000000', 'CONFIRMED')]);
    await page.locator('body[data-status="PAID"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('#screen-paid').isVisible()).toBe(true);
    expect(await page.locator('#screen-pending').isVisible()).toBe(false);
    expect(await page.locator('#status').innerText()).toBe('Paid');
    expect(await page.locator('#amount-due').innerText()).toBe('0');
    expect(await page.evaluate('window.marker')).toBe('same page');
    await page.locator('#deposits li').nth(1).waitFor();
    await page.screenshot({ path: join(SHOTS, '3-paid.png'), fullPage: true });
    expect(cspViolations).toEqual([]);
  });

  it('shows the unresolved screen when more than asked arrives', async () => {
    const invoice = await newInvoice({ requestedAmount: '1', currencyIds: [ETH_USDT] });
    await page.goto(`${baseUrl}/pay/${invoice.publicId}`);
    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '3000000', 'CONFIRMED')]);
    await page.locator('body[data-status="UNRESOLVED"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('#screen-unresolved').isVisible()).toBe(true);
    expect(await page.locator('#status').innerText()).toBe('Needs review');
    await page.screenshot({ path: join(SHOTS, '4-unresolved.png'), fullPage: true });
  });

  it('copies the address with the copy button', async () => {
    const invoice = await newInvoice({ requestedAmount: null });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto(`${baseUrl}/pay/${invoice.publicId}`);
    await page.locator('#copy-address').click();
    await page.locator('#copy-address', { hasText: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(invoice.invoiceAddress);
  });

  it('shows a 404 page for an unknown invoice', async () => {
    const response = await page.goto(`${baseUrl}/pay/123456789`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Invoice not found');
    await page.screenshot({ path: join(SHOTS, '5-not-found.png'), fullPage: true });
  });
});
