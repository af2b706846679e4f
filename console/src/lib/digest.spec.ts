import { encodeAbiParameters, keccak256, concat, stringToHex, hashTypedData } from 'viem';
import { checkDigest, type ReviewTypedData } from './digest';

const WALLET = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const typedData: ReviewTypedData = {
  domain: { name: 'MultiSigWallet', version: '1.2.0', chainId: 31337, verifyingContract: WALLET },
  primaryType: 'Execute',
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Execute: [
      { name: 'calls', type: 'Call[]' },
      { name: 'nonce', type: 'uint256' },
    ],
    Call: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
  },
  message: {
    calls: [
      { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '1500000000000000000', data: '0x' },
      { to: WALLET, value: '0', data: '0xa9059cbb' },
    ],
    nonce: '4',
  },
};

/** The EIP-712 hashes written out by hand, independent of the code under test. */
function expected() {
  const domainType = keccak256(
    stringToHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
  );
  const domainSeparator = keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }],
      [domainType, keccak256(stringToHex('MultiSigWallet')), keccak256(stringToHex('1.2.0')), 31337n, WALLET],
    ),
  );
  const callType = keccak256(stringToHex('Call(address to,uint256 value,bytes data)'));
  const executeType = keccak256(
    stringToHex('Execute(Call[] calls,uint256 nonce)Call(address to,uint256 value,bytes data)'),
  );
  const callHashes = typedData.message.calls.map((call) =>
    keccak256(
      encodeAbiParameters(
        [{ type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }, { type: 'bytes32' }],
        [callType, call.to as `0x${string}`, BigInt(call.value), keccak256(call.data as `0x${string}`)],
      ),
    ),
  );
  const structHash = keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }],
      [executeType, keccak256(concat(callHashes)), 4n],
    ),
  );
  const digest = keccak256(concat(['0x1901', domainSeparator, structHash]));
  return { domainSeparator, structHash, digest };
}

describe('checkDigest (the browser recomputes what the wallet will sign)', () => {
  it('agrees with the EIP-712 hashes computed by hand, and with viem hashTypedData', () => {
    const hand = expected();
    const check = checkDigest(typedData, hand);
    expect(check).toMatchObject({ matches: true, mismatches: [], ...hand });
    const { EIP712Domain: _d, ...types } = typedData.types;
    expect(
      hashTypedData({
        domain: { ...typedData.domain, chainId: 31337n, verifyingContract: WALLET },
        types,
        primaryType: 'Execute',
        message: {
          nonce: 4n,
          calls: typedData.message.calls.map((c) => ({ ...c, value: BigInt(c.value) })),
        },
      } as never),
    ).toBe(hand.digest);
  });

  it('compares case-insensitively (the service may send any hex case)', () => {
    const hand = expected();
    const upper = {
      domainSeparator: hand.domainSeparator.toUpperCase().replace('0X', '0x'),
      structHash: hand.structHash,
      digest: hand.digest.toUpperCase().replace('0X', '0x'),
    };
    expect(checkDigest(typedData, upper).matches).toBe(true);
  });

  it('refuses when the service shows one digest but the typed data signs another operation', () => {
    const hand = expected();
    const swapped: ReviewTypedData = {
      ...typedData,
      message: { ...typedData.message, calls: [{ ...typedData.message.calls[0], value: '9500000000000000000' }] },
    };
    const check = checkDigest(swapped, hand);
    expect(check.matches).toBe(false);
    expect(check.mismatches).toEqual(['structHash', 'digest']);
  });

  it('refuses a typed data whose domain names another chain or wallet', () => {
    const hand = expected();
    const otherChain = checkDigest({ ...typedData, domain: { ...typedData.domain, chainId: 1 } }, hand);
    expect(otherChain.mismatches).toEqual(['domainSeparator', 'digest']);
    const otherWallet = checkDigest(
      {
        ...typedData,
        domain: { ...typedData.domain, verifyingContract: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      },
      hand,
    );
    expect(otherWallet.matches).toBe(false);
  });

  it('refuses a digest that does not follow from the service’s own domain separator and struct hash', () => {
    const hand = expected();
    const check = checkDigest(typedData, { ...hand, digest: `0x${'00'.repeat(32)}` });
    expect(check.mismatches).toEqual(['digest']);
  });

  it('accepts the nonce and chain id as strings or numbers, as JSON carries them', () => {
    const hand = expected();
    expect(checkDigest({ ...typedData, domain: { ...typedData.domain, chainId: '31337' } }, hand).matches).toBe(true);
  });
});
