import request from 'supertest';
import { concat, keccak256, stringToBytes, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { MembersService } from '../../src/modules/auth/application/members.service';
import { DeploymentsService } from '../../src/modules/deployments/application/deployments.service';
import { type Anvil, describeWithAnvil, startAnvil } from '../support/anvil';
import {
  createDeployment,
  createMember,
  evmWallet,
  TestDeployment,
  TestMember,
  TRON_MAINNET,
} from '../support/builders';
import { invoiceBody, invoicesPath } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';
import { signJwt } from '../support/jwt';
import { TEST_JWT_SECRET } from '../support/test-app';
import { obtainTokens, postRefresh, refreshDocument } from '../support/token-client';

/**
 * Sign-in with a wallet (docs/authentication.md): a nonce, an EIP-4361 message signed by a member's
 * wallet (a key, a contract wallet on anvil, a Tron key), and the session cookie with its CSRF rule.
 * The test app's PUBLIC_BASE_URL is https://pay.example.test.
 */
const CHAIN = 11155111; // a network of the catalog, so its RPC URL is accepted; anvil plays it
const DOMAIN = 'pay.example.test';
const ORIGIN = `https://${DOMAIN}`;
const COOKIE = '__Host-session';
/** ERC-1271's magic value, and contracts that answer it (or not) to any isValidSignature call. */
const returning = (word: string): Hex => `0x63${word}60e01b60005260206000f3`;
const APPROVING_CONTRACT = returning('1626ba7e');
const REFUSING_CONTRACT = returning('ffffffff');

interface MessageFields {
  address: string;
  nonce: string;
  chainId?: number;
  domain?: string;
  uri?: string;
  issuedAt?: Date;
  expirationTime?: Date;
  notBefore?: Date;
}

/** The message as viem writes it (what a browser app would send); a Tron address replaces the EVM one. */
function siwe(fields: MessageFields): string {
  const tron = !fields.address.startsWith('0x');
  const text = createSiweMessage({
    address: tron ? '0x0000000000000000000000000000000000000001' : (fields.address as Hex),
    chainId: fields.chainId ?? CHAIN,
    domain: fields.domain ?? DOMAIN,
    uri: fields.uri ?? `${ORIGIN}/console/`,
    version: '1',
    nonce: fields.nonce,
    statement: 'Sign in to the treasury console',
    issuedAt: fields.issuedAt ?? new Date(),
    expirationTime: fields.expirationTime,
    notBefore: fields.notBefore,
  });
  if (!tron) return text;
  const lines = text.split('\n');
  lines[1] = fields.address;
  return lines.join('\n');
}

/** TIP-191 as TronWeb's signMessageV2 hashes, written out here independently of the service. */
function tronSign(account: PrivateKeyAccount, text: string): Promise<Hex> {
  const bytes = stringToBytes(text);
  const hash = keccak256(concat([stringToBytes(`\x19TRON Signed Message:\n${bytes.length}`), bytes]));
  return account.sign({ hash });
}

/** The session cookie a response set, as a browser would send it back. */
function sessionCookie(res: request.Response): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = cookies.find((line) => line.startsWith(`${COOKIE}=`));
  if (cookie === undefined) throw new Error(`no ${COOKIE} cookie in ${JSON.stringify(cookies)}`);
  return cookie.split(';')[0];
}

