import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain/domain-error';
import { isPrivateUrlHost } from '../domain/callback-url-policy';

/**
 * Refuses a callbackUrl whose host is visibly private (an IP literal in a private, loopback or
 * link-local range, or `localhost`) when it is set, unless CALLBACK_ALLOW_PRIVATE. Hostnames are
 * not resolved here: the worker resolves and checks them at every delivery, where it counts.
 */
@Injectable()
export class CallbackUrlCheck {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  assertAllowed(url: string | null | undefined, field = 'callbackUrl'): void {
    if (url === null || url === undefined || this.config.callbacks.allowPrivate) return;
    if (isPrivateUrlHost(url)) {
      throw DomainError.field(
        field,
        `${field} must not point to a private, loopback or link-local address`,
        'CALLBACK_URL_NOT_ALLOWED',
      );
    }
  }
}
