// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

import {ProxyFactory} from "../src/ProxyFactory.sol";
import {MultiSigWallet_1_0_0, MultiSigWallet_1_1_0, MultiSigWallet_1_2_0} from "../src/MultiSigWalletVersions.sol";
import {IWallet} from "./support/IWallet.sol";
import {ForgeTest, console, vm} from "./support/Vm.sol";
import {WalletHandler} from "./WalletHandler.sol";

/// @notice Invariant campaign over one wallet version: forge calls the handler's actions in
/// random sequences and checks every invariant below after each call.
abstract contract WalletInvariants is ForgeTest {
    WalletHandler internal handler;
    IWallet internal wallet;

    function walletVersion() internal pure virtual returns (string memory);

    function packedSignatures() internal pure virtual returns (bool);

    function newImplementation() internal virtual returns (address);

    function setUp() public {
        bytes memory catalogCode = vm.parseJsonBytes(
            vm.readFile("contracts/artifacts/DepositAccount.json"),
            ".bytecode"
        );
        handler = new WalletHandler(
            new ProxyFactory(),
            newImplementation(),
            walletVersion(),
            packedSignatures(),
            keccak256(catalogCode)
        );
        wallet = handler.wallet();
    }

    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    function targetSelectors() public view returns (FuzzSelector[] memory targets) {
        bytes4[] memory selectors = new bytes4[](6);
        selectors[0] = WalletHandler.execute.selector;
        selectors[1] = WalletHandler.replay.selector;
        selectors[2] = WalletHandler.claim.selector;
        selectors[3] = WalletHandler.callSelfOnly.selector;
        selectors[4] = WalletHandler.deposit.selector;
        selectors[5] = WalletHandler.createWallet.selector;
        targets = new FuzzSelector[](1);
        targets[0] = FuzzSelector(address(handler), selectors);
    }

    /// One campaign checks them all (forge runs a campaign per invariant function).
    function invariant_wallet() public view {
        everyActionAsTheModelSays();
        nonceCountsExecutedOperations();
        configValid();
        moneyMovesOnlyAsExecuted();
        depositAccountsLeaveNothing();
        noReentry();
        createdWalletsInitializedOnce();
    }

    /// Every execute, claim and creation did exactly what the model allowed: an operation ran only
    /// with enough distinct current owners' valid, ascending signatures over its calls and the
    /// current nonce for this wallet, chain and version; nothing ran twice; nothing outside
    /// `execute` ran a self-only function.
    function everyActionAsTheModelSays() internal view {
        string memory violation = handler.violation();
        assertTrue(bytes(violation).length == 0, violation);
    }

    /// The nonce grows by exactly one per executed operation.
    function nonceCountsExecutedOperations() internal view {
        assertEq(wallet.nonce(), handler.modelNonce(), "nonce");
    }

    /// Owners and threshold are what the last executed setConfig set, and always a valid config.
    function configValid() internal view {
        address[] memory owners = wallet.owners();
        address[] memory expected = handler.modelOwners();
        uint256 threshold = wallet.threshold();
        assertEq(owners.length, expected.length, "owner count");
        assertEq(threshold, handler.modelThreshold(), "threshold");
        assertTrue(threshold >= 1 && threshold <= owners.length, "threshold outside 1..owners");
        for (uint256 i = 0; i < owners.length; ++i) {
            assertEq(owners[i], expected[i], "owner");
            assertTrue(owners[i] != address(0) && owners[i] != address(wallet), "zero or self owner");
            assertTrue(wallet.isOwner(owners[i]), "owner not isOwner");
            for (uint256 j = 0; j < i; ++j) assertTrue(owners[j] != owners[i], "duplicate owner");
        }
        for (uint256 p = 0; p < 9; ++p) {
            address candidate = handler.pool(p);
            bool listed = false;
            for (uint256 i = 0; i < owners.length; ++i) if (owners[i] == candidate) listed = true;
            assertTrue(wallet.isOwner(candidate) == listed, "isOwner disagrees with owners()");
        }
    }

    /// Money moved only as executed operations and claims said: the wallet, every deposit
    /// address and every recipient hold exactly what the model says, in each asset.
    function moneyMovesOnlyAsExecuted() internal view {
        for (uint256 asset = 0; asset < 3; ++asset) {
            assertEq(handler.balanceOf(asset, address(wallet)), handler.modelWallet(asset), "wallet balance");
            for (uint256 d = 0; d < 6; ++d) {
                address at = wallet.depositAddress(handler.depositIds(d));
                assertEq(handler.balanceOf(asset, at), handler.modelDeposit(d, asset), "deposit address balance");
            }
            for (uint256 r = 0; r < 4; ++r) {
                address to = handler.recipientAddresses(r);
                assertEq(handler.balanceOf(asset, to), handler.modelRecipient(r, asset), "recipient balance");
            }
        }
    }

    /// A claimed deposit account leaves no code behind, so its address can be paid and claimed again.
    function depositAccountsLeaveNothing() internal view {
        for (uint256 d = 0; d < 6; ++d) {
            assertEq(wallet.depositAddress(handler.depositIds(d)).code.length, 0, "deposit account code");
        }
    }

    /// Neither a re-entering call target nor a re-entering token ever got a second execution or claim.
    function noReentry() internal view {
        assertEq(handler.receiver().reentries(), 0, "call target re-entered");
        assertEq(handler.evilToken().reentries(), 0, "token re-entered");
    }

    /// Every wallet the factory created keeps the config it was created with, at nonce 0.
    function createdWalletsInitializedOnce() internal view {
        for (uint256 i = 0; i < handler.createdCount(); ++i) {
            IWallet instance = IWallet(handler.created(i));
            assertEq(
                keccak256(abi.encode(instance.owners(), instance.threshold())),
                handler.createdConfig(address(instance)),
                "created wallet config"
            );
            assertEq(instance.nonce(), 0, "created wallet nonce");
        }
    }

    /// Called by forge at the end of each run: how often each action ran and succeeded (shown
    /// with -vv), so a campaign whose actions mostly fail, and so prove little, shows.
    function afterInvariant() public view {
        string[6] memory actions = ["execute", "replay", "claim", "callSelfOnly", "deposit", "createWallet"];
        for (uint256 i = 0; i < actions.length; ++i) {
            console.log(actions[i], handler.calls(actions[i]), handler.successes(actions[i]));
        }
        console.log("re-entry attempts (call target, token)", handler.receiver().attempts(), handler.evilToken().attempts());
    }
}

contract WalletInvariants_1_0_0 is WalletInvariants {
    function walletVersion() internal pure override returns (string memory) {
        return "1.0.0";
    }

    function packedSignatures() internal pure override returns (bool) {
        return false;
    }

    function newImplementation() internal override returns (address) {
        return address(new MultiSigWallet_1_0_0());
    }
}

contract WalletInvariants_1_1_0 is WalletInvariants {
    function walletVersion() internal pure override returns (string memory) {
        return "1.1.0";
    }

    function packedSignatures() internal pure override returns (bool) {
        return true;
    }

    function newImplementation() internal override returns (address) {
        return address(new MultiSigWallet_1_1_0());
    }
}

contract WalletInvariants_1_2_0 is WalletInvariants {
    function walletVersion() internal pure override returns (string memory) {
        return "1.2.0";
    }

    function packedSignatures() internal pure override returns (bool) {
        return true;
    }

    function newImplementation() internal override returns (address) {
        return address(new MultiSigWallet_1_2_0());
    }
}
