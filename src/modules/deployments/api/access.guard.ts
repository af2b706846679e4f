import {
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  applyDecorators,
  createParamDecorator,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiParam, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import type { Request } from 'express';
import { DomainError } from '../../../shared/domain/domain-error';
import { isUuid } from '../../../shared/domain/ids';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { API_KEY_SCHEME, BEARER_SCHEME } from '../../../openapi';
import { decideAccess, decideAccessAnywhere, Right } from '../../auth/application/access-policy';
import {
  CallerAuthenticator,
  CredentialHeaders,
  credentialHeadersOf,
} from '../../auth/application/caller-authenticator';
import type { Caller } from '../../auth/domain/caller';
import { AccountRecord } from '../domain/account';
import { Deployment } from '../domain/deployment';
import { DeploymentRepository } from '../domain/deployment.repository';

/** How a non-member (or an unknown deployment) is answered: 403 on the transactions endpoints, 404 elsewhere. */
export type NonMemberAnswer = 'forbidden' | 'not_found';

/**
 * What a route is scoped to: a deployment (`:deploymentId`), an account (`:accountId`, when the
 * route has one), or only an authenticated member (what they see is limited by the service).
 */
type Scope = { readonly kind: 'deployment'; readonly nonMember: NonMemberAnswer } | { readonly kind: 'account' };

const SCOPE = 'access:scope';
const RIGHT = 'access:right';

interface ScopedRequest extends Request {
  caller?: Caller;
  deployment?: Deployment;
  account?: AccountRecord;
}

/**
 * The credentials a request carries, for the authenticator. The one place a new way to authenticate
 * is read from the request (a wallet session's cookie: a token-service session whose lookup has
 * `via: 'SESSION'`).
 */
export function credentialsOf(req: Request): CredentialHeaders {
  return credentialHeadersOf(req);
}

/**
 * The one gate in front of every deployment- and account-scoped route (docs/authentication.md):
 * authenticate (401); check the path id's format (400, the same for a deployment and an account);
 * then membership, answering unknown and foreign deployments or accounts with the same body so other
 * tenants' never show; then the one access rule, the role's right AND the key's scope (403
 * ROLE_FORBIDS / INSUFFICIENT_SCOPE), for the right the route declares (`@Requires`,
 * `@AccountRoute`). The caller, their role and the resource come from one query, so a role change
 * or a revocation acts on the very next request. Controllers get the results through
 * `@CurrentCaller()`, `@CurrentDeployment()` and `@CurrentAccount()`.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly authenticator: CallerAuthenticator,
    private readonly deployments: DeploymentRepository,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ScopedRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const right = this.reflector.getAllAndOverride<Right | undefined>(RIGHT, targets);
    // Fails closed: a route that forgot to declare its right is refused to everyone (and a test
    // that enumerates every route finds it first).
    if (right === undefined) {
      throw new Error(`${context.getClass().name}.${context.getHandler().name} declares no right (@Requires)`);
    }
    const lookup = await this.authenticator.lookup(credentialsOf(req));
    const scope = this.reflector.getAllAndOverride<Scope>(SCOPE, targets);
    const id = (name: string, code: string) => {
      const value = req.params[name];
      if (typeof value === 'string' && isUuid(value)) return value.toLowerCase();
      throw DomainError.field(name, `${name} must be a UUID`, code);
    };

    if (scope.kind === 'account') {
      if (req.params.accountId === undefined) {
        const caller = await this.authenticator.resolve(lookup);
        refuse(decideAccessAnywhere([...(caller.memberships?.values() ?? [])], caller.grant?.scopes, right));
        req.caller = caller;
        return true;
      }
      const accountId = await this.afterAuthentication(lookup, () => id('accountId', 'INVALID_ACCOUNT_ID'));
      // Who is calling, their role and their account, in one round trip.
      const found = await this.deployments.findMemberAccountAs(accountId, lookup);
      const caller = this.authenticator.caller(lookup, found?.member, found?.role);
      if (found?.account === undefined || caller.role === undefined) {
        throw DomainError.notFound('ACCOUNT_NOT_FOUND', 'Account not found');
      }
      refuse(decideAccess(caller.role, caller.grant?.scopes, right));
      req.caller = caller;
      req.account = found.account;
      return true;
    }

    const deploymentId = await this.afterAuthentication(lookup, () => id('deploymentId', 'INVALID_DEPLOYMENT_ID'));
    // Who is calling, their role and what they may see, in one round trip.
    const found = await this.deployments.findWithAccessAs(deploymentId, lookup);
    const caller = this.authenticator.caller(lookup, found?.member, found?.role);
    const access = found?.access;
    if (access === undefined || !access.isMember || caller.role === undefined) {
      throw scope.nonMember === 'forbidden'
        ? new DomainError('forbidden', 'DEPLOYMENT_ACCESS_DENIED', 'Access to this deployment is denied')
        : DomainError.notFound('DEPLOYMENT_NOT_FOUND', 'Deployment not found');
    }
    refuse(decideAccess(caller.role, caller.grant?.scopes, right));
    req.caller = caller;
    req.deployment = access.deployment;
    return true;
  }

  /** A malformed id is a 400, but only for a caller who authenticated: 401 comes first. */
  private async afterAuthentication<T>(
    lookup: Parameters<CallerAuthenticator['resolve']>[0],
    read: () => T,
  ): Promise<T> {
    try {
      return read();
    } catch (error) {
      await this.authenticator.resolve(lookup);
      throw error;
    }
  }
}

