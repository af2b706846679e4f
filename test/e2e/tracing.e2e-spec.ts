import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase, ensureDatabase } from '../../src/database/database-setup';
import { waitForListeningPort } from '../support/listening';
import { TEST_JWT_SECRET, testDatabaseUrl } from '../support/test-app';

/**
 * Tracing on the built service, as an operator turns it on: OTEL_EXPORTER_OTLP_ENDPOINT pointing
 * at an OTLP/HTTP receiver (this test's own server), the service a child process on a database of
 * its own (the instrumentations patch modules as they load, which only a fresh process shows).
 */
const root = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { runtime } = require('../../scripts/runtime') as { runtime: () => string };

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

const SPAN_KIND_SERVER = 2;

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolve(text));
  });
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('OpenTelemetry tracing (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  const spans: OtlpSpan[] = [];
  const rpcMethods: string[] = [];
  let receiver: Server;
  let service: ChildProcess | undefined;
  let output = '';
  let baseUrl: string;
  let databaseUrl: string;
  const databaseName = `tracing_${randomBytes(4).toString('hex')}`;
  const serverUrl = testDatabaseUrl();

  beforeAll(async () => {
    // One server plays the OTLP collector (POST /v1/traces, JSON) and a chain's JSON-RPC node.
    receiver = createServer((req, res) => {
      void body(req).then((text) => {
        if (req.url === '/v1/traces') {
          const exported = JSON.parse(text) as {
            resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
          };
          for (const resource of exported.resourceSpans)
            for (const scope of resource.scopeSpans) spans.push(...scope.spans);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
          return;
        }
        if (req.url !== '/rpc') {
          res.writeHead(404).end();
          return;
        }
        const calls = JSON.parse(text) as { id: number; method: string } | { id: number; method: string }[];
        const answer = (call: { id: number; method: string }) => {
          rpcMethods.push(call.method);
          return call.method === 'eth_blockNumber'
            ? { jsonrpc: '2.0', id: call.id, result: '0x0' }
            : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'not here' } };
        };
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    databaseUrl = await ensureDatabase(serverUrl, databaseName);
    service = spawn(runtime(), [join(root, 'dist', 'src', 'main.js')], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: TEST_JWT_SECRET,
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        RPC_URL_137: `${receiverUrl}/rpc`,
        INDEXER_ENABLED: 'true',
        CALLBACK_WORKER: 'true',
        CALLBACK_POLL_INTERVAL_MS: '100',
        CALLBACK_RETRY_SCHEDULE_MS: '0',
      },
    });
    service.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    service.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    baseUrl = `http://127.0.0.1:${await waitForListeningPort(service, () => output)}`;
  }, 120_000);

  afterAll(async () => {
    if (service !== undefined && service.exitCode === null) {
      const exited = new Promise((resolve) => service!.once('exit', resolve));
      service.kill('SIGTERM');
      await exited;
    }
    await new Promise((resolve) => receiver.close(resolve));
    await dropDatabase(serverUrl, databaseName);
  });

  it("puts a request's HTTP and PostgreSQL spans under the caller's trace, and its id in the log lines", async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentSpanId = randomBytes(8).toString('hex');
    const res = await fetch(`${baseUrl}/health/ready`, {
      headers: { traceparent: `00-${traceId}-${parentSpanId}-01`, 'x-request-id': 'traced-request-1' },
    });
    expect(res.status).toBe(200);

    const server = await until('the HTTP server span', () =>
      spans.find((span) => span.traceId === traceId && span.kind === SPAN_KIND_SERVER),
    );
    // traceparent honoured: the service's span is a child of the caller's.
    expect(server.parentSpanId).toBe(parentSpanId);
    expect(attribute(server, 'http.route') ?? attribute(server, 'http.target')).toBe('/health/ready');
    const pg = await until('a PostgreSQL span', () =>
      spans.find(
        (span) =>
          span.traceId === traceId &&
          span.name.startsWith('pg.query') &&
          attribute(span, 'db.system.name') === 'postgresql',
      ),
    );
    expect(pg.name).toMatch(/^pg\.query/);
    // The statement's text with its placeholders; never the values bound to them.
    expect(attribute(pg, 'db.query.text')).toEqual(expect.any(String));
    expect(spans.some((span) => span.traceId === traceId && span.name.startsWith('request handler'))).toBe(true);

    const line = await until('the access log line', () =>
      output.split('\n').find((text) => text.includes('"requestId":"traced-request-1"')),
    );
    expect(JSON.parse(line)).toMatchObject({ traceId });
  });

  it('traces the JSON-RPC calls of the indexer', async () => {
    const rpc = await until('a JSON-RPC span', () => spans.find((span) => span.name === 'jsonrpc eth_blockNumber'));
    expect(attribute(rpc, 'rpc.method')).toBe('eth_blockNumber');
    expect(rpcMethods).toContain('eth_blockNumber');
    // The RPC URL (providers put their key in it) is not recorded.
    expect(JSON.stringify(rpc)).not.toContain('/rpc');
  });

  it('traces a callback delivery, naming the host only, and counts the delivery that failed', async () => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // The demo deployment the service creates on its empty database, once it listens.
      let rows: { id: string; account_id: string }[] = [];
      await until('the demo deployment', async () => {
        rows = (await client.query<{ id: string; account_id: string }>('SELECT id, account_id FROM deployments')).rows;
        return rows.length > 0 ? true : undefined;
      });
      await client.query(
        `INSERT INTO callbacks (id, account_id, deployment_id, url, type, status, operation_id, operation_type, body,
                                next_attempt_at)
         VALUES (gen_random_uuid(), $1, $2, 'https://merchant.example/hooks/secret-token?key=abc', 'invoice.paid',
                 'CREATED', gen_random_uuid(), 'invoice', '{}', now())`,
        [rows[0].account_id, rows[0].id],
      );
    } finally {
      await client.end();
    }
    const delivery = await until('the callback span', () => spans.find((span) => span.name === 'callback.deliver'));
    expect(attribute(delivery, 'server.address')).toBe('merchant.example');
    expect(JSON.stringify(delivery)).not.toContain('secret-token');
    expect(JSON.stringify(delivery)).not.toContain('key=abc');
    const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^callbacks_failed_total 1$/m);
  });

  it('is off and loads no SDK without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const probe = `require(${JSON.stringify(join(root, 'dist', 'src', 'tracing-start.js'))});
      const loaded = Object.keys(require.cache).filter((path) => path.includes('@opentelemetry/'));
      console.log(JSON.stringify({ sdk: loaded.some((path) => /sdk-node|instrumentation|exporter/.test(path)) }));`;
    const child = spawn(runtime(), ['-e', probe], { cwd: root, env: { PATH: process.env.PATH ?? '' } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    await new Promise((resolve) => child.on('close', resolve));
    expect(JSON.parse(out)).toEqual({ sdk: false });
  });
});
