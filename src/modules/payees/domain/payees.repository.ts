import type { EntityManager } from 'typeorm';
import type { Address } from '../../../shared/domain/address';
import type { AddressBookEntry } from './address-book-entry';
import type { PayoutPolicy } from './payout-policy';

/** The address book and the payout policy in SQL. Methods taking a manager run in the caller's transaction. */
export abstract class PayeesRepository {
  abstract listEntries(accountId: string): Promise<AddressBookEntry[]>;
  /** 409 ADDRESS_BOOK_ENTRY_EXISTS when the account already holds the address. */
  abstract insertEntry(manager: EntityManager, entry: AddressBookEntry): Promise<void>;
  abstract findEntryForUpdate(
    manager: EntityManager,
    accountId: string,
    id: string,
  ): Promise<AddressBookEntry | undefined>;
  abstract saveEntry(manager: EntityManager, entry: AddressBookEntry): Promise<void>;
  abstract deleteEntry(manager: EntityManager, entry: AddressBookEntry): Promise<void>;
  /**
   * The account's entries (any status) whose 20-byte form equals one of `addresses` or shares its
   * look-alike digits: everything the look-alike rule and the labels need, found by index.
   */
  abstract entriesNear(
    accountId: string,
    addresses: readonly Address[],
    manager?: EntityManager,
  ): Promise<AddressBookEntry[]>;

  abstract findPolicy(accountId: string, manager?: EntityManager): Promise<PayoutPolicy | undefined>;
  abstract savePolicy(manager: EntityManager, accountId: string, policy: PayoutPolicy): Promise<void>;
  /**
   * Serialises the account's payouts and policy changes until the transaction ends (a transaction
   * advisory lock on the account): what the policy counts cannot change between its check and the
   * payout's insert.
   */
  abstract lockAccountPayouts(manager: EntityManager, accountId: string): Promise<void>;
  /** How many ADMINs the account has (whether an adder is its only one). */
  abstract adminCount(manager: EntityManager, accountId: string): Promise<number>;
}
