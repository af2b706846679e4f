import { AuditLogModule } from '../audit/audit-log.module';
import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CatalogModule } from '../catalog/catalog.module';
import { AuthController } from './api/auth.controller';
import { receivedAtMiddleware } from './api/received-at';
import { TokenController } from './api/token.controller';
import { ApiKeysService } from './application/api-keys.service';
import { CallerAuthenticator } from './application/caller-authenticator';
import { MembersService } from './application/members.service';
import { SignInService } from './application/sign-in.service';
import { TokenService } from './application/token.service';
import { ApiKeyRepository } from './domain/api-key.repository';
import { AuthSessionRepository } from './domain/auth-session.repository';
import { CallerLookups } from './domain/caller';
import { MemberRepository } from './domain/member.repository';
import { MembershipDirectory } from './domain/memberships';
import { SignInNonceRepository } from './domain/sign-in-nonce.repository';
import { TOKEN_ALGORITHM } from './domain/token-claims';
import { ContractSignatures } from './domain/wallet-signature';
import { TypeOrmApiKeyRepository } from './infrastructure/typeorm-api-key.repository';
import { TypeOrmAuthSessionRepository } from './infrastructure/typeorm-auth-session.repository';
import { TypeOrmCallerLookups } from './infrastructure/typeorm-caller-lookups';
import { TypeOrmMemberRepository } from './infrastructure/typeorm-member.repository';
import { TypeOrmMembershipDirectory } from './infrastructure/typeorm-membership-directory';
import { TypeOrmSignInNonceRepository } from './infrastructure/typeorm-sign-in-nonce.repository';
import { ViemContractSignatures } from './infrastructure/viem-contract-signatures';

@Module({
  imports: [
    AuditLogModule,
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
  controllers: [TokenController, AuthController],
  providers: [
    MembersService,
    CallerAuthenticator,
    TokenService,
    SignInService,
    ApiKeysService,
    { provide: ApiKeyRepository, useClass: TypeOrmApiKeyRepository },
    { provide: MemberRepository, useClass: TypeOrmMemberRepository },
    { provide: AuthSessionRepository, useClass: TypeOrmAuthSessionRepository },
    { provide: CallerLookups, useClass: TypeOrmCallerLookups },
    { provide: SignInNonceRepository, useClass: TypeOrmSignInNonceRepository },
    { provide: MembershipDirectory, useClass: TypeOrmMembershipDirectory },
    { provide: ContractSignatures, useClass: ViemContractSignatures },
  ],
  exports: [MembersService, CallerAuthenticator, ApiKeysService, JwtModule],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(receivedAtMiddleware).forRoutes(TokenController);
  }
}
