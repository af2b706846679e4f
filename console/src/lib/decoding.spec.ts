import { translate, pickLanguage } from '../i18n/language';
import { en, ru } from '../i18n/messages';
import type { Currency } from '../api/types';
import { configDiff, describeCall, executableRun } from './decoding';
import { lookalikeOf } from './payees';
import { executeCalldata, submittedSignature } from './signatures';
import { decodeFunctionData, parseAbi } from 'viem';

const USDT: Currency = {
  id: '1-0xdac17f958d2ee523a2206206994597c13d831ec7',
  symbol: 'USDT',
  name: 'Tether USD',
  chainId: '1',
  address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  decimals: 6,
  isNative: false,
  isScam: false,
  isVerified: true,
  cmcId: null,
  logoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const ETH: Currency = { ...USDT, id: '1', symbol: 'ETH', name: 'Ether', address: null, decimals: 18, isNative: true };
const PAYEE = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';

function words(decoded: Parameters<typeof describeCall>[0], label: string | null = null, language: 'en' | 'ru' = 'en') {
  const call = describeCall(decoded, label, language === 'en' ? 'en-US' : 'ru-RU');
  return translate(language, call.key, call.values);
}

describe('decoded calls in words', () => {
  it('a token payout names amount, currency and payee, with its address-book label', () => {
    expect(words({ kind: 'TOKEN_TRANSFER', recipient: PAYEE, amount: '5000', currency: USDT }, 'Supplier X')).toBe(
      'Send 5,000 USDT to Supplier X (0xAb58…eC9B)',
    );
    expect(words({ kind: 'TOKEN_TRANSFER', recipient: PAYEE, amount: '5000.25', currency: USDT }, null, 'ru')).toBe(
      'Отправить 5\u00a0000,25 USDT получателю 0xAb58…eC9B',
    );
  });

  it('a native payout shows the exact amount', () => {
    expect(words({ kind: 'NATIVE_TRANSFER', recipient: PAYEE, amount: '1.000000000000000001', currency: ETH })).toBe(
      'Send 1.000000000000000001 ETH to 0xAb58…eC9B',
    );
  });

  it('a config change, a claim, a known contract call and an unknown call', () => {
    expect(words({ kind: 'SET_CONFIG', approvers: [PAYEE, PAYEE, PAYEE], threshold: 2 })).toBe(
      'Set the approvers to 3 addresses, 2 signatures needed',
    );
    expect(words({ kind: 'CLAIM_TO', currency: USDT, recipient: PAYEE, invoiceNonces: ['1', '2'] })).toBe(
      'Collect USDT from 2 invoice addresses to 0xAb58…eC9B',
    );
    expect(
      words({
        kind: 'CONTRACT_CALL',
        function: 'approve(address,uint256)',
        args: [
          { name: 'spender', type: 'address', value: PAYEE },
          { name: 'amount', type: 'uint256', value: '10' },
        ],
      }),
    ).toBe(`Call approve(address,uint256) with spender = ${PAYEE}, amount = 10`);
    expect(words({ kind: 'UNKNOWN', selector: '0xdeadbeef' })).toBe(
      'Unrecognised call (selector 0xdeadbeef): check the data yourself',
    );
  });

  it('every message exists in Russian, and no placeholder is lost in translation', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(ru[key]).toBeTruthy();
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect([key, names(ru[key])]).toEqual([key, names(en[key])]);
    }
  });
});

describe('config diff', () => {
  it('lists added, removed and kept approvers whatever their case', () => {
    const a = '0x1111111111111111111111111111111111111111';
    const b = '0x2222222222222222222222222222222222222222';
    const c = '0x3333333333333333333333333333333333333333';
    expect(
      configDiff({
        approversBefore: [a, b.toUpperCase().replace('0X', '0x')],
        approversAfter: [b, c],
        thresholdBefore: 2,
        thresholdAfter: 1,
      }),
    ).toEqual({ added: [c], removed: [a], kept: [b], thresholdBefore: 2, thresholdAfter: 1 });
  });
});

