import { concat, getContractAddress, keccak256, numberToHex } from 'viem';
import { Address, NetworkType } from '../../../shared/domain/address';

/**
 * The deposit address of invoice `invoiceNonce` of a wallet (docs/contract.md, Invoices): the CREATE2 address of the
 * contract version's deposit account, deployed by the wallet with salt = the nonce as a 32-byte
 * big-endian word. EVM uses the standard `0xff` prefix; Tron's CREATE2 hashes with `0x41` instead,
 * and the 20-byte result is shown in base58check.
 */
export function deriveInvoiceAddress(input: {
  readonly networkType: NetworkType;
  /** The wallet (deployment) address, 20-byte lowercase hex. */
  readonly deployerHex20: `0x${string}`;
  readonly invoiceNonce: bigint;
  readonly initCodeHash: `0x${string}`;
}): Address {
  const salt = numberToHex(input.invoiceNonce, { size: 32 });
  if (input.networkType === 'evm') {
    const address = getContractAddress({
      opcode: 'CREATE2',
      from: input.deployerHex20,
      salt,
      bytecodeHash: input.initCodeHash,
    });
    return Address.fromHex20(address, 'evm');
  }
  const hash = keccak256(concat(['0x41', input.deployerHex20, salt, input.initCodeHash]));
  return Address.fromHex20(`0x${hash.slice(-40)}`, 'tvm');
}
