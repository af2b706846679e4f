import request from 'supertest';
import { createDeployment, TestDeployment, TRON_MAINNET } from '../support/builders';
import { ingest, TEST_INDEXER_KEY } from '../support/chain-events';
import { createInvoice, ETH_USDC, ETH_USDT, invoiceBody, TRON_USDT, transfer } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

interface Invoice {
  id: string;
  publicId: string;
  invoiceAddress: string;
  paymentPageUrl: string;
}

/** The public invoice JSON and the payment page's HTML (docs/contract.md, Merchants); the browser test drives the page itself. */
describe('public invoice and payment page', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    d = await createDeployment(t);
  });
  afterAll(() => t.close());

  async function invoice(body: Record<string, unknown>, deployment = d): Promise<Invoice> {
    const res = await createInvoice(t, deployment, invoiceBody(body));
    if (res.status !== 201) throw new Error(`create invoice answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as Invoice;
  }

  describe('GET /api/v1/public/invoices/{publicId}', () => {
    it('shows exactly the public fields, without a credential', async () => {
      const inv = await invoice({
        requestedAmount: '12.5',
        currencyIds: [ETH_USDT],
        trackingId: 'secret-order-1',
        callbackUrl: 'https://shop.example/cb',
        paymentPageButtonUrl: 'https://shop.example/done',
        paymentPageButtonText: 'Back to shop',
      });
      const res = await request(t.http).get(`/api/v1/public/invoices/${inv.publicId}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(Object.keys(res.body).sort()).toEqual(
        [
          'availableCurrencies',
          'chainId',
          'createdAt',
          'invoiceAddress',
          'isTron',
          'paidAmount',
          'paymentPageButtonText',
          'paymentPageButtonUrl',
          'publicId',
          'requestedAmount',
          'status',
        ].sort(),
      );
      expect(res.body).toMatchObject({
        publicId: inv.publicId,
        invoiceAddress: inv.invoiceAddress,
        chainId: '1',
        requestedAmount: '12.5',
        status: 'CREATED',
        isTron: false,
        paidAmount: '0',
        paymentPageButtonUrl: 'https://shop.example/done',
      });
      expect(res.body.availableCurrencies.map((c: { id: string }) => c.id)).toEqual([ETH_USDT]);
      const text = JSON.stringify(res.body);
      for (const secret of ['secret-order-1', 'shop.example/cb', inv.id, d.id]) expect(text).not.toContain(secret);
    });

    it('lists the deposits, oldest first, and follows the paid amount and status', async () => {
      const inv = await invoice({ requestedAmount: '10', currencyIds: [ETH_USDT] });
      const first = transfer(d, inv.invoiceAddress, ETH_USDT, '4000000', 'CONFIRMED', { confirmations: 12 });
      await ingest(t, [first]);
      await ingest(t, [transfer(d, inv.invoiceAddress, ETH_USDT, '6000000', 'PENDING')]);
      const deposits = await request(t.http).get(`/api/v1/public/invoices/${inv.publicId}/transactions`);
      expect(deposits.status).toBe(200);
      expect(deposits.body).toHaveLength(2);
      expect(deposits.body[0]).toEqual({
        txHash: first.txHash,
        amount: '4',
        currency: expect.objectContaining({ id: ETH_USDT, symbol: 'USDT' }),
        status: 'CONFIRMED',
        confirmations: 12,
        createdAt: expect.stringMatching(/Z$/),
      });
      expect(deposits.body[1]).toMatchObject({ amount: '6', status: 'PENDING' });
      const shown = await request(t.http).get(`/api/v1/public/invoices/${inv.publicId}`);
      expect(shown.body).toMatchObject({ paidAmount: '4', status: 'CREATED' });
    });

    it('answers 404 for an unknown or malformed public id', async () => {
      for (const id of ['1', '9223372036854775807', '9223372036854775808', 'abc', '0x10', '-1']) {
        for (const suffix of ['', '/transactions']) {
          const res = await request(t.http).get(`/api/v1/public/invoices/${id}${suffix}`);
          expect(res.status).toBe(404);
          expect(res.body.code).toBe('INVOICE_NOT_FOUND');
        }
      }
    });
  });

  describe('GET /pay/{publicId}', () => {
    it('renders the page with a nonce-only CSP, the address, the amount due and an EIP-681 QR', async () => {
      const inv = await invoice({ requestedAmount: '12.5', currencyIds: [ETH_USDT] });
      const res = await request(t.http).get(`/pay/${inv.publicId}?utm_source=mail`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = res.headers['content-security-policy'] as string;
      const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      // Every script and style carries the nonce; there are no inline handlers.
      expect(res.text.match(/<script/g)).toHaveLength(1);
      expect(res.text).toContain(`<script nonce="${nonce}">`);
      expect(res.text).toContain(`<style nonce="${nonce}">`);
      expect(res.text).not.toMatch(/\son[a-z]+=/i);
      expect(res.text).toContain(inv.invoiceAddress);
      expect(res.text).toContain(
        '<span id="amount-due" data-value="12.5">12.5</span> <span class="symbol">USDT</span>',
      );
      expect(res.text).toContain('data-copy="12.5"');
      expect(res.text).toContain('<dd id="network">Ethereum</dd>');
      // The merchant is the account's name; the order is the public id.
      expect(res.text).toContain('<h1 class="merchant-name" id="merchant">Test team</h1>');
      expect(res.text).toContain(`Invoice ${inv.publicId}`);
      // USDT's rate is a dollar: the fiat equivalent of the amount due.
      expect(res.text).toContain('<p class="fiat" id="fiat">≈ $12.50</p>');
      // The token's contract, linked to the network's explorer, and the wallet link carries the QR's URI.
      expect(res.text).toContain('<p class="mono" id="token-contract">0xdAC17F958D2ee523a2206206994597C13D831ec7</p>');
      expect(res.text).toContain('href="https://etherscan.io/address/0xdAC17F958D2ee523a2206206994597C13D831ec7"');
      expect(res.text).toContain(
        `<a id="open-wallet" class="button primary" href="ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${inv.invoiceAddress}&#38;uint256=12500000">`,
      );
      expect(res.text).toContain(
        `data-uri="ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${inv.invoiceAddress}&#38;uint256=12500000"`,
      );
      expect(res.text).toMatch(/src="data:image\/svg\+xml;base64,/);
      // A fresh nonce per response.
      const again = await request(t.http).get(`/pay/${inv.publicId}`);
      expect(again.headers['content-security-policy']).not.toBe(csp);
    });

    it('uses the native EIP-681 form for the chain coin, and the Tron form on Tron', async () => {
      const eth = await invoice({ requestedAmount: '0.5', currencyIds: ['1'] });
      const ethPage = await request(t.http).get(`/pay/${eth.publicId}`);
      expect(ethPage.text).toContain(`data-uri="ethereum:${eth.invoiceAddress}@1?value=500000000000000000"`);

      const tron = await createDeployment(t, { chainId: TRON_MAINNET });
      const trx = await invoice({ requestedAmount: '7', currencyIds: [TRON_USDT] }, tron);
      const tronPage = await request(t.http).get(`/pay/${trx.publicId}`);
      expect(tronPage.text).toContain(
        `data-uri="tron:${trx.invoiceAddress}?amount=7&#38;token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"`,
      );
      expect(tronPage.text).toContain('Tron');

      const any = await invoice({ requestedAmount: null, currencyIds: ['1'] });
      const anyPage = await request(t.http).get(`/pay/${any.publicId}`);
      expect(anyPage.text).toContain(`data-uri="ethereum:${any.invoiceAddress}@1"`);
      expect(anyPage.text).toContain('Any amount of ETH');
      expect(anyPage.text).not.toContain('id="fiat"');
    });

    it("asks a multi-currency invoice's payer for the currency first; the QR and link follow the choice", async () => {
      const multi = await invoice({ requestedAmount: null, currencyIds: [ETH_USDT, ETH_USDC, '1'] });
      const choose = await request(t.http).get(`/pay/${multi.publicId}`);
      expect(choose.text).toContain('data-state="CHOOSE_CURRENCY"');
      expect(choose.text).not.toContain('id="qr"');
      expect(choose.text).not.toContain('id="open-wallet"');
      const links = [...choose.text.matchAll(/<a class="choice" href="([^"]+)" data-currency="([^"]+)"/g)].map((m) => [
        m[1].replace(/&#38;/g, '&'),
        m[2],
      ]);
      expect(links.map(([, id]) => id)).toEqual([ETH_USDT, ETH_USDC, '1']);
      expect(links[0][0]).toBe(`?currency=${encodeURIComponent(ETH_USDT)}`);

      const usdc = await request(t.http).get(`/pay/${multi.publicId}${links[1][0]}`);
      expect(usdc.text).toContain('data-state="AWAITING"');
      expect(usdc.text).toContain(
        `data-uri="ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=${multi.invoiceAddress}"`,
      );
      expect(usdc.text).toContain('Any amount of USDC');
      expect(usdc.text).toContain('id="change-currency" href="?"');

      // A currency the invoice does not take, or none at all, asks again.
      for (const query of ['?currency=56', '?currency=', '?currency=1&currency=56']) {
        const again = await request(t.http).get(`/pay/${multi.publicId}${query}`);
        expect(again.status).toBe(200);
        expect(again.text).toContain('data-state="CHOOSE_CURRENCY"');
      }
    });

    it('lists a deposit still confirming apart from the amount due, and the QR asks only for the rest', async () => {
      const inv = await invoice({ requestedAmount: '10', currencyIds: [ETH_USDT] });
      await ingest(t, [transfer(d, inv.invoiceAddress, ETH_USDT, '4000000', 'PENDING', { confirmations: 0 })]);
      const page = await request(t.http).get(`/pay/${inv.publicId}`);
      expect(page.text).toContain('data-state="CONFIRMING"');
      // The amount due, its copy button and the QR ask for the same figure: what is left to send.
      expect(page.text).toContain('<span id="amount-due" data-value="6">6</span>');
      expect(page.text).toContain('id="copy-amount" data-copy="6"');
      expect(page.text).toContain('<dd id="requested-amount">10 USDT</dd>');
      expect(page.text).toContain('<dd id="confirming-amount" class="confirming">4 USDT</dd>');
      expect(page.text).toContain('Confirming: 0 of 12 confirmations');
      expect(page.text).toContain('Send the remaining 6 USDT');
      expect(page.text).toContain(`uint256=6000000"`);

      await ingest(t, [transfer(d, inv.invoiceAddress, ETH_USDT, '6000000', 'PENDING', { confirmations: 0 })]);
      const covered = await request(t.http).get(`/pay/${inv.publicId}`);
      expect(covered.text).toContain('id="screen-confirming"');
      expect(covered.text).not.toContain('id="qr"');
      expect(covered.text).not.toContain('id="copy-amount"');
    });

    it('speaks the Accept-Language, unless ?lang= says otherwise, and formats numbers for it', async () => {
      const inv = await invoice({ requestedAmount: '12345.5', currencyIds: [ETH_USDT] });
      const ru = await request(t.http).get(`/pay/${inv.publicId}`).set('Accept-Language', 'ru-RU,ru;q=0.9,en;q=0.8');
      expect(ru.text).toContain('<html lang="ru">');
      expect(ru.headers['content-language']).toBe('ru');
      expect(ru.headers['vary']).toContain('Accept-Language');
      expect(ru.text).toContain('К оплате');
      expect(ru.text).toMatch(/data-value="12345.5">12\s345,5</u);
      expect(ru.text).toMatch(/≈ 12\s345,50\s\$/u);

      const q = await request(t.http).get(`/pay/${inv.publicId}`).set('Accept-Language', 'de;q=1, en;q=0.5, ru;q=0.7');
      expect(q.text).toContain('<html lang="ru">');
      const override = await request(t.http).get(`/pay/${inv.publicId}?lang=en`).set('Accept-Language', 'ru');
      expect(override.text).toContain('<html lang="en">');
      expect(override.text).toContain('data-value="12345.5">12,345.5<');
      const unknown = await request(t.http).get(`/pay/${inv.publicId}?lang=xx`).set('Accept-Language', 'fr, ja');
      expect(unknown.text).toContain('<html lang="en">');

      const missing = await request(t.http).get('/pay/123').set('Accept-Language', 'ru');
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('Счёт не найден');
    });

    it('escapes the merchant button and shows it only for http(s) links', async () => {
      const evil = await invoice({
        paymentPageButtonUrl: 'https://shop.example/back?a=1&b="x"',
        paymentPageButtonText: '<img src=x onerror=alert(1)>',
      });
      const page = await request(t.http).get(`/pay/${evil.publicId}`);
      expect(page.text).toContain('href="https://shop.example/back?a=1&#38;b=&#34;x&#34;"');
      expect(page.text).toContain('&#60;img src=x onerror=alert(1)&#62;');
      expect(page.text).not.toContain('<img src=x');

      await t.dataSource.query(`UPDATE invoices SET payment_page_button_url = 'javascript:alert(1)' WHERE id = $1`, [
        evil.id,
      ]);
      const stored = await request(t.http).get(`/pay/${evil.publicId}`);
      expect(stored.text).not.toContain('javascript:');
      expect(stored.text).not.toContain('id="merchant-button"');
    });

    it('answers an unknown invoice with a 404 page', async () => {
      for (const id of ['123', 'nope']) {
        const res = await request(t.http).get(`/pay/${id}`);
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('Invoice not found');
      }
    });
  });
});