/** A 403 of the one access rule: the role lacks the right, or the key's scopes do. */
function refuse(decision: 'allowed' | 'ROLE_FORBIDS' | 'INSUFFICIENT_SCOPE'): void {
  if (decision === 'ROLE_FORBIDS') {
    throw new DomainError('forbidden', 'ROLE_FORBIDS', "The member's role on this account does not allow this");
  }
  if (decision === 'INSUFFICIENT_SCOPE') {
    throw new DomainError('forbidden', 'INSUFFICIENT_SCOPE', "The API key's scopes do not allow this");
  }
}

const FORBIDDEN_BY_RULE =
  "ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do";

/** Fresh decorators per use: Swagger's decorators add to metadata they share between uses. */
const authenticated = () => [
  UseGuards(AccessGuard),
  ApiSecurity(API_KEY_SCHEME),
  ApiBearerAuth(BEARER_SCHEME),
  ApiResponse({ status: 401, description: 'Invalid or missing token', type: ErrorResponseDto }),
];

/**
 * Marks a controller (or handler) as deployment-scoped: the guard, the security schemes and the
 * 401/403|404 responses in the OpenAPI document, all at once so none can be forgotten.
 */
export function DeploymentScoped(nonMember: NonMemberAnswer = 'not_found'): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetMetadata(SCOPE, { kind: 'deployment', nonMember } satisfies Scope),
    ...authenticated(),
    ApiParam({ name: 'deploymentId', description: 'Deployment UUID', schema: { type: 'string', format: 'uuid' } }),
    nonMember === 'forbidden'
      ? ApiResponse({
          status: 403,
          description: `Caller is not a member of the deployment; or ${FORBIDDEN_BY_RULE}`,
          type: ErrorResponseDto,
        })
      : ApiResponse({ status: 404, description: 'Not found, or caller is not a member', type: ErrorResponseDto }),
    ...(nonMember === 'forbidden'
      ? []
      : [ApiResponse({ status: 403, description: FORBIDDEN_BY_RULE, type: ErrorResponseDto })]),
  );
}

/**
 * The right a route needs (docs/authentication.md, "Roles and scopes"): the caller's role on the
 * account must have it and, for a scoped API key, one of its scopes must give it. Every route behind
 * the access guard declares exactly one; the guard refuses a route without one.
 */
export function Requires(right: Right): MethodDecorator {
  return SetMetadata(RIGHT, right);
}

/** The right a route declared with `@Requires`, for tests that enumerate the routes. */
export function requiredRight(reflector: Reflector, handler: object): Right | undefined {
  return reflector.get<Right | undefined>(RIGHT, handler as () => unknown);
}

/**
 * Marks an accounts controller: the guard, the security schemes and the 401 response. Routes with an
 * `:accountId` are checked for membership (see `AccountRoute`); routes without one only authenticate
 * (what a member sees is then limited to their own accounts by the service).
 */
export function AccountScoped(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetMetadata(SCOPE, { kind: 'account' } satisfies Scope),
    ...authenticated(),
    ApiResponse({ status: 403, description: FORBIDDEN_BY_RULE, type: ErrorResponseDto }),
  );
}

/** A route under `/accounts/{accountId}` needing `right`: the parameter, the right and its 400/403/404 answers. */
export function AccountRoute(right: Right): MethodDecorator {
  return applyDecorators(
    Requires(right),
    ApiParam({ name: 'accountId', description: 'Account UUID', schema: { type: 'string', format: 'uuid' } }),
    ApiResponse({ status: 400, description: 'Invalid input', type: ErrorResponseDto }),
    ApiResponse({ status: 404, description: 'Not found, or caller is not a member', type: ErrorResponseDto }),
  );
}

export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = context.switchToHttp().getRequest<ScopedRequest>().caller;
  if (caller === undefined)
    throw new Error('CurrentCaller used on a route without @DeploymentScoped() or @AccountScoped()');
  return caller;
});

export const CurrentDeployment = createParamDecorator((_data: unknown, context: ExecutionContext): Deployment => {
  const deployment = context.switchToHttp().getRequest<ScopedRequest>().deployment;
  if (deployment === undefined) throw new Error('CurrentDeployment used on a route without @DeploymentScoped()');
  return deployment;
});

export const CurrentAccount = createParamDecorator((_data: unknown, context: ExecutionContext): AccountRecord => {
  const account = context.switchToHttp().getRequest<ScopedRequest>().account;
  if (account === undefined) throw new Error('CurrentAccount used on a route without an accountId');
  return account;
});
