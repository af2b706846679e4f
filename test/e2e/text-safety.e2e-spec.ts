import request from 'supertest';
import { createDeployment, evmWallet, TestDeployment } from '../support/builders';
import { createInvoice, ETH_USDT, invoiceBody, invoicesPath } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Text that misleads a person: invisible Unicode format characters (category Cf, bidi controls
 * included) are refused in names, button texts and tracking ids, amounts refuse leading zeros, and
 * an empty button text is stored as no button. Each refusal is a 400 that changes nothing.
 */
describe('text that misleads a person', () => {
  let t: TestApp;
  let d: TestDeployment;
  const as = () => ({ 'x-api-key': d.members[0].apiKey });

  beforeAll(async () => {
    t = await createTestApp();
    d = await createDeployment(t);
  });
  afterAll(() => t.close());

  const invoiceCount = async () =>
    Number(
      (
        (await t.dataSource.query(`SELECT count(*) AS n FROM invoices WHERE deployment_id = $1`, [d.id])) as {
          n: string;
        }[]
      )[0].n,
    );

  it.each([
    ['U+202E right-to-left override', '\u202E'],
    ['U+2066 left-to-right isolate', '\u2066'],
    ['U+200B zero-width space', '\u200B'],
    ['U+FEFF byte-order mark', '\uFEFF'],
    ['U+00AD soft hyphen', '\u00AD'],
  ])('refuses an account name with %s (400) and keeps the name', async (_name, character) => {
    const before = await request(t.http).get(`/api/v1/accounts/${d.accountId}`).set(as()).expect(200);
    const res = await request(t.http)
      .put(`/api/v1/accounts/${d.accountId}`)
      .set(as())
      .send({ name: `Treasury ${character}gnp.exe` })
      .expect(400);
    expect(res.body.details).toEqual([{ field: 'name', message: expect.stringContaining('format characters') }]);
    const after = await request(t.http).get(`/api/v1/accounts/${d.accountId}`).set(as()).expect(200);
    expect(after.body.account.name).toBe(before.body.account.name);
  });

  it('accepts a name in any script without format characters', async () => {
    const res = await request(t.http)
      .put(`/api/v1/accounts/${d.accountId}`)
      .set(as())
      .send({ name: 'Казна עברית 財務' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Казна עברית 財務');
  });

  it.each([
    [
      'paymentPageButtonText',
      { paymentPageButtonText: 'Back to \u202Emoc.evil', paymentPageButtonUrl: 'https://shop.example' },
    ],
    ['trackingId', { trackingId: 'order\u200B42' }],
  ])('refuses an invoice whose %s holds a format character (400), creating nothing', async (field, body) => {
    const before = await invoiceCount();
    const res = await createInvoice(t, d, invoiceBody(body));
    expect(res.status).toBe(400);
    expect((res.body as { details: { field: string }[] }).details.map((detail) => detail.field)).toContain(field);
    expect(await invoiceCount()).toBe(before);
  });

  it.each(['00001', '01.5', '00.5'])(
    'refuses the amount %j (leading zeros) for invoices and payouts',
    async (amount) => {
      const before = await invoiceCount();
      const invoice = await createInvoice(t, d, invoiceBody({ requestedAmount: amount, currencyIds: [ETH_USDT] }));
      expect(invoice.status).toBe(400);
      expect(await invoiceCount()).toBe(before);
      const payout = await request(t.http)
        .post(`/api/v1/deployments/${d.id}/payouts`)
        .set(as())
        .send({ deploymentId: d.id, currencyId: ETH_USDT, amount, toAddress: evmWallet().address });
      expect(payout.status).toBe(400);
      expect(payout.body.details).toEqual([expect.objectContaining({ field: 'amount' })]);
    },
  );

  it('accepts 0.5 and 10 (no leading zeros)', async () => {
    const invoice = await createInvoice(t, d, invoiceBody({ requestedAmount: '0.5', currencyIds: [ETH_USDT] }));
    expect(invoice.status).toBe(201);
    expect((invoice.body as { requestedAmount: string }).requestedAmount).toBe('0.5');
  });

  it('stores an empty or blank paymentPageButtonText as null, on create and update', async () => {
    const created = await createInvoice(
      t,
      d,
      invoiceBody({ paymentPageButtonText: '', paymentPageButtonUrl: 'https://shop.example' }),
    );
    expect(created.status).toBe(201);
    const invoice = created.body as { id: string; paymentPageButtonText: string | null };
    expect(invoice.paymentPageButtonText).toBeNull();
    const stored = (await t.dataSource.query(`SELECT payment_page_button_text FROM invoices WHERE id = $1`, [
      invoice.id,
    ])) as { payment_page_button_text: string | null }[];
    expect(stored[0].payment_page_button_text).toBeNull();

    const named = await request(t.http)
      .put(`${invoicesPath(d)}/${invoice.id}`)
      .set(as())
      .send({ paymentPageButtonText: 'Back to shop' });
    expect(named.status).toBe(200);
    expect(named.body.paymentPageButtonText).toBe('Back to shop');
    const blank = await request(t.http)
      .put(`${invoicesPath(d)}/${invoice.id}`)
      .set(as())
      .send({ paymentPageButtonText: '   ' });
    expect(blank.status).toBe(200);
    expect(blank.body.paymentPageButtonText).toBeNull();
  });
});
