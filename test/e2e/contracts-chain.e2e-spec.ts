import {
  concat,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  keccak256,
  parseEther,
  type Abi,
  type Hex,
  encodePacked,
  toHex,
  padHex,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import {
  DEPOSIT_ACCOUNT_ARTIFACT,
  PROXY_FACTORY_ARTIFACT,
  WALLET_ARTIFACTS,
  WALLET_VERSIONS,
  type WalletVersion,
} from '../../src/modules/contracts/contract-artifacts';
import type { ChainContracts } from '../../src/modules/contracts/deploy-chain-contracts';
import {
  deployArtifact,
  deployWalletContracts,
  describeWithAnvil,
  minimalProxyCode,
  loadArtifact,
  startAnvil,
  type Anvil,
} from '../support/anvil';

/**
 * The contracts alone on a real EVM (anvil): factory, wallet versions, signature formats, config
 * changes, claims. Signatures are made here with viem's signTypedData over the types of docs/contract.md, Operations queue,
 * independent of the service's code; the service-driven money path is in contracts-api.e2e-spec.
 */
const WALLET_ABI = WALLET_ARTIFACTS['1.2.0'].abi;
const EXECUTE_TYPES = {
  Execute: [
    { name: 'calls', type: 'Call[]' },
    { name: 'nonce', type: 'uint256' },
  ],
  Call: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
  ],
} as const;

interface Call {
  to: Hex;
  value: bigint;
  data: Hex;
}

