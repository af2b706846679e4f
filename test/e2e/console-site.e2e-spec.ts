import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { CONSOLE_CSP } from '../../src/shared/http/console-site';
import { createTestApp, TestApp } from '../support/test-app';

/** The console's first load (JavaScript and CSS, compressed) may not exceed this. */
const FIRST_LOAD_BUDGET = 350 * 1024;

/** Every route the console documents; notifications link to them. */
const ROUTES = [
  '/console/',
  '/console/accounts/0193a0c4-0000-7000-8000-000000000001',
  '/console/accounts/0193a0c4-0000-7000-8000-000000000001/settings',
  '/console/accounts/0193a0c4-0000-7000-8000-000000000001/audit',
  '/console/deployments/0193a0c4-0000-7000-8000-000000000002/queue',
  '/console/deployments/0193a0c4-0000-7000-8000-000000000002/operations/0193a0c4-0000-7000-8000-000000000003',
  '/console/deployments/0193a0c4-0000-7000-8000-000000000002/payouts',
  '/console/deployments/0193a0c4-0000-7000-8000-000000000002/invoices',
  '/console/deployments/0193a0c4-0000-7000-8000-000000000002/invoices/0193a0c4-0000-7000-8000-000000000004',
  '/console/deployments/0193a0c4-0000-7000-8000-000000000002/transactions',
  '/console/deployments/0193a0c4-0000-7000-8000-000000000002/claims',
];

/** The script and stylesheet index.html loads. */
function firstLoadAssets(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
}

describe('the console served by the service', () => {
  let t: TestApp;
  let html: string;

  beforeAll(async () => {
    t = await createTestApp();
    html = (await request(t.http).get('/console/')).text;
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(ROUTES)('%s loads the app with a strict CSP and no cache', async (path) => {
    const res = await request(t.http).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toBe(html);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('the CSP allows no inline script, no eval and no other origin', () => {
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    expect(CONSOLE_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style/);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('/console redirects to /console/', async () => {
    const res = await request(t.http).get('/console');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/console/');
  });

  it('a path under /console/ that is no console route answers 404 with the app (which says so)', async () => {
    const res = await request(t.http).get('/console/nothing/here');
    expect(res.status).toBe(404);
    expect(res.text).toBe(html);
  });

  it('unknown API paths still answer the API 404, not the app', async () => {
    const res = await request(t.http).get('/api/v1/console');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('a missing asset is 404, and no path escapes the build folder', async () => {
    expect((await request(t.http).get('/console/assets/none.js')).status).toBe(404);
    const escape = await request(t.http).get('/console/assets/..%2f..%2fpackage.json');
    expect(escape.status).toBe(404);
    expect(escape.text).not.toContain('"name"');
  });

  it('hashed assets are cached for a year and sent compressed; the first load fits its budget', async () => {
    const assets = firstLoadAssets(html);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    const server = t.http.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      let gzipBytes = 0;
      let brotliBytes = 0;
      for (const asset of assets) {
        const gzip = await rawGet(port, asset, 'gzip');
        expect(gzip.status).toBe(200);
        expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gzip.headers['content-type']).toMatch(asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
        expect(gunzipSync(gzip.body).length).toBeGreaterThan(gzip.body.length);
        gzipBytes += gzip.body.length;
        const br = await rawGet(port, asset, 'br, gzip');
        expect(br.headers['content-encoding']).toBe('br');
        brotliBytes += br.body.length;
        const plain = await rawGet(port, asset, 'identity');
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body.length).toBe(brotliDecompressSync(br.body).length);
        expect(plain.body.equals(brotliDecompressSync(br.body))).toBe(true);
      }
      console.log(
        `console first load: ${(gzipBytes / 1024).toFixed(1)} kB gzip, ${(brotliBytes / 1024).toFixed(1)} kB brotli, ${assets.length} files`,
      );
      expect(gzipBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('only GET and HEAD reach the console; other methods fall through to the API 404', async () => {
    const res = await request(t.http).post('/console/').send({});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

/** The bytes on the wire (fetch and supertest would decompress them). */
function rawGet(
  port: number,
  path: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
