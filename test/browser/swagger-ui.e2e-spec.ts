import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';

describeInBrowser('Swagger UI in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    browser = await launchBrowser();
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
