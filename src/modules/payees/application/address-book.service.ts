import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Address, NetworkType } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { isUuid, uuidv7 } from '../../../shared/domain/ids';
import type { Caller } from '../../auth/domain/caller';
import { auditActorOf } from '../../audit/application/audit-actor';
import { AuditLog } from '../../audit/application/audit-log';
import { AddressBookEntry } from '../domain/address-book-entry';
import { PayeesRepository } from '../domain/payees.repository';

export interface AddEntryInput {
  readonly address: unknown;
  readonly networkType: unknown;
  readonly label: unknown;
}

const NETWORK_TYPES: readonly NetworkType[] = ['evm', 'tvm'];

function entryNotFound(): DomainError {
  return DomainError.notFound('ADDRESS_BOOK_ENTRY_NOT_FOUND', 'Address-book entry not found');
}

/** An account's address book: who its payees are, vouched for by two people. */
@Injectable()
export class AddressBookService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payees: PayeesRepository,
    private readonly audit: AuditLog,
  ) {}

  list(accountId: string): Promise<AddressBookEntry[]> {
    return this.payees.listEntries(accountId);
  }

  /** PENDING until another ADMIN approves; APPROVED at once when the adder is the account's only ADMIN. */
  async add(accountId: string, caller: Caller, input: AddEntryInput): Promise<AddressBookEntry> {
    if (typeof input.networkType !== 'string' || !NETWORK_TYPES.includes(input.networkType as NetworkType)) {
      throw DomainError.field('networkType', 'networkType must be "evm" or "tvm"');
    }
    const address = Address.parse(input.address, input.networkType as NetworkType, 'address');
    if (typeof input.label !== 'string') throw DomainError.field('label', 'label must be a string');
    const label = input.label;
    return this.dataSource.transaction(async (manager) => {
      const approvesAlone = caller.role === 'ADMIN' && (await this.payees.adminCount(manager, accountId)) === 1;
      const entry = AddressBookEntry.add({
        id: uuidv7(),
        accountId,
        address,
        label,
        addedBy: { memberId: caller.memberId, address: caller.address },
        approvesAlone,
        now: new Date(),
      });
      await this.payees.insertEntry(manager, entry);
      await this.record(manager, caller, 'ADDRESS_BOOK_ENTRY_ADDED', entry);
      if (approvesAlone) await this.record(manager, caller, 'ADDRESS_BOOK_ENTRY_APPROVED', entry);
      return entry;
    });
  }

  async approve(accountId: string, caller: Caller, entryId: string): Promise<AddressBookEntry> {
    if (!isUuid(entryId)) throw entryNotFound();
    return this.dataSource.transaction(async (manager) => {
      const entry = await this.requireForUpdate(manager, accountId, entryId);
      if (entry.approve({ memberId: caller.memberId, address: caller.address }, new Date())) {
        await this.payees.saveEntry(manager, entry);
        await this.record(manager, caller, 'ADDRESS_BOOK_ENTRY_APPROVED', entry);
      }
      return entry;
    });
  }

  async remove(accountId: string, caller: Caller, entryId: string): Promise<AddressBookEntry> {
    if (!isUuid(entryId)) throw entryNotFound();
    return this.dataSource.transaction(async (manager) => {
      const entry = await this.requireForUpdate(manager, accountId, entryId);
      await this.payees.deleteEntry(manager, entry);
      await this.record(manager, caller, 'ADDRESS_BOOK_ENTRY_REMOVED', entry);
      return entry;
    });
  }

  /**
   * The account's APPROVED entries that equal one of `addresses` or look like one: the known payees
   * the look-alike rule compares with, and the labels a review shows.
   */
  async approvedNear(
    accountId: string,
    addresses: readonly Address[],
    manager?: EntityManager,
  ): Promise<AddressBookEntry[]> {
    const entries = await this.payees.entriesNear(accountId, addresses, manager);
    return entries.filter((entry) => entry.status === 'APPROVED');
  }

  private record(
    manager: EntityManager,
    caller: Caller,
    action: 'ADDRESS_BOOK_ENTRY_ADDED' | 'ADDRESS_BOOK_ENTRY_APPROVED' | 'ADDRESS_BOOK_ENTRY_REMOVED',
    entry: AddressBookEntry,
  ): Promise<void> {
    const e = entry.toProps();
    return this.audit.record(manager, {
      accountId: e.accountId,
      action,
      actor: auditActorOf(caller),
      target: { type: 'address_book_entry', id: e.id },
      changes: { address: e.address.display, networkType: e.address.networkType, label: e.label, status: e.status },
    });
  }

  private async requireForUpdate(
    manager: EntityManager,
    accountId: string,
    entryId: string,
  ): Promise<AddressBookEntry> {
    const entry = await this.payees.findEntryForUpdate(manager, accountId, entryId.toLowerCase());
    if (entry === undefined) throw entryNotFound();
    return entry;
  }
}
