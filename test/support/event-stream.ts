import { get, IncomingMessage } from 'node:http';

export interface StreamEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * A Server-Sent Events client reading the raw stream, as a browser's EventSource would, and keeping
 * comment lines too (an EventSource hides them; the keep-alive tests need to see them).
 */
export class EventStreamClient {
  readonly events: StreamEvent[] = [];
  readonly comments: string[] = [];
  ended = false;
  private buffer = '';
  private readonly waiters = new Set<() => void>();

  private constructor(
    readonly response: IncomingMessage,
    /** The whole body when the answer was not a stream (an error's JSON). */
    readonly errorBody: Promise<string> | undefined,
  ) {
    if (errorBody !== undefined) return;
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.buffer += chunk;
      let boundary: number;
      while ((boundary = this.buffer.indexOf('\n\n')) !== -1) {
        this.take(this.buffer.slice(0, boundary));
        this.buffer = this.buffer.slice(boundary + 2);
      }
      this.wake();
    });
    response.on('end', () => {
      this.ended = true;
      this.wake();
    });
    response.on('close', () => {
      this.ended = true;
      this.wake();
    });
  }

  static open(url: string, headers: Record<string, string> = {}, localAddress?: string): Promise<EventStreamClient> {
    return new Promise((resolve, reject) => {
      const options = { headers: { accept: 'text/event-stream', ...headers }, localAddress, agent: false };
      const req = get(url, options, (response) => {
        const isStream = response.statusCode === 200;
        const body = isStream
          ? undefined
          : new Promise<string>((done) => {
              let text = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => (text += chunk));
              response.on('end', () => done(text));
            });
        resolve(new EventStreamClient(response, body));
      });
      req.on('error', reject);
    });
  }

  /** Resolves once `condition` holds; fails after `timeoutMs` naming what was seen. */
  async until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(this.events)}, ended: ${this.ended}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The `invoice` events' data, parsed. */
  invoices(): Record<string, unknown>[] {
    return this.events.filter((e) => e.event === 'invoice').map((e) => JSON.parse(e.data) as Record<string, unknown>);
  }

  close(): void {
    this.response.destroy();
  }

  private take(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0) this.events.push({ event, data: data.join('\n') });
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
    this.waiters.clear();
  }
}
