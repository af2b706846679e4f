import { keccak256, stringToBytes } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { privateKeyToAccount } from 'viem/accounts';
import { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { parseSignInMessage } from './sign-in-message';
import { checkSignInMessage, newSignInNonce, signInSite } from './sign-in-policy';
import { csrfTokenMatches, csrfTokenOf, readCookie, sessionCookieName } from './wallet-session';
import { checkWalletSignature, ContractSignatures, tronMessageHash } from './wallet-signature';

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const account = privateKeyToAccount(KEY);
const NOW = new Date('2026-11-26T12:00:00.000Z');
const site = signInSite('https://pay.example.com');

function message(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}): string {
  return createSiweMessage({
    address: account.address,
    chainId: 1,
    domain: 'pay.example.com',
    uri: 'https://pay.example.com/console/',
    version: '1',
    nonce: 'abcdefgh12345678',
    issuedAt: NOW,
    ...overrides,
  });
}

function refusalOf(work: () => void): string {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return `${error.kind} ${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

const noContracts: ContractSignatures = { check: () => Promise.resolve('no_rpc') };

describe('the sign-in message (EIP-4361)', () => {
  it('reads every field of a message written by viem, with and without a statement', () => {
    const full = parseSignInMessage(
      message({
        statement: 'Sign in to the console',
        scheme: 'https',
        expirationTime: new Date('2026-11-26T12:10:00.000Z'),
        notBefore: new Date('2026-11-26T11:59:00.000Z'),
        requestId: 'r-1',
        resources: ['https://pay.example.com/a', 'ipfs://x'],
      }),
    );
    expect(full).toEqual({
      scheme: 'https',
      domain: 'pay.example.com',
      address: account.address,
      statement: 'Sign in to the console',
      uri: 'https://pay.example.com/console/',
      version: '1',
      chainId: '1',
      nonce: 'abcdefgh12345678',
      issuedAt: NOW,
      expirationTime: new Date('2026-11-26T12:10:00.000Z'),
      notBefore: new Date('2026-11-26T11:59:00.000Z'),
      requestId: 'r-1',
      resources: ['https://pay.example.com/a', 'ipfs://x'],
    });
    expect(parseSignInMessage(message()).statement).toBeNull();
    // The older form without a statement: one blank line after the address.
    expect(parseSignInMessage(message().replace('\n\n\nURI:', '\n\nURI:')).uri).toBe(
      'https://pay.example.com/console/',
    );
  });

  it.each([
    ['another first line', (text: string) => text.replace('wants you to sign in', 'asks you to sign in')],
    ['no address', (text: string) => text.replace(account.address, 'nobody')],
    ['a field out of order', (text: string) => text.replace(/Version: 1\nChain ID: 1/, 'Chain ID: 1\nVersion: 1')],
    ['a missing nonce', (text: string) => text.replace(/\nNonce: .*/, '')],
    ['a short nonce', (text: string) => text.replace(/Nonce: .*/, 'Nonce: abc')],
    ['a date that is not RFC 3339', (text: string) => text.replace(/Issued At: .*/, 'Issued At: 26/11/2026')],
    ['a relative URI', (text: string) => text.replace(/URI: .*/, 'URI: /console')],
    ['a trailing line', (text: string) => `${text}\nP.S. hello`],
    ['carriage returns', (text: string) => text.replace(/\n/g, '\r\n')],
    ['a chain id of zero', (text: string) => text.replace('Chain ID: 1', 'Chain ID: 0')],
  ])('refuses %s as a 400 naming the message', (_case, spoil) => {
    expect(refusalOf(() => parseSignInMessage(spoil(message())))).toMatch(/^invalid VALIDATION_FAILED/);
  });

  it('reads a Tron base58 address on the address line', () => {
    const tron = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    expect(parseSignInMessage(message().replace(account.address, tron)).address).toBe(tron);
  });
});

describe('the sign-in rules', () => {
  const check = (text: string, now = NOW) => refusalOf(() => checkSignInMessage(parseSignInMessage(text), site, now));

  it('accepts a message for this site, issued within 5 minutes, give or take a minute of skew', () => {
    expect(check(message())).toBe('accepted');
    expect(check(message({ scheme: 'https' }))).toBe('accepted');
    expect(check(message({ issuedAt: new Date(NOW.getTime() + 59_000) }))).toBe('accepted');
    expect(check(message({ issuedAt: new Date(NOW.getTime() - 359_000) }))).toBe('accepted');
    expect(check(message({ domain: 'PAY.example.com' }))).toBe('accepted');
  });

  it.each([
    ['another domain', { domain: 'evil.example.com' }, /for evil\.example\.com, not for this service/],
    ['another port', { domain: 'pay.example.com:8443' }, /not for this service \(pay\.example\.com\)/],
    ['another scheme', { scheme: 'http' }, /names the scheme http/],
    ['a URI on another origin', { uri: 'https://evil.example.com/' }, /is not on https:\/\/pay\.example\.com/],
    ['a URI over http', { uri: 'http://pay.example.com/' }, /is not on https:\/\/pay\.example\.com/],
    ['a message from the future', { issuedAt: new Date(NOW.getTime() + 61_000) }, /dated in the future/],
    ['an old message', { issuedAt: new Date(NOW.getTime() - 361_000) }, /more than 5 minutes ago/],
    ['an expired message', { expirationTime: NOW }, /expired at 2026-11-26T12:00:00\.000Z/],
    ['a message not valid yet', { notBefore: new Date(NOW.getTime() + 61_000) }, /not valid before/],
  ])('refuses %s with SIGN_IN_REFUSED', (_case, overrides, reason) => {
    const refusal = check(message(overrides as Partial<Parameters<typeof createSiweMessage>[0]>));
    expect(refusal).toMatch(/^unauthenticated SIGN_IN_REFUSED: /);
    expect(refusal).toMatch(reason);
  });

  it('refuses a version other than 1', () => {
    expect(check(message().replace('Version: 1', 'Version: 2'))).toMatch(/Version 2; only version 1/);
  });

  it('names the port when the service has one', () => {
    expect(signInSite('http://localhost:3000/base').host).toBe('localhost:3000');
    expect(signInSite('https://pay.example.com:443').host).toBe('pay.example.com');
  });

  it('makes nonces of 32 letters and digits, never the same twice', () => {
    const nonces = new Set(Array.from({ length: 1000 }, newSignInNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});

describe('wallet signatures', () => {
  it("accepts the key's EIP-191 signature of an EVM address and refuses another key's", async () => {
    const text = message();
    const signer = Address.parseUniversal(account.address);
    expect(
      await checkWalletSignature(text, signer, await account.signMessage({ message: text }), '1', noContracts),
    ).toBe('eoa');
    const other = privateKeyToAccount(`0x${'11'.repeat(32)}`);
    // Not the key: the contract is asked, and here there is no chain to ask.
    expect(await checkWalletSignature(text, signer, await other.signMessage({ message: text }), '1', noContracts)).toBe(
      'no_rpc',
    );
    const approving: ContractSignatures = { check: () => Promise.resolve('valid') };
    expect(await checkWalletSignature(text, signer, '0x00', '1', approving)).toBe('contract');
  });

  it("hashes a Tron message as TIP-191 (TronWeb's signMessageV2) and recovers its key", async () => {
    // Prefix, the length in bytes (not characters), then the text.
    expect(tronMessageHash('é')).toBe(keccak256(stringToBytes('\x19TRON Signed Message:\n2é')));
    const tron = Address.fromHex20(account.address, 'tvm');
    const text = message().replace(account.address, tron.display);
    const signature = await account.sign({ hash: tronMessageHash(text) });
    expect(await checkWalletSignature(text, tron, signature, '728126428', noContracts)).toBe('eoa');
    // An Ethereum-prefixed signature is not a Tron one; a Tron address is never asked as a contract.
    const ethereum = await account.signMessage({ message: text });
    expect(await checkWalletSignature(text, tron, ethereum, '728126428', noContracts)).toBe('invalid');
  });
});

describe('the session cookie and its CSRF token', () => {
  const key = Buffer.alloc(32, 7);

  it('is named with the __Host- prefix over https only', () => {
    expect(sessionCookieName('https:')).toBe('__Host-session');
    expect(sessionCookieName('http:')).toBe('session');
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; __Host-session=abc.def; b=2', '__Host-session')).toBe('abc.def');
    expect(readCookie('a=1', '__Host-session')).toBeUndefined();
    expect(readCookie(undefined, 'session')).toBeUndefined();
    expect(readCookie('xsession=1', 'session')).toBeUndefined();
  });

  it("matches only the session's own token", () => {
    const token = csrfTokenOf(key, 'session-1');
    expect(csrfTokenMatches(key, 'session-1', token)).toBe(true);
    expect(csrfTokenMatches(key, 'session-2', token)).toBe(false);
    expect(csrfTokenMatches(Buffer.alloc(32, 8), 'session-1', token)).toBe(false);
    expect(csrfTokenMatches(key, 'session-1', undefined)).toBe(false);
    expect(csrfTokenMatches(key, 'session-1', `${token}x`)).toBe(false);
  });
});
