/**
 * The access rules other contexts apply (the access guard, the members and API-key use cases): the
 * one table of roles, scopes and rights lives in `domain/rights.ts`; this is its public door.
 */
export {
  decideAccess,
  decideAccessAnywhere,
  isRole,
  isScope,
  RIGHTS,
  ROLE_RIGHTS,
  ROLES,
  SCOPE_RIGHTS,
  SCOPES,
  scopesAllowedFor,
} from '../domain/rights';
export type { Right, Role, Scope } from '../domain/rights';
export { accountsAllowing } from '../domain/caller';
export type { Caller, KeyGrant, Via } from '../domain/caller';
