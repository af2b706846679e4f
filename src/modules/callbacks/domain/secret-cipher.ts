import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for signing secrets at rest: the service must read them back to sign, so they are
 * encrypted, never hashed; the key comes from configuration and never reaches the database.
 * Stored form `v1.<iv>.<tag>.<ciphertext>` (base64url); the account id is bound in as associated
 * data, so a ciphertext copied onto another account's row does not decrypt.
 */
export class SecretCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the callback secret key must be 32 bytes');
  }

  encrypt(plaintext: string, accountId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(accountId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string, accountId: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== VERSION || ciphertext === undefined) throw new Error('unreadable stored callback secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(accountId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
