import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createTestApp, TestApp } from '../support/test-app';

/** Debian's Chromium; `.ci/run` installs it when missing. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const installed = existsSync(CHROMIUM);
if (!installed) console.warn(`Swagger UI browser test skipped: Chromium not installed (${CHROMIUM})`);
const suite = installed ? describe : describe.skip;

suite(installed ? 'Swagger UI in Chromium' : 'Swagger UI in Chromium (skipped: Chromium not installed)', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  // Swagger UI gives each operation the element id `operations-<tag>-<operationId>`.
  const operation = (operationId: string) => page.locator(`.opblock[id$="-${operationId}"]`);

  it('lists the three catalog operations', async () => {
    await page.goto(`${baseUrl}/docs`);
    for (const [operationId, path] of [
      ['CurrenciesController_findAll_v1', '/api/v1/public/currencies'],
      ['CurrenciesController_findOne_v1', '/api/v1/public/currencies/{id}'],
      ['PublicSmartContractVersionsController_getByVersionId_v1', '/api/v1/public/smart-contract-versions/{versionId}'],
    ]) {
      await operation(operationId).waitFor();
      expect(await operation(operationId).locator('.opblock-summary-path').getAttribute('data-path')).toBe(path);
    }
  });

  it('runs "Try it out" on the currency list and shows a 200 with the seeded currencies', async () => {
    const list = operation('CurrenciesController_findAll_v1');
    await list.locator('.opblock-summary-control').click();
    await list.getByRole('button', { name: 'Try it out' }).click();
    await list.getByRole('button', { name: 'Execute' }).click();

    const response = list.locator('.live-responses-table .response').first();
    await response.waitFor();
    expect((await response.locator('.response-col_status').innerText()).trim()).toBe('200');
    const body = await response.locator('.response-col_description .highlight-code').innerText();
    expect(body).toContain('"symbol": "USDT"');
    expect(body).toContain('"id": "1-0xdac17f958d2ee523a2206206994597c13d831ec7"');
  });
});
