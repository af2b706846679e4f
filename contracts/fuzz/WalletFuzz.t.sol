// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

import {ProxyFactory} from "../src/ProxyFactory.sol";
import {MultiSigWallet_1_0_0, MultiSigWallet_1_1_0, MultiSigWallet_1_2_0} from "../src/MultiSigWalletVersions.sol";
import {TestToken} from "../test/TestTokens.sol";
import {IWallet} from "./support/IWallet.sol";
import {ForgeTest, vm} from "./support/Vm.sol";

/// @notice Fuzz tests of single properties, over every wallet version: where a signature may
/// execute, where deposit accounts are created (and that the service derives the same address),
/// what a config may be, and how the factory creates wallets.
contract WalletFuzzTest is ForgeTest {
    uint256 internal constant SECP256K1_N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141;
    address internal constant RECIPIENT = address(0xBEEF);

    ProxyFactory internal factory;
    address[3] internal implementations;
    bool[3] internal packed = [false, true, true];
    TestToken internal token;
    bytes32 internal catalogHash;

    function setUp() public {
        factory = new ProxyFactory();
        implementations = [
            address(new MultiSigWallet_1_0_0()),
            address(new MultiSigWallet_1_1_0()),
            address(new MultiSigWallet_1_2_0())
        ];
        token = new TestToken();
        // The hash the catalog serves: of the committed artifact's creation code.
        catalogHash = keccak256(
            vm.parseJsonBytes(vm.readFile("contracts/artifacts/DepositAccount.json"), ".bytecode")
        );
    }

    /// A signature over one wallet's operation executes there, at that nonce, on that chain, in that
    /// version, once; never on a twin wallet with the same owner and nonce, another chain, another
    /// version's wallet, or at another nonce.
    struct Signed {
        uint256 v;
        uint256 w;
        uint256 key;
        IWallet wallet;
        IWallet twin;
        IWallet otherVersion;
        IWallet.Call[] calls;
        bytes32 digest;
    }

    function testFuzz_signatureExecutesOnlyWhereSigned(
        uint256 keySeed,
        uint256 amount,
        uint256 otherChain,
        uint256 versionSeed,
        bytes32 id
    ) public {
        otherChain = bound(otherChain, 1, type(uint64).max);
        vm.assume(otherChain != block.chainid);
        amount = bound(amount, 0, 1e30);
        Signed memory t = _signedSetup(keySeed, amount, versionSeed);

        _expectRefused(t.twin, t.calls, _signature(t.v, t.key, t.digest), id);
        _expectRefused(t.otherVersion, t.calls, _signature(t.w, t.key, t.digest), id);
        _expectRefused(t.wallet, t.calls, _signature(t.v, t.key, t.wallet.getDigest(t.calls, 1)), id);
        uint256 chain = block.chainid;
        vm.chainId(otherChain);
        _expectRefused(t.wallet, t.calls, _signature(t.v, t.key, t.digest), id);
        vm.chainId(chain);

        uint256 before = RECIPIENT.balance;
        t.wallet.execute(_ops(t.calls, _signature(t.v, t.key, t.digest), id));
        assertEq(RECIPIENT.balance - before, amount, "paid once");
        assertEq(t.wallet.nonce(), 1, "nonce after one operation");
        _expectRefused(t.wallet, t.calls, _signature(t.v, t.key, t.digest), id);
        assertEq(t.twin.nonce() + t.otherVersion.nonce(), 0, "twins untouched");
    }

    /// Three 1-of-1 wallets of one owner, each funded with `amount`: `wallet` and its `twin` of
    /// version v, `otherVersion` of version w; and an operation paying `amount` out of `wallet`.
    function _signedSetup(uint256 keySeed, uint256 amount, uint256 versionSeed) internal returns (Signed memory t) {
        t.v = versionSeed % 3;
        t.w = (t.v + 1 + ((versionSeed >> 8) % 2)) % 3;
        t.key = bound(keySeed, 1, SECP256K1_N - 1);
        address owner = vm.addr(t.key);
        t.wallet = _oneOfOne(t.v, owner, 0);
        t.twin = _oneOfOne(t.v, owner, 1);
        t.otherVersion = _oneOfOne(t.w, owner, 0);
        vm.deal(address(t.wallet), amount);
        vm.deal(address(t.twin), amount);
        vm.deal(address(t.otherVersion), amount);
        t.calls = new IWallet.Call[](1);
        t.calls[0] = IWallet.Call(RECIPIENT, amount, "");
        t.digest = t.wallet.getDigest(t.calls, 0);
        assertEq(t.digest, _eip712Digest(t.calls, 0, _version(t.v), block.chainid, address(t.wallet)), "getDigest");
    }

    /// `depositAddress(id)` is the CREATE2 address of the catalog's init-code hash, and a claim
    /// creates the deposit account exactly there: what was paid to it arrives in the wallet.
    function testFuzz_depositAddressIsWhereTheAccountIsCreated(
        bytes32 id,
        uint256 coin,
        uint256 tokens,
        uint256 versionSeed
    ) public {
        uint256 v = versionSeed % 3;
        coin = bound(coin, 0, 1e30);
        tokens = bound(tokens, 0, 1e30);
        IWallet wallet = _oneOfOne(v, address(this), 0);
        assertEq(wallet.DEPOSIT_ACCOUNT_INIT_CODE_HASH(), catalogHash, "wallet's init-code hash vs catalog's");
        address at = wallet.depositAddress(id);
        assertEq(at, _create2(0xff, address(wallet), id, catalogHash), "depositAddress vs CREATE2");
        vm.deal(at, coin);
        token.mint(at, tokens);
        bytes32[] memory ids = new bytes32[](1);
        ids[0] = id;
        wallet.claim(address(token), ids);
        assertEq(address(wallet).balance, coin, "coin claimed into the wallet");
        assertEq(token.balanceOf(address(wallet)), tokens, "tokens claimed into the wallet");
        assertEq(at.balance + token.balanceOf(at), 0, "deposit address emptied");
    }

    /// The service derives the same deposit addresses as the contract (EVM) and as Tron's CREATE2
    /// form with the 0x41 prefix, for any wallet address and id: 32 random pairs per run, in one
    /// call of the service's own TypeScript through ffi.
    /// forge-config: default.fuzz.runs = 8
    /// forge-config: ci.fuzz.runs = 4
    function testFuzz_serviceDerivationAgrees(uint256 seed) public {
        uint256 count = 32;
        address[] memory wallets = new address[](count);
        bytes32[] memory ids = new bytes32[](count);
        bytes memory clone = address(_oneOfOne(seed % 3, address(this), 0)).code;
        for (uint256 i = 0; i < count; ++i) {
            wallets[i] = address(uint160(uint256(keccak256(abi.encode(seed, "wallet", i)))));
            ids[i] = i % 4 == 0 ? bytes32(i) : keccak256(abi.encode(seed, "id", i)); // small ids too
            // A wallet at that address: the deposit address depends on it alone.
            vm.etch(wallets[i], clone);
        }
        string[] memory command = new string[](4);
        command[0] = "node";
        command[1] = "contracts/fuzz/support/service-deposit-address.js";
        command[2] = vm.toString(catalogHash);
        command[3] = _hexString(abi.encode(wallets, ids));
        (address[] memory evm, address[] memory tron) = abi.decode(vm.ffi(command), (address[], address[]));
        for (uint256 i = 0; i < count; ++i) {
            assertEq(evm[i], IWallet(wallets[i]).depositAddress(ids[i]), "service's EVM deposit address");
            assertEq(tron[i], _create2(0x41, wallets[i], ids[i], catalogHash), "service's Tron deposit address");
        }
    }

    /// setConfig through execute succeeds exactly for 1 <= threshold <= owners with no zero, self
    /// or duplicate owner, and then is the config.
    function testFuzz_setConfigOnlyValid(uint256 ownersSeed, uint256 threshold, uint256 flaw, uint256 versionSeed) public {
        uint256 v = versionSeed % 3;
        uint256 key = 0xA11CE;
        IWallet wallet = _oneOfOne(v, vm.addr(key), 0);
        uint256 count = ownersSeed % 6;
        address[] memory owners = new address[](count);
        for (uint256 i = 0; i < count; ++i) owners[i] = address(uint160(uint256(keccak256(abi.encode(ownersSeed, i)))));
        flaw = flaw % 5;
        if (count > 0 && flaw == 1) owners[count - 1] = address(0);
        if (count > 0 && flaw == 2) owners[0] = address(wallet);
        if (count > 1 && flaw == 3) owners[count - 1] = owners[0];
        threshold = bound(threshold, 0, count + 1);
        bool valid = threshold >= 1 && threshold <= count && (flaw == 0 || flaw == 4 || (flaw == 3 && count < 2));

        IWallet.Call[] memory calls = new IWallet.Call[](1);
        calls[0] = IWallet.Call(address(wallet), 0, abi.encodeCall(IWallet.setConfig, (owners, threshold)));
        bytes memory signature = _signature(v, key, wallet.getDigest(calls, 0));
        (bool ok, ) = address(wallet).call(abi.encodeCall(IWallet.execute, (_ops(calls, signature, 0))));
        assertTrue(ok == valid, valid ? "a valid config was refused" : "an invalid config was accepted");
        address[] memory current = wallet.owners();
        if (valid) {
            assertEq(current.length, count, "owner count");
            for (uint256 i = 0; i < count; ++i) assertEq(current[i], owners[i], "owner");
            assertEq(wallet.threshold(), threshold, "threshold");
        } else {
            assertEq(current.length, 1, "config unchanged");
            assertEq(current[0], vm.addr(key), "config unchanged");
        }
    }

    /// The factory creates each wallet at its predicted address, initialized once: never again,
    /// not twice at one address, and never the implementation itself.
    function testFuzz_factoryCreatesOnceAtPrediction(
        address ownerA,
        address ownerB,
        uint256 saltNonce,
        uint256 versionSeed
    ) public {
        vm.assume(ownerA != address(0) && ownerB != address(0) && ownerA != ownerB);
        address implementation = implementations[versionSeed % 3];
        address[] memory owners = new address[](2);
        owners[0] = ownerA;
        owners[1] = ownerB;
        bytes memory initializer = abi.encodeCall(IWallet.initialize, (owners, 2));
        address predicted = factory.predictInstanceAddress(implementation, initializer, saltNonce);
        vm.assume(predicted != ownerA && predicted != ownerB);
        address instance = factory.createInstance(implementation, initializer, saltNonce);
        assertEq(instance, predicted, "created at the prediction");
        assertEq(IWallet(instance).threshold(), 2, "initialized");

        (bool again, ) = instance.call(initializer);
        assertTrue(!again, "initialized twice");
        (bool twice, ) = address(factory).call(
            abi.encodeCall(ProxyFactory.createInstance, (implementation, initializer, saltNonce))
        );
        assertTrue(!twice, "created twice at one address");
        (bool implementationInitialized, ) = implementation.call(initializer);
        assertTrue(!implementationInitialized, "implementation initialized");
        assertEq(IWallet(instance).owners()[0], ownerA, "owners kept");
    }

    /// The code under test is the code the committed artifacts hold (forge compiles with the same
    /// compiler and settings as npm run contracts:build).
    function test_compiledCodeIsTheArtifacts() public view {
        _assertArtifact("MultiSigWallet_1_0_0", type(MultiSigWallet_1_0_0).creationCode);
        _assertArtifact("MultiSigWallet_1_1_0", type(MultiSigWallet_1_1_0).creationCode);
        _assertArtifact("MultiSigWallet_1_2_0", type(MultiSigWallet_1_2_0).creationCode);
        _assertArtifact("ProxyFactory", type(ProxyFactory).creationCode);
    }

    // ------------------------------------------------------------------ helpers

    function _assertArtifact(string memory name, bytes memory creationCode) internal view {
        string memory json = vm.readFile(string.concat("contracts/artifacts/", name, ".json"));
        assertEq(keccak256(vm.parseJsonBytes(json, ".bytecode")), keccak256(creationCode), name);
    }

    function _oneOfOne(uint256 v, address owner, uint256 saltNonce) internal returns (IWallet) {
        address[] memory owners = new address[](1);
        owners[0] = owner;
        bytes memory initializer = abi.encodeCall(IWallet.initialize, (owners, 1));
        return IWallet(factory.createInstance(implementations[v], initializer, saltNonce));
    }

    function _signature(uint256 v, uint256 key, bytes32 digest) internal pure returns (bytes memory) {
        (uint8 sv, bytes32 r, bytes32 s) = vm.sign(key, digest);
        bytes memory signature = abi.encodePacked(r, s, sv);
        return v == 0 ? signature : abi.encodePacked(vm.addr(key), uint16(65), signature);
    }

    function _ops(IWallet.Call[] memory calls, bytes memory signatures, bytes32 id)
        internal
        pure
        returns (IWallet.Operation[] memory ops)
    {
        ops = new IWallet.Operation[](1);
        ops[0] = IWallet.Operation(calls, signatures, id);
    }

    function _expectRefused(IWallet wallet, IWallet.Call[] memory calls, bytes memory signatures, bytes32 id) internal {
        uint256 nonceBefore = wallet.nonce();
        vm.expectRevert();
        wallet.execute(_ops(calls, signatures, id));
        assertEq(wallet.nonce(), nonceBefore, "nonce after a refused operation");
    }

    function _eip712Digest(
        IWallet.Call[] memory calls,
        uint256 nonce,
        string memory version,
        uint256 chain,
        address verifying
    ) internal pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            hashes[i] = keccak256(
                abi.encode(
                    keccak256("Call(address to,uint256 value,bytes data)"),
                    calls[i].to,
                    calls[i].value,
                    keccak256(calls[i].data)
                )
            );
        }
        bytes32 structHash = keccak256(
            abi.encode(
                keccak256("Execute(Call[] calls,uint256 nonce)Call(address to,uint256 value,bytes data)"),
                keccak256(abi.encodePacked(hashes)),
                nonce
            )
        );
        bytes32 domain = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("MultiSigWallet"),
                keccak256(bytes(version)),
                chain,
                verifying
            )
        );
        return keccak256(abi.encodePacked(hex"1901", domain, structHash));
    }

    function _version(uint256 v) internal pure returns (string memory) {
        return v == 0 ? "1.0.0" : v == 1 ? "1.1.0" : "1.2.0";
    }

    function _create2(bytes1 prefix, address deployer, bytes32 salt, bytes32 hash) internal pure returns (address) {
        return address(uint160(uint256(keccak256(abi.encodePacked(prefix, deployer, salt, hash)))));
    }

    function _hexString(bytes memory data) internal pure returns (string memory) {
        bytes16 digits = "0123456789abcdef";
        bytes memory out = new bytes(2 + data.length * 2);
        out[0] = "0";
        out[1] = "x";
        for (uint256 i = 0; i < data.length; ++i) {
            out[2 + 2 * i] = digits[uint8(data[i]) >> 4];
            out[3 + 2 * i] = digits[uint8(data[i]) & 0x0f];
        }
        return string(out);
    }
}
