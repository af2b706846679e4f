import {
  toFunctionSelector,
  decodeFunctionData,
  getContractAddress,
  keccak256,
  toHex,
  concat,
  pad,
  type Hex,
} from 'viem';
import {
  predictWalletAddress,
  WALLET_INITIALIZE_ABI,
  walletDeployParams,
  walletSaltNonce,
} from './wallet-deploy-params';

const FACTORY = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
const IMPLEMENTATION = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const OWNERS = ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'];
const ACCOUNT_ID = '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b';

/** The EIP-1167 creation code, spelled out independently of the code under test. */
function eip1167CreationCode(implementation: string): Hex {
  return `0x3d602d80600a3d3981f3363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`;
}

describe('walletDeployParams', () => {
  const params = walletDeployParams({
    accountId: ACCOUNT_ID,
    approvers: OWNERS,
    threshold: 2,
    factory: FACTORY,
    implementation: IMPLEMENTATION,
  });

  it('reads the account UUID as a 128-bit salt nonce, in decimal', () => {
    expect(params.nonce).toBe(BigInt('0x0193a4c27d1e7a529f2b3c4d5e6f7a8b').toString());
    expect(walletSaltNonce('ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe(2n ** 128n - 1n);
    expect(() => walletSaltNonce('nope')).toThrow();
  });

  it('encodes initialize(owners, threshold) with checksummed owners', () => {
    expect(params.initializerBytecode.slice(0, 10)).toBe(toFunctionSelector('initialize(address[],uint256)'));
    const decoded = decodeFunctionData({ abi: WALLET_INITIALIZE_ABI, data: params.initializerBytecode });
    expect(decoded.functionName).toBe('initialize');
    expect(decoded.args).toEqual([
      ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
      2n,
    ]);
    expect(params.implementationAddress).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(params.deployerAddress).toBe('0x4e59b44847b379578588920cA78FbF26c0B4956C');
  });

  it('predicts the address viem computes for CREATE2 over the EIP-1167 creation code', () => {
    const salt = keccak256(
      concat([keccak256(params.initializerBytecode), pad(toHex(BigInt(params.nonce)), { size: 32 })]),
    );
    const expected = getContractAddress({
      opcode: 'CREATE2',
      from: FACTORY,
      salt,
      bytecode: eip1167CreationCode(IMPLEMENTATION),
    });
    expect(predictWalletAddress(params)).toBe(expected);
  });

  it('gives other accounts with the same owners other addresses', () => {
    const other = walletDeployParams({
      accountId: '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8c',
      approvers: OWNERS,
      threshold: 2,
      factory: FACTORY,
      implementation: IMPLEMENTATION,
    });
    expect(other.initializerBytecode).toBe(params.initializerBytecode);
    expect(predictWalletAddress(other)).not.toBe(predictWalletAddress(params));
  });
});
