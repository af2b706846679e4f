import {
  decideAccess,
  decideAccessAnywhere,
  RIGHTS,
  ROLE_RIGHTS,
  SCOPE_RIGHTS,
  SCOPES,
  scopesAllowedFor,
} from './rights';

describe('roles, scopes and rights', () => {
  it('a viewer reads and signs, and writes nothing else', () => {
    expect(decideAccess('VIEWER', undefined, 'read')).toBe('allowed');
    expect(decideAccess('VIEWER', undefined, 'operations:sign')).toBe('allowed');
    for (const right of ['invoices:write', 'payouts:write', 'operations:write', 'members:write'] as const) {
      expect(decideAccess('VIEWER', undefined, right)).toBe('ROLE_FORBIDS');
    }
  });

  it('an operator creates payouts but cannot manage members; an admin does both', () => {
    expect(decideAccess('OPERATOR', undefined, 'payouts:write')).toBe('allowed');
    expect(decideAccess('OPERATOR', undefined, 'members:write')).toBe('ROLE_FORBIDS');
    expect(decideAccess('OPERATOR', undefined, 'audit:read')).toBe('ROLE_FORBIDS');
    expect(decideAccess('ADMIN', undefined, 'payouts:write')).toBe('allowed');
    expect(decideAccess('ADMIN', undefined, 'members:write')).toBe('allowed');
  });

  it('each role has every right of the role below it', () => {
    for (const right of ROLE_RIGHTS.VIEWER) expect(ROLE_RIGHTS.OPERATOR).toContain(right);
    for (const right of ROLE_RIGHTS.OPERATOR) expect(ROLE_RIGHTS.ADMIN).toContain(right);
    expect([...ROLE_RIGHTS.ADMIN].sort()).toEqual([...RIGHTS].sort());
  });

  it('a scoped key needs the role right AND a scope that gives it', () => {
    expect(decideAccess('ADMIN', ['read'], 'invoices:write')).toBe('INSUFFICIENT_SCOPE');
    expect(decideAccess('ADMIN', ['invoices:write'], 'invoices:write')).toBe('allowed');
    expect(decideAccess('ADMIN', ['invoices:write'], 'read')).toBe('INSUFFICIENT_SCOPE');
    // A demoted owner's key narrows at once: the role is checked first.
    expect(decideAccess('VIEWER', ['payouts:write'], 'payouts:write')).toBe('ROLE_FORBIDS');
    expect(decideAccess('VIEWER', ['operations:write'], 'operations:sign')).toBe('allowed');
  });

  it('no scope lets a key create keys', () => {
    for (const scope of SCOPES) expect(SCOPE_RIGHTS[scope]).not.toContain('api-keys:create');
    expect(decideAccess('ADMIN', [...SCOPES], 'api-keys:create')).toBe('INSUFFICIENT_SCOPE');
    expect(decideAccess('VIEWER', undefined, 'api-keys:create')).toBe('allowed');
  });

  it('a viewer may hold only read keys', () => {
    expect(scopesAllowedFor('VIEWER')).toEqual(['read']);
    expect(scopesAllowedFor('OPERATOR')).toEqual(SCOPES);
    expect(scopesAllowedFor('ADMIN')).toEqual(SCOPES);
  });

  it('without an account in the path, one role with the right is enough', () => {
    expect(decideAccessAnywhere(['VIEWER', 'OPERATOR'], undefined, 'callbacks:resend')).toBe('allowed');
    expect(decideAccessAnywhere(['VIEWER'], undefined, 'callbacks:resend')).toBe('ROLE_FORBIDS');
    expect(decideAccessAnywhere([], undefined, 'read')).toBe('allowed');
    expect(decideAccessAnywhere(['ADMIN'], ['invoices:write'], 'read')).toBe('INSUFFICIENT_SCOPE');
  });
});
