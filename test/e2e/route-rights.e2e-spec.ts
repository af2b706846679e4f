import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, Reflector } from '@nestjs/core';
import request from 'supertest';
import { createSiweMessage } from 'viem/siwe';
import { createOpenApiDocument } from '../../src/openapi';
import {
  decideAccess,
  decideAccessAnywhere,
  Right,
  Role,
  Scope,
  SCOPES,
} from '../../src/modules/auth/application/access-policy';
import { AccessGuard, requiredRight } from '../../src/modules/deployments/api/access.guard';
import { createDeployment, evmWallet, TestDeployment, TestMember } from '../support/builders';
import { createTestApp, TestApp } from '../support/test-app';
import { obtainTokens } from '../support/token-client';

/** One registered route, as Nest's router holds it. */
interface Route {
  readonly method: string;
  /** With `:param` placeholders. */
  readonly path: string;
  readonly handler: string;
  readonly guarded: boolean;
  readonly right: Right | undefined;
}

/**
 * `/api/v1` routes that need no credential. Anything else under `/api/v1` must sit behind the access
 * guard and declare its right. The wallet sign-in's routes are here: the nonce and the sign-in have
 * no caller yet, and the session and sign-out read the session cookie alone (any member's own
 * session, no account's right), through the same authenticator and its CSRF rule.
 */
