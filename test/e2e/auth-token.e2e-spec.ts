import { createHash, createHmac } from 'node:crypto';
import request from 'supertest';
import { MembersService } from '../../src/modules/auth/application/members.service';
import { createDeployment, createMember, TestDeployment, TestMember } from '../support/builders';
import { decodeJwt } from '../support/jwt';
import { createTestApp, TestApp } from '../support/test-app';
import {
  JSON_API,
  jsonApiBody,
  obtainDocument,
  obtainTokens,
  postObtain,
  postRefresh,
  refreshDocument,
} from '../support/token-client';

/** The recipe in docs/authentication.md, written independently of the service's own helper. */
function expectedSign(login: string, password: string, time: string, refresh: string): string {
  const key = createHash('sha256')
    .update(Buffer.from(login + password, 'utf8'))
    .digest();
  return createHmac('sha256', key)
    .update(Buffer.from(time + refresh, 'utf8'))
    .digest('hex');
}

const TOKEN_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/;
const BAD_CREDENTIALS = {
  errors: [{ status: '400', code: '2006', detail: 'No active account found with the given credentials' }],
};
const INVALID_REFRESH = { errors: [{ status: '401', code: '2007', detail: 'Token is invalid or expired' }] };

interface AuthTokenDocument {
  data: {
    type: string;
    id: string;
    attributes: {
      access: string;
      refresh: string;
      access_expired_at: string;
      refresh_expired_at: string;
      is_2fa_confirmed: boolean;
    };
  };
  meta?: { time: string; sign: string };
}

const nonceInfo = (id: string) => `/api/v1/accounts/deployments/${id}/nonce-info`;

