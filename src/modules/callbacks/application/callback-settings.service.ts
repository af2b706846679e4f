import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { auditActorOf } from '../../audit/application/audit-actor';
import { auditedUrl, changedFields } from '../../audit/application/audit-changes';
import { AuditLog } from '../../audit/application/audit-log';
import type { Caller } from '../../auth/domain/caller';
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
    private readonly dataSource: DataSource,
    private readonly callbacks: CallbackRepository,
    private readonly urls: CallbackUrlCheck,
    private readonly audit: AuditLog,
  ) {}

  async get(accountId: string): Promise<CallbackSettings> {
    return { operationsCallbackUrl: await this.callbacks.findOperationsCallbackUrl(accountId) };
  }

  async update(accountId: string, caller: Caller, settings: CallbackSettings): Promise<CallbackSettings> {
    this.urls.assertAllowed(settings.operationsCallbackUrl, 'operationsCallbackUrl');
    await this.dataSource.transaction(async (manager) => {
      const before = await this.callbacks.saveOperationsCallbackUrl(manager, accountId, settings.operationsCallbackUrl);
      await this.audit.record(manager, {
        accountId,
        action: 'CALLBACK_SETTINGS_CHANGED',
        actor: auditActorOf(caller),
        target: { type: 'callback_settings', id: accountId },
        changes: changedFields(
          { operationsCallbackUrl: auditedUrl(before) },
          { operationsCallbackUrl: auditedUrl(settings.operationsCallbackUrl) },
        ),
      });
    });
    return settings;
  }

  /** Where a queue change of this deployment is told, read in the transaction making the change. */
  operationsCallbackUrl(manager: EntityManager, deploymentId: string): Promise<string | null> {
    return this.callbacks.operationsCallbackUrlOf(manager, deploymentId);
  }
}