describe('executableRun (what one execute transaction can carry)', () => {
  const op = (nonce: string, status: string, canExecute = status === 'READY') => ({
    id: `${nonce}-${status}`,
    nonce,
    status,
    canExecute,
  });

  it('takes consecutive READY operations from the next nonce', () => {
    expect(executableRun([op('6', 'READY'), op('5', 'READY'), op('8', 'READY')], '5').map((o) => o.id)).toEqual([
      '5-READY',
      '6-READY',
    ]);
  });

  it('stops at a nonce without a READY operation, and takes one operation per nonce', () => {
    expect(executableRun([op('5', 'READY'), op('5', 'READY'), op('6', 'PENDING'), op('7', 'READY')], '5')).toHaveLength(
      1,
    );
    expect(executableRun([op('6', 'READY')], '5')).toEqual([]);
  });

  it('skips a READY operation the service says cannot execute (already sent)', () => {
    expect(executableRun([op('5', 'READY', false), op('5', 'READY')], '5').map((o) => o.canExecute)).toEqual([true]);
  });
});

describe('payee look-alikes', () => {
  const known = [{ address: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B', label: 'Supplier X' }];
  it('warns on the same first 3 and last 4 hex digits', () => {
    expect(lookalikeOf('0xab5000000000000000000000000000000000ec9b', known)?.label).toBe('Supplier X');
  });
  it('not for the known payee itself, in any case, nor for a different address', () => {
    expect(lookalikeOf('0xab5801a7d398351b8be11c439e05c5b3259aec9b', known)).toBeUndefined();
    expect(lookalikeOf('0xab6000000000000000000000000000000000ec9b', known)).toBeUndefined();
    expect(lookalikeOf('not an address', known)).toBeUndefined();
  });
});

describe('signatures and the execute call', () => {
  const signer = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const signature = `0x${'ab'.repeat(65)}` as const;
  it('1.0.0 takes the raw signature; later versions a packed signer ‖ length ‖ signature entry', () => {
    expect(submittedSignature('1.0.0-evm', signer, signature)).toBe(signature);
    expect(submittedSignature('1.2.0-evm', signer, signature)).toBe(
      `0x${signer.slice(2).toLowerCase()}0041${'ab'.repeat(65)}`,
    );
  });
  it('encodes execute(ops) with each operation’s calls, signatures and id', () => {
    const data = executeCalldata([
      {
        calls: [{ to: signer, value: '5', data: '0x' }],
        signatureBlob: '0x1234',
        executeOperationId: `0x${'00'.repeat(16)}${'11'.repeat(16)}`,
      },
    ]);
    const decoded = decodeFunctionData({
      abi: parseAbi([
        'function execute(((address to,uint256 value,bytes data)[] calls,bytes signatures,bytes32 id)[] ops)',
      ]),
      data,
    });
    const [ops] = decoded.args as unknown as [{ calls: unknown[]; signatures: string }[]];
    expect(ops[0].calls[0]).toEqual({ to: signer, value: 5n, data: '0x' });
    expect(ops[0].signatures).toBe('0x1234');
  });
  it('refuses to execute an operation without its signatures', () => {
    expect(() =>
      executeCalldata([{ calls: [], signatureBlob: null, executeOperationId: `0x${'00'.repeat(32)}` }]),
    ).toThrow();
  });
});

describe('language choice', () => {
  it('?lang= first, then the saved choice, then the browser, then English', () => {
    expect(pickLanguage('ru', 'en', ['en-US'])).toBe('ru');
    expect(pickLanguage(null, 'ru', ['en-US'])).toBe('ru');
    expect(pickLanguage('xx', null, ['de-DE', 'ru-RU'])).toBe('ru');
    expect(pickLanguage(null, null, ['de-DE'])).toBe('en');
  });
});
