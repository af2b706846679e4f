import { randomBytes } from 'node:crypto';
import { encodeFunctionData, erc20Abi, type Abi, type Hex } from 'viem';
import { Address } from '../../../shared/domain/address';
import wallet from '../../../../contracts/artifacts/MultiSigWallet_1_2_0.json';
import type { Currency } from '../../catalog/catalog';
import { decodeCall, DecodingContext } from './call-decoding';

const address = () => Address.fromHex20(`0x${randomBytes(20).toString('hex')}`, 'evm');
const token = address();
const usdt = { id: 'usdt', decimals: 6 } as Currency;
const eth = { id: 'eth', decimals: 18 } as Currency;
const walletAbi = wallet.abi as Abi;
const context: DecodingContext = {
  networkType: 'evm',
  wallet: address(),
  walletAbi,
  nativeCurrency: eth,
  tokens: new Map([[token.hex20, usdt]]),
};
const decode = (to: Address, data: Hex, value = 0n) => decodeCall({ to, value, data }, context);

describe('decodeCall', () => {
  it('no calldata is a native transfer to the target', () => {
    const to = address();
    expect(decode(to, '0x', 5n)).toEqual({ kind: 'NATIVE_TRANSFER', recipient: to, amount: 5n, currency: eth });
  });

  it("a catalog token's transfer is a TOKEN_TRANSFER; its other functions CONTRACT_CALLs", () => {
    const to = address();
    expect(
      decode(token, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to.hex20, 7n] })),
    ).toEqual({
      kind: 'TOKEN_TRANSFER',
      currency: usdt,
      recipient: to,
      amount: 7n,
    });
    expect(decode(token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [to.hex20, 1n] }))).toEqual(
      {
        kind: 'CONTRACT_CALL',
        function: 'approve(address,uint256)',
        args: [
          { name: 'spender', type: 'address', value: to.display },
          { name: 'amount', type: 'uint256', value: '1' },
        ],
      },
    );
  });

  it("the wallet's own setConfig and claimTo", () => {
    const [a, b] = [address(), address()];
    expect(
      decode(
        context.wallet,
        encodeFunctionData({ abi: walletAbi, functionName: 'setConfig', args: [[a.hex20, b.hex20], 2n] }),
      ),
    ).toEqual({ kind: 'SET_CONFIG', approvers: [a, b], threshold: 2n });
    expect(
      decode(
        context.wallet,
        encodeFunctionData({
          abi: walletAbi,
          functionName: 'claimTo',
          args: [token.hex20, a.hex20, [`0x${'0'.repeat(62)}0c`]],
        }),
      ),
    ).toEqual({ kind: 'CLAIM_TO', currency: usdt, recipient: a, invoiceNonces: [12n] });
  });

  it('an unknown target, an unknown selector or malformed calldata is UNKNOWN', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [address().hex20, 7n] });
    expect(decode(address(), transfer)).toEqual({ kind: 'UNKNOWN', selector: '0xa9059cbb' });
    expect(decode(token, '0xdeadbeef')).toEqual({ kind: 'UNKNOWN', selector: '0xdeadbeef' });
    expect(decode(token, '0xa9059cbb00')).toEqual({ kind: 'UNKNOWN', selector: '0xa9059cbb' });
    expect(decode(token, '0xa905')).toEqual({ kind: 'UNKNOWN', selector: null });
  });
});
