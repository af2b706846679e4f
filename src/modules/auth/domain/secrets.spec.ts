import { createHash } from 'node:crypto';
import { apiKeyDigest } from './secrets';

describe('apiKeyDigest', () => {
  it.each([
    ['a key as issued', 'oTMANcZyzs-4VyPQu6qXgGiFio3cQtYD55PGGojPseI'],
    ['non-ASCII, hashed as UTF-8', 'clé-ключ-鍵'],
    ['empty', ''],
  ])('is the hex SHA-256 of the key (%s), as stored digests were made', (_, key) => {
    expect(apiKeyDigest(key)).toBe(createHash('sha256').update(key, 'utf8').digest('hex'));
  });

  it('is the well-known SHA-256 of "abc"', () => {
    expect(apiKeyDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
