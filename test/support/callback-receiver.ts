import { createServer, IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCallback {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly status: number;
  /** When it arrived (ms since the epoch). */
  readonly receivedAt: number;
}

export interface CallbackReceiver {
  /** `http://127.0.0.1:<free port>/hooks`. */
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedCallback[];
  /** Decides each answer's status from the request's number (1-based) for its webhook-id, and its body. */
  answer: (count: number, webhookId: string, body: string) => number;
  close(): Promise<void>;
}

/** A merchant's endpoint on a port the OS picks, recording every request it gets. */
export async function startReceiver(answer: CallbackReceiver['answer'] = () => 200): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  const receiver = { answer } as CallbackReceiver;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      const body = Buffer.concat(chunks).toString('utf8');
      const status = receiver.answer(received.filter((r) => r.headers['webhook-id'] === id).length + 1, id, body);
      received.push({
        headers: req.headers,
        body,
        status,
        receivedAt: Date.now(),
      });
      res.statusCode = status;
      res.end(`answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
