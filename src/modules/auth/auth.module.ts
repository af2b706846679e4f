import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CatalogModule } from '../catalog/catalog.module';
import { receivedAtMiddleware } from './api/received-at';
import { TokenController } from './api/token.controller';
import { CallerAuthenticator } from './application/caller-authenticator';
import { MembersService } from './application/members.service';
import { TokenService } from './application/token.service';
import { AuthSessionRepository } from './domain/auth-session.repository';
import { CallerLookups } from './domain/caller';
import { MemberRepository } from './domain/member.repository';
import { TOKEN_ALGORITHM } from './domain/token-claims';
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
    { provide: MemberRepository, useClass: TypeOrmMemberRepository },
    { provide: AuthSessionRepository, useClass: TypeOrmAuthSessionRepository },
    { provide: CallerLookups, useClass: TypeOrmCallerLookups },
  ],
  exports: [MembersService, CallerAuthenticator, JwtModule],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(receivedAtMiddleware).forRoutes(TokenController);
  }
}
