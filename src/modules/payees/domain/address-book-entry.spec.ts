import { Address } from '../../../shared/domain/address';
import { AddressBookEntry } from './address-book-entry';

const adder = { memberId: 'm1', address: '0xAdder' };
const other = { memberId: 'm2', address: '0xOther' };
const now = new Date('2026-11-26T12:00:00Z');

function add(approvesAlone: boolean, label = 'Acme'): AddressBookEntry {
  return AddressBookEntry.add({
    id: 'e1',
    accountId: 'a1',
    address: Address.fromHex20(`0x${'1'.repeat(40)}`, 'evm'),
    label,
    addedBy: adder,
    approvesAlone,
    now,
  });
}

describe('AddressBookEntry', () => {
  it('starts PENDING; another member approves it; the adder cannot', () => {
    const entry = add(false);
    expect(entry.status).toBe('PENDING');
    expect(() => entry.approve(adder, now)).toThrow(expect.objectContaining({ code: 'SELF_APPROVAL' }));
    expect(entry.status).toBe('PENDING');
    expect(entry.approve(other, now)).toBe(true);
    expect(entry.toProps()).toMatchObject({ status: 'APPROVED', approvedBy: other, approvedAt: now });
    expect(entry.approve(other, now)).toBe(false);
  });

  it("a sole ADMIN's entry is APPROVED at once, by them", () => {
    expect(add(true).toProps()).toMatchObject({ status: 'APPROVED', approvedBy: adder, approvedAt: now });
  });

  it('the label is trimmed and 1..100 characters', () => {
    expect(add(false, '  Acme  ').toProps().label).toBe('Acme');
    expect(() => add(false, '   ')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => add(false, 'x'.repeat(101))).toThrow();
  });
});