const PUBLIC_API_ROUTES: readonly RegExp[] = [/^\/api\/v1\/public\//, /^\/api\/v1\/auth\//];

/**
 * The right each route needs, as the contract gives it (docs/authentication.md, "Roles and scopes"),
 * written out here apart from the code's declarations: a new route, or a changed declaration, must
 * be added here too, deliberately. Path parameters are compared by position, not by name.
 */
const CONTRACT_RIGHTS: Readonly<Record<string, Right>> = {
  'GET /api/v1/accounts': 'read',
  'GET /api/v1/accounts/:accountId': 'read',
  'PUT /api/v1/accounts/:accountId': 'settings:write',
  'GET /api/v1/accounts/:accountId/deploy-params': 'read',
  'GET /api/v1/accounts/deployments/:deploymentId/nonce-info': 'read',
  'GET /api/v1/accounts/:accountId/members': 'read',
  'POST /api/v1/accounts/:accountId/members': 'members:write',
  'PATCH /api/v1/accounts/:accountId/members/:address': 'members:write',
  'DELETE /api/v1/accounts/:accountId/members/:address': 'members:write',
  'GET /api/v1/accounts/:accountId/api-keys': 'read',
  'POST /api/v1/accounts/:accountId/api-keys': 'api-keys:create',
  'DELETE /api/v1/accounts/:accountId/api-keys/:keyId': 'api-keys:revoke',
  'POST /api/v1/accounts/:accountId/callback-secret': 'settings:write',
  'GET /api/v1/accounts/:accountId/callback-settings': 'read',
  'PUT /api/v1/accounts/:accountId/callback-settings': 'settings:write',
  'GET /api/v1/accounts/:accountId/notification-settings': 'read',
  'PUT /api/v1/accounts/:accountId/notification-settings': 'notifications:own',
  'GET /api/v1/accounts/:accountId/audit-events': 'audit:read',
  'GET /api/v1/accounts/:accountId/audit-events/export': 'audit:read',
  'GET /api/v1/accounts/:accountId/balance/assets': 'read',
  'GET /api/v1/accounts/:accountId/balances': 'read',
  'GET /api/v1/accounts/:accountId/balance/summary': 'read',
  'GET /api/v1/accounts/:accountId/reconciliation': 'read',
  'GET /api/v1/networks': 'read',
  'GET /api/v1/callbacks': 'read',
  'POST /api/v1/callbacks/resend': 'callbacks:resend',
  'GET /api/v1/deployments/:deploymentId/transactions': 'read',
  'GET /api/v1/deployments/:deploymentId/transactions/export': 'read',
  'GET /api/v1/deployments/:deploymentId/transactions/:transactionId': 'read',
  'GET /api/v1/deployments/:deploymentId/invoices': 'read',
  'POST /api/v1/deployments/:deploymentId/invoices': 'invoices:write',
  'GET /api/v1/deployments/:deploymentId/invoices/export': 'read',
  'GET /api/v1/deployments/:deploymentId/invoices/:invoiceId': 'read',
  'PUT /api/v1/deployments/:deploymentId/invoices/:invoiceId': 'invoices:write',
  'GET /api/v1/deployments/:deploymentId/claims': 'read',
  'GET /api/v1/deployments/:deploymentId/claims/currencies': 'read',
  'GET /api/v1/deployments/:deploymentId/operations': 'read',
  'GET /api/v1/deployments/:deploymentId/operations/:operationId': 'read',
  'DELETE /api/v1/deployments/:deploymentId/operations/:operationId': 'operations:write',
  'POST /api/v1/deployments/:deploymentId/operations/multisig-config': 'operations:write',
  'POST /api/v1/deployments/:deploymentId/operations/reject': 'operations:write',
  'PATCH /api/v1/deployments/:deploymentId/operations/:operationId/nonce': 'operations:write',
  'POST /api/v1/deployments/:deploymentId/operations/:operationId/sign': 'operations:sign',
  'POST /api/v1/deployments/:deploymentId/payouts': 'payouts:write',
  'GET /api/v1/deployments/:deploymentId/payouts': 'read',
  'GET /api/v1/deployments/:deploymentId/payouts/export': 'read',
  'GET /api/v1/deployments/:deploymentId/payouts/:payoutId': 'read',
  'PATCH /api/v1/deployments/:deploymentId/payouts/:payoutId': 'payouts:write',
};

/**
 * Routes of this round that other parts of the work add (address book, payout policy, operation
 * review), with the right the contract gives them: checked when they exist.
 */
const LATER_RIGHTS: Readonly<Record<string, Right>> = {
  'GET /api/v1/accounts/:accountId/address-book': 'read',
  'POST /api/v1/accounts/:accountId/address-book': 'address-book:propose',
  'POST /api/v1/accounts/:accountId/address-book/:entryId/approve': 'address-book:approve',
  'DELETE /api/v1/accounts/:accountId/address-book/:entryId': 'address-book:approve',
  'GET /api/v1/accounts/:accountId/payout-policy': 'read',
  'PUT /api/v1/accounts/:accountId/payout-policy': 'settings:write',
  'GET /api/v1/deployments/:deploymentId/operations/:operationId/review': 'read',
};

/** Every route of the running application, from the controllers Nest registered. */
function registeredRoutes(t: TestApp): Route[] {
  const reflector = t.app.get(Reflector);
  const routes: Route[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (controller === null) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const classGuards = (Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as unknown[];
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const guards = [...classGuards, ...((Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as unknown[])];
        for (const sub of Array.isArray(path) ? path : [path]) {
          routes.push({
            method,
            path: `/${[base, sub].join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'),
            handler: `${controller.name}.${name}`,
            guarded: guards.includes(AccessGuard),
            right: requiredRight(reflector, handler),
          });
        }
      }
    }
  }
  return routes;
}

/** A caller kind of the matrix: its role on the account, and the scopes of its key (none: unscoped). */
interface CallerKind {
  readonly label: string;
  readonly role: Role;
  readonly scopes: readonly Scope[] | undefined;
  readonly headers: Record<string, string>;
  /** Sent too on writes (POST, PUT, PATCH, DELETE): a wallet session's X-CSRF-Token. */
  readonly writeHeaders?: Record<string, string>;
}

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The test app's public site (PUBLIC_BASE_URL), whose https origin names the session cookie. */
const SITE = 'pay.example.test';
const SESSION_COOKIE = '__Host-session';

/**
 * A wallet session of `member`, signed in with its key (EIP-4361 message, EIP-191 signature): the
 * cookie as a browser sends it back, and the CSRF token its writes must carry.
 */
async function walletSession(http: TestApp['http'], member: TestMember): Promise<{ cookie: string; csrf: string }> {
  const { nonce } = (await request(http).get('/api/v1/auth/nonce').expect(200)).body as { nonce: string };
  const message = createSiweMessage({
    address: member.wallet.account.address,
    chainId: 11155111,
    domain: SITE,
    uri: `https://${SITE}/console/`,
    version: '1',
    nonce,
    issuedAt: new Date(),
  });
  const res = await request(http)
    .post('/api/v1/auth/sign-in')
    .send({ message, signature: await member.wallet.account.signMessage({ message }) });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (cookie === undefined) throw new Error(`no ${SESSION_COOKIE} cookie at sign-in`);
  return { cookie: cookie.split(';')[0], csrf: (res.body as { csrfToken: string }).csrfToken };
}

/**
 * Every route against every role and every kind of credential: the member's original key, its token,
 * a scoped key per scope, a token obtained with a scoped key, a wallet session's cookie. The guard must answer exactly what the
 * table of docs/authentication.md ("Roles and scopes") says, for every route, so none is forgotten.
 */
describe('every /api/v1 route declares its right, and the access layer applies it (docs/authentication.md)', () => {
  let t: TestApp;
  let d: TestDeployment;
  let routes: Route[];
  const callers: CallerKind[] = [];
  const sessions: { role: Role; cookie: string; csrf: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { TOKEN_RATE_LIMIT: '100000' } });
    routes = registeredRoutes(t);
    d = await createDeployment(t, { memberCount: 3 });
    const [admin, operator, viewer] = d.members;
    const member = (address: string) => `/api/v1/accounts/${d.accountId}/members/${address}`;
    await request(t.http)
      .patch(member(operator.address))
      .set('x-api-key', admin.apiKey)
      .send({ role: 'OPERATOR' })
      .expect(200);
    await request(t.http)
      .patch(member(viewer.address))
      .set('x-api-key', admin.apiKey)
      .send({ role: 'VIEWER' })
      .expect(200);
    const key = async (owner: typeof admin, scopes: Scope[]) =>
      (
        await request(t.http)
          .post(`/api/v1/accounts/${d.accountId}/api-keys`)
          .set('x-api-key', owner.apiKey)
          .send({ name: scopes.join(' '), scopes })
          .expect(201)
      ).body as { apiKey: string; apiSecret: string };
    for (const [role, who] of [
      ['ADMIN', admin],
      ['OPERATOR', operator],
      ['VIEWER', viewer],
    ] as const) {
      callers.push({ label: `${role}, original key`, role, scopes: undefined, headers: { 'x-api-key': who.apiKey } });
      const tokens = await obtainTokens(t.http, who.apiKey, who.apiSecret);
      callers.push({
        label: `${role}, its token`,
        role,
        scopes: undefined,
        headers: { authorization: `Bearer ${tokens.access}` },
      });
    }
    for (const scope of SCOPES) {
      callers.push({
        label: `ADMIN, ${scope} key`,
        role: 'ADMIN',
        scopes: [scope],
        headers: { 'x-api-key': (await key(admin, [scope])).apiKey },
      });
    }
    callers.push({
      label: 'OPERATOR, payouts:write key',
      role: 'OPERATOR',
      scopes: ['payouts:write'],
      headers: { 'x-api-key': (await key(operator, ['payouts:write'])).apiKey },
    });
    callers.push({
      label: 'VIEWER, read key',
      role: 'VIEWER',
      scopes: ['read'],
      headers: { 'x-api-key': (await key(viewer, ['read'])).apiKey },
    });
    const scoped = await key(operator, ['invoices:write', 'operations:write']);
    const scopedTokens = await obtainTokens(t.http, scoped.apiKey, scoped.apiSecret);
    callers.push({
      label: 'OPERATOR, token of an invoices:write+operations:write key',
      role: 'OPERATOR',
      scopes: ['invoices:write', 'operations:write'],
      headers: { authorization: `Bearer ${scopedTokens.access}` },
    });
    // A wallet session's cookie is a third way in (a token-service session, unscoped): the cookie on
    // every request, and the session's X-CSRF-Token on writes.
    for (const [role, who] of [
      ['ADMIN', admin],
      ['OPERATOR', operator],
      ['VIEWER', viewer],
    ] as const) {
      const session = await walletSession(t.http, who);
      sessions.push({ role, ...session });
      callers.push({
        label: `${role}, wallet session`,
        role,
        scopes: undefined,
        headers: { cookie: session.cookie },
        writeHeaders: { 'x-csrf-token': session.csrf },
      });
    }
  });
  afterAll(() => t.close());

  it('finds every operation of the OpenAPI document among the registered routes', () => {
    const registered = new Set(routes.map((route) => `${route.method} ${route.path}`));
    const documented = Object.entries(createOpenApiDocument(t.app).paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`),
    );
    expect(documented.filter((operation) => !registered.has(operation))).toEqual([]);
    expect(routes.filter((route) => route.path.startsWith('/api/v1/')).length).toBeGreaterThan(40);
  });

  it('puts every /api/v1 route behind the access guard with one declared right, except the public ones', () => {
    const api = routes.filter((route) => route.path.startsWith('/api/v1/') || route.path === '/api/v1');
    const unprotected = api.filter(
      (route) =>
        !PUBLIC_API_ROUTES.some((pattern) => pattern.test(route.path)) && (!route.guarded || route.right === undefined),
    );
    expect(unprotected.map((route) => `${route.method} ${route.path} (${route.handler})`)).toEqual([]);
    // And nothing outside /api/v1 claims the guard without a right.
    expect(routes.filter((route) => route.guarded && route.right === undefined)).toEqual([]);
  });

  it('declares on each route the right the contract gives it', () => {
    const byPosition = (key: string) => key.replace(/:[A-Za-z]+/g, ':param');
    const contract = new Map(
      Object.entries({ ...LATER_RIGHTS, ...CONTRACT_RIGHTS }).map(([key, right]) => [byPosition(key), right]),
    );
    const guarded = routes.filter((route) => route.guarded);
    const declared = guarded.map((route) => `${route.method} ${route.path} ${route.right}`);
    const expected = guarded.map(
      (route) => `${route.method} ${route.path} ${contract.get(byPosition(`${route.method} ${route.path}`))}`,
    );
    expect(declared).toEqual(expected);
    const present = new Set(guarded.map((route) => byPosition(`${route.method} ${route.path}`)));
    expect(Object.keys(CONTRACT_RIGHTS).filter((key) => !present.has(byPosition(key)))).toEqual([]);
  });

  it('answers each role and credential on each route as the table says', async () => {
    const outsider = evmWallet().address;
    const fill = (path: string) =>
      path
        .replace(':accountId', d.accountId)
        .replace(':deploymentId', d.id)
        .replace(':address', outsider)
        .replace(/:[A-Za-z]+/g, '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b');
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of routes.filter((candidate) => candidate.guarded && candidate.right !== undefined)) {
      const right = route.right as Right;
      const accountless = !route.path.includes(':accountId') && !route.path.includes(':deploymentId');
      for (const caller of callers) {
        const expected = accountless
          ? decideAccessAnywhere([caller.role], caller.scopes, right)
          : decideAccess(caller.role, caller.scopes, right);
        const call = request(t.http)[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](
          fill(route.path),
        );
        call.set(caller.headers);
        if (WRITES.includes(route.method)) call.set(caller.writeHeaders ?? {});
        const res = await (['POST', 'PUT', 'PATCH'].includes(route.method) ? call.send({}) : call);
        checked += 1;
        const code = (res.body as { code?: string } | undefined)?.code;
        const refusedByRule = res.status === 403 && (code === 'ROLE_FORBIDS' || code === 'INSUFFICIENT_SCOPE');
        const ok =
          expected === 'allowed'
            ? !refusedByRule && res.status !== 401 && res.status < 500
            : res.status === 403 && code === expected;
        if (!ok)
          mismatches.push(
            `${route.method} ${route.path} [${right}] as ${caller.label}: expected ${expected}, got ${res.status} ${code}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(400);
    // The sessions took part: three callers more on every guarded route.
    expect(callers.filter((caller) => caller.label.endsWith('wallet session'))).toHaveLength(3);
  });

  it("refuses a session's write without X-CSRF-Token (403 CSRF_TOKEN_INVALID), whatever the role, and changes nothing", async () => {
    expect(sessions.map((session) => session.role)).toEqual(['ADMIN', 'OPERATOR', 'VIEWER']);
    const accountPath = `/api/v1/accounts/${d.accountId}`;
    const nameNow = async () =>
      ((await t.dataSource.query(`SELECT name FROM accounts WHERE id = $1`, [d.accountId])) as { name: string }[])[0]
        .name;
    const before = await nameNow();
    for (const session of sessions) {
      const refused = await request(t.http)
        .put(accountPath)
        .set('cookie', session.cookie)
        .send({ name: `Renamed by a ${session.role} session without its token` });
      expect({ role: session.role, status: refused.status, body: refused.body as unknown }).toMatchObject({
        role: session.role,
        status: 403,
        body: { statusCode: 403, code: 'CSRF_TOKEN_INVALID' },
      });
    }
    expect(await nameNow()).toBe(before);
    // With its token, the ADMIN's session makes the same write: the missing token was what failed.
    const admin = sessions[0];
    await request(t.http)
      .put(accountPath)
      .set('cookie', admin.cookie)
      .set('x-csrf-token', admin.csrf)
      .send({ name: 'Renamed by the ADMIN session' })
      .expect(200);
    expect(await nameNow()).toBe('Renamed by the ADMIN session');
  });
});
