import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { LOGGER } from '../../shared/logging/logging.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ApiRateLimitMiddleware } from './api/api-rate-limit.middleware';
import { ObtainThrottleGuard } from './api/obtain-throttle.guard';
import { receivedAtMiddleware } from './api/received-at';
import { TokenController } from './api/token.controller';
import { CallerAuthenticator } from './application/caller-authenticator';
import { MembersService } from './application/members.service';
import { TokenService } from './application/token.service';
import { AuthSessionRepository } from './domain/auth-session.repository';
import { CallerLookups } from './domain/caller';
import { MemberRepository } from './domain/member.repository';
import { RateLimiter } from './domain/rate-limiter';
import { TOKEN_ALGORITHM } from './domain/token-claims';
import { InMemoryRateLimiter } from './infrastructure/in-memory-rate-limiter';
import { RedisRateLimiter } from './infrastructure/redis-rate-limiter';
import { TypeOrmAuthSessionRepository } from './infrastructure/typeorm-auth-session.repository';
import { TypeOrmCallerLookups } from './infrastructure/typeorm-caller-lookups';
import { TypeOrmMemberRepository } from './infrastructure/typeorm-member.repository';

@Module({
  imports: [
    CatalogModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: TOKEN_ALGORITHM },
        verifyOptions: { algorithms: [TOKEN_ALGORITHM] },
      }),
    }),
  ],
  controllers: [TokenController],
  providers: [
    MembersService,
    CallerAuthenticator,
    TokenService,
    ObtainThrottleGuard,
    ApiRateLimitMiddleware,
    { provide: MemberRepository, useClass: TypeOrmMemberRepository },
    { provide: AuthSessionRepository, useClass: TypeOrmAuthSessionRepository },
    { provide: CallerLookups, useClass: TypeOrmCallerLookups },
    {
      // Shared through Redis when REDIS_URL is set, so every instance counts the same hits (SPEC §3).
      provide: RateLimiter,
      inject: [APP_CONFIG, LOGGER],
      useFactory: (config: AppConfig, logger: Logger): RateLimiter =>
        config.redisUrl === null
          ? new InMemoryRateLimiter()
          : new RedisRateLimiter(config.redisUrl, config.redisKeyPrefix, logger),
    },
  ],
  exports: [MembersService, CallerAuthenticator, JwtModule],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(receivedAtMiddleware).forRoutes(TokenController);
    consumer.apply(ApiRateLimitMiddleware).forRoutes({ path: 'api/v1/*path', method: RequestMethod.ALL });
  }
}
