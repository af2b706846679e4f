import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { auditActorOf } from '../../audit/application/audit-actor';
import { AuditLog } from '../../audit/application/audit-log';
import type { Caller } from '../../auth/domain/caller';
import { newSigningSecret } from '../domain/callback-signature';
import { CallbackRepository } from '../domain/callback.repository';
import { SecretCipher } from '../domain/secret-cipher';

/** Per-account signing secrets: shown once when made, kept only encrypted, read back to sign. */
@Injectable()
export class CallbackSecretsService {
  private readonly cipher: SecretCipher;

  constructor(
    private readonly dataSource: DataSource,
    private readonly callbacks: CallbackRepository,
    private readonly audit: AuditLog,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cipher = new SecretCipher(config.callbacks.secretKey);
  }

  /** A new secret replaces the old one at once: callbacks sent from now on are signed with it. */
  async rotate(accountId: string, caller: Caller): Promise<string> {
    const secret = newSigningSecret();
    await this.dataSource.transaction(async (manager) => {
      await this.callbacks.saveSecret(manager, accountId, this.cipher.encrypt(secret, accountId));
      // That it changed, and by whom: never the secret, not even encrypted.
      await this.audit.record(manager, {
        accountId,
        action: 'CALLBACK_SECRET_ROTATED',
        actor: auditActorOf(caller),
        target: { type: 'callback_secret', id: accountId },
      });
    });
    return secret;
  }

  async current(accountId: string): Promise<string | undefined> {
    const stored = await this.callbacks.findSecret(accountId);
    return stored === undefined ? undefined : this.cipher.decrypt(stored, accountId);
  }
}
