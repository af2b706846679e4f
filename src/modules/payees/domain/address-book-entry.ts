import { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';

export type AddressBookEntryStatus = 'PENDING' | 'APPROVED';

/** Who did something to an entry: their member id and address in display form. */
export interface EntryActor {
  readonly memberId: string;
  readonly address: string;
}

export interface AddressBookEntryProps {
  readonly id: string;
  readonly accountId: string;
  readonly address: Address;
  readonly label: string;
  readonly status: AddressBookEntryStatus;
  readonly addedBy: EntryActor;
  readonly approvedBy: EntryActor | null;
  readonly createdAt: Date;
  readonly approvedAt: Date | null;
}

export const MAX_LABEL_LENGTH = 100;

/**
 * A payee an account trusts, with a label people recognise. Two people vouch for it: a member adds
 * it (PENDING) and another ADMIN approves it. Only an account's sole ADMIN, who has nobody to ask,
 * adds an entry APPROVED at once.
 */
export class AddressBookEntry {
  private constructor(private props: AddressBookEntryProps) {}

  static add(input: {
    id: string;
    accountId: string;
    address: Address;
    label: string;
    addedBy: EntryActor;
    /** The adder is the account's only ADMIN. */
    approvesAlone: boolean;
    now: Date;
  }): AddressBookEntry {
    const label = typeof input.label === 'string' ? input.label.trim() : '';
    if (label.length === 0 || label.length > MAX_LABEL_LENGTH) {
      throw DomainError.field('label', `label must be 1 to ${MAX_LABEL_LENGTH} characters`);
    }
    return new AddressBookEntry({
      id: input.id,
      accountId: input.accountId,
      address: input.address,
      label,
      status: input.approvesAlone ? 'APPROVED' : 'PENDING',
      addedBy: input.addedBy,
      approvedBy: input.approvesAlone ? input.addedBy : null,
      createdAt: input.now,
      approvedAt: input.approvesAlone ? input.now : null,
    });
  }

  static restore(props: AddressBookEntryProps): AddressBookEntry {
    return new AddressBookEntry(props);
  }

  get id(): string {
    return this.props.id;
  }
  get status(): AddressBookEntryStatus {
    return this.props.status;
  }

  /** The second person's approval; the adder cannot be it. Approving an APPROVED entry changes nothing. */
  approve(approver: EntryActor, now: Date): boolean {
    if (this.props.status === 'APPROVED') return false;
    if (approver.memberId === this.props.addedBy.memberId) {
      throw DomainError.invalid('SELF_APPROVAL', 'The member who added an address-book entry cannot approve it');
    }
    this.props = { ...this.props, status: 'APPROVED', approvedBy: approver, approvedAt: now };
    return true;
  }

  toProps(): AddressBookEntryProps {
    return this.props;
  }
}
