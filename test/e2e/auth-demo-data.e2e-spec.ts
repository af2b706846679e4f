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

describe('demo data on an empty database (README, Run it)', () => {
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

  it('prints plain lines with the credentials, the deployment id and a curl line to try', () => {
    const demo = {
      memberAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      privateKey: `0x${'1'.repeat(64)}` as const,
      apiKey: 'k'.repeat(64),
      apiSecret: 's'.repeat(43),
      accountId: '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8a',
      deploymentId: '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b',
    };
    const text = describeDemoData(demo, 'http://localhost:3000');
    for (const value of Object.values(demo)) expect(text).toContain(value);
    expect(text).toContain(
      `curl -H 'x-api-key: ${demo.apiKey}' http://localhost:3000/api/v1/accounts/deployments/${demo.deploymentId}/nonce-info`,
    );
    expect(text.split('\n').some((line) => line.trim().startsWith('{'))).toBe(false);
  });
});