describeWithAnvil('contracts on anvil', () => {
  let anvil: Anvil;
  let deployer: PrivateKeyAccount;
  let contracts: ChainContracts;
  let owners: PrivateKeyAccount[];
  let saltCounter = 1n;

  beforeAll(async () => {
    anvil = await startAnvil();
    deployer = await anvil.fundedAccount();
    contracts = await deployWalletContracts(anvil, deployer);
    owners = await Promise.all([anvil.fundedAccount(), anvil.fundedAccount(), anvil.fundedAccount()]);
  });

  afterAll(async () => {
    await anvil?.stop();
  });

  const read = <T>(address: Hex, functionName: string, args: readonly unknown[] = []): Promise<T> =>
    anvil.publicClient.readContract({ address, abi: WALLET_ABI, functionName, args } as never) as Promise<T>;

  async function send(
    from: PrivateKeyAccount,
    to: Hex,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    value = 0n,
  ) {
    const hash = await anvil.walletClient(from).writeContract({ address: to, abi, functionName, args, value } as never);
    return anvil.publicClient.waitForTransactionReceipt({ hash });
  }

  /** Creates a wallet through the factory; returns its address after checking the predicted one. */
  async function createWallet(version: WalletVersion, walletOwners: Hex[], threshold: bigint): Promise<Hex> {
    const initializer = encodeFunctionData({
      abi: WALLET_ABI,
      functionName: 'initialize',
      args: [walletOwners, threshold],
    });
    const saltNonce = saltCounter++;
    const implementation = contracts.implementations[version];
    const salt = keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(initializer), saltNonce]));
    const predicted = getContractAddress({
      opcode: 'CREATE2',
      from: contracts.factory,
      salt,
      bytecode: minimalProxyCode(implementation),
    });
    const receipt = await send(deployer, contracts.factory, PROXY_FACTORY_ARTIFACT.abi, 'createInstance', [
      implementation,
      initializer,
      saltNonce,
    ]);
    expect(receipt.status).toBe('success');
    expect(await anvil.publicClient.getCode({ address: predicted })).toBeDefined();
    return predicted;
  }

  async function sign(
    signer: PrivateKeyAccount,
    wallet: Hex,
    version: string,
    calls: Call[],
    nonce: bigint,
  ): Promise<Hex> {
    return signer.signTypedData({
      domain: { name: 'MultiSigWallet', version, chainId: anvil.chainId, verifyingContract: wallet },
      types: EXECUTE_TYPES,
      primaryType: 'Execute',
      message: { calls, nonce },
    });
  }

  function blob(version: string, entries: { signer: Hex; signature: Hex }[]): Hex {
    if (version === '1.0.0') return concat(entries.map((entry) => entry.signature));
    return concat(
      entries.map((entry) =>
        concat([entry.signer, toHex((entry.signature.length - 2) / 2, { size: 2 }), entry.signature]),
      ),
    );
  }

  const sortedOwners = () => [...owners].sort((a, b) => (a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1));

  async function signedBlob(wallet: Hex, version: string, calls: Call[], nonce: bigint, signers: PrivateKeyAccount[]) {
    const entries = await Promise.all(
      signers.map(async (signer) => ({
        signer: signer.address,
        signature: await sign(signer, wallet, version, calls, nonce),
      })),
    );
    return blob(version, entries);
  }

  async function executeRevert(wallet: Hex, calls: Call[], signatures: Hex, id: Hex = padHex('0x01', { size: 32 })) {
    return anvil.publicClient
      .simulateContract({
        account: deployer,
        address: wallet,
        abi: WALLET_ABI,
        functionName: 'execute',
        args: [[{ calls, signatures, id }]],
      })
      .then(
        () => undefined,
        (error: Error) => error.message,
      );
  }

  it.each(WALLET_VERSIONS)(
    '%s: the factory creates the wallet at the predicted address, initialised once',
    async (version) => {
      const addresses = owners.map((owner) => owner.address);
      const wallet = await createWallet(version, addresses, 2n);
      expect(await read<Hex[]>(wallet, 'owners')).toEqual(addresses);
      expect(await read<bigint>(wallet, 'threshold')).toBe(2n);
      expect(await read<bigint>(wallet, 'nonce')).toBe(0n);
      const domain = await read<readonly unknown[]>(wallet, 'eip712Domain');
      expect(domain.slice(0, 5)).toEqual([
        '0x0f',
        'MultiSigWallet',
        version,
        BigInt(anvil.chainId),
        getAddress(wallet),
      ]);
      const again = await executeRevertCall(wallet, 'initialize', [addresses, 1n]);
      expect(again).toMatch(/InvalidInitialization/);
      // The implementation itself cannot be taken over.
      expect(await executeRevertCall(contracts.implementations[version], 'initialize', [addresses, 1n])).toMatch(
        /InvalidInitialization/,
      );
    },
  );

  async function executeRevertCall(address: Hex, functionName: string, args: readonly unknown[]) {
    return anvil.publicClient
      .simulateContract({ account: deployer, address, abi: WALLET_ABI, functionName, args } as never)
      .then(
        () => undefined,
        (error: Error) => error.message,
      );
  }

  it.each(WALLET_VERSIONS)(
    '%s: 2 of 3 execute a native transfer; replay, wrong, duplicate, unsorted and short blobs revert',
    async (version) => {
      const wallet = await createWallet(
        version,
        owners.map((owner) => owner.address),
        2n,
      );
      await anvil.setBalance(wallet, parseEther('10'));
      const recipient = (await anvil.fundedAccount('0')).address;
      const calls: Call[] = [{ to: recipient, value: parseEther('1'), data: '0x' }];
      const [a, b, c] = sortedOwners();
      const stranger = await anvil.fundedAccount('0');

      const below = await signedBlob(wallet, version, calls, 0n, [a]);
      expect(await executeRevert(wallet, calls, below)).toMatch(/ThresholdNotMet/);
      const unsorted = await signedBlob(wallet, version, calls, 0n, [c, a]);
      expect(await executeRevert(wallet, calls, unsorted)).toMatch(/SignersNotAscending/);
      const duplicate = await signedBlob(wallet, version, calls, 0n, [a, a]);
      expect(await executeRevert(wallet, calls, duplicate)).toMatch(/SignersNotAscending/);
      const strangerFirst = [a, stranger].sort((x, y) => (x.address.toLowerCase() < y.address.toLowerCase() ? -1 : 1));
      const wrong = await signedBlob(wallet, version, calls, 0n, strangerFirst);
      expect(await executeRevert(wallet, calls, wrong)).toMatch(/SignerNotOwner/);
      const wrongNonce = await signedBlob(wallet, version, calls, 1n, [a, b]);
      expect(await executeRevert(wallet, calls, wrongNonce)).toMatch(
        /SignerNotOwner|SignersNotAscending|InvalidSignature/,
      );

      const good = await signedBlob(wallet, version, calls, 0n, [a, c]);
      const id = padHex('0x1234', { size: 32 });
      const receipt = await send(deployer, wallet, WALLET_ABI, 'execute', [[{ calls, signatures: good, id }]]);
      expect(receipt.status).toBe('success');
      expect(await anvil.publicClient.getBalance({ address: recipient })).toBe(parseEther('1'));
      expect(await read<bigint>(wallet, 'nonce')).toBe(1n);
      const events = await anvil.publicClient.getContractEvents({
        address: wallet,
        abi: WALLET_ABI,
        eventName: 'ExecuteSuccess',
        fromBlock: receipt.blockNumber,
        toBlock: receipt.blockNumber,
      });
      expect(events).toHaveLength(1);
      expect(events[0].args).toMatchObject({ nonce: 0n, id });
      // Replay: the same signatures were over nonce 0, which is consumed.
      expect(await executeRevert(wallet, calls, good, id)).toMatch(
        /SignerNotOwner|SignersNotAscending|InvalidSignature/,
      );
    },
  );

  const depositId = (n: bigint): Hex => toHex(n, { size: 32 });
  const depositAddress = (wallet: Hex, n: bigint): Hex =>
    getContractAddress({
      opcode: 'CREATE2',
      from: wallet,
      salt: depositId(n),
      bytecode: DEPOSIT_ACCOUNT_ARTIFACT.bytecode,
    });
  const gas: Record<string, bigint> = {};

  afterAll(() => {
    if (process.env.CONTRACTS_GAS_REPORT !== undefined && Object.keys(gas).length > 0) {
      console.log(
        `gas used: ${JSON.stringify(Object.fromEntries(Object.entries(gas).map(([k, v]) => [k, Number(v)])))}`,
      );
    }
  });

  it('a config change executes only through execute, and the new owners then sign', async () => {
    const version = '1.2.0';
    const wallet = await createWallet(
      version,
      owners.map((owner) => owner.address),
      2n,
    );
    const [a, b, c] = sortedOwners();
    const newOwner = await anvil.fundedAccount('0');
    const direct = await executeRevertCall(wallet, 'setConfig', [[a.address, newOwner.address], 1n]);
    expect(direct).toMatch(/OnlySelf/);

    const calls: Call[] = [
      {
        to: wallet,
        value: 0n,
        data: encodeFunctionData({
          abi: WALLET_ABI,
          functionName: 'setConfig',
          args: [[a.address, newOwner.address], 1n],
        }),
      },
    ];
    const receipt = await send(deployer, wallet, WALLET_ABI, 'execute', [
      [{ calls, signatures: await signedBlob(wallet, version, calls, 0n, [b, c]), id: padHex('0x02', { size: 32 }) }],
    ]);
    expect(receipt.status).toBe('success');
    expect(await read<Hex[]>(wallet, 'owners')).toEqual([a.address, newOwner.address]);
    expect(await read<bigint>(wallet, 'threshold')).toBe(1n);
    const [setConfig] = await anvil.publicClient.getContractEvents({
      address: wallet,
      abi: WALLET_ABI,
      eventName: 'SetConfig',
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    });
    expect(setConfig.args).toEqual({ sender: getAddress(wallet), ownerCount: 2n, threshold: 1n });

    // A removed owner no longer counts; the new one alone meets the new threshold.
    const next: Call[] = [{ to: newOwner.address, value: 0n, data: '0x' }];
    expect(await executeRevert(wallet, next, await signedBlob(wallet, version, next, 1n, [c]))).toMatch(
      /SignerNotOwner/,
    );
    const ok = await send(deployer, wallet, WALLET_ABI, 'execute', [
      [
        {
          calls: next,
          signatures: await signedBlob(wallet, version, next, 1n, [newOwner]),
          id: padHex('0x03', { size: 32 }),
        },
      ],
    ]);
    expect(ok.status).toBe('success');
    // Bad configurations revert (through execute as well).
    const bad: Call[] = [
      {
        to: wallet,
        value: 0n,
        data: encodeFunctionData({ abi: WALLET_ABI, functionName: 'setConfig', args: [[a.address], 2n] }),
      },
    ];
    expect(await executeRevert(wallet, bad, await signedBlob(wallet, version, bad, 2n, [newOwner]))).toMatch(
      /CallFailed/,
    );
  });

  it('claim sweeps native coin, an ERC-20 and a token whose transfer returns nothing into the wallet', async () => {
    const version = '1.1.0';
    const wallet = await createWallet(
      version,
      owners.map((owner) => owner.address),
      2n,
    );
    const token = await deployArtifact(anvil, deployer, loadArtifact('TestToken'));
    const noReturn = await deployArtifact(anvil, deployer, loadArtifact('NoReturnToken'));
    const tokenAbi = loadArtifact('TestToken').abi;
    const balanceOf = (erc20: Hex, holder: Hex) =>
      anvil.publicClient.readContract({
        address: erc20,
        abi: tokenAbi,
        functionName: 'balanceOf',
        args: [holder],
      }) as Promise<bigint>;

    // Deposit 0: native coin only. 1: the token and some coin. 2: the no-return token.
    for (const n of [0n, 1n, 2n]) {
      expect(await read<Hex>(wallet, 'depositAddress', [depositId(n)])).toBe(depositAddress(wallet, n));
    }
    await anvil.setBalance(depositAddress(wallet, 0n), parseEther('2'));
    await anvil.setBalance(depositAddress(wallet, 1n), parseEther('0.5'));
    await send(deployer, token, tokenAbi, 'mint', [depositAddress(wallet, 1n), 1000n]);
    await send(deployer, noReturn, tokenAbi, 'mint', [depositAddress(wallet, 2n), 700n]);

    // The deployer is no owner.
    expect(await executeRevertCall(wallet, 'claim', [token, [depositId(1n)]])).toMatch(/NotOwner/);

    const owner = owners[0];
    const native = await send(owner, wallet, WALLET_ABI, 'claim', [
      '0x0000000000000000000000000000000000000000',
      [depositId(0n)],
    ]);
    expect(native.status).toBe('success');
    expect(await anvil.publicClient.getBalance({ address: wallet })).toBe(parseEther('2'));
    const claimed = await send(owner, wallet, WALLET_ABI, 'claim', [token, [depositId(1n)]]);
    const events = await anvil.publicClient.getContractEvents({
      address: wallet,
      abi: WALLET_ABI,
      eventName: 'Claim',
      fromBlock: claimed.blockNumber,
      toBlock: claimed.blockNumber,
    });
    expect(events.map((event) => event.args)).toEqual([
      {
        recipient: getAddress(wallet),
        deposit: depositAddress(wallet, 1n),
        token,
        tokenAmount: 1000n,
        ethAmount: parseEther('0.5'),
      },
    ]);
    await send(owner, wallet, WALLET_ABI, 'claim', [noReturn, [depositId(2n)]]);
    expect(await balanceOf(token, wallet)).toBe(1000n);
    expect(await balanceOf(noReturn, wallet)).toBe(700n);
    expect(await anvil.publicClient.getBalance({ address: wallet })).toBe(parseEther('2.5'));
    // Nothing is left behind, and the address takes (and gives up) a second deposit.
    for (const n of [0n, 1n, 2n]) {
      const address = depositAddress(wallet, n);
      expect(await anvil.publicClient.getCode({ address })).toBeUndefined();
      expect(await anvil.publicClient.getBalance({ address })).toBe(0n);
    }
    expect(await balanceOf(token, depositAddress(wallet, 1n))).toBe(0n);
    await send(deployer, token, tokenAbi, 'mint', [depositAddress(wallet, 1n), 5n]);
    await send(owner, wallet, WALLET_ABI, 'claim', [token, [depositId(1n)]]);
    expect(await balanceOf(token, wallet)).toBe(1005n);
  });

  it('claimTo runs only through execute and forwards what it swept', async () => {
    const version = '1.0.0';
    const wallet = await createWallet(
      version,
      owners.map((owner) => owner.address),
      2n,
    );
    const token = await deployArtifact(anvil, deployer, loadArtifact('TestToken'));
    const tokenAbi = loadArtifact('TestToken').abi;
    const recipient = (await anvil.fundedAccount('0')).address;
    await send(deployer, token, tokenAbi, 'mint', [depositAddress(wallet, 7n), 42n]);
    await anvil.setBalance(depositAddress(wallet, 7n), 9n);
    const args = [token, recipient, [depositId(7n)]] as const;
    expect(await executeRevertCall(wallet, 'claimTo', args)).toMatch(/OnlySelf/);
    const calls: Call[] = [
      { to: wallet, value: 0n, data: encodeFunctionData({ abi: WALLET_ABI, functionName: 'claimTo', args }) },
    ];
    const [a, b] = sortedOwners();
    await send(deployer, wallet, WALLET_ABI, 'execute', [
      [{ calls, signatures: await signedBlob(wallet, version, calls, 0n, [a, b]), id: padHex('0x07', { size: 32 }) }],
    ]);
    expect(
      await anvil.publicClient.readContract({
        address: token,
        abi: tokenAbi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(42n);
    expect(await anvil.publicClient.getBalance({ address: recipient })).toBe(9n);
  });

  it.each(WALLET_VERSIONS)(
    '%s: measures gas of execute with 1 and 10 calls and of a claim of 10 deposits',
    async (version) => {
      const wallet = await createWallet(
        version,
        owners.map((owner) => owner.address),
        2n,
      );
      await anvil.setBalance(wallet, parseEther('10'));
      const token = await deployArtifact(anvil, deployer, loadArtifact('TestToken'));
      const tokenAbi = loadArtifact('TestToken').abi;
      const [a, b] = sortedOwners();
      const recipient = (await anvil.fundedAccount('0')).address;
      await send(deployer, token, tokenAbi, 'mint', [wallet, 10_000n]);
      const transfer = (amount: bigint): Call => ({
        to: token,
        value: 0n,
        data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [recipient, amount] }),
      });
      let nonce = 0n;
      for (const [label, calls] of [
        [`${version} execute, 1 ERC-20 transfer (2 signatures)`, [transfer(1n)]],
        [`${version} execute, 10 ERC-20 transfers (2 signatures)`, Array.from({ length: 10 }, () => transfer(1n))],
      ] as const) {
        const receipt = await send(deployer, wallet, WALLET_ABI, 'execute', [
          [
            {
              calls,
              signatures: await signedBlob(wallet, version, [...calls], nonce, [a, b]),
              id: toHex(nonce + 100n, { size: 32 }),
            },
          ],
        ]);
        expect(receipt.status).toBe('success');
        gas[label] = receipt.gasUsed;
        nonce++;
      }
      const ids = Array.from({ length: 10 }, (_, i) => depositId(BigInt(i)));
      for (let i = 0; i < 10; i++) {
        await send(deployer, token, tokenAbi, 'mint', [depositAddress(wallet, BigInt(i)), 100n]);
        await anvil.setBalance(depositAddress(wallet, BigInt(i)), 1000n);
      }
      const claim = await send(a, wallet, WALLET_ABI, 'claim', [token, ids]);
      expect(claim.status).toBe('success');
      gas[`${version} claim of 10 deposits (ERC-20 + native each)`] = claim.gasUsed;
      expect(
        await anvil.publicClient.readContract({
          address: token,
          abi: tokenAbi,
          functionName: 'balanceOf',
          args: [wallet],
        }),
      ).toBe(10_000n - 11n + 1000n);
    },
  );
});
