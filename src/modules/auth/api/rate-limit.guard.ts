import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
} from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { performance } from 'node:perf_hooks';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain/domain-error';
import { serializedBytesOf } from '../../../shared/http/json-reply';
import { RequestThrottle } from '../../../shared/http/public-cache.interceptor';
import { currentRequestWork } from '../../../shared/logging/request-context';
import { CallerAuthenticator, credentialHeadersOf } from '../application/caller-authenticator';
import { requestCost } from '../domain/request-cost';
import type { SlidingWindowStorage } from '../infrastructure/sliding-window-record';
import { AuthController } from './auth.controller';
import { TokenController } from './token.controller';

/** The token service's throttle window: a fixed 60 s (TOKEN_RATE_LIMIT sets the count). */
const OBTAIN_WINDOW_MS = 60_000;

/** Paths (per budget) whose last cost is remembered, so a flood of distinct paths cannot grow memory unbounded. */
const REMEMBERED_COSTS = 10_000;

/** Which budget a request is counted against, and under which key. */
interface Budget {
  readonly key: string;
  readonly limit: number;
  readonly windowMs: number;
  /** Whether a heavy answer costs more than one hit (see requestCost). */
  readonly byCost: boolean;
  /** Whether the key is a member's, whose requests in flight are capped (API_MAX_IN_FLIGHT). */
  readonly member: boolean;
}

