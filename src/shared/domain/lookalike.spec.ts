import { Address } from './address';
import { findLookalike, isLookalike, lookalikePattern } from './lookalike';

const hex = (body: string) => `0x${body}`;
const A = hex('abc' + '1'.repeat(33) + 'def0');
const B = hex('abc' + '2'.repeat(33) + 'def0');

/** Tron's base58 form of a 20-byte hex address. */
const tron = (hex20: string) => Address.fromHex20(hex20, 'tvm');

describe('isLookalike (address poisoning)', () => {
  it('two EVM addresses sharing the first 3 and last 4 hex digits are look-alikes', () => {
    expect(isLookalike(A, B)).toBe(true);
    expect(isLookalike(Address.fromHex20(A, 'evm'), Address.fromHex20(B, 'evm'))).toBe(true);
  });

  it('letter case does not matter (EIP-55 and lowercase compare the same)', () => {
    expect(isLookalike(Address.fromHex20(A, 'evm').display, B.toUpperCase().replace('0X', '0x'))).toBe(true);
  });

  it('an address is not a look-alike of itself, in any spelling', () => {
    expect(isLookalike(A, A)).toBe(false);
    expect(isLookalike(A, Address.fromHex20(A, 'evm').display)).toBe(false);
    expect(isLookalike(tron(A), tron(A).display)).toBe(false);
  });

  it('a differing prefix or suffix digit is not a look-alike', () => {
    expect(isLookalike(A, hex('abd' + '2'.repeat(33) + 'def0'))).toBe(false);
    expect(isLookalike(A, hex('abc' + '2'.repeat(33) + 'def1'))).toBe(false);
    // Sharing 2 + 4 or 3 + 3 is not enough.
    expect(isLookalike(A, hex('ab0' + '2'.repeat(33) + 'def0'))).toBe(false);
    expect(isLookalike(A, hex('abc' + '2'.repeat(33) + '0ef0'))).toBe(false);
  });

  it('Tron addresses compare in their 20-byte form: base58 and 41… hex alike', () => {
    const a = tron(A);
    const b = tron(B);
    expect(a.display).toMatch(/^T/);
    // The base58 strings share nothing visible, the bytes do.
    expect(isLookalike(a.display, b.display)).toBe(true);
    expect(isLookalike(a.display, `41${B.slice(2)}`)).toBe(true);
    expect(isLookalike(a, b)).toBe(true);
    expect(isLookalike(a.display, tron(hex('abc' + '2'.repeat(33) + 'def9')).display)).toBe(false);
  });

  it('findLookalike names the known payee a recipient resembles, skipping the recipient itself', () => {
    const known = [hex('1'.repeat(40)), A];
    expect(findLookalike(B, known)).toBe(A);
    expect(findLookalike(A, known)).toBeUndefined();
    expect(findLookalike(hex('9'.repeat(40)), known)).toBeUndefined();
  });

  it('lookalikePattern matches exactly the candidates isLookalike may accept', () => {
    expect(lookalikePattern(Address.fromHex20(A, 'evm').display)).toBe('0xabc%def0');
    expect(lookalikePattern(tron(A).display)).toBe('0xabc%def0');
  });
});
