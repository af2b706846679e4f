import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared/domain/domain-error';
import { isUuid } from '../../../shared/domain/ids';
import { DataSource } from 'typeorm';
import { auditActorOf } from '../../audit/application/audit-actor';
import { AuditLog } from '../../audit/application/audit-log';
import { accountsAllowing } from '../../auth/application/access-policy';
import type { Caller } from '../../auth/domain/caller';
import { CallbackRecord, CallbackRepository } from '../domain/callback.repository';

/**
 * The delivery log and resend (docs/contract.md, Merchants), each limited to the accounts whose role
 * gives the caller the right (and to a scoped key's account and deployments).
 */
@Injectable()
export class CallbacksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly callbacks: CallbackRepository,
    private readonly audit: AuditLog,
  ) {}

  list(
    caller: Caller,
    operationId: string,
    page: { limit: number; offset: string },
  ): Promise<{ total: number; items: CallbackRecord[] }> {
    if (!isUuid(operationId)) throw DomainError.field('operationId', 'operationId must be a UUID');
    return this.callbacks.listByOperation(
      accountsAllowing(caller, 'read'),
      operationId.toLowerCase(),
      page.limit,
      page.offset,
    );
  }

  /**
   * Only FAILED callbacks are requeued; others (and ids of other tenants) are left alone and not
   * counted. Each account whose callbacks were requeued gets one audit entry naming them.
   */
  resend(caller: Caller, ids: readonly string[]): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const requeued = await this.callbacks.requeueFailed(
        manager,
        accountsAllowing(caller, 'callbacks:resend'),
        ids.map((id) => id.toLowerCase()),
      );
      const byAccount = new Map<string, string[]>();
      for (const { id, accountId } of requeued) byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), id]);
      for (const [accountId, callbackIds] of [...byAccount].sort(([a], [b]) => (a < b ? -1 : 1))) {
        await this.audit.record(manager, {
          accountId,
          action: 'CALLBACKS_RESENT',
          actor: auditActorOf(caller),
          target: { type: 'callbacks', id: accountId },
          changes: { callbackIds: callbackIds.sort() },
        });
      }
      return requeued.length;
    });
  }
}
