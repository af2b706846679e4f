import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared/domain/domain-error';
import { isUuid } from '../../../shared/domain/ids';
import type { Caller } from '../../auth/domain/caller';
import { CallbackRecord, CallbackRepository } from '../domain/callback.repository';

/** The delivery log and resend (docs/contract.md, Merchants), each limited to the caller's own accounts. */
@Injectable()
export class CallbacksService {
  constructor(private readonly callbacks: CallbackRepository) {}

  list(
    caller: Caller,
    operationId: string,
    page: { limit: number; offset: string },
  ): Promise<{ total: number; items: CallbackRecord[] }> {
    if (!isUuid(operationId)) throw DomainError.field('operationId', 'operationId must be a UUID');
    return this.callbacks.listByOperation(caller.memberId, operationId.toLowerCase(), page.limit, page.offset);
  }

  /** Only FAILED callbacks are requeued; others (and ids of other tenants) are left alone and not counted. */
  resend(caller: Caller, ids: readonly string[]): Promise<number> {
    return this.callbacks.requeueFailed(
      caller.memberId,
      ids.map((id) => id.toLowerCase()),
    );
  }
}