describe('token service: obtain and refresh (docs/authentication.md)', () => {
  let t: TestApp;
  let deployment: TestDeployment;
  let member: TestMember;

  beforeAll(async () => {
    // The throttle has its own spec; here it must not get in the way of many obtains.
    t = await createTestApp({ env: { TOKEN_RATE_LIMIT: '100000' } });
    deployment = await createDeployment(t, { memberCount: 1 });
    member = deployment.members[0];
  });
  afterAll(() => t.close());

  describe('obtain', () => {
    it('answers with the auth-token resource, its meta and the JSON:API media type', async () => {
      const before = Date.now();
      const res = await postObtain(t.http, obtainDocument(member.apiKey, member.apiSecret)).expect(200);
      const after = Date.now();
      expect(res.headers['content-type']).toBe(JSON_API);
      const body = jsonApiBody<AuthTokenDocument>(res);
      expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
      expect(Object.keys(body.data).sort()).toEqual(['attributes', 'id', 'type']);
      expect(body.data.type).toBe('auth-token');
      const attributes = body.data.attributes;
      expect(Object.keys(attributes).sort()).toEqual([
        'access',
        'access_expired_at',
        'is_2fa_confirmed',
        'refresh',
        'refresh_expired_at',
      ]);
      expect(attributes.is_2fa_confirmed).toBe(false);
      expect(attributes.access_expired_at).toMatch(TOKEN_TIME);
      expect(attributes.refresh_expired_at).toMatch(TOKEN_TIME);
      expect(body.meta?.time).toMatch(TOKEN_TIME);
      expect(body.meta?.sign).toMatch(/^[0-9a-f]{64}$/);

      const received = Date.parse(body.meta!.time);
      expect(received).toBeGreaterThanOrEqual(before - 1);
      expect(received).toBeLessThanOrEqual(after + 1);
      expect(Date.parse(attributes.access_expired_at) - received).toBe(60_000);
      expect(Date.parse(attributes.refresh_expired_at) - received).toBe(6 * 3600_000);
      // The microseconds are the same instant, not a fresh clock reading per field.
      expect(attributes.access_expired_at.slice(19)).toBe(body.meta!.time.slice(19));

      const access = decodeJwt(attributes.access);
      const refresh = decodeJwt(attributes.refresh);
      const { id: memberId } = await t.app.get(MembersService).requireMember(member.address);
      expect(access.header).toMatchObject({ alg: 'HS256' });
      expect(access.payload).toEqual({
        token_type: 'access',
        jti: expect.any(String),
        user_id: memberId,
        sid: body.data.id,
        iat: Math.floor(received / 1000),
        exp: Math.ceil(Date.parse(attributes.access_expired_at) / 1000),
      });
      expect(refresh.payload).toMatchObject({ token_type: 'refresh', user_id: memberId, sid: body.data.id });
      expect(refresh.payload.exp).toBe(Math.ceil(Date.parse(attributes.refresh_expired_at) / 1000));
      expect(refresh.payload.jti).not.toBe(access.payload.jti);

      const sessions: { member_id: string; revoked_at: Date | null }[] = await t.dataSource.query(
        `SELECT member_id, revoked_at FROM auth_sessions WHERE id = $1`,
        [body.data.id],
      );
      expect(sessions).toEqual([{ member_id: memberId, revoked_at: null }]);
    });

    it('signs meta so the holder of the credentials can check the refresh token (recipe in docs/authentication.md)', async () => {
      const res = await postObtain(t.http, obtainDocument(member.apiKey, member.apiSecret)).expect(200);
      const { data, meta } = jsonApiBody<AuthTokenDocument>(res);
      expect(meta!.sign).toBe(expectedSign(member.apiKey, member.apiSecret, meta!.time, data.attributes.refresh));
      expect(meta!.sign).not.toBe(
        expectedSign(member.apiKey, `${member.apiSecret}x`, meta!.time, data.attributes.refresh),
      );
      expect(meta!.sign).not.toBe(
        expectedSign(member.apiKey, member.apiSecret, meta!.time, `${data.attributes.refresh}x`),
      );
    });

    it('accepts application/json as well', async () => {
      const res = await request(t.http)
        .post('/token/')
        .send(obtainDocument(member.apiKey, member.apiSecret))
        .expect(200);
      expect(res.headers['content-type']).toBe(JSON_API);
    });

    it('is 400 2006 for an unknown login and for a wrong password, with the same body', async () => {
      const unknown = await postObtain(t.http, obtainDocument('f'.repeat(64), member.apiSecret)).expect(400);
      const wrong = await postObtain(t.http, obtainDocument(member.apiKey, `${member.apiSecret}x`)).expect(400);
      const swapped = await postObtain(t.http, obtainDocument(member.apiSecret, member.apiKey)).expect(400);
      for (const res of [unknown, wrong, swapped]) {
        expect(res.headers['content-type']).toBe(JSON_API);
        expect(jsonApiBody(res)).toEqual(BAD_CREDENTIALS);
      }
    });

    it.each([
      ['an empty object', {}],
      ['a missing data member', { meta: {} }],
      ['data that is not an object', { data: 'auth-token' }],
      ['an array', [obtainDocument('a', 'b')]],
      ['a wrong type', { data: { type: 'auth-tokens', attributes: { login: 'a', password: 'b' } } }],
      ['a missing type', { data: { attributes: { login: 'a', password: 'b' } } }],
      ['missing attributes', { data: { type: 'auth-token' } }],
      ['an extra attribute', { data: { type: 'auth-token', attributes: { login: 'a', password: 'b', otp: '1' } } }],
      [
        'an extra resource member',
        { data: { type: 'auth-token', id: 'x', attributes: { login: 'a', password: 'b' } } },
      ],
      ['an extra top-level member', { ...obtainDocument('a', 'b'), meta: {} }],
      ['a missing password', { data: { type: 'auth-token', attributes: { login: 'a' } } }],
      ['a non-string login', obtainDocument(12345, 'b')],
      ['a null password', obtainDocument('a', null)],
      ['an empty login', obtainDocument('', 'b')],
      ['an overlong password', obtainDocument('a', 'x'.repeat(257))],
    ])('is 400 2006 for a document with %s', async (_label, body) => {
      const res = await postObtain(t.http, body).expect(400);
      expect(res.headers['content-type']).toBe(JSON_API);
      expect(jsonApiBody(res)).toEqual({
        errors: [{ status: '400', code: '2006', detail: expect.stringMatching(/^Malformed auth-token document: /) }],
      });
    });

    it('is 400 2006 for a body that is not JSON', async () => {
      const res = await request(t.http).post('/token/').set('Content-Type', JSON_API).send('{"data":').expect(400);
      expect(jsonApiBody(res)).toMatchObject({ errors: [{ status: '400', code: '2006' }] });
    });

    it('takes as long for an unknown login as for a wrong password (a dummy secret is hashed)', async () => {
      const timed = async (login: string, password: string): Promise<number> => {
        const started = process.hrtime.bigint();
        await postObtain(t.http, obtainDocument(login, password)).expect(400);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      const unknown: number[] = [];
      const wrong: number[] = [];
      // Interleaved, and the order swapped each round, so load on the machine hits both alike.
      for (let round = 0; round < 7; round++) {
        const unknownLogin = () =>
          timed(`${round}`.repeat(64).slice(0, 64), member.apiSecret).then((ms) => unknown.push(ms));
        const wrongPassword = () => timed(member.apiKey, `wrong-${round}`).then((ms) => wrong.push(ms));
        if (round % 2 === 0) await unknownLogin().then(wrongPassword);
        else await wrongPassword().then(unknownLogin);
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const [unknownMs, wrongMs] = [median(unknown), median(wrong)];
      // Both ran scrypt (tens of ms), so neither is a quick database miss.
      expect(unknownMs).toBeGreaterThanOrEqual(10);
      expect(wrongMs).toBeGreaterThanOrEqual(10);
      expect(Math.max(unknownMs, wrongMs) / Math.min(unknownMs, wrongMs)).toBeLessThan(3);
    });
  });

  describe('refresh', () => {
    it('rotates both tokens within the same session, without meta', async () => {
      const first = await obtainTokens(t.http, member.apiKey, member.apiSecret);
      const res = await postRefresh(t.http, refreshDocument(first.refresh)).expect(200);
      expect(res.headers['content-type']).toBe(JSON_API);
      const body = jsonApiBody<AuthTokenDocument>(res);
      expect(Object.keys(body)).toEqual(['data']);
      expect(body.data).toMatchObject({
        type: 'auth-token',
        id: first.sessionId,
        attributes: { is_2fa_confirmed: false },
      });
      expect(body.data.attributes.access_expired_at).toMatch(TOKEN_TIME);
      expect(body.data.attributes.refresh_expired_at).toMatch(TOKEN_TIME);
      expect(body.data.attributes.access).not.toBe(first.access);
      expect(body.data.attributes.refresh).not.toBe(first.refresh);
      expect(decodeJwt(body.data.attributes.access).payload).toMatchObject({
        token_type: 'access',
        sid: first.sessionId,
      });

      // The new pair works; the old refresh token does not.
      await request(t.http)
        .get(nonceInfo(deployment.id))
        .set('authorization', `Bearer ${body.data.attributes.access}`)
        .expect(200);
      const again = await postRefresh(t.http, refreshDocument(body.data.attributes.refresh)).expect(200);
      expect(jsonApiBody<AuthTokenDocument>(again).data.id).toBe(first.sessionId);
    });

    it('treats an already rotated refresh token as reuse: the whole session is revoked', async () => {
      const first = await obtainTokens(t.http, member.apiKey, member.apiSecret);
      const rotated = jsonApiBody<AuthTokenDocument>(
        await postRefresh(t.http, refreshDocument(first.refresh)).expect(200),
      ).data.attributes;
      await request(t.http).get(nonceInfo(deployment.id)).set('authorization', `Bearer ${rotated.access}`).expect(200);

      const reuse = await postRefresh(t.http, refreshDocument(first.refresh)).expect(401);
      expect(reuse.headers['content-type']).toBe(JSON_API);
      expect(jsonApiBody(reuse)).toEqual(INVALID_REFRESH);

      // The newest refresh token and every access token of the session stop working.
      expect(jsonApiBody(await postRefresh(t.http, refreshDocument(rotated.refresh)).expect(401))).toEqual(
        INVALID_REFRESH,
      );
      await request(t.http).get(nonceInfo(deployment.id)).set('authorization', `Bearer ${rotated.access}`).expect(401);
      await request(t.http).get(nonceInfo(deployment.id)).set('authorization', `Bearer ${first.access}`).expect(401);
      const [session] = (await t.dataSource.query(
        `SELECT revoked_at, revoked_reason FROM auth_sessions WHERE id = $1`,
        [first.sessionId],
      )) as {
        revoked_at: Date | null;
        revoked_reason: string;
      }[];
      expect(session.revoked_at).not.toBeNull();
      expect(session.revoked_reason).toBe('refresh_reuse');

      // Other sessions of the same member are untouched.
      const other = await obtainTokens(t.http, member.apiKey, member.apiSecret);
      await request(t.http).get(nonceInfo(deployment.id)).set('authorization', `Bearer ${other.access}`).expect(200);
    });

    it('lets exactly one of 20 concurrent refreshes with one token succeed', async () => {
      const { refresh, sessionId } = await obtainTokens(t.http, member.apiKey, member.apiSecret);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => postRefresh(t.http, refreshDocument(refresh))),
      );
      const statuses = responses.map((res) => res.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 401)).toHaveLength(19);
      for (const res of responses.filter((candidate) => candidate.status === 401))
        expect(jsonApiBody(res)).toEqual(INVALID_REFRESH);
      // The losers presented a token that had just been rotated: that is reuse, and ends the session.
      const [session] = (await t.dataSource.query(`SELECT revoked_reason FROM auth_sessions WHERE id = $1`, [
        sessionId,
      ])) as { revoked_reason: string }[];
      expect(session.revoked_reason).toBe('refresh_reuse');
    });

    it('refuses an access token presented as a refresh token with 401 2007', async () => {
      const { access, refresh } = await obtainTokens(t.http, member.apiKey, member.apiSecret);
      expect(jsonApiBody(await postRefresh(t.http, refreshDocument(access)).expect(401))).toEqual(INVALID_REFRESH);
      // Not counted as reuse: the session's refresh token still works.
      await postRefresh(t.http, refreshDocument(refresh)).expect(200);
    });

    it.each([
      ['a random string', 'not-a-token'],
      ['a truncated token', 'eyJhbGciOiJIUzI1NiJ9.e30'],
    ])('is 401 2007 for %s', async (_label, token) => {
      expect(jsonApiBody(await postRefresh(t.http, refreshDocument(token)).expect(401))).toEqual(INVALID_REFRESH);
    });

    it.each([
      ['a missing refresh attribute', { data: { type: 'auth-token', attributes: {} } }],
      ['a wrong type', { data: { type: 'token', attributes: { refresh: 'x' } } }],
      ['a non-string refresh', refreshDocument(42)],
      ['an extra attribute', { data: { type: 'auth-token', attributes: { refresh: 'x', login: 'y' } } }],
      ['no data', {}],
    ])('is 400 2006 for a malformed document with %s', async (_label, body) => {
      const res = await postRefresh(t.http, body).expect(400);
      expect(jsonApiBody(res)).toEqual({
        errors: [{ status: '400', code: '2006', detail: expect.stringMatching(/^Malformed auth-token document: /) }],
      });
    });
  });

  it('documents both endpoints in the OpenAPI document with their operationIds, media type and statuses', async () => {
    const { paths } = (await request(t.http).get('/docs-json').expect(200)).body as {
      paths: Record<
        string,
        {
          post: {
            operationId: string;
            requestBody: { content: object };
            responses: Record<string, { content: object }>;
          };
        }
      >;
    };
    const expected = [
      ['/token', 'TokenController_obtain', 'TokenObtainRequestDto', ['200', '400', '429']],
      ['/token/refresh', 'TokenController_refresh', 'TokenRefreshRequestDto', ['200', '400', '401']],
    ] as const;
    for (const [path, operationId, requestSchema, statuses] of expected) {
      const operation = paths[path].post;
      expect(operation.operationId).toBe(operationId);
      expect(operation.requestBody.content).toMatchObject({
        [JSON_API]: { schema: { $ref: `#/components/schemas/${requestSchema}` } },
      });
      expect(Object.keys(operation.responses).sort()).toEqual([...statuses]);
      for (const status of statuses) expect(Object.keys(operation.responses[status].content)).toEqual([JSON_API]);
    }
  });

  describe('regenerating credentials', () => {
    it('stops the old key, the old login and the sessions they opened at once; the new pair works', async () => {
      const own = await createDeployment(t, { memberCount: 1 });
      const holder = own.members[0];
      const session = await obtainTokens(t.http, holder.apiKey, holder.apiSecret);
      await request(t.http).get(nonceInfo(own.id)).set('x-api-key', holder.apiKey).expect(200);

      const fresh = await t.app.get(MembersService).regenerateCredentials(holder.address);
      expect(fresh.apiKey).not.toBe(holder.apiKey);

      await request(t.http).get(nonceInfo(own.id)).set('x-api-key', holder.apiKey).expect(401);
      expect(
        jsonApiBody(await postObtain(t.http, obtainDocument(holder.apiKey, holder.apiSecret)).expect(400)),
      ).toEqual(BAD_CREDENTIALS);
      await request(t.http).get(nonceInfo(own.id)).set('authorization', `Bearer ${session.access}`).expect(401);
      await postRefresh(t.http, refreshDocument(session.refresh)).expect(401);

      await request(t.http).get(nonceInfo(own.id)).set('x-api-key', fresh.apiKey).expect(200);
      const renewed = await obtainTokens(t.http, fresh.apiKey, fresh.apiSecret);
      await request(t.http).get(nonceInfo(own.id)).set('authorization', `Bearer ${renewed.access}`).expect(200);
    });
  });

  it('does not let an unknown member of another deployment in with a token', async () => {
    const outsider = await createMember(t);
    const { access } = await obtainTokens(t.http, outsider.apiKey, outsider.apiSecret);
    await request(t.http).get(nonceInfo(deployment.id)).set('authorization', `Bearer ${access}`).expect(404);
  });
});
