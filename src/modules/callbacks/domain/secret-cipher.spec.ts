import { randomBytes } from 'node:crypto';
import { SecretCipher } from './secret-cipher';

describe('SecretCipher', () => {
  const cipher = new SecretCipher(randomBytes(32));

  it('round-trips a secret and never stores it in clear', () => {
    const stored = cipher.encrypt('whsec_abc', 'account-1');
    expect(stored).not.toContain('whsec_abc');
    expect(cipher.decrypt(stored, 'account-1')).toBe('whsec_abc');
    expect(cipher.encrypt('whsec_abc', 'account-1')).not.toBe(stored);
  });

  it('refuses a ciphertext moved to another account, tampered with, or read with another key', () => {
    const stored = cipher.encrypt('whsec_abc', 'account-1');
    expect(() => cipher.decrypt(stored, 'account-2')).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'account-1')).toThrow();
    expect(() => new SecretCipher(randomBytes(32)).decrypt(stored, 'account-1')).toThrow();
  });
});
