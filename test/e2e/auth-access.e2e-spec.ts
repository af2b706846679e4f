import { Controller, Get, Module } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { Caller } from '../../src/modules/auth/domain/caller';
import { CurrentCaller, DeploymentScoped, Requires } from '../../src/modules/deployments/api/access.guard';
import { DeploymentsModule } from '../../src/modules/deployments/deployments.module';
import { createDeployment, createMember, TestDeployment, TestMember } from '../support/builders';
import { decodeJwt, signJwt, unsignedJwt } from '../support/jwt';
import { createTestApp, TEST_JWT_SECRET, TestApp } from '../support/test-app';
import { jsonApiBody, obtainTokens, postRefresh, refreshDocument, TokenPair } from '../support/token-client';

/** A route that answers non-members with 403, as endpoints 1-2 do. */
@DeploymentScoped('forbidden')
@Controller('probe/deployments/:deploymentId')
class ForbiddenProbeController {
  @Get()
  @Requires('read')
  whoAmI(@CurrentCaller() caller: Caller): { kind: string; address: string } {
    return { kind: caller.kind, address: caller.address };
  }
}

@Module({ imports: [DeploymentsModule], controllers: [ForbiddenProbeController] })
class ForbiddenProbeModule {}

const nonceInfo = (id: string) => `/api/v1/accounts/deployments/${id}/nonce-info`;
const probe = (id: string) => `/probe/deployments/${id}`;
const UNKNOWN_ID = '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b';
const INVALID_REFRESH = { errors: [{ status: '401', code: '2007', detail: 'Token is invalid or expired' }] };

