// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ProxyFactory} from "../src/ProxyFactory.sol";
import {TestToken} from "../test/TestTokens.sol";
import {IWallet} from "./support/IWallet.sol";
import {vm} from "./support/Vm.sol";
import {ContractOwner, ReentrantReceiver, ReentrantToken} from "./support/Actors.sol";

/// @notice Drives one wallet (a factory clone of one implementation) through random sequences of
/// signed operations (transfers, setConfig, claimTo, calls into a re-entering target), claims,
/// deposits and factory creations, and keeps a model of what each should do. Every action is
/// predicted from the model first; if the wallet then succeeds where the model says it must fail
/// (or the reverse), or moves money differently, `violation` records it and the invariants fail.
/// @dev Asset 0 is the native coin, 1 an ordinary ERC-20, 2 a token that re-enters the wallet on
/// every transfer. Each action catches the wallet's revert, so the campaign never stops on one.
contract WalletHandler {
    uint256 internal constant KEYS = 6; // EOA owners-to-be, by private key
    uint256 internal constant CONTRACT_OWNER = 6; // pool index of the ERC-1271 owner
    uint256 internal constant POOL = 9; // + the re-entering token and the re-entering call target
    uint256 internal constant DEPOSITS = 6;
    uint256 internal constant RECIPIENTS = 4; // 3 plain addresses + the re-entering call target
    uint256 internal constant ASSETS = 3;
    uint256 internal constant SECP256K1_N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141;

    bytes32 internal constant EIP712_DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 internal constant CALL_TYPEHASH = keccak256("Call(address to,uint256 value,bytes data)");
    bytes32 internal constant EXECUTE_TYPEHASH =
        keccak256("Execute(Call[] calls,uint256 nonce)Call(address to,uint256 value,bytes data)");

    /// What the wallet should hold and know; changed only when the wallet did what was predicted.
    struct Model {
        address[] owners;
        uint256 threshold;
        uint256 nonce;
        uint256[ASSETS] wallet;
        uint256[ASSETS][DEPOSITS] deposits;
        uint256[ASSETS][RECIPIENTS] recipients;
    }

    /// One transaction's simulation on a copy of the model.
    struct Sim {
        Model model;
        bool[DEPOSITS] createdInThisTx; // a deposit account's address keeps its code until the tx ends
        bool ok;
    }

    ProxyFactory public immutable factory;
    address public immutable implementation;
    IWallet public immutable wallet;
    bool public immutable packed;
    bytes32 public immutable initCodeHash;
    string public version;
    TestToken public immutable token;
    ReentrantToken public immutable evilToken;
    ContractOwner public immutable contractOwner;
    ReentrantReceiver public immutable receiver;

    uint256[KEYS] internal keys;
    address[POOL] public pool;
    bytes32[DEPOSITS] public depositIds;
    address[RECIPIENTS] public recipientAddresses;

    Model internal model;
    string public violation;
    bytes internal lastExecuted; // calldata of the last executed `execute`, for replays

    address[] public created;
    mapping(address instance => bytes32) public createdConfig;

    mapping(string action => uint256) public calls;
    mapping(string action => uint256) public successes;

    constructor(ProxyFactory factory_, address implementation_, string memory version_, bool packed_, bytes32 hash) {
        factory = factory_;
        implementation = implementation_;
        version = version_;
        packed = packed_;
        initCodeHash = hash;
        token = new TestToken();
        evilToken = new ReentrantToken();
        contractOwner = new ContractOwner();
        receiver = new ReentrantReceiver();
        for (uint256 i = 0; i < KEYS; ++i) {
            keys[i] = (uint256(keccak256(abi.encode("owner", i))) % (SECP256K1_N - 1)) + 1;
            pool[i] = vm.addr(keys[i]);
        }
        pool[CONTRACT_OWNER] = address(contractOwner);
        pool[7] = address(evilToken);
        pool[8] = address(receiver);
        for (uint256 i = 0; i < DEPOSITS; ++i) depositIds[i] = keccak256(abi.encode("deposit", i));
        for (uint256 i = 0; i < 3; ++i) recipientAddresses[i] = address(uint160(0xBEEF0000 + i));
        recipientAddresses[3] = address(receiver);

        // The wallet under test: 2 of the first 3 keys.
        address[] memory first = new address[](3);
        for (uint256 i = 0; i < 3; ++i) first[i] = pool[i];
        bytes memory initializer = abi.encodeCall(IWallet.initialize, (first, 2));
        wallet = IWallet(factory.createInstance(implementation, initializer, 0));
        model.owners = first;
        model.threshold = 2;
    }

    // ------------------------------------------------------------------ actions (fuzzed)

    /// Signs and submits one or two operations, each with up to three calls, from signer sets
    /// around the threshold, sometimes for another wallet, chain, version or nonce, sometimes
    /// out of order, duplicated or corrupted.
    function execute(uint256 seed) external {
        ++calls["execute"];
        Sim memory sim;
        sim.model = model;
        sim.ok = true;
        uint256 opCount = 1 + (_rand(seed, "ops") % 4 == 0 ? 1 : 0);
        IWallet.Operation[] memory ops = new IWallet.Operation[](opCount);
        for (uint256 i = 0; i < opCount; ++i) {
            ops[i] = _operation(sim, uint256(keccak256(abi.encode(seed, i))));
        }
        bytes memory data = abi.encodeCall(IWallet.execute, (ops));
        receiver.arm(address(wallet), data, "");
        evilToken.arm(address(wallet), data, "");
        (bool ok, bytes memory reason) = address(wallet).call(data);
        receiver.arm(address(0), "", "");
        evilToken.arm(address(0), "", "");
        _compare("execute", sim, ok, reason);
        if (ok && sim.ok) lastExecuted = data;
    }

    /// Submits the last executed operations again: must never execute twice.
    function replay(uint256 chainSeed) external {
        if (lastExecuted.length == 0) return;
        ++calls["replay"];
        bool otherChain = chainSeed % 2 == 1;
        if (otherChain) vm.chainId(block.chainid + 1 + (chainSeed % 1000));
        uint256 chain = block.chainid;
        (bool ok, ) = address(wallet).call(lastExecuted);
        if (otherChain) vm.chainId(chain - 1 - (chainSeed % 1000));
        if (ok) _violate("a replayed operation executed again");
    }

    /// An owner (or anyone, who must be refused) claims deposit accounts into the wallet.
    function claim(uint256 callerSeed, uint256 idsSeed, uint256 assetSeed) external {
        ++calls["claim"];
        // Half the time a current owner; else anyone in the pool, or a stranger.
        address caller = callerSeed % 2 == 0
            ? model.owners[(callerSeed >> 8) % model.owners.length]
            : callerSeed % 8 == 1
                ? address(uint160(0xCAFE0000 + (callerSeed % 7)))
                : pool[(callerSeed >> 8) % POOL];
        uint256 asset = assetSeed % ASSETS;
        bytes32[] memory ids = _ids(idsSeed);
        Sim memory sim;
        sim.model = model;
        sim.ok = _isModelOwner(sim.model, caller);
        if (sim.ok) _simClaim(sim, asset, address(wallet), ids);
        bytes memory data = abi.encodeCall(IWallet.claim, (_assetAddress(asset), ids));
        bytes memory reclaim = abi.encodeCall(IWallet.claim, (_assetAddress(asset), ids));
        evilToken.arm(address(wallet), lastExecuted, reclaim);
        vm.prank(caller);
        (bool ok, bytes memory reason) = address(wallet).call(data);
        evilToken.arm(address(0), "", "");
        _compare("claim", sim, ok, reason);
    }

    /// Anyone but the wallet calling what only `execute` may call must be refused.
    function callSelfOnly(uint256 callerSeed, uint256 which) external {
        ++calls["callSelfOnly"];
        address caller = pool[callerSeed % POOL];
        address[] memory owners_ = new address[](1);
        owners_[0] = caller;
        bytes memory data = which % 3 == 0
            ? abi.encodeCall(IWallet.setConfig, (owners_, 1))
            : which % 3 == 1
                ? abi.encodeCall(IWallet.claimTo, (address(0), caller, _ids(which)))
                : abi.encodeCall(IWallet.initialize, (owners_, 1));
        vm.prank(caller);
        (bool ok, ) = address(wallet).call(data);
        if (ok) _violate("a self-only function or initialize ran for an outside caller");
    }

    /// Money sent to a deposit address (native coin and either token), or straight to the wallet.
    function deposit(uint256 idSeed, uint256 amountSeed, uint256 assetSeed) external {
        ++calls["deposit"];
        ++successes["deposit"];
        uint256 asset = assetSeed % ASSETS;
        uint256 amount = bound(amountSeed, 1, 1e24);
        if (idSeed % 8 == 7) {
            _give(asset, address(wallet), amount);
            model.wallet[asset] += amount;
            return;
        }
        uint256 index = idSeed % DEPOSITS;
        address at = wallet.depositAddress(depositIds[index]);
        address expected = create2Address(0xff, address(wallet), depositIds[index], initCodeHash);
        if (at != expected) _violate("depositAddress is not the CREATE2 address of the catalog's init-code hash");
        _give(asset, at, amount);
        model.deposits[index][asset] += amount;
    }

    /// Creates a wallet through the factory (valid or not, sometimes at an address already used)
    /// and checks it is initialized exactly once, at the predicted address.
    function createWallet(uint256 ownersSeed, uint256 thresholdSeed, uint256 saltNonce, uint256 flaw) external {
        ++calls["createWallet"];
        saltNonce = saltNonce % 4;
        address[] memory owners_ = _ownerSubset(ownersSeed);
        uint256 threshold_ = bound(thresholdSeed, 0, owners_.length + 1);
        bytes memory initializer = abi.encodeCall(IWallet.initialize, (owners_, threshold_));
        address predicted = factory.predictInstanceAddress(implementation, initializer, saltNonce);
        if (flaw % 5 == 0 && owners_.length > 0) owners_[0] = address(0);
        if (flaw % 5 == 1 && owners_.length > 1) owners_[1] = owners_[0];
        if (flaw % 5 < 2) {
            initializer = abi.encodeCall(IWallet.initialize, (owners_, threshold_));
            predicted = factory.predictInstanceAddress(implementation, initializer, saltNonce);
        }
        bool expectOk = _validConfig(owners_, threshold_, predicted) && predicted.code.length == 0;
        try factory.createInstance(implementation, initializer, saltNonce) returns (address instance) {
            if (!expectOk) return _violate("the factory created a wallet with an invalid config or twice");
            ++successes["createWallet"];
            if (instance != predicted) return _violate("the factory created a wallet away from its prediction");
            if (created.length < 32) created.push(instance);
            createdConfig[instance] = keccak256(abi.encode(owners_, threshold_));
            (bool again, ) = instance.call(initializer);
            if (again) _violate("a created wallet was initialized a second time");
        } catch {
            if (expectOk) _violate("the factory refused a valid creation");
        }
    }

    // ------------------------------------------------------------------ model views (invariants)

    function modelOwners() external view returns (address[] memory) {
        return model.owners;
    }

    function modelThreshold() external view returns (uint256) {
        return model.threshold;
    }

    function modelNonce() external view returns (uint256) {
        return model.nonce;
    }

    function modelWallet(uint256 asset) external view returns (uint256) {
        return model.wallet[asset];
    }

    function modelDeposit(uint256 index, uint256 asset) external view returns (uint256) {
        return model.deposits[index][asset];
    }

    function modelRecipient(uint256 index, uint256 asset) external view returns (uint256) {
        return model.recipients[index][asset];
    }

    function createdCount() external view returns (uint256) {
        return created.length;
    }

    function balanceOf(uint256 asset, address account) public view returns (uint256) {
        if (asset == 0) return account.balance;
        return asset == 1 ? token.balanceOf(account) : evilToken.balanceOf(account);
    }

    /// CREATE2 (prefix 0xff) and Tron's form of it (prefix 0x41), computed here on their own.
    function create2Address(bytes1 prefix, address deployer, bytes32 salt, bytes32 hash) public pure returns (address) {
        return address(uint160(uint256(keccak256(abi.encodePacked(prefix, deployer, salt, hash)))));
    }

    // ------------------------------------------------------------------ operations and signatures

    function _operation(Sim memory sim, uint256 seed) internal returns (IWallet.Operation memory op) {
        // Signatures are checked against the config before the operation's own calls change it.
        Model memory before = _copyConfig(sim.model);
        uint256 callCount = _rand(seed, "calls") % 4;
        op.calls = new IWallet.Call[](callCount);
        for (uint256 j = 0; j < callCount; ++j) {
            op.calls[j] = _call(sim, uint256(keccak256(abi.encode(seed, "call", j))));
        }
        op.id = bytes32(seed);
        uint256 variant = _rand(seed, "domain") % 16;
        // 0-10: right domain and nonce; 11 another wallet; 12 another chain; 13 another version;
        // 14 the next nonce; 15 the previous nonce (or the next when there is none).
        address verifying = variant == 11 ? address(uint160(address(wallet)) ^ 1) : address(wallet);
        uint256 chain = variant == 12 ? block.chainid + 1 : block.chainid;
        string memory signedVersion = variant == 13 ? _otherVersion() : version;
        uint256 signedNonce = variant == 14 || (variant == 15 && sim.model.nonce == 0)
            ? sim.model.nonce + 1
            : variant == 15
                ? sim.model.nonce - 1
                : sim.model.nonce;
        bytes32 digest = _digest(op.calls, signedNonce, signedVersion, chain, verifying);
        bool signedRight = variant < 11;
        op.signatures = _sign(sim, before, digest, seed, signedRight);
        sim.model.nonce += 1;
    }

    function _call(Sim memory sim, uint256 seed) internal view returns (IWallet.Call memory call) {
        uint256 kind = _rand(seed, "kind") % 6;
        // Kind 1 always pays the re-entering call target.
        uint256 recipient = kind == 1 ? RECIPIENTS - 1 : _rand(seed, "to") % RECIPIENTS;
        address to = recipientAddresses[recipient];
        if (kind <= 1) {
            // Native coin: usually within the balance, sometimes one more than it.
            uint256 balance = sim.model.wallet[0];
            uint256 value = _rand(seed, "over") % 16 == 0 ? balance + 1 : bound(_rand(seed, "value"), 0, balance);
            call = IWallet.Call(to, value, "");
            if (value > sim.model.wallet[0]) return _fail(sim, call);
            sim.model.wallet[0] -= value;
            sim.model.recipients[recipient][0] += value;
        } else if (kind == 2) {
            uint256 asset = 1 + (_rand(seed, "asset") % 2);
            uint256 balance = sim.model.wallet[asset];
            uint256 amount = _rand(seed, "over") % 16 == 0 ? balance + 1 : bound(_rand(seed, "value"), 0, balance);
            call = IWallet.Call(_assetAddress(asset), 0, abi.encodeCall(IERC20.transfer, (to, amount)));
            if (amount > sim.model.wallet[asset]) return _fail(sim, call);
            sim.model.wallet[asset] -= amount;
            sim.model.recipients[recipient][asset] += amount;
        } else if (kind == 3) {
            call = _setConfigCall(sim, seed);
        } else {
            uint256 asset = _rand(seed, "asset") % ASSETS;
            bytes32[] memory ids = _ids(_rand(seed, "ids"));
            bool toWallet = _rand(seed, "self") % 5 == 0;
            address dest = toWallet ? address(wallet) : to;
            call = IWallet.Call(
                address(wallet),
                0,
                abi.encodeCall(IWallet.claimTo, (_assetAddress(asset), dest, ids))
            );
            _simClaim(sim, asset, dest, ids);
        }
    }

    function _setConfigCall(Sim memory sim, uint256 seed) internal view returns (IWallet.Call memory call) {
        // Mostly owners that can sign and a threshold they can meet, so the wallet stays usable;
        // sometimes owners that cannot sign (the re-entering token and call target) or a flaw.
        bool anyConfig = _rand(seed, "any") % 4 == 0;
        address[] memory owners_ = anyConfig ? _ownerSubset(_rand(seed, "owners")) : _signerSubset(_rand(seed, "owners"));
        uint256 flaw = _rand(seed, "flaw") % 12;
        if (owners_.length > 0 && flaw == 0) owners_[0] = address(0);
        if (owners_.length > 0 && flaw == 1) owners_[owners_.length - 1] = address(wallet);
        if (owners_.length > 1 && flaw == 2) owners_[1] = owners_[0];
        uint256 threshold_ = anyConfig || owners_.length == 0
            ? bound(_rand(seed, "threshold"), 0, owners_.length + 1)
            : bound(_rand(seed, "threshold"), 1, owners_.length);
        call = IWallet.Call(address(wallet), 0, abi.encodeCall(IWallet.setConfig, (owners_, threshold_)));
        if (!_validConfig(owners_, threshold_, address(wallet))) return _fail(sim, call);
        sim.model.owners = owners_;
        sim.model.threshold = threshold_;
    }

    /// Sweeps `ids` in the simulation: each account's native coin, and `asset` when it is a
    /// token, to the wallet, then (claimTo) on to `dest`.
    function _simClaim(Sim memory sim, uint256 asset, address dest, bytes32[] memory ids) internal view {
        uint256[ASSETS] memory swept;
        for (uint256 k = 0; k < ids.length; ++k) {
            uint256 index = _depositIndex(ids[k]);
            if (sim.createdInThisTx[index]) {
                sim.ok = false;
                return;
            }
            sim.createdInThisTx[index] = true;
            swept[0] += sim.model.deposits[index][0];
            sim.model.deposits[index][0] = 0;
            if (asset != 0) {
                swept[asset] += sim.model.deposits[index][asset];
                sim.model.deposits[index][asset] = 0;
            }
        }
        uint256 recipient = _recipientIndex(dest);
        for (uint256 a = 0; a < ASSETS; ++a) {
            if (dest == address(wallet)) sim.model.wallet[a] += swept[a];
            else sim.model.recipients[recipient][a] += swept[a];
        }
    }

    function _copyConfig(Model memory m) internal pure returns (Model memory config) {
        config.owners = m.owners;
        config.threshold = m.threshold;
    }

    function _sign(
        Sim memory sim,
        Model memory config,
        bytes32 digest,
        uint256 seed,
        bool signedRight
    ) internal returns (bytes memory) {
        // Signers: k of the current owners that can sign, k around the threshold; or any subset
        // of the pool (owners and strangers alike).
        uint256 mode = _rand(seed, "signers") % 4;
        address[] memory signers = mode == 0 ? _anySigners(_rand(seed, "mask")) : _ownerSigners(config, seed);
        _sortAscending(signers);
        uint256 shape = _rand(seed, "shape") % 16;
        bool ascending = true;
        if (shape == 0 && signers.length > 1) {
            (signers[0], signers[1]) = (signers[1], signers[0]);
            ascending = false;
        } else if (shape == 1 && signers.length > 0) {
            address[] memory doubled = new address[](signers.length + 1);
            for (uint256 i = 0; i < signers.length; ++i) doubled[i] = signers[i];
            doubled[signers.length] = signers[signers.length - 1];
            signers = doubled;
            ascending = false;
        }
        bytes memory signatures;
        uint256 ownerCount = 0;
        bool allOwners = true;
        for (uint256 i = 0; i < signers.length; ++i) {
            signatures = bytes.concat(signatures, _signatureOf(signers[i], digest));
            if (_isModelOwner(config, signers[i])) ++ownerCount;
            else allOwners = false;
        }
        bool corrupted = shape == 2 && signatures.length > 0;
        if (corrupted) {
            uint256 at = _rand(seed, "corrupt") % signatures.length;
            signatures[at] = bytes1(uint8(signatures[at]) ^ uint8(1 + (_rand(seed, "bit") % 255)));
        }
        if (!(signedRight && ascending && allOwners && !corrupted && ownerCount >= config.threshold)) {
            sim.ok = false;
        }
        return signatures;
    }

    function _signatureOf(address signer, bytes32 digest) internal returns (bytes memory) {
        bytes memory signature;
        if (signer == address(contractOwner)) {
            contractOwner.approve(digest);
            signature = abi.encodePacked(digest);
        } else {
            (uint8 v, bytes32 r, bytes32 s) = vm.sign(_keyOf(signer), digest);
            signature = abi.encodePacked(r, s, v);
        }
        return packed ? abi.encodePacked(signer, uint16(signature.length), signature) : signature;
    }

    function _ownerSigners(Model memory config, uint256 seed) internal view returns (address[] memory chosen) {
        address[] memory able = new address[](config.owners.length);
        uint256 count = 0;
        for (uint256 i = 0; i < config.owners.length; ++i) {
            if (_canSign(config.owners[i])) able[count++] = config.owners[i];
        }
        // threshold - 1, threshold or threshold + 1 of them (as many as can sign).
        uint256 want = config.threshold + (_rand(seed, "k") % 3);
        want = want == 0 ? 0 : want - 1;
        if (want > count) want = count;
        uint256 start = count == 0 ? 0 : _rand(seed, "start") % count;
        chosen = new address[](want);
        for (uint256 i = 0; i < want; ++i) chosen[i] = able[(start + i) % count];
    }

    function _anySigners(uint256 mask) internal view returns (address[] memory chosen) {
        uint256 able = packed ? KEYS + 1 : KEYS;
        uint256 count = 0;
        for (uint256 i = 0; i < able; ++i) if (mask & (1 << i) != 0) ++count;
        chosen = new address[](count);
        count = 0;
        for (uint256 i = 0; i < able; ++i) if (mask & (1 << i) != 0) chosen[count++] = pool[i];
    }

    function _digest(
        IWallet.Call[] memory calls_,
        uint256 nonce_,
        string memory version_,
        uint256 chain,
        address verifying
    ) internal pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](calls_.length);
        for (uint256 i = 0; i < calls_.length; ++i) {
            hashes[i] = keccak256(abi.encode(CALL_TYPEHASH, calls_[i].to, calls_[i].value, keccak256(calls_[i].data)));
        }
        bytes32 structHash = keccak256(abi.encode(EXECUTE_TYPEHASH, keccak256(abi.encodePacked(hashes)), nonce_));
        bytes32 domain = keccak256(
            abi.encode(EIP712_DOMAIN_TYPEHASH, keccak256("MultiSigWallet"), keccak256(bytes(version_)), chain, verifying)
        );
        return keccak256(abi.encodePacked(hex"1901", domain, structHash));
    }

    // ------------------------------------------------------------------ helpers

    function _compare(string memory action, Sim memory sim, bool ok, bytes memory reason) internal {
        if (ok && !sim.ok) return _violate(string.concat(action, " succeeded where it must have been refused"));
        if (!ok && sim.ok) {
            return _violate(string.concat(action, " was refused where it must have succeeded: ", _hex(reason)));
        }
        if (!ok) return;
        ++successes[action];
        model = sim.model;
    }

    function _fail(Sim memory sim, IWallet.Call memory call) internal pure returns (IWallet.Call memory) {
        sim.ok = false;
        return call;
    }

    function _violate(string memory what) internal {
        if (bytes(violation).length == 0) violation = what;
    }

    function _validConfig(address[] memory owners_, uint256 threshold_, address self) internal pure returns (bool) {
        if (threshold_ == 0 || threshold_ > owners_.length) return false;
        for (uint256 i = 0; i < owners_.length; ++i) {
            if (owners_[i] == address(0) || owners_[i] == self) return false;
            for (uint256 j = 0; j < i; ++j) if (owners_[j] == owners_[i]) return false;
        }
        return true;
    }

    function _ownerSubset(uint256 seed) internal view returns (address[] memory owners_) {
        uint256 mask = seed % (1 << POOL);
        uint256 count = 0;
        for (uint256 i = 0; i < POOL; ++i) if (mask & (1 << i) != 0) ++count;
        owners_ = new address[](count);
        count = 0;
        // In an order of the seed's choosing, not always the pool's.
        uint256 rotate = (seed >> POOL) % POOL;
        for (uint256 i = 0; i < POOL; ++i) {
            uint256 p = (i + rotate) % POOL;
            if (mask & (1 << p) != 0) owners_[count++] = pool[p];
        }
    }

    function _signerSubset(uint256 seed) internal view returns (address[] memory owners_) {
        owners_ = _anySigners(seed);
        // Rotated, so owners are not always listed in pool order.
        uint256 rotate = owners_.length == 0 ? 0 : (seed >> 16) % owners_.length;
        address[] memory rotated = new address[](owners_.length);
        for (uint256 i = 0; i < owners_.length; ++i) rotated[i] = owners_[(i + rotate) % owners_.length];
        return rotated;
    }

    function _ids(uint256 seed) internal view returns (bytes32[] memory ids) {
        uint256 count = seed % 4;
        ids = new bytes32[](count);
        for (uint256 i = 0; i < count; ++i) ids[i] = depositIds[(seed >> (8 * (i + 1))) % DEPOSITS];
    }

    function _depositIndex(bytes32 id) internal view returns (uint256) {
        for (uint256 i = 0; i < DEPOSITS; ++i) if (depositIds[i] == id) return i;
        revert("unknown deposit id");
    }

    function _recipientIndex(address account) internal view returns (uint256) {
        for (uint256 i = 0; i < RECIPIENTS; ++i) if (recipientAddresses[i] == account) return i;
        return type(uint256).max;
    }

    function _isModelOwner(Model memory m, address account) internal pure returns (bool) {
        for (uint256 i = 0; i < m.owners.length; ++i) if (m.owners[i] == account) return true;
        return false;
    }

    function _canSign(address account) internal view returns (bool) {
        if (account == address(contractOwner)) return packed;
        for (uint256 i = 0; i < KEYS; ++i) if (pool[i] == account) return true;
        return false;
    }

    function _keyOf(address account) internal view returns (uint256) {
        for (uint256 i = 0; i < KEYS; ++i) if (pool[i] == account) return keys[i];
        revert("no key");
    }

    function _sortAscending(address[] memory list) internal pure {
        for (uint256 i = 1; i < list.length; ++i) {
            address item = list[i];
            uint256 j = i;
            while (j > 0 && list[j - 1] > item) {
                list[j] = list[j - 1];
                --j;
            }
            list[j] = item;
        }
    }

    function _assetAddress(uint256 asset) internal view returns (address) {
        if (asset == 0) return address(0);
        return asset == 1 ? address(token) : address(evilToken);
    }

    function _give(uint256 asset, address to, uint256 amount) internal {
        if (asset == 0) {
            vm.deal(address(this), amount);
            (bool ok, ) = to.call{value: amount}("");
            if (!ok) _violate("a deposit address or the wallet refused the native coin");
        } else if (asset == 1) {
            token.mint(to, amount);
        } else {
            evilToken.mint(to, amount);
        }
    }

    function _otherVersion() internal view returns (string memory) {
        bytes32 mine = keccak256(bytes(version));
        return mine == keccak256("1.0.0") ? "1.1.0" : mine == keccak256("1.1.0") ? "1.2.0" : "1.0.0";
    }

    function _rand(uint256 seed, string memory label) internal pure returns (uint256) {
        return uint256(keccak256(abi.encode(seed, label)));
    }

    function bound(uint256 value, uint256 min, uint256 max) internal pure returns (uint256) {
        return min + (value % (max - min + 1));
    }

    function _hex(bytes memory data) internal pure returns (string memory) {
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
