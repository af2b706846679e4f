import { assertNoSecrets, auditedUrl, changedFields } from './audit-event';

describe('audit entry rules', () => {
  it('refuses a change that names a credential, at any depth', () => {
    expect(() => assertNoSecrets({ name: { from: 'a', to: 'b' } })).not.toThrow();
    expect(() => assertNoSecrets(null)).not.toThrow();
    expect(() => assertNoSecrets({ secret: 'x' })).toThrow('audit changes.secret would record a secret');
    expect(() => assertNoSecrets({ settings: { apiKey: 'x' } })).toThrow('changes.settings.apiKey');
    expect(() => assertNoSecrets({ api_key: 'x' })).toThrow();
    expect(() => assertNoSecrets({ refreshToken: 'x' })).toThrow();
    expect(() => assertNoSecrets({ Authorization: 'x' })).toThrow();
    expect(() => assertNoSecrets({ apiSecret: 'x' })).toThrow();
  });

  it('lists the fields that changed, from and to', () => {
    expect(changedFields({ name: 'a', url: null, n: 1 }, { name: 'b', url: null, n: 1 })).toEqual({
      name: { from: 'a', to: 'b' },
    });
    expect(changedFields({ url: 'https://x' }, { url: undefined })).toEqual({ url: { from: 'https://x', to: null } });
    expect(changedFields({ ids: ['a'] }, { ids: ['a'] })).toBeNull();
  });
});

describe('auditedUrl', () => {
  it('drops a user and password, and keeps every other URL as it is', () => {
    expect(auditedUrl('https://shop:hunter2@example.com/hook?a=1')).toBe('https://example.com/hook?a=1');
    expect(auditedUrl('https://Example.com/Hook')).toBe('https://Example.com/Hook');
    expect(auditedUrl(null)).toBeNull();
    expect(auditedUrl(undefined)).toBeNull();
  });
});