describeWithAnvil('sign-in with a wallet (docs/authentication.md)', () => {
  let anvil: Anvil;
  let t: TestApp;
  let d: TestDeployment;
  let member: TestMember;

  const nonce = async (): Promise<string> =>
    ((await request(t.http).get('/api/v1/auth/nonce').expect(200)).body as { nonce: string }).nonce;
  const signIn = (message: string, signature: string) =>
    request(t.http).post('/api/v1/auth/sign-in').send({ message, signature });
  /** A fresh message for `account`'s address, signed by `signer` (the same key unless told). */
  const signedBy = async (
    account: PrivateKeyAccount,
    fields: Partial<MessageFields> = {},
    signer: PrivateKeyAccount = account,
  ) => {
    const message = siwe({ address: account.address, nonce: await nonce(), ...fields });
    return { message, signature: await signer.signMessage({ message }) };
  };
  const signInAs = async (account: PrivateKeyAccount) => {
    const { message, signature } = await signedBy(account);
    const res = await signIn(message, signature);
    if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  const refusal = (res: request.Response): string => {
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, code: 'SIGN_IN_REFUSED' });
    return res.body.message as string;
  };
  const sessionsOf = async (address: string): Promise<number> => {
    const [{ count }]: { count: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM auth_sessions s JOIN members m ON m.id = s.member_id
        WHERE m.address = $1 AND s.kind = 'wallet'`,
      [address],
    );
    return count;
  };
  /** An account whose one member is `address` (a member without credentials' use: a contract wallet). */
  const accountOf = async (address: string): Promise<string> => {
    await t.app.get(MembersService).createMember(address);
    const { id } = await t.app.get(DeploymentsService).createAccount({
      name: 'Contract team',
      members: [address],
      smartContractVersionId: '1.2.0-evm',
      approvers: [address],
      threshold: 1,
      address: evmWallet().address,
    });
    return id;
  };

  /** A second account of which `address` (already a member) is the one member. */
  const accountOfMember = async (address: string): Promise<string> =>
    (
      await t.app.get(DeploymentsService).createAccount({
        name: 'Another team',
        members: [address],
        smartContractVersionId: '1.2.0-evm',
        approvers: [address],
        threshold: 1,
        address: evmWallet().address,
      })
    ).id;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN });
    t = await createTestApp({
      // Chain 137's node is one nobody answers at: asking it must be a 503, not a refusal.
      env: { RPC_URL_11155111: anvil.rpcUrl, RPC_URL_137: 'http://127.0.0.1:9', TOKEN_RATE_LIMIT: '100000' },
    });
    d = await createDeployment(t, { memberCount: 2 });
    member = d.members[0];
  });
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });

  it('hands out single-use nonces of at least 16 letters and digits, for 5 minutes', async () => {
    const res = await request(t.http).get('/api/v1/auth/nonce').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    const lifetime = Date.parse(res.body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);
    expect((await request(t.http).get('/api/v1/auth/nonce').expect(200)).body.nonce).not.toBe(res.body.nonce);
  });

  it("signs a member in with its key: a session whose cookie reads the member's account", async () => {
    const res = await signInAs(member.wallet.account);
    expect(res.body).toEqual({
      address: member.address,
      expiresAt: expect.any(String),
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      memberships: [{ accountId: d.accountId, accountName: 'Test team', role: 'ADMIN' }],
    });
    const lifetime = Date.parse(res.body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(8 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(8 * 3600_000);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie']).find((line) => line.startsWith(COOKIE))!;
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; Max-Age=28800/);
    const cookie = sessionCookie(res);

    const account = await request(t.http).get(`/api/v1/accounts/${d.accountId}`).set('Cookie', cookie).expect(200);
    expect(account.body.account.id).toBe(d.accountId);
    // A JWT caller: the hidden flag (JWT callers only) is there.
    const accounts = await request(t.http).get('/api/v1/accounts').set('Cookie', cookie).expect(200);
    expect(accounts.body).toEqual([expect.objectContaining({ id: d.accountId, isHidden: false })]);
    await request(t.http).get(`/api/v1/accounts/deployments/${d.id}/nonce-info`).set('Cookie', cookie).expect(200);

    const session = await request(t.http).get('/api/v1/auth/session').set('Cookie', cookie).expect(200);
    expect(session.body).toEqual({ ...res.body, expiresAt: session.body.expiresAt });
    expect(Math.abs(Date.parse(session.body.expiresAt) - Date.parse(res.body.expiresAt))).toBeLessThan(1000);

    // A token-service session: one row of auth_sessions, with nothing of the cookie in clear.
    const rows: { kind: string; refresh_expires_at: Date; revoked_at: Date | null }[] = await t.dataSource.query(
      `SELECT s.kind, s.refresh_expires_at, s.revoked_at FROM auth_sessions s JOIN members m ON m.id = s.member_id
        WHERE m.address = $1 AND s.kind = 'wallet'`,
      [member.address],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].revoked_at).toBeNull();
    const stored = JSON.stringify(await t.dataSource.query(`SELECT * FROM auth_sessions`));
    expect(stored).not.toContain(cookie.slice(COOKIE.length + 1));
    expect(stored).not.toContain(res.body.csrfToken);
  });

  it('refuses each bad sign-in with 401 SIGN_IN_REFUSED and its own message, opening no session', async () => {
    const account = member.wallet.account;
    const before = await sessionsOf(member.address);
    const messages: Record<string, string> = {};

    const reused = await signedBy(account);
    await signIn(reused.message, reused.signature).expect(200);
    messages.reusedNonce = refusal(await signIn(reused.message, reused.signature));

    const expiring = await nonce();
    await t.dataSource.query(`UPDATE sign_in_nonces SET expires_at = now() - interval '1 second' WHERE nonce = $1`, [
      expiring,
    ]);
    const expired = siwe({ address: account.address, nonce: expiring });
    messages.expiredNonce = refusal(await signIn(expired, await account.signMessage({ message: expired })));

    const unknown = siwe({ address: account.address, nonce: 'NeverIssuedByThisService0001' });
    messages.unknownNonce = refusal(await signIn(unknown, await account.signMessage({ message: unknown })));

    const other = await signedBy(account, { domain: 'evil.example.test', uri: 'https://evil.example.test/' });
    messages.otherDomain = refusal(await signIn(other.message, other.signature));

    const otherUri = await signedBy(account, { uri: 'https://evil.example.test/console/' });
    messages.otherUri = refusal(await signIn(otherUri.message, otherUri.signature));

    const outsider = await createMember(t);
    const notMember = await signedBy(outsider.wallet.account);
    messages.notMember = refusal(await signIn(notMember.message, notMember.signature));

    const stranger = privateKeyToAccount(generatePrivateKey());
    const unknownAddress = await signedBy(stranger);
    const strangerMessage = refusal(await signIn(unknownAddress.message, unknownAddress.signature));
    expect(strangerMessage).toContain('not a member of any account');

    const forged = await signedBy(account, {}, privateKeyToAccount(generatePrivateKey()));
    messages.badSignature = refusal(await signIn(forged.message, forged.signature));

    const future = await signedBy(account, { issuedAt: new Date(Date.now() + 10 * 60_000) });
    messages.fromTheFuture = refusal(await signIn(future.message, future.signature));

    const old = await signedBy(account, { issuedAt: new Date(Date.now() - 10 * 60_000) });
    messages.tooOld = refusal(await signIn(old.message, old.signature));

    const lapsed = await signedBy(account, {
      issuedAt: new Date(Date.now() - 60_000),
      expirationTime: new Date(Date.now() - 1000),
    });
    messages.expiredMessage = refusal(await signIn(lapsed.message, lapsed.signature));

    const early = await signedBy(account, { notBefore: new Date(Date.now() + 10 * 60_000) });
    messages.notYetValid = refusal(await signIn(early.message, early.signature));

    expect(messages.reusedNonce).toMatch(/already been used/);
    expect(messages.expiredNonce).toMatch(/nonce has expired/);
    expect(messages.unknownNonce).toMatch(/not issued by this service/);
    expect(messages.otherDomain).toMatch(/for evil\.example\.test, not for this service/);
    expect(messages.notMember).toMatch(/not a member of any account/);
    expect(messages.badSignature).toMatch(/signature does not match/);
    expect(messages.fromTheFuture).toMatch(/dated in the future/);
    expect(new Set(Object.values(messages)).size).toBe(Object.keys(messages).length);
    for (const text of Object.values(messages)) expect(text).toMatch(/^\[ERR_401] /);
    // The one sign-in that succeeded opened the one new session.
    expect(await sessionsOf(member.address)).toBe(before + 1);
  });

  it('keeps a nonce usable after a refusal that is not about it, and gives it to one of two concurrent sign-ins', async () => {
    const account = d.members[1].wallet.account;
    const message = siwe({ address: account.address, nonce: await nonce() });
    const forged = await privateKeyToAccount(generatePrivateKey()).signMessage({ message });
    refusal(await signIn(message, forged));
    const signature = await account.signMessage({ message });
    const answers = await Promise.all([signIn(message, signature), signIn(message, signature)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
    expect(answers.find((res) => res.status === 401)!.body.message).toMatch(/already been used/);
  });

  it('signs in a contract wallet (ERC-1271) whose isValidSignature approves, on the message chain', async () => {
    const contract = privateKeyToAccount(generatePrivateKey()).address;
    await anvil.publicClient.request({ method: 'anvil_setCode', params: [contract, APPROVING_CONTRACT] } as never);
    const accountId = await accountOf(contract);
    const someKey = privateKeyToAccount(generatePrivateKey());
    const message = siwe({ address: contract, nonce: await nonce() });
    const res = await signIn(message, await someKey.signMessage({ message })).expect(200);
    expect(res.body).toMatchObject({ address: contract, memberships: [{ accountId, role: 'ADMIN' }] });
    await request(t.http).get(`/api/v1/accounts/${accountId}`).set('Cookie', sessionCookie(res)).expect(200);

    // On a chain this service has no RPC for, the contract cannot be asked: a refusal that says so.
    const elsewhere = siwe({ address: contract, nonce: await nonce(), chainId: 1 });
    expect(refusal(await signIn(elsewhere, await someKey.signMessage({ message: elsewhere })))).toMatch(
      /cannot ask chain 1/,
    );

    // A chain whose node cannot be reached: 503 with Retry-After; nothing about the person was refused.
    const unreachable = siwe({ address: contract, nonce: await nonce(), chainId: 137 });
    const unavailable = await signIn(unreachable, await someKey.signMessage({ message: unreachable }));
    expect(unavailable.status).toBe(503);
    expect(unavailable.body).toMatchObject({ statusCode: 503, code: 'CHAIN_UNAVAILABLE' });
    expect(unavailable.headers['retry-after']).toBe('5');
  });

  it('refuses a contract wallet whose isValidSignature does not approve', async () => {
    const contract = privateKeyToAccount(generatePrivateKey()).address;
    await anvil.publicClient.request({ method: 'anvil_setCode', params: [contract, REFUSING_CONTRACT] } as never);
    await accountOf(contract);
    const message = siwe({ address: contract, nonce: await nonce() });
    const signature = await privateKeyToAccount(generatePrivateKey()).signMessage({ message });
    expect(refusal(await signIn(message, signature))).toMatch(/signature does not match/);
  });

  it('signs in a Tron member by TIP-191 (signMessageV2) with its base58 address on the address line', async () => {
    const tron = await createDeployment(t, { chainId: TRON_MAINNET, memberCount: 1 });
    const wallet = tron.members[0].wallet;
    const message = siwe({ address: wallet.address, nonce: await nonce(), chainId: Number(TRON_MAINNET) });
    const res = await signIn(message, await tronSign(wallet.account, message)).expect(200);
    expect(res.body).toMatchObject({ address: wallet.address, memberships: [{ accountId: tron.accountId }] });
    await request(t.http).get(`/api/v1/accounts/${tron.accountId}`).set('Cookie', sessionCookie(res)).expect(200);

    // The Ethereum prefix is not Tron's: the same key's EIP-191 signature is refused.
    const again = siwe({ address: wallet.address, nonce: await nonce(), chainId: Number(TRON_MAINNET) });
    expect(refusal(await signIn(again, await wallet.account.signMessage({ message: again })))).toMatch(
      /signature does not match/,
    );
  });

  it('needs X-CSRF-Token on writes with the cookie (403 CSRF_TOKEN_INVALID) and changes nothing without it', async () => {
    const res = await signInAs(member.wallet.account);
    const cookie = sessionCookie(res);
    const rename = (headers: Record<string, string>, name: string) =>
      request(t.http).put(`/api/v1/accounts/${d.accountId}`).set('Cookie', cookie).set(headers).send({ name });

    const wrong: Record<string, string>[] = [
      {},
      { 'X-CSRF-Token': 'not-the-token' },
      { 'X-CSRF-Token': `${res.body.csrfToken}x` },
    ];
    for (const headers of wrong) {
      const refused = await rename(headers, 'Renamed without the token').expect(403);
      expect(refused.body).toMatchObject({ statusCode: 403, code: 'CSRF_TOKEN_INVALID' });
    }
    const [{ name }]: { name: string }[] = await t.dataSource.query(`SELECT name FROM accounts WHERE id = $1`, [
      d.accountId,
    ]);
    expect(name).toBe('Test team');

    await rename({ 'X-CSRF-Token': res.body.csrfToken }, 'Renamed with the token').expect(200);
    await rename({ 'X-CSRF-Token': res.body.csrfToken }, 'Test team').expect(200);
    // Another session's token is not this one's.
    const other = await signInAs(member.wallet.account);
    await rename({ 'X-CSRF-Token': other.body.csrfToken }, 'Crossed tokens').expect(403);
    // A request naming its own credential is not a cookie request: no CSRF token needed.
    await request(t.http)
      .put(`/api/v1/accounts/${d.accountId}`)
      .set('Cookie', cookie)
      .set('x-api-key', member.apiKey)
      .send({ name: 'Test team' })
      .expect(200);
  });

  it('does nothing for a cross-site form POST carrying the cookie', async () => {
    const res = await signInAs(member.wallet.account);
    const cookie = sessionCookie(res);
    const count = async () =>
      (
        (await t.dataSource.query(`SELECT count(*)::int AS n FROM invoices WHERE deployment_id = $1`, [d.id])) as {
          n: number;
        }[]
      )[0].n;
    const before = await count();
    const form = await request(t.http)
      .post(invoicesPath(d))
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example.test')
      .type('form')
      .send('requestedAmount=1&paymentPageButtonUrl=&paymentPageButtonText=')
      .expect(403);
    expect(form.body.code).toBe('CSRF_TOKEN_INVALID');
    const json = await request(t.http).post(invoicesPath(d)).set('Cookie', cookie).send(invoiceBody()).expect(403);
    expect(json.body.code).toBe('CSRF_TOKEN_INVALID');
    // Nor can a form sign the browser in to someone else's session: a form's body is not read.
    const attacker = await signedBy(d.members[1].wallet.account);
    const planted = await request(t.http)
      .post('/api/v1/auth/sign-in')
      .type('form')
      .send(`message=${encodeURIComponent(attacker.message)}&signature=${attacker.signature}`)
      .expect(400);
    expect(planted.headers['set-cookie']).toBeUndefined();
    const signOut = await request(t.http).post('/api/v1/auth/sign-out').set('Cookie', cookie).type('form').send('');
    expect(signOut.status).toBe(403);
    expect(await count()).toBe(before);
    await request(t.http).get('/api/v1/auth/session').set('Cookie', cookie).expect(200);
    // With the token the same session writes.
    await request(t.http)
      .post(invoicesPath(d))
      .set('Cookie', cookie)
      .set('X-CSRF-Token', res.body.csrfToken)
      .send(invoiceBody())
      .expect(201);
    expect(await count()).toBe(before + 1);
  });

  it('ends the session at once on sign-out', async () => {
    const res = await signInAs(member.wallet.account);
    const cookie = sessionCookie(res);
    const other = sessionCookie(await signInAs(member.wallet.account));
    const out = await request(t.http)
      .post('/api/v1/auth/sign-out')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', res.body.csrfToken)
      .expect(200);
    expect(out.body).toEqual({ signedOut: true });
    const cleared = ([] as string[]).concat(out.headers['set-cookie']).find((line) => line.startsWith(COOKIE))!;
    expect(cleared).toMatch(/^__Host-session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);

    const gone = await request(t.http).get(`/api/v1/accounts/${d.accountId}`).set('Cookie', cookie).expect(401);
    expect(gone.body.code).toBe('UNAUTHORIZED');
    await request(t.http).get('/api/v1/auth/session').set('Cookie', cookie).expect(401);
    await request(t.http)
      .post('/api/v1/auth/sign-out')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', res.body.csrfToken)
      .expect(401);
    // Only that session: the member's other one still works.
    await request(t.http).get(`/api/v1/accounts/${d.accountId}`).set('Cookie', other).expect(200);
  });

  it("ends the member's wallet sessions when its credentials are regenerated", async () => {
    const wallet = evmWallet();
    const signer = await createMember(t, wallet);
    await accountOfMember(signer.address);
    const cookie = sessionCookie(await signInAs(wallet.account));
    await request(t.http).get('/api/v1/auth/session').set('Cookie', cookie).expect(200);
    await t.app.get(MembersService).regenerateCredentials(signer.address);
    await request(t.http).get('/api/v1/auth/session').set('Cookie', cookie).expect(401);
    await request(t.http).get('/api/v1/accounts').set('Cookie', cookie).expect(401);
  });

  it('answers bad input on every new endpoint with a clear 400 in the error shape', async () => {
    const account = member.wallet.account;
    const valid = await signedBy(account);
    const cases: [unknown, string][] = [
      [{}, 'message'],
      [{ message: valid.message }, 'signature'],
      [{ signature: valid.signature }, 'message'],
      [{ message: 42, signature: valid.signature }, 'message'],
      [{ message: valid.message, signature: 'zz' }, 'signature'],
      [{ message: valid.message, signature: '0x123' }, 'signature'],
      [{ message: valid.message, signature: valid.signature, extra: 1 }, 'extra'],
      [{ message: 'hello', signature: valid.signature }, 'message'],
      [{ message: valid.message.replace('Version: 1', 'Versio: 1'), signature: valid.signature }, 'message'],
      [
        { message: valid.message.replace(/Issued At: .*/, 'Issued At: yesterday'), signature: valid.signature },
        'message',
      ],
      [{ message: 'x'.repeat(9000), signature: valid.signature }, 'message'],
      [[], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await request(t.http)
        .post('/api/v1/auth/sign-in')
        .send(body as object);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.message).toMatch(/^\[ERR_400] /);
      if (field !== 'body')
        expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
    const malformed = await request(t.http).post('/api/v1/auth/sign-in').send({ message: 'hello', signature: '0x00' });
    expect(malformed.body.details[0].message).toMatch(/not a Sign-In with Ethereum \(EIP-4361\) message/);
    await request(t.http).get('/api/v1/auth/nonce?extra=1').expect(400);
    await request(t.http).get('/api/v1/auth/session?extra=1').expect(400);
    // The valid message still signs in: none of the above used its nonce.
    await signIn(valid.message, valid.signature).expect(200);
    // Without a live cookie, the session endpoints are 401.
    for (const cookie of [undefined, `${COOKIE}=garbage`, `${COOKIE}=`, 'session=abc']) {
      const get = request(t.http).get('/api/v1/auth/session');
      const post = request(t.http).post('/api/v1/auth/sign-out').set('X-CSRF-Token', 'x');
      if (cookie !== undefined) {
        get.set('Cookie', cookie);
        post.set('Cookie', cookie);
      }
      expect((await get).status).toBe(401);
      expect((await post).status).toBe(401);
    }
  });

  it('records SIGNED_IN once in the log of each account the member belongs to, and nothing for a refusal', async () => {
    const wallet = evmWallet();
    const signer = await createMember(t, wallet);
    const accounts = [await accountOfMember(signer.address), await accountOfMember(signer.address)].sort();
    const signedIn = async () =>
      (await t.dataSource.query(
        `SELECT account_id, actor_address, actor_via, actor_key_id, target_type, target_id, changes, request_id
           FROM audit_events WHERE action = 'SIGNED_IN' AND actor_address = $1 ORDER BY account_id`,
        [signer.address],
      )) as Record<string, unknown>[];

    const forged = await signedBy(wallet.account, {}, privateKeyToAccount(generatePrivateKey()));
    refusal(await signIn(forged.message, forged.signature));
    expect(await signedIn()).toEqual([]);

    const res = await signInAs(wallet.account);
    expect(res.body.memberships.map((m: { accountId: string }) => m.accountId).sort()).toEqual(accounts);
    const rows = await signedIn();
    expect(rows).toEqual(
      accounts.map((accountId) => ({
        account_id: accountId,
        actor_address: signer.address,
        actor_via: 'SESSION',
        actor_key_id: null,
        target_type: 'session',
        target_id: rows[0].target_id,
        changes: { walletType: 'key', chainId: String(CHAIN) },
        request_id: res.headers['x-request-id'],
      })),
    );
    const [{ kind }]: { kind: string }[] = await t.dataSource.query(`SELECT kind FROM auth_sessions WHERE id = $1`, [
      rows[0].target_id,
    ]);
    expect(kind).toBe('wallet');
  });

  it("gives the session the member's role on each account, read again on every request", async () => {
    const admin = await signInAs(member.wallet.account);
    const adminCookie = sessionCookie(admin);
    // An ADMIN's cookie adds a member who holds no credential: it signs in with its wallet.
    const newcomer = evmWallet();
    await request(t.http)
      .post(`/api/v1/accounts/${d.accountId}/members`)
      .set('Cookie', adminCookie)
      .set('X-CSRF-Token', admin.body.csrfToken)
      .send({ address: newcomer.address, role: 'VIEWER' })
      .expect(201);
    const [added] = (await t.dataSource.query(
      `SELECT actor_via FROM audit_events WHERE action = 'MEMBER_ADDED' AND account_id = $1 AND changes->>'address' = $2`,
      [d.accountId, newcomer.address],
    )) as { actor_via: string }[];
    expect(added).toEqual({ actor_via: 'SESSION' });

    const viewer = await signInAs(newcomer.account);
    expect(viewer.body.memberships).toEqual([{ accountId: d.accountId, accountName: 'Test team', role: 'VIEWER' }]);
    const viewerCookie = sessionCookie(viewer);
    await request(t.http).get(`/api/v1/accounts/${d.accountId}`).set('Cookie', viewerCookie).expect(200);
    const refused = await request(t.http)
      .put(`/api/v1/accounts/${d.accountId}`)
      .set('Cookie', viewerCookie)
      .set('X-CSRF-Token', viewer.body.csrfToken)
      .send({ name: 'Renamed by a viewer' })
      .expect(403);
    expect(refused.body.code).toBe('ROLE_FORBIDS');

    // Promoted, the same session may write at once.
    await request(t.http)
      .patch(`/api/v1/accounts/${d.accountId}/members/${newcomer.address}`)
      .set('Cookie', adminCookie)
      .set('X-CSRF-Token', admin.body.csrfToken)
      .send({ role: 'OPERATOR' })
      .expect(200);
    const session = await request(t.http).get('/api/v1/auth/session').set('Cookie', viewerCookie).expect(200);
    expect(session.body.memberships).toEqual([{ accountId: d.accountId, accountName: 'Test team', role: 'OPERATOR' }]);
    await request(t.http)
      .post(invoicesPath(d))
      .set('Cookie', viewerCookie)
      .set('X-CSRF-Token', viewer.body.csrfToken)
      .send(invoiceBody())
      .expect(201);
  });

  it('keeps the session token to the cookie: not a Bearer token, not a refresh token, never past its end', async () => {
    const res = await signInAs(member.wallet.account);
    const cookie = sessionCookie(res);
    const token = cookie.slice(COOKIE.length + 1);
    const account = `/api/v1/accounts/${d.accountId}`;
    await request(t.http).get(account).set('Authorization', `Bearer ${token}`).expect(401);
    const refreshed = await postRefresh(t.http, refreshDocument(token));
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.errors[0].code).toBe('2007');
    await request(t.http).get(account).set('Cookie', cookie).expect(200);

    // An access token of the token service is not a session cookie.
    const tokens = await obtainTokens(t.http, member.apiKey, member.apiSecret);
    await request(t.http).get(account).set('Cookie', `${COOKIE}=${tokens.access}`).expect(401);

    // Past its end (SESSION_TTL after sign-in), the cookie's token is refused even if the row is live.
    const [{ id: memberId }]: { id: string }[] = await t.dataSource.query(`SELECT id FROM members WHERE address = $1`, [
      member.address,
    ]);
    const [{ id: sid }]: { id: string }[] = await t.dataSource.query(
      `SELECT id FROM auth_sessions WHERE member_id = $1 AND kind = 'wallet' AND revoked_at IS NULL LIMIT 1`,
      [memberId],
    );
    const now = Math.floor(Date.now() / 1000);
    const claims = { token_type: 'session', jti: 'x', user_id: memberId, sid };
    const lapsed = signJwt({ ...claims, iat: now - 100, exp: now - 1 }, TEST_JWT_SECRET);
    await request(t.http).get(account).set('Cookie', `${COOKIE}=${lapsed}`).expect(401);
    const forged = signJwt({ ...claims, iat: now, exp: now + 3600 }, 'another-secret-that-is-long-enough-for-hs256');
    await request(t.http).get(account).set('Cookie', `${COOKIE}=${forged}`).expect(401);
    // Under the http scheme's name the cookie is not read on an https service.
    await request(t.http).get(account).set('Cookie', `session=${token}`).expect(401);
  });

  it('over http names the cookie session, without Secure, and never logs the cookie, its token or the signature', async () => {
    const plain = await createTestApp({ env: { PUBLIC_BASE_URL: 'http://localhost:3000' }, captureLogs: true });
    try {
      const issued = await request(plain.http).get('/api/v1/auth/nonce').expect(200);
      const message = siwe({
        address: member.wallet.account.address,
        nonce: issued.body.nonce,
        domain: 'localhost:3000',
        uri: 'http://localhost:3000/console/',
      });
      const signature = await member.wallet.account.signMessage({ message });
      const res = await request(plain.http).post('/api/v1/auth/sign-in').send({ message, signature }).expect(200);
      const setCookie = ([] as string[]).concat(res.headers['set-cookie']).find((line) => line.startsWith('session='))!;
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).toMatch(/; SameSite=Strict/);
      expect(setCookie).not.toMatch(/Secure/);
      const cookie = setCookie.split(';')[0];
      await request(plain.http).get(`/api/v1/accounts/${d.accountId}`).set('Cookie', cookie).expect(200);
      await request(plain.http)
        .post('/api/v1/auth/sign-out')
        .set('Cookie', cookie)
        .set('X-CSRF-Token', res.body.csrfToken)
        .expect(200);

      const logs = plain.logs.join('\n');
      expect(logs).toContain('"event":"signed_in"');
      expect(logs).toContain('"event":"signed_out"');
      for (const secret of [cookie.slice('session='.length), res.body.csrfToken as string, signature]) {
        expect(logs).not.toContain(secret);
      }
    } finally {
      await plain.close();
    }
  });

  it("shares the token service's throttle per client address", async () => {
    const limited = await createTestApp({ env: { TOKEN_RATE_LIMIT: '2' } });
    try {
      await obtainTokens(limited.http, member.apiKey, member.apiSecret);
      await request(limited.http)
        .post('/api/v1/auth/sign-in')
        .send(await signedBy(member.wallet.account))
        .expect(200);
      const refused = await request(limited.http)
        .post('/api/v1/auth/sign-in')
        .send(await signedBy(member.wallet.account))
        .expect(429);
      expect(refused.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