describe('JWT callers on deployment-scoped routes (docs/authentication.md)', () => {
  let t: TestApp;
  let deployment: TestDeployment;
  let member: TestMember;
  let tokens: TokenPair;
  let outsiderTokens: TokenPair;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  /** The claims of a live session's access token, to re-sign with one thing changed. */
  const liveClaims = () => decodeJwt(tokens.access).payload;
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp({ extraModules: [ForbiddenProbeModule], env: { TOKEN_RATE_LIMIT: '100000' } });
    deployment = await createDeployment(t, { memberCount: 2, nonce: '3' });
    member = deployment.members[1];
    tokens = await obtainTokens(t.http, member.apiKey, member.apiSecret);
    const outsider = await createMember(t);
    outsiderTokens = await obtainTokens(t.http, outsider.apiKey, outsider.apiSecret);
  });
  afterAll(() => t.close());

  it('lets a member in with an access token', async () => {
    const res = await request(t.http).get(nonceInfo(deployment.id)).set(bearer(tokens.access)).expect(200);
    expect(res.body).toEqual({ currentNonce: '3', lastExecutedNonce: '-1' });
    const who = await request(t.http).get(probe(deployment.id)).set(bearer(tokens.access)).expect(200);
    expect(who.body).toEqual({ kind: 'jwt', address: member.address });
    const byKey = await request(t.http).get(probe(deployment.id)).set('x-api-key', member.apiKey).expect(200);
    expect(byKey.body).toEqual({ kind: 'api_key', address: member.address });
  });

  it('answers a member of another account like an unknown deployment: 404, same body', async () => {
    const foreign = await request(t.http).get(nonceInfo(deployment.id)).set(bearer(outsiderTokens.access)).expect(404);
    const unknown = await request(t.http).get(nonceInfo(UNKNOWN_ID)).set(bearer(outsiderTokens.access)).expect(404);
    expect({ ...foreign.body, requestId: undefined }).toEqual({ ...unknown.body, requestId: undefined });
  });

  it('answers 403 on a forbidden-scoped route to a non-member and for an unknown deployment', async () => {
    const foreign = await request(t.http).get(probe(deployment.id)).set(bearer(outsiderTokens.access)).expect(403);
    const unknown = await request(t.http).get(probe(UNKNOWN_ID)).set(bearer(outsiderTokens.access)).expect(403);
    expect(foreign.body).toMatchObject({ statusCode: 403, code: 'DEPLOYMENT_ACCESS_DENIED' });
    expect({ ...foreign.body, requestId: undefined }).toEqual({ ...unknown.body, requestId: undefined });
  });

  it('is 400 for a malformed deployment id', async () => {
    await request(t.http).get(nonceInfo('not-a-uuid')).set(bearer(tokens.access)).expect(400);
    await request(t.http).get(probe('0193a4c2-7d1e-9a52-9f2b-3c4d5e6f7a8b')).set(bearer(tokens.access)).expect(400);
  });

  it.each(['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'])(
    'accepts the nil/max UUID %s (then 404, or 403 on a forbidden-scoped route)',
    async (id) => {
      await request(t.http).get(nonceInfo(id)).set(bearer(tokens.access)).expect(404);
      await request(t.http).get(probe(id)).set(bearer(tokens.access)).expect(403);
    },
  );

  describe('refuses with 401', () => {
    const refused = async (token: string) => {
      const res = await request(t.http).get(nonceInfo(deployment.id)).set(bearer(token)).expect(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: '[ERR_401] Invalid or missing token' });
    };

    it('a control: the same claims, re-signed with the right secret, are accepted', async () => {
      await request(t.http)
        .get(nonceInfo(deployment.id))
        .set(bearer(signJwt(liveClaims(), TEST_JWT_SECRET)))
        .expect(200);
    });

    it('an expired access token', async () => {
      await refused(signJwt({ ...liveClaims(), iat: nowSeconds() - 120, exp: nowSeconds() - 60 }, TEST_JWT_SECRET));
    });

    it('a tampered access token (payload changed, signature kept)', async () => {
      const [header, , signature] = tokens.access.split('.');
      const payload = Buffer.from(JSON.stringify({ ...liveClaims(), exp: nowSeconds() + 86_400 })).toString(
        'base64url',
      );
      await refused(`${header}.${payload}.${signature}`);
    });

    it('an unsigned token (alg: none)', async () => {
      await refused(unsignedJwt(liveClaims()));
    });

    it('a token signed with another secret', async () => {
      await refused(signJwt(liveClaims(), `${TEST_JWT_SECRET}-other`));
    });

    it('a token signed with the right secret but another algorithm (HS512)', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify(liveClaims())).toString('base64url');
      const signature = createHmac('sha512', TEST_JWT_SECRET).update(`${header}.${payload}`).digest('base64url');
      await refused(`${header}.${payload}.${signature}`);
    });

    it('a refresh token used as an access token', async () => {
      await refused(tokens.refresh);
    });

    it('a well-signed token of an unknown session', async () => {
      await refused(signJwt({ ...liveClaims(), sid: UNKNOWN_ID }, TEST_JWT_SECRET));
    });

    it('a token of a revoked session, on deployment and account routes alike', async () => {
      const session = await obtainTokens(t.http, member.apiKey, member.apiSecret);
      const accounts = () => request(t.http).get('/api/v1/accounts').set(bearer(session.access));
      await request(t.http).get(nonceInfo(deployment.id)).set(bearer(session.access)).expect(200);
      await accounts().expect(200);
      const revoked = (await t.dataSource.query(`UPDATE auth_sessions SET revoked_at = now() WHERE id = $1`, [
        decodeJwt(session.access).payload.sid,
      ])) as [unknown[], number];
      expect(revoked[1]).toBe(1);
      await refused(session.access);
      await accounts().expect(401);
      // The session revoked is that one only: the member's other session still works.
      await request(t.http).get(nonceInfo(deployment.id)).set(bearer(tokens.access)).expect(200);
    });
  });

  describe('refresh refuses with 401 2007', () => {
    const refreshClaims = () => decodeJwt(tokens.refresh).payload;

    it('an expired refresh token', async () => {
      const expired = signJwt({ ...refreshClaims(), iat: nowSeconds() - 7200, exp: nowSeconds() - 1 }, TEST_JWT_SECRET);
      expect(jsonApiBody(await postRefresh(t.http, refreshDocument(expired)).expect(401))).toEqual(INVALID_REFRESH);
    });

    it('a refresh token signed with another secret, or unsigned', async () => {
      for (const forged of [signJwt(refreshClaims(), `${TEST_JWT_SECRET}-other`), unsignedJwt(refreshClaims())]) {
        expect(jsonApiBody(await postRefresh(t.http, refreshDocument(forged)).expect(401))).toEqual(INVALID_REFRESH);
      }
    });

    it('an access token used as a refresh token', async () => {
      expect(jsonApiBody(await postRefresh(t.http, refreshDocument(tokens.access)).expect(401))).toEqual(
        INVALID_REFRESH,
      );
    });

    it('and none of these touched the session: its refresh token still works', async () => {
      await postRefresh(t.http, refreshDocument(tokens.refresh)).expect(200);
    });
  });

  it('stops an access token once its lifetime (ACCESS_TOKEN_TTL) is over', async () => {
    const short = await createTestApp({ env: { ACCESS_TOKEN_TTL: '1' } });
    try {
      const pair = await obtainTokens(short.http, member.apiKey, member.apiSecret);
      await request(short.http).get(nonceInfo(deployment.id)).set(bearer(pair.access)).expect(200);
      const { exp } = decodeJwt(pair.access).payload as { exp: number };
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 50));
      await request(short.http).get(nonceInfo(deployment.id)).set(bearer(pair.access)).expect(401);
    } finally {
      await short.close();
    }
  });
});
