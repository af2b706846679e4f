import request from 'supertest';
import { createDeployment, TestDeployment, TRON_MAINNET } from '../support/builders';
import { ingest, TEST_INDEXER_KEY } from '../support/chain-events';
import { createInvoice, ETH_USDT, invoiceBody, TRON_USDT, transfer } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

interface Invoice {
  id: string;
  publicId: string;
  invoiceAddress: string;
  paymentPageUrl: string;
}

/** The public invoice JSON and the payment page's HTML (SPEC §13); the browser test drives the page itself. */
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
      expect(res.text).toContain('<span id="amount-due">12.5</span> USDT');
      expect(res.text).toContain('Ethereum');
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

      const any = await invoice({ requestedAmount: null });
      const anyPage = await request(t.http).get(`/pay/${any.publicId}`);
      expect(anyPage.text).toContain(`data-uri="ethereum:${any.invoiceAddress}@1"`);
      expect(anyPage.text).toContain('Any amount of');
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
      expect((await request(t.http).get('/pay/123/qr.svg')).status).toBe(404);
    });

    it('serves the current QR code as SVG', async () => {
      const inv = await invoice({ requestedAmount: '1', currencyIds: [ETH_USDT] });
      const res = await request(t.http).get(`/pay/${inv.publicId}/qr.svg`).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(String(res.body)).toContain('<svg');
    });
  });
});
