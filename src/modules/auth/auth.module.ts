import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CallerAuthenticator } from './application/caller-authenticator';
import { MembersService } from './application/members.service';
import { MemberRepository } from './domain/member.repository';
import { TypeOrmMemberRepository } from './infrastructure/typeorm-member.repository';
import { TOKEN_ALGORITHM } from './domain/token-claims';

@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: TOKEN_ALGORITHM },
        verifyOptions: { algorithms: [TOKEN_ALGORITHM] },
      }),
    }),
  ],
  providers: [MembersService, CallerAuthenticator, { provide: MemberRepository, useClass: TypeOrmMemberRepository }],
  exports: [MembersService, CallerAuthenticator, JwtModule],
})
export class AuthModule {}
