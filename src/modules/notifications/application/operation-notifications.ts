import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { Address } from '../../../shared/domain/address';
import { uuidv7After } from '../../../shared/domain/ids';
import { CatalogService } from '../../catalog/catalog.service';
import type { Deployment } from '../../deployments/domain/deployment';
import { DeploymentsService } from '../../deployments/application/deployments.service';
import { AddressBookService } from '../../payees/application/address-book.service';
import type { OperationChange } from '../../queue/application/queue-operation-listeners';
import { QueueService } from '../../queue/application/queue.service';
import type { QueueOperation } from '../../queue/domain/queue-operation';
import {
  formatAmount,
  MessageKind,
  MessageText,
  NotificationChannel,
  NotificationEvent,
  OperationFacts,
  operationLine,
  operationMessage,
  shortAddress,
} from '../domain/notification-event';
import { NewMessage, NotificationRepository, Recipient } from '../domain/notification.repository';

/** The selector of `transfer(address,uint256)`. */
const ERC20_TRANSFER = '0xa9059cbb';

/**
 * Turns queue changes into approver notifications. Registered with the queue's listeners, so it runs
 * inside the transaction that changed the operation: the outbox rows (and what awaits whom, for the
 * reminder and the digest) commit or roll back with the change.
 */
@Injectable()
export class OperationNotifications {
  constructor(
    private readonly repository: NotificationRepository,
    private readonly queue: QueueService,
    private readonly deployments: DeploymentsService,
    private readonly catalog: CatalogService,
    private readonly addressBook: AddressBookService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async follow(change: OperationChange, manager: EntityManager): Promise<void> {
    const { operation, previousStatus, reason } = change;
    const status = operation.storedStatus;
    const statusChanged = status !== previousStatus;
    const signatureRound = (reason === 'created' || reason === 'nonce_changed') && status === 'PENDING';
    const signed = reason === 'signed';
    if (!signatureRound && !signed && !statusChanged && reason !== 'deleted') return;

    if (reason === 'deleted' || (statusChanged && ['EXECUTED', 'FAILED', 'CANCELLED'].includes(status))) {
      await this.repository.endWaits(manager, operation.id);
    }
    if (status !== 'PENDING' && status !== 'READY' && status !== 'EXECUTED' && status !== 'FAILED') return;

    const deployment = await this.deployments.lock(manager, operation.deploymentId, 'share');
    if (deployment === undefined) return;
    const recipients = await this.repository.recipients(manager, deployment.accountId);
    const signers = new Set(operation.signatures.map((signature) => signature.signerHex.toLowerCase()));
    const now = new Date();
    const facts = await this.facts(manager, deployment, operation);
    const summary = operationLine(facts);

    if (signed) {
      const signedNow = recipients.filter((r) => signers.has(r.addressHex)).map((r) => r.memberId);
      await this.repository.endWaits(manager, operation.id, signedNow);
      await this.repository.refreshWaits(manager, operation.id, summary);
    }

    const messages: NewMessage[] = [];
    if (signatureRound) {
      const approvers = new Set(deployment.approvers.map((approver) => approver.hex20.toLowerCase()));
      const awaited = recipients.filter(
        (r) => approvers.has(r.addressHex) && !signers.has(r.addressHex) && r.memberId !== operation.createdByMemberId,
      );
      // A new nonce starts over: whatever awaited before (an execution) no longer does.
      if (reason === 'nonce_changed') await this.repository.endWaits(manager, operation.id);
      await this.repository.putWaits(
        manager,
        awaited.map((r) => ({
          operationId: operation.id,
          memberId: r.memberId,
          accountId: deployment.accountId,
          kind: 'SIGN' as const,
          summary,
          link: facts.link,
        })),
        now,
      );
      messages.push(...this.messagesFor(awaited, 'SIGNATURE_NEEDED', 'SIGNATURE_NEEDED', facts, deployment, operation));
    }
    if (statusChanged && status === 'READY') {
      await this.repository.endWaits(manager, operation.id);
      const operators = recipients.filter((r) => r.role === 'OPERATOR' || r.role === 'ADMIN');
      await this.repository.putWaits(
        manager,
        operators.map((r) => ({
          operationId: operation.id,
          memberId: r.memberId,
          accountId: deployment.accountId,
          kind: 'EXECUTE' as const,
          summary,
          link: facts.link,
        })),
        now,
      );
      messages.push(
        ...this.messagesFor(operators, 'READY_TO_EXECUTE', 'READY_TO_EXECUTE', facts, deployment, operation),
      );
    }
    if (statusChanged && (status === 'EXECUTED' || status === 'FAILED')) {
      messages.push(...this.messagesFor(recipients, status, status, facts, deployment, operation));
    }
    await this.repository.enqueue(manager, messages);
  }

  /** What the operation does in words, its network, N of M, and the console's review link. */
  async facts(manager: EntityManager, deployment: Deployment, operation: QueueOperation): Promise<OperationFacts> {
    const view = await this.queue.anonymousView(manager, operation);
    const network = this.catalog.findNetwork(deployment.chainId)?.name ?? `chain ${deployment.chainId}`;
    return {
      action: await this.action(manager, operation, deployment),
      network,
      signaturesCollected: view.signaturesCollected,
      signaturesRequired: view.signaturesRequired,
      link: `${this.config.publicBaseUrl}/console/deployments/${deployment.id}/operations/${operation.id}`,
    };
  }

  private async action(manager: EntityManager, operation: QueueOperation, deployment: Deployment): Promise<string> {
    const payload = operation.toProps().payload;
    switch (operation.type) {
      case 'PAYOUT':
        return (await this.payoutAction(manager, operation, deployment)) ?? `Payout at nonce ${operation.nonce}`;
      case 'MULTISIG_CONFIG_CHANGE': {
        const approvers = Array.isArray(payload.approvers) ? payload.approvers.length : 0;
        return `Set the approvers to ${approvers} addresses with a threshold of ${String(payload.threshold)}`;
      }
      case 'REJECT':
        return `Reject whatever waits at nonce ${operation.nonce}`;
      case 'DAPP_TRANSACTION': {
        const name = operation.toProps().dappMetadata?.name;
        const calls = operation.calls.length;
        return `dApp transaction${typeof name === 'string' ? ` from ${name}` : ''} with ${calls} call${calls === 1 ? '' : 's'}`;
      }
    }
  }

  /**
   * What a payout moves and to whom, read from its call (the payout's own row is written after its
   * operation, in the same transaction): a native transfer, or an ERC-20/TRC-20 `transfer`. The
   * recipient is shown as people compare it (EVM checksum case, TRON base58), followed by its label
   * when the account's address book holds it as an APPROVED entry, e.g. "0xAb…12 (Supplier X)".
   */
  private async payoutAction(
    manager: EntityManager,
    operation: QueueOperation,
    deployment: Deployment,
  ): Promise<string | undefined> {
    if (operation.calls.length !== 1) return undefined;
    const [call] = operation.calls;
    const currencies = this.catalog.currenciesOfChain(deployment.chainId);
    let paid: string;
    let recipient: Address;
    if (call.data === '0x') {
      const native = currencies.find((currency) => currency.isNative);
      if (native === undefined) return undefined;
      paid = `${formatAmount(call.value, native.decimals)} ${native.symbol}`;
      recipient = call.to;
    } else {
      if (!call.data.startsWith(ERC20_TRANSFER) || call.data.length !== 138) return undefined;
      const token = currencies.find((currency) => currency.address?.hex20 === call.to.hex20);
      if (token === undefined) return undefined;
      paid = `${formatAmount(BigInt(`0x${call.data.slice(74)}`), token.decimals)} ${token.symbol}`;
      recipient = Address.fromHex20(`0x${call.data.slice(34, 74)}`, deployment.networkType);
    }
    const label = await this.labelOf(manager, deployment.accountId, recipient);
    return `Payout ${paid} to ${shortAddress(recipient.display)}${label === undefined ? '' : ` (${label})`}`;
  }

  /** The label of the account's APPROVED address-book entry for exactly this address (not a look-alike). */
  private async labelOf(manager: EntityManager, accountId: string, address: Address): Promise<string | undefined> {
    const entries = await this.addressBook.approvedNear(accountId, [address], manager);
    return entries.map((entry) => entry.toProps()).find((entry) => entry.address.equals(address))?.label;
  }

  /** One message per recipient who asked for `event`, on every channel both it and this server have. */
  messagesFor(
    recipients: readonly Recipient[],
    event: NotificationEvent,
    kind: Exclude<MessageKind, 'DAILY_DIGEST'>,
    facts: OperationFacts,
    deployment: Deployment,
    operation: QueueOperation,
    dedupe?: (recipient: Recipient, channel: NotificationChannel) => string,
  ): NewMessage[] {
    const text = operationMessage(kind, facts);
    return recipients.flatMap((recipient) =>
      this.channelMessages(recipient, event, kind, text, deployment.accountId, operation.id, dedupe),
    );
  }

  channelMessages(
    recipient: Recipient,
    event: NotificationEvent,
    kind: MessageKind,
    text: MessageText,
    accountId: string,
    operationId: string | null,
    dedupe?: (recipient: Recipient, channel: NotificationChannel) => string,
  ): NewMessage[] {
    const settings = recipient.settings;
    if (settings === null || !settings.events.includes(event)) return [];
    const { smtpUrl, telegramBotToken } = this.config.notifications;
    const destinations: [NotificationChannel, string | null][] = [
      ['email', smtpUrl === null ? null : settings.email],
      ['slack', settings.slackWebhookCiphertext],
      ['telegram', telegramBotToken === null ? null : settings.telegramChatId],
    ];
    let id: string | undefined;
    return destinations
      .filter((entry): entry is [NotificationChannel, string] => entry[1] !== null)
      .map(([channel, destination]) => {
        id = uuidv7After(id);
        return {
          id,
          accountId,
          memberId: recipient.memberId,
          event: kind,
          channel,
          operationId,
          destination,
          subject: text.subject,
          body: text.body,
          dedupeKey: dedupe === undefined ? null : dedupe(recipient, channel),
        };
      });
  }
}
