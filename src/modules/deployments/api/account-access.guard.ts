import {
  CanActivate,
  ExecutionContext,
  Injectable,
  UseGuards,
  applyDecorators,
  createParamDecorator,
} from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import type { Request } from 'express';
import { API_KEY_SCHEME, BEARER_SCHEME } from '../../../openapi';
import { DomainError } from '../../../shared/domain/domain-error';
import { isUuid } from '../../../shared/domain/ids';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { CallerAuthenticator } from '../../auth/application/caller-authenticator';
import type { Caller } from '../../auth/domain/caller';
import { AccountRecord } from '../domain/account';
import { DeploymentRepository } from '../domain/deployment.repository';

interface AccountRequest extends Request {
  caller?: Caller;
  account?: AccountRecord;
}

/**
 * The gate in front of every `/api/v1/accounts` route (docs/contract.md, Accounts and networks): authenticate (401); on routes
 * with an `accountId`, check its format (400) and membership, answering unknown and foreign
 * accounts with the same 404 so other tenants' accounts never show.
 */
@Injectable()
export class AccountAccessGuard implements CanActivate {
  constructor(
    private readonly authenticator: CallerAuthenticator,
    private readonly deployments: DeploymentRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AccountRequest>();
    const lookup = await this.authenticator.lookup({
      apiKey: req.header('x-api-key'),
      authorization: req.header('authorization'),
    });
    const accountId = req.params.accountId;
    if (accountId === undefined) {
      req.caller = await this.authenticator.resolve(lookup);
      return true;
    }
    if (typeof accountId !== 'string' || !isUuid(accountId)) {
      await this.authenticator.resolve(lookup);
      throw DomainError.field('accountId', 'accountId must be a UUID', 'INVALID_ACCOUNT_ID');
    }
    // Who is calling and their account, in one round trip.
    const found = await this.deployments.findMemberAccountAs(accountId.toLowerCase(), lookup);
    const caller = this.authenticator.caller(lookup, found?.member);
    if (found?.account === undefined) throw DomainError.notFound('ACCOUNT_NOT_FOUND', 'Account not found');
    req.caller = caller;
    req.account = found.account;
    return true;
  }
}

/** Marks an accounts controller: the guard, the security schemes and the 401 response at once. */
export function AccountScoped(): ClassDecorator {
  return applyDecorators(
    UseGuards(AccountAccessGuard),
    ApiSecurity(API_KEY_SCHEME),
    ApiBearerAuth(BEARER_SCHEME),
    ApiResponse({ status: 401, description: 'Invalid or missing token', type: ErrorResponseDto }),
  );
}

/** A route under `/accounts/{accountId}`: the parameter and its 400/404 answers. */
export function AccountRoute(): MethodDecorator {
  return applyDecorators(
    ApiParam({ name: 'accountId', description: 'Account UUID', schema: { type: 'string', format: 'uuid' } }),
    ApiResponse({ status: 400, description: 'Invalid input', type: ErrorResponseDto }),
    ApiResponse({ status: 404, description: 'Not found, or caller is not a member', type: ErrorResponseDto }),
  );
}

export const CurrentAccount = createParamDecorator((_data: unknown, context: ExecutionContext): AccountRecord => {
  const account = context.switchToHttp().getRequest<AccountRequest>().account;
  if (account === undefined) throw new Error('CurrentAccount used on a route without an accountId');
  return account;
});
