import request from 'supertest';
import { createDeployment } from '../support/builders';
import { createTestApp } from '../support/test-app';
import { jsonApiBody, obtainDocument, postObtain, postRefresh, refreshDocument } from '../support/token-client';

interface AuthTokenDocument {
  data: { id: string; attributes: { access: string; refresh: string } };
}

describe('credentials never reach the logs (docs/authentication.md)', () => {
  it('logs no API key, API secret, access or refresh token through obtain, refresh, reuse and API-key calls', async () => {
    const t = await createTestApp({ captureLogs: true, env: { TOKEN_RATE_LIMIT: '100000' } });
    try {
      const deployment = await createDeployment(t, { memberCount: 1 });
      const member = deployment.members[0];
      const nonceInfo = `/api/v1/accounts/deployments/${deployment.id}/nonce-info`;

      const obtained = jsonApiBody<AuthTokenDocument>(
        await postObtain(t.http, obtainDocument(member.apiKey, member.apiSecret)).expect(200),
      );
      await postObtain(t.http, obtainDocument(member.apiKey, `${member.apiSecret}-wrong`)).expect(400);
      const first = obtained.data.attributes;
      await request(t.http).get(nonceInfo).set('authorization', `Bearer ${first.access}`).expect(200);
      const rotated = jsonApiBody<AuthTokenDocument>(
        await postRefresh(t.http, refreshDocument(first.refresh)).expect(200),
      ).data.attributes;
      await postRefresh(t.http, refreshDocument(first.refresh)).expect(401);
      await request(t.http).get(nonceInfo).set('authorization', `Bearer ${rotated.access}`).expect(401);
      await request(t.http).get(nonceInfo).set('x-api-key', member.apiKey).expect(200);

      // The search below is only meaningful if the requests were logged at all.
      expect(t.logs.filter((line) => line.includes('"request completed"')).length).toBeGreaterThanOrEqual(7);
      const secrets = {
        apiKey: member.apiKey,
        apiSecret: member.apiSecret,
        firstAccess: first.access,
        firstRefresh: first.refresh,
        rotatedAccess: rotated.access,
        rotatedRefresh: rotated.refresh,
      };
      for (const [name, value] of Object.entries(secrets)) {
        // Whole values and their signature part: a token cut short in a log line still leaks.
        const needles = [value, value.split('.').pop() as string];
        const leaks = t.logs.filter((line) => needles.some((needle) => line.includes(needle)));
        expect({ name, leaks }).toEqual({ name, leaks: [] });
      }

      // The reuse was logged as a security event, naming the session and member only.
      const events = t.logs
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.event === 'refresh_token_reuse');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ level: 40, sid: obtained.data.id, memberId: expect.any(String) });
    } finally {
      await t.close();
    }
  });
});
