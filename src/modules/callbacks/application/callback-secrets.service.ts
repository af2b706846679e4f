import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { newSigningSecret } from '../domain/callback-signature';
import { CallbackRepository } from '../domain/callback.repository';
import { SecretCipher } from '../domain/secret-cipher';

/** Per-account signing secrets: shown once when made, kept only encrypted, read back to sign. */
@Injectable()
export class CallbackSecretsService {
  private readonly cipher: SecretCipher;

  constructor(
    private readonly callbacks: CallbackRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cipher = new SecretCipher(config.callbacks.secretKey);
  }

  /** A new secret replaces the old one at once: callbacks sent from now on are signed with it. */
  async rotate(accountId: string): Promise<string> {
    const secret = newSigningSecret();
    await this.callbacks.saveSecret(accountId, this.cipher.encrypt(secret, accountId));
    return secret;
  }

  async current(accountId: string): Promise<string | undefined> {
    const stored = await this.callbacks.findSecret(accountId);
    return stored === undefined ? undefined : this.cipher.decrypt(stored, accountId);
  }
}
