import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { CallbackSender } from '../domain/callback-sender';
import type { AttemptOutcome } from '../domain/callback-status';
import { SecretCipher } from '../domain/secret-cipher';

export { stateAfterAttempt } from '../domain/callback-status';
export type { AttemptOutcome } from '../domain/callback-status';

/**
 * What the callbacks context lends other outboxes (approver notifications): its checked HTTP POST
 * (the address rules at every delivery, the timeout), its retry rule, and its cipher for secrets
 * kept at rest under CALLBACK_SECRET_KEY, bound to an account.
 */
@Injectable()
export class OutboundPost {
  constructor(private readonly sender: CallbackSender) {}

  /** POSTs a JSON body with no signature headers. */
  post(url: string, body: object, options: { allowPrivate: boolean; timeoutMs: number }): Promise<AttemptOutcome> {
    return this.sender.send(url, {}, JSON.stringify(body), options);
  }
}

@Injectable()
export class SecretSealer {
  private readonly cipher: SecretCipher;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.cipher = new SecretCipher(config.callbacks.secretKey);
  }

  seal(plaintext: string, accountId: string): string {
    return this.cipher.encrypt(plaintext, accountId);
  }

  open(stored: string, accountId: string): string {
    return this.cipher.decrypt(stored, accountId);
  }
}
