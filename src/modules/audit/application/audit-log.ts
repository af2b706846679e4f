import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7After } from '../../../shared/domain/ids';
import { currentClientAddress, currentRequestId } from '../../../shared/logging/request-context';
import { assertNoSecrets, AuditEntry, AuditEvent } from '../domain/audit-event';
import { AuditEventRepository } from '../domain/audit-event.repository';

/**
 * The port every change to an account is recorded through (docs/audit.md). Call it inside the
 * transaction that makes the change, with that transaction's `manager`: the entry is written
 * there, so it exists exactly when the change committed, and a refused or rolled-back change
 * leaves none. The request's id and client address are those of the HTTP request being handled
 * (none for the command line).
 */
@Injectable()
export class AuditLog {
  constructor(private readonly events: AuditEventRepository) {}

  /** Records `event` in the log of its account. */
  async record(manager: EntityManager, event: AuditEvent, now: Date = new Date()): Promise<void> {
    await this.events.append(manager, this.entries([event.accountId], event, now));
  }

  /**
   * Records `event` in the log of every account `memberId` belongs to (a sign-in, a member's own
   * credential regenerated): each account's ADMINs see it in their own log.
   */
  async recordInAccountsOf(
    manager: EntityManager,
    memberId: string,
    event: Omit<AuditEvent, 'accountId'>,
    now: Date = new Date(),
  ): Promise<void> {
    const accountIds = await this.events.accountsOf(manager, memberId);
    if (accountIds.length > 0) await this.events.append(manager, this.entries(accountIds, event, now));
  }

  private entries(accountIds: readonly string[], event: Omit<AuditEvent, 'accountId'>, now: Date): AuditEntry[] {
    const changes = event.changes ?? null;
    assertNoSecrets(changes);
    const requestId = currentRequestId() ?? null;
    const clientAddress = currentClientAddress() ?? null;
    let id: string | undefined;
    return accountIds.map((accountId) => {
      id = uuidv7After(id);
      return {
        id,
        accountId,
        createdAt: now,
        action: event.action,
        actor: event.actor,
        target: event.target,
        changes,
        requestId,
        clientAddress,
      };
    });
  }
}
