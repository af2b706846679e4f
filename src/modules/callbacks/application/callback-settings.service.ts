import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CallbackRepository } from '../domain/callback.repository';
import { CallbackUrlCheck } from './callback-url-check';

/** An account's callback settings: where its queue notifications go. */
export interface CallbackSettings {
  readonly operationsCallbackUrl: string | null;
}

/**
 * Account-wide callback settings. Queue operations belong to no merchant request that could carry
 * a callbackUrl, so the account names one URL for all of them; null turns the notifications off.
 */
@Injectable()
export class CallbackSettingsService {
  constructor(
    private readonly callbacks: CallbackRepository,
    private readonly urls: CallbackUrlCheck,
  ) {}

  async get(accountId: string): Promise<CallbackSettings> {
    return { operationsCallbackUrl: await this.callbacks.findOperationsCallbackUrl(accountId) };
  }

  async update(accountId: string, settings: CallbackSettings): Promise<CallbackSettings> {
    this.urls.assertAllowed(settings.operationsCallbackUrl, 'operationsCallbackUrl');
    await this.callbacks.saveOperationsCallbackUrl(accountId, settings.operationsCallbackUrl);
    return settings;
  }

  /** Where a queue change of this deployment is told, read in the transaction making the change. */
  operationsCallbackUrl(manager: EntityManager, deploymentId: string): Promise<string | null> {
    return this.callbacks.operationsCallbackUrlOf(manager, deploymentId);
  }
}
