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
import { CallerAuthenticator } from '../../auth/application/caller-authenticator';
import type { Caller } from '../../auth/domain/caller';
import { Deployment } from '../domain/deployment';
import { DeploymentRepository } from '../domain/deployment.repository';

/** How a non-member (or an unknown deployment) is answered: 403 on endpoints 1-2, 404 elsewhere. */
export type NonMemberAnswer = 'forbidden' | 'not_found';

const NON_MEMBER_ANSWER = 'deployments:non-member-answer';

interface ScopedRequest extends Request {
  caller?: Caller;
  deployment?: Deployment;
}

/**
 * The one gate in front of every deployment-scoped route (docs/authentication.md): authenticate (401), check the
 * deployment id's format (400), then membership, answering unknown and foreign deployments with the
 * same body so other tenants' deployments never show. Controllers get the results through
 * `@CurrentCaller()` and `@CurrentDeployment()`.
 */
@Injectable()
export class DeploymentAccessGuard implements CanActivate {
  constructor(
    private readonly authenticator: CallerAuthenticator,
    private readonly deployments: DeploymentRepository,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ScopedRequest>();
    const lookup = await this.authenticator.lookup({
      apiKey: req.header('x-api-key'),
      authorization: req.header('authorization'),
    });
    const deploymentId = req.params.deploymentId;
    if (typeof deploymentId !== 'string' || !isUuid(deploymentId)) {
      await this.authenticator.resolve(lookup);
      throw DomainError.field('deploymentId', 'deploymentId must be a UUID', 'INVALID_DEPLOYMENT_ID');
    }
    // Who is calling and what they may see, in one round trip.
    const found = await this.deployments.findWithAccessAs(deploymentId.toLowerCase(), lookup);
    const caller = this.authenticator.caller(lookup, found?.member);
    const access = found?.access;
    if (access === undefined || !access.isMember) {
      const answer = this.reflector.getAllAndOverride<NonMemberAnswer>(NON_MEMBER_ANSWER, [
        context.getHandler(),
        context.getClass(),
      ]);
      throw answer === 'forbidden'
        ? new DomainError('forbidden', 'DEPLOYMENT_ACCESS_DENIED', 'Access to this deployment is denied')
        : DomainError.notFound('DEPLOYMENT_NOT_FOUND', 'Deployment not found');
    }
    req.caller = caller;
    req.deployment = access.deployment;
    return true;
  }
}

/**
 * Marks a controller (or handler) as deployment-scoped: the guard, the security schemes and the
 * 400/401/403|404 responses in the OpenAPI document, all at once so none can be forgotten.
 */
export function DeploymentScoped(nonMember: NonMemberAnswer = 'not_found'): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetMetadata(NON_MEMBER_ANSWER, nonMember),
    UseGuards(DeploymentAccessGuard),
    ApiSecurity(API_KEY_SCHEME),
    ApiBearerAuth(BEARER_SCHEME),
    ApiParam({ name: 'deploymentId', description: 'Deployment UUID', schema: { type: 'string', format: 'uuid' } }),
    ApiResponse({ status: 401, description: 'Invalid or missing token', type: ErrorResponseDto }),
    nonMember === 'forbidden'
      ? ApiResponse({ status: 403, description: 'Caller is not a member of the deployment', type: ErrorResponseDto })
      : ApiResponse({ status: 404, description: 'Not found, or caller is not a member', type: ErrorResponseDto }),
  );
}

export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = context.switchToHttp().getRequest<ScopedRequest>().caller;
  if (caller === undefined) throw new Error('CurrentCaller used on a route without @DeploymentScoped()');
  return caller;
});

export const CurrentDeployment = createParamDecorator((_data: unknown, context: ExecutionContext): Deployment => {
  const deployment = context.switchToHttp().getRequest<ScopedRequest>().deployment;
  if (deployment === undefined) throw new Error('CurrentDeployment used on a route without @DeploymentScoped()');
  return deployment;
});
