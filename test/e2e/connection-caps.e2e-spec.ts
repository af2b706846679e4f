import { get } from 'node:http';
import { AddressInfo, connect, Socket } from 'node:net';
import { createTestApp, TestApp } from '../support/test-app';

/** An HTTP server's port, listening on loopback. */
async function listen(t: TestApp): Promise<number> {
  await t.app.listen(0, '127.0.0.1');
  return (t.http.address() as AddressInfo).port;
}

/** `count` connections from `localAddress` that send nothing; each reports whether the server closed it. */
async function idleConnections(port: number, localAddress: string, count: number) {
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<{ socket: Socket; closed: () => boolean }>((resolve, reject) => {
          let closed = false;
          const socket = connect({ host: '127.0.0.1', port, localAddress });
          socket.on('close', () => (closed = true));
          socket.on('error', () => undefined);
          socket.once('connect', () => resolve({ socket, closed: () => closed }));
          socket.once('error', reject);
        }),
    ),
  );
  // Let the server see every connection (and close the refused ones).
  await new Promise((resolve) => setTimeout(resolve, 300));
  return sockets;
}

function getHealth(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path: '/health', localAddress, agent: false, timeout: 3000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

/** Until the server has seen every earlier connection close. */
async function drained(t: TestApp): Promise<void> {
  for (;;) {
    const open = await new Promise<number>((resolve, reject) =>
      t.http.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const refusalLines = (t: TestApp, cap: string) =>
  t.logs.filter((line) => line.includes('connection refused') && line.includes(cap));

/** Connections from `localAddress` each busy with a request whose body trickles in (never complete). */
async function busyConnections(port: number, localAddress: string, count: number) {
  const connections = await idleConnections(port, localAddress, count);
  for (const { socket } of connections) {
    socket.write(
      'POST /api/v1/public/currencies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  return connections;
}

/** Connections from `localAddress` that served one keep-alive request each and now idle, in order. */
async function keptAliveConnections(port: number, localAddress: string, count: number) {
  const connections = await idleConnections(port, localAddress, count);
  for (const { socket } of connections) {
    const answered = new Promise((resolve) => socket.once('data', resolve));
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    await answered;
  }
  return connections;
}

/** HTTP_MAX_CONNECTIONS and HTTP_MAX_IDLE_PER_CLIENT: one address's connections cannot lock others out. */
describe('connection caps', () => {
  describe('per client address', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await createTestApp({
        env: { HTTP_MAX_CONNECTIONS: '8', HTTP_MAX_IDLE_PER_CLIENT: '5' },
        captureLogs: true,
      });
      port = await listen(t);
    });
    afterAll(() => t.close());

    it('closes idle connections of one address beyond the cap, and another address is still served', async () => {
      const flood = await idleConnections(port, '127.0.0.1', 10);
      try {
        expect(flood.filter((connection) => connection.closed()).length).toBe(5);
        // Without the per-address cap this address would hold all 8 connections the server allows.
        expect(await getHealth(port, '127.0.0.2')).toBe(200);
        // Five refusals, one log line.
        expect(refusalLines(t, 'HTTP_MAX_IDLE_PER_CLIENT')).toHaveLength(1);
        expect(refusalLines(t, 'HTTP_MAX_IDLE_PER_CLIENT')[0]).toContain('127.0.0.1');
      } finally {
        for (const { socket } of flood) socket.destroy();
      }
    });

    it('counts connections busy with a slow body too: a sixth is closed, another address is served', async () => {
      await drained(t);
      const slow = await busyConnections(port, '127.0.0.1', 5);
      try {
        expect(slow.filter((connection) => connection.closed())).toHaveLength(0);
        const [sixth] = await idleConnections(port, '127.0.0.1', 1);
        expect(sixth.closed()).toBe(true);
        expect(await getHealth(port, '127.0.0.2')).toBe(200);
      } finally {
        for (const { socket } of slow) socket.destroy();
      }
    });

    it('serves the capped address on the connections it keeps', async () => {
      await drained(t);
      const kept = await idleConnections(port, '127.0.0.1', 3);
      try {
        expect(kept.filter((connection) => connection.closed())).toHaveLength(0);
        const [{ socket }] = kept;
        const answer = new Promise<string>((resolve) =>
          socket.once('data', (chunk: Buffer) => resolve(chunk.toString())),
        );
        socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
        expect(await answer).toMatch(/^HTTP\/1\.1 200 /);
      } finally {
        for (const { socket } of kept) socket.destroy();
      }
    });

    it('at the global cap closes the longest-idle keep-alive connection to admit a new address', async () => {
      await drained(t);
      // Eight idle keep-alive connections from two addresses fill the server (8).
      const first = await keptAliveConnections(port, '127.0.0.1', 4);
      const second = await keptAliveConnections(port, '127.0.0.3', 4);
      try {
        expect([...first, ...second].filter((connection) => connection.closed())).toHaveLength(0);
        expect(await getHealth(port, '127.0.0.2')).toBe(200);
        // The one idle longest made room; the others stay open.
        expect(first[0].closed()).toBe(true);
        expect([...first.slice(1), ...second].filter((connection) => connection.closed())).toHaveLength(0);
      } finally {
        for (const { socket } of [...first, ...second]) socket.destroy();
      }
    });
  });

  describe('behind a proxy (TRUST_PROXY)', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await createTestApp({
        env: { HTTP_MAX_CONNECTIONS: '8', HTTP_MAX_IDLE_PER_CLIENT: '5', TRUST_PROXY: 'true' },
        captureLogs: true,
      });
      port = await listen(t);
    });
    afterAll(() => t.close());

    it('caps connections in all, not per address: idle ones make room, busy ones refuse, logged once', async () => {
      const idle = await idleConnections(port, '127.0.0.1', 10);
      try {
        // No per-address cap: all ten were admitted, the two idle longest closed to make room.
        expect(idle.filter((connection) => connection.closed()).length).toBe(2);
        expect(await getHealth(port, '127.0.0.2')).toBe(200);
      } finally {
        for (const { socket } of idle) socket.destroy();
      }
      await drained(t);
      const busy = await busyConnections(port, '127.0.0.1', 8);
      try {
        expect(busy.filter((connection) => connection.closed())).toHaveLength(0);
        // Every connection is busy: none can make room, so the new one is refused.
        await expect(getHealth(port, '127.0.0.2')).rejects.toThrow();
        expect(refusalLines(t, 'HTTP_MAX_CONNECTIONS')).toHaveLength(1);
        expect(refusalLines(t, 'HTTP_MAX_IDLE_PER_CLIENT')).toHaveLength(0);
      } finally {
        for (const { socket } of busy) socket.destroy();
      }
      await drained(t);
      expect(await getHealth(port, '127.0.0.2')).toBe(200);
    });
  });
});
