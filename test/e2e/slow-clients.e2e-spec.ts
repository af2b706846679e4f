import type { AddressInfo } from 'node:net';
import { connect, Socket } from 'node:net';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Slow clients (issue 15 item 11), over raw sockets: unfinished headers and a declared body that
 * never arrives are cut off with 408, an oversized Content-Length is refused before the body is
 * read, and idle keep-alive connections outlive a load balancer's idle timeout.
 */
describe('slow clients', () => {
  async function listening(t: TestApp): Promise<number> {
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    return (t.http.address() as AddressInfo).port;
  }

  interface RawExchange {
    readonly socket: Socket;
    /** Everything received so far. */
    received(): string;
    /** Resolves with the milliseconds from connect until the server closed the connection. */
    readonly closed: Promise<number>;
  }

  function open(port: number, send: string): RawExchange {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(send));
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    return { socket, received: () => data, closed };
  }

  const firstResponse = (exchange: RawExchange) =>
    new Promise<string>((resolve) => {
      const check = () => (exchange.received().includes('\r\n\r\n') ? resolve(exchange.received()) : undefined);
      exchange.socket.on('data', check);
      check();
    });

  describe('with short bounds (HTTP_HEADERS_TIMEOUT=1, HTTP_BODY_TIMEOUT_MS=2000)', () => {
    let t: TestApp;
    let port: number;

    beforeAll(async () => {
      t = await createTestApp({ env: { HTTP_HEADERS_TIMEOUT: '1', HTTP_BODY_TIMEOUT_MS: '2000' } });
      port = await listening(t);
    });
    afterAll(() => t.close());

    it('closes a connection whose headers never finish with 408', async () => {
      const exchange = open(port, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      const ms = await exchange.closed;
      expect(exchange.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(ms).toBeLessThan(4_000);
    });

    it('closes a connection whose declared body never arrives with 408', async () => {
      const exchange = open(
        port,
        'POST /api/v1/public/currencies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      );
      const ms = await exchange.closed;
      expect(exchange.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(ms).toBeLessThan(5_000);
    });

    it('cuts a body trickling one byte every 200 ms with 408 after about 2 s, serving another client meanwhile', async () => {
      const exchange = open(
        port,
        'POST /token/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      const trickle = setInterval(() => exchange.socket.write(' '), 200);
      try {
        const other = open(port, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
        await other.closed;
        expect(other.received()).toMatch(/^HTTP\/1\.1 200 /);
        const ms = await exchange.closed;
        expect(exchange.received()).toMatch(/^HTTP\/1\.1 408 /);
        expect(ms).toBeGreaterThanOrEqual(1_900);
        expect(ms).toBeLessThan(3_500);
      } finally {
        clearInterval(trickle);
      }
    });
  });

  describe('with the default bounds', () => {
    let t: TestApp;
    let port: number;

    beforeAll(async () => {
      t = await createTestApp();
      port = await listening(t);
    });
    afterAll(() => t.close());

    it('uses 10 s for headers, 10 s for the whole request and 75 s for idle keep-alive', () => {
      expect(t.http.headersTimeout).toBe(10_000);
      expect(t.http.requestTimeout).toBe(10_000);
      expect(t.http.keepAliveTimeout).toBe(75_000);
    });

    it('refuses a declared Content-Length over the limit at once, without reading the body', async () => {
      const exchange = open(
        port,
        'POST /api/v1/public/currencies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n',
      );
      const response = await firstResponse(exchange);
      expect(response).toMatch(/^HTTP\/1\.1 413 /);
      expect(response).toMatch(/\r\nConnection: close\r\n/i);
      expect(response).toContain('"code":"PAYLOAD_TOO_LARGE"');
      // Not one byte of the body was sent: the server answered and closes the connection anyway.
      expect(await exchange.closed).toBeLessThan(2_000);
    });

    it('keeps an idle keep-alive connection open longer than 5 s and announces 75 s', async () => {
      const exchange = open(port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
      const response = await firstResponse(exchange);
      expect(response).toMatch(/^HTTP\/1\.1 200 /);
      expect(response).toMatch(/\r\nKeep-Alive: timeout=75\r\n/i);
      let closed = false;
      void exchange.closed.then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(closed).toBe(false);
      exchange.socket.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await exchange.closed;
      expect(exchange.received().match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    });
  });
});