/**
 * The one rate limit of the service, through @nestjs/throttler's guard and storage (in memory, or
 * in Redis for every instance). Two budgets:
 *
 * - obtaining a token (`POST /token/`) or signing in with a wallet (`POST /api/v1/auth/sign-in`),
 *   one budget for both: TOKEN_RATE_LIMIT requests per client address in any 60 s, counted before
 *   any password hashing or signature check, malformed documents included;
 * - everything else under /api/v1 and /token/: API_RATE_LIMIT requests per member in any
 *   API_RATE_WINDOW seconds, whichever credential it uses (its API key, any of its access tokens,
 *   its refresh tokens), so more credentials buy no more requests. Requests that name no member
 *   (the public catalog, unknown keys, malformed tokens) count per client address. A request is
 *   admitted for one unit of this budget; once answered it is charged what it cost (requestCost:
 *   by bytes of answer and time spent), so heavy pages and slow queries spend the budget faster
 *   and no member can take the service from the others while under its limit.
 *
 * Admitted responses carry X-RateLimit-Limit, -Remaining and -Reset (seconds until a slot frees);
 * the charge of a heavy answer shows in the next response's Remaining. A refusal is 429 with
 * Retry-After: when the count is back under the limit. Whether a credential is valid is decided
 * after this, by the route's access guard. `req.ip` honours X-Forwarded-For only with TRUST_PROXY
 * (app-setup).
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard implements RequestThrottle {
  /** What each budget's last request to a path cost, oldest first; its next one prepays that. */
  private readonly lastCosts = new Map<string, number>();
  /** Requests of each member this instance is answering now. */
  private readonly inFlight = new Map<string, number>();
  /** How an admitted request gives its place back early: a refusal being held is not in flight. */
  private readonly leaveInFlight = new WeakMap<Request, () => void>();

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() private readonly windows: SlidingWindowStorage,
    reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly authenticator: CallerAuthenticator,
  ) {
    super(options, windows, reflector);
  }

  /** The same limit for a request answered before routing (a remembered public response). */
  async admit(req: Request, res: Response): Promise<void> {
    const context = new ExecutionContextHost([req, res]);
    context.setType('http');
    if (await this.shouldSkip(context)) return;
    await this.handleRequest({
      context,
      limit: 0,
      ttl: 0,
      blockDuration: 0,
      throttler: this.throttlers[0],
      getTracker: () => '',
      generateKey: () => '',
    });
  }

  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return Promise.resolve(true);
    const req = context.switchToHttp().getRequest<Request>();
    const limited = isObtain(context) || isSignIn(context) || (this.config.apiRateLimit > 0 && isLimitedPath(req.path));
    return Promise.resolve(!limited);
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const budget = await this.budgetOf(request.context);
    if (budget.member) await this.enterInFlight(request.context, budget.key);
    const started = performance.now();
    const admitted = await super.handleRequest({
      ...request,
      limit: budget.limit,
      ttl: budget.windowMs,
      blockDuration: budget.windowMs,
      // The key is the budget's own, not the route's: one budget across every route.
      getTracker: () => budget.key,
      generateKey: (_context, tracker) => tracker,
    });
    if (budget.byCost) this.chargeByCost(request.context, budget, started);
    return admitted;
  }

  /**
   * Charges an admitted request what it costs. It prepays, at once, what the member's last request
   * to the same path cost (so many clients of one member cannot all be admitted for one unit each
   * before the first heavy answer is charged), and pays the rest when its answer ends. A request
   * that costs less than it prepaid gets nothing back: the difference is one request's cost.
   */
  private chargeByCost(context: ExecutionContext, budget: Budget, started: number): void {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    // More than a whole window's budget buys nothing: the member is refused for a window either way.
    const most = budget.limit + 1;
    const path = `${budget.key} ${req.method} ${req.path}`;
    const prepaid = Math.min(this.lastCosts.get(path) ?? 1, most);
    // A store that cannot take a charge (Redis away) fails the member's next request, not this one.
    if (prepaid > 1) this.windows.charge(budget.key, budget.windowMs, prepaid - 1).catch(() => undefined);
    const socket = req.socket;
    const writtenBefore = socket.bytesWritten;
    const work = currentRequestWork();
    res.once('close', () => {
      // Its own work only: not the time it queued for a connection or waited on another's lock; a
      // stream (an export) pays for the time of its own statements, not for its reader's pace.
      const computedMs =
        res.getHeader('Content-Length') !== undefined
          ? Math.max(0, performance.now() - started - (work?.waitedMs ?? 0))
          : (work?.streamedStatementMs ?? 0) > 0
            ? work!.streamedStatementMs
            : null;
      const cost = requestCost(
        {
          // A page refused as too large is charged the bytes it came to: it cost their work.
          bytes: Math.max(socket.bytesWritten - writtenBefore, serializedBytesOf(res)),
          computedMs,
        },
        this.config.apiRateUnitMs,
      );
      this.rememberCost(path, cost);
      const rest = Math.min(cost, most) - prepaid;
      if (rest > 0) this.windows.charge(budget.key, budget.windowMs, rest).catch(() => undefined);
    });
  }

  /**
   * A member has at most API_MAX_IN_FLIGHT requests in flight on this instance; one more is refused
   * at once (429, retry in a second), before it is admitted or charged. The charge of an answer
   * lands when it ends, so without this cap a burst of hundreds of heavy requests sent at once was
   * answered before the first of them was charged.
   */
  private async enterInFlight(context: ExecutionContext, key: string): Promise<void> {
    const running = this.inFlight.get(key) ?? 0;
    if (running >= this.config.apiMaxInFlight) {
      // Held a second, as a refusal by the window is: a client that asks again at once then asks
      // once a second per connection, not as fast as refusals can be written.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      throw new DomainError(
        'rate_limited',
        'TOO_MANY_REQUESTS',
        `Too many requests of this member in flight (at most ${this.config.apiMaxInFlight}); retry in 1 second`,
        [],
        1,
      );
    }
    this.inFlight.set(key, running + 1);
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      const others = (this.inFlight.get(key) ?? 1) - 1;
      if (others === 0) this.inFlight.delete(key);
      else this.inFlight.set(key, others);
    };
    const req = context.switchToHttp().getRequest<Request>();
    this.leaveInFlight.set(req, leave);
    context.switchToHttp().getResponse<Response>().once('close', leave);
  }

  private rememberCost(path: string, cost: number): void {
    this.lastCosts.delete(path);
    this.lastCosts.set(path, cost);
    // The least recently used path goes first: a Map iterates in insertion order.
    if (this.lastCosts.size > REMEMBERED_COSTS) this.lastCosts.delete(this.lastCosts.keys().next().value as string);
  }

  /**
   * A refusal with more than a second to wait is held for a second first, and says one second
   * less: a client that asks again at once, ignoring Retry-After, then asks once a second per
   * connection instead of as fast as refusals can be written (thousands a second, which cost the
   * other tenants more than the answers the limit saves them from).
   */
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    this.leaveInFlight.get(context.switchToHttp().getRequest<Request>())?.();
    const held = detail.timeToBlockExpire > 1 ? 1 : 0;
    if (held > 0) await new Promise((resolve) => setTimeout(resolve, held * 1000));
    const seconds = detail.timeToBlockExpire - held;
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('X-RateLimit-Limit', String(detail.limit));
    res.setHeader('X-RateLimit-Remaining', '0');
    res.setHeader('X-RateLimit-Reset', String(seconds));
    throw isSignIn(context)
      ? new DomainError(
          'rate_limited',
          'TOO_MANY_REQUESTS',
          `Too many sign-in attempts from this address; retry in ${seconds} seconds`,
          [],
          seconds,
        )
      : isObtain(context)
        ? new DomainError(
            'rate_limited',
            'throttled',
            `Request was throttled. Expected available in ${seconds} seconds.`,
            [],
            seconds,
          )
        : new DomainError(
            'rate_limited',
            'TOO_MANY_REQUESTS',
            `Too many requests for this member; retry in ${seconds} seconds`,
            [],
            seconds,
          );
  }

  private async budgetOf(context: ExecutionContext): Promise<Budget> {
    const req = context.switchToHttp().getRequest<Request>();
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    if (isObtain(context) || isSignIn(context)) {
      return {
        key: `token-obtain:${address}`,
        limit: this.config.tokenRateLimit,
        windowMs: OBTAIN_WINDOW_MS,
        // The token service counts attempts, each as one: its answers are small and alike.
        byCost: false,
        member: false,
      };
    }
    const memberId =
      context.getClass() === TokenController
        ? await this.memberOfRefreshDocument(req.body)
        : await this.authenticator.memberIdOf(credentialHeadersOf(req));
    return {
      key: memberId === undefined ? `api:ip:${address}` : `api:member:${memberId}`,
      limit: this.config.apiRateLimit,
      windowMs: this.config.apiRateWindowSeconds * 1000,
      byCost: true,
      member: memberId !== undefined,
    };
  }

  private async memberOfRefreshDocument(body: unknown): Promise<string | undefined> {
    const refresh = (body as { data?: { attributes?: { refresh?: unknown } } } | undefined)?.data?.attributes?.refresh;
    return typeof refresh === 'string' && refresh.length <= 4096
      ? this.authenticator.memberIdOfToken(refresh)
      : undefined;
  }
}

function isObtain(context: ExecutionContext): boolean {
  return context.getClass() === TokenController && context.getHandler() === TokenController.prototype.obtain;
}

function isSignIn(context: ExecutionContext): boolean {
  return context.getClass() === AuthController && context.getHandler() === AuthController.prototype.signIn;
}

function isLimitedPath(path: string): boolean {
  return path.startsWith('/api/v1/') || path === '/token' || path.startsWith('/token/');
}
