import { Address } from '../../../shared/domain/address';
import { paymentUri } from './payment-uri';

const evm = Address.parse('0x5b38da6a701c568545dcfcb03fcb875f56beddc4', 'evm');
const usdt = Address.parse('0xdac17f958d2ee523a2206206994597c13d831ec7', 'evm');
const tron = Address.parse('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tvm');
const tronToken = Address.parse('TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'tvm');

describe('paymentUri', () => {
  it('EIP-681 native transfer with the amount due in wei', () => {
    expect(paymentUri({ invoiceAddress: evm, chainId: '1', token: null, amountDue: 10n ** 18n, decimals: 18 })).toBe(
      `ethereum:${evm.display}@1?value=1000000000000000000`,
    );
  });

  it('EIP-681 token transfer call with recipient and base units', () => {
    expect(paymentUri({ invoiceAddress: evm, chainId: '137', token: usdt, amountDue: 2_500_000n, decimals: 6 })).toBe(
      `ethereum:${usdt.display}@137/transfer?address=${evm.display}&uint256=2500000`,
    );
  });

  it('leaves the amount out when nothing or any amount is due, or with several currencies', () => {
    expect(paymentUri({ invoiceAddress: evm, chainId: '1', token: usdt, amountDue: null, decimals: 6 })).toBe(
      `ethereum:${usdt.display}@1/transfer?address=${evm.display}`,
    );
    expect(paymentUri({ invoiceAddress: evm, chainId: '1', token: null, amountDue: 0n, decimals: 18 })).toBe(
      `ethereum:${evm.display}@1`,
    );
    expect(paymentUri({ invoiceAddress: evm, chainId: '1', token: undefined, amountDue: null, decimals: null })).toBe(
      `ethereum:${evm.display}@1`,
    );
  });

  it('Tron form with whole units and the token contract', () => {
    expect(
      paymentUri({ invoiceAddress: tron, chainId: '728126428', token: tronToken, amountDue: 1_250_000n, decimals: 6 }),
    ).toBe(`tron:${tron.display}?amount=1.25&token=${tronToken.display}`);
    expect(paymentUri({ invoiceAddress: tron, chainId: '728126428', token: null, amountDue: 5n, decimals: 6 })).toBe(
      `tron:${tron.display}?amount=0.000005`,
    );
    expect(paymentUri({ invoiceAddress: tron, chainId: '728126428', token: null, amountDue: null, decimals: 6 })).toBe(
      `tron:${tron.display}`,
    );
  });
});
