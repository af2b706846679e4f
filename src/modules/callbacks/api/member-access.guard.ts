import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import type { Request } from 'express';
import { API_KEY_SCHEME, BEARER_SCHEME } from '../../../openapi';
import { DomainError } from '../../../shared/domain/domain-error';
import { isUuid } from '../../../shared/domain/ids';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { CallerAuthenticator } from '../../auth/application/caller-authenticator';
import type { Caller } from '../../auth/domain/caller';
import { DeploymentsService } from '../../deployments/application/deployments.service';

const ACCOUNT_SCOPED = 'callbacks:account-scoped';

interface CallerRequest extends Request {
  caller?: Caller;
}

/**
 * Authenticates (401) and, on account routes, checks that the caller is a member of the path's
 * account: an unknown account and someone else's get the same 404 (docs/contract.md, Accounts and networks), so accounts
 * never show to outsiders. Membership is the account's member list, as for deployments.
 */
@Injectable()
export class MemberAccessGuard implements CanActivate {
  constructor(
    private readonly authenticator: CallerAuthenticator,
    private readonly deployments: DeploymentsService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<CallerRequest>();
    const caller = await this.authenticator.authenticate({
      apiKey: req.header('x-api-key'),
      authorization: req.header('authorization'),
    });
    if (this.reflector.getAllAndOverride<boolean>(ACCOUNT_SCOPED, [context.getHandler(), context.getClass()])) {
      const accountId = req.params.accountId;
      const notFound = () => DomainError.notFound('ACCOUNT_NOT_FOUND', 'Account not found');
      if (typeof accountId !== 'string' || !isUuid(accountId)) throw notFound();
      const members = await this.deployments.accountMemberIds(accountId.toLowerCase());
      if (!members.includes(caller.memberId)) throw notFound();
    }
    req.caller = caller;
    return true;
  }
}

const AUTH_DOCS = [
  ApiSecurity(API_KEY_SCHEME),
  ApiBearerAuth(BEARER_SCHEME),
  ApiResponse({ status: 401, description: 'Invalid or missing token', type: ErrorResponseDto }),
];

/** Any authenticated member; what they see is limited to their own accounts by the service. */
export function MemberScoped(): ClassDecorator & MethodDecorator {
  return applyDecorators(UseGuards(MemberAccessGuard), ...AUTH_DOCS);
}

/** A member of the `accountId` in the path. */
export function AccountScoped(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetMetadata(ACCOUNT_SCOPED, true),
    UseGuards(MemberAccessGuard),
    ...AUTH_DOCS,
    ApiResponse({ status: 404, description: 'Unknown account, or caller is not a member', type: ErrorResponseDto }),
  );
}

export const AuthenticatedCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = context.switchToHttp().getRequest<CallerRequest>().caller;
  if (caller === undefined) throw new Error('AuthenticatedCaller used on a route without MemberAccessGuard');
  return caller;
});
