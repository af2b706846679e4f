import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { privateKeyToAccount } from 'viem/accounts';
import { dropDatabase, ensureDatabase } from '../../src/database/database-setup';
import { describeDemoData, seedDemoData } from '../../src/database/demo-data';
import { prepareDatabase } from '../../src/database/prepare-database';
import { createLogger } from '../../src/shared/logging/logger';
import { createTestApp, TestApp } from '../support/test-app';
import { obtainDocument, postObtain } from '../support/token-client';

/** Demo data depends on the database being empty, so each test gets a database of its own. */
async function withEmptyDatabase(work: (t: TestApp) => Promise<void>): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL as string;
  const name = `deployments_demo_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const url = await ensureDatabase(serverUrl, name);
  let t: TestApp | undefined;
  try {
    await prepareDatabase(url, { runMigrations: true }, createLogger('silent'));
    t = await createTestApp({ databaseUrl: url });
    await work(t);
  } finally {
    await t?.close();
    await dropDatabase(serverUrl, name);
  }
}

const memberCount = async (t: TestApp) =>
  Number(((await t.dataSource.query(`SELECT count(*) AS n FROM members`)) as { n: string }[])[0].n);

/** The README's "A first call" block, line by line. */
function readmeFirstCall(): string[] {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  const section = readme.split('\n## A first call\n')[1].split('\n## ')[0];
  return /```sh\n([\s\S]*?)\n```/.exec(section)![1].split('\n');
}

/** The banner's lines from its first `export` on: what a person pastes. */
function pastedLines(banner: string): string[] {
  const lines = banner.trimEnd().split('\n');
  return lines.slice(lines.findIndex((line) => line.startsWith('export ')));
}

const withoutValues = (lines: string[]) => lines.map((line) => line.replace(/^(export [A-Z_]+)=.*$/, '$1='));

describe('demo data on an empty database (README, Start it)', () => {
  it('creates nothing in production, even on an empty database', async () => {
    await withEmptyDatabase(async (t) => {
      expect(await seedDemoData(t.app, { nodeEnv: 'production' })).toBeUndefined();
      expect(await memberCount(t)).toBe(0);
    });
  });

  it('creates a member, an account and an Ethereum deployment it approves alone, once', async () => {
    await withEmptyDatabase(async (t) => {
      const demo = await seedDemoData(t.app, { nodeEnv: 'development' });
      if (demo === undefined) throw new Error('expected demo data on an empty database');
      expect(privateKeyToAccount(demo.privateKey).address).toBe(demo.memberAddress);

      const [deployment] = (await t.dataSource.query(
        `SELECT chain_id, smart_contract_version_id, approvers, threshold, deployment_status FROM deployments WHERE id = $1`,
        [demo.deploymentId],
      )) as Record<string, unknown>[];
      expect(deployment).toEqual({
        chain_id: '1',
        smart_contract_version_id: '1.2.0-evm',
        approvers: [demo.memberAddress.toLowerCase()],
        threshold: 1,
        deployment_status: 'deployed',
      });
      await request(t.http)
        .get(`/api/v1/accounts/deployments/${demo.deploymentId}/nonce-info`)
        .set('x-api-key', demo.apiKey)
        .expect(200);
      await postObtain(t.http, obtainDocument(demo.apiKey, demo.apiSecret)).expect(200);

      // Once a member exists, never again.
      expect(await seedDemoData(t.app, { nodeEnv: 'development' })).toBeUndefined();
      expect(await memberCount(t)).toBe(1);
    });
  });

  it("prints plain lines with the credentials, and the README's first commands ready to paste", () => {
    const demo = {
      memberAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      privateKey: `0x${'1'.repeat(64)}` as const,
      apiKey: 'k'.repeat(64),
      apiSecret: 's'.repeat(43),
      accountId: '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8a',
      deploymentId: '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b',
    };
    const text = describeDemoData(demo, { baseUrl: 'http://127.0.0.1:3000', host: '127.0.0.1', hostFromEnv: false });
    for (const value of Object.values(demo)) expect(text).toContain(value);
    expect(text.split('\n').some((line) => line.trim().startsWith('{'))).toBe(false);
    const pasted = pastedLines(text);
    expect(withoutValues(pasted)).toEqual(withoutValues(readmeFirstCall()));
    expect(pasted.slice(0, 4)).toEqual([
      'export BASE_URL=http://127.0.0.1:3000',
      `export API_KEY=${demo.apiKey}`,
      `export ACCOUNT_ID=${demo.accountId}`,
      `export DEPLOYMENT_ID=${demo.deploymentId}`,
    ]);
    // It says where it listens, and how to change it.
    expect(text).toContain('Listening on 127.0.0.1 only (set HOST=0.0.0.0 to listen on every interface)');
    expect(describeDemoData(demo, { baseUrl: 'http://localhost:3000', host: '0.0.0.0', hostFromEnv: true })).toContain(
      'Listening on 0.0.0.0 (HOST): every machine that reaches this one can call it',
    );
  });

  it("the banner's lines, pasted into a shell, answer 200, 200 and 201", async () => {
    await withEmptyDatabase(async (t) => {
      const demo = await seedDemoData(t.app, { nodeEnv: 'development' });
      if (demo === undefined) throw new Error('expected demo data on an empty database');
      await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
      const { port } = t.http.address() as AddressInfo;
      const banner = describeDemoData(demo, {
        baseUrl: `http://127.0.0.1:${port}`,
        host: '127.0.0.1',
        hostFromEnv: false,
      });
      const script = pastedLines(banner)
        .map((line) => line.replace(/^curl -s /, 'curl -s -o /dev/null -w "%{http_code}\\n" '))
        .join('\n');
      // Run asynchronously: the server answering the shell is this process.
      const { stdout } = await promisify(execFile)('bash', ['-c', script], { env: { PATH: process.env.PATH } });
      expect(stdout.trim().split('\n')).toEqual(['200', '200', '201']);
    });
  });
});
