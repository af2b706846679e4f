// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

import {ProxyFactory} from "../src/ProxyFactory.sol";
import {MultiSigWallet} from "../src/MultiSigWallet.sol";
import {MultiSigWallet_1_0_0, MultiSigWallet_1_1_0, MultiSigWallet_1_2_0} from "../src/MultiSigWalletVersions.sol";
import {IWallet} from "./support/IWallet.sol";
import {ForgeTest, vm} from "./support/Vm.sol";

/// @notice Fixed sequences at the edges the campaigns probe, for every version: one signature short
/// of the threshold (the broken copy's bug), and a config change inside an operation (which the
/// campaign's model first got wrong: signatures count against the config before the operation).
contract WalletRegressionsTest is ForgeTest {
    uint256[4] internal keys = [uint256(0xA11CE), 0xB0B, 0xC4A1, 0xD0D0];
    address[3] internal implementations;
    ProxyFactory internal factory;

    function setUp() public {
        factory = new ProxyFactory();
        implementations = [
            address(new MultiSigWallet_1_0_0()),
            address(new MultiSigWallet_1_1_0()),
            address(new MultiSigWallet_1_2_0())
        ];
    }

    function test_oneSignatureShortOfTheThresholdIsRefused() public {
        for (uint256 v = 0; v < 3; ++v) {
            IWallet wallet = _wallet(v, _addresses(0, 3), 2);
            IWallet.Call[] memory calls = new IWallet.Call[](0);
            bytes32 digest = wallet.getDigest(calls, 0);
            vm.expectRevert(abi.encodeWithSelector(MultiSigWallet.ThresholdNotMet.selector, 1, 2));
            wallet.execute(_ops(calls, _signatures(v, digest, 0, 1)));
            vm.expectRevert(abi.encodeWithSelector(MultiSigWallet.ThresholdNotMet.selector, 0, 2));
            wallet.execute(_ops(calls, ""));
            wallet.execute(_ops(calls, _signatures(v, digest, 0, 2)));
            assertEq(wallet.nonce(), 1, "executed at the threshold");
        }
    }

    function test_aConfigChangeCountsFromTheNextOperation() public {
        for (uint256 v = 0; v < 3; ++v) {
            IWallet wallet = _wallet(v, _addresses(0, 2), 2);
            IWallet.Call[] memory calls = new IWallet.Call[](1);
            calls[0] = IWallet.Call(
                address(wallet),
                0,
                abi.encodeCall(IWallet.setConfig, (_addresses(2, 2), 2))
            );
            // Signed by the owners before the change: executes, and hands over.
            wallet.execute(_ops(calls, _signatures(v, wallet.getDigest(calls, 0), 0, 2)));
            assertTrue(wallet.isOwner(vm.addr(keys[2])) && !wallet.isOwner(vm.addr(keys[0])), "owners replaced");

            IWallet.Call[] memory none = new IWallet.Call[](0);
            bytes32 next = wallet.getDigest(none, 1);
            vm.expectRevert();
            wallet.execute(_ops(none, _signatures(v, next, 0, 2)));
            wallet.execute(_ops(none, _signatures(v, next, 2, 2)));
            assertEq(wallet.nonce(), 2, "new owners execute");
        }
    }

    function _wallet(uint256 v, address[] memory owners, uint256 threshold) internal returns (IWallet) {
        bytes memory initializer = abi.encodeCall(IWallet.initialize, (owners, threshold));
        return IWallet(factory.createInstance(implementations[v], initializer, 0));
    }

    function _addresses(uint256 from, uint256 count) internal view returns (address[] memory list) {
        list = new address[](count);
        for (uint256 i = 0; i < count; ++i) list[i] = vm.addr(keys[from + i]);
    }

    /// Signatures of keys[from .. from + count), ascending by signer, in version v's layout.
    function _signatures(uint256 v, bytes32 digest, uint256 from, uint256 count) internal view returns (bytes memory out) {
        uint256[] memory chosen = new uint256[](count);
        for (uint256 i = 0; i < count; ++i) chosen[i] = keys[from + i];
        for (uint256 i = 1; i < count; ++i) {
            for (uint256 j = i; j > 0 && vm.addr(chosen[j - 1]) > vm.addr(chosen[j]); --j) {
                (chosen[j - 1], chosen[j]) = (chosen[j], chosen[j - 1]);
            }
        }
        for (uint256 i = 0; i < count; ++i) {
            (uint8 sv, bytes32 r, bytes32 s) = vm.sign(chosen[i], digest);
            bytes memory signature = abi.encodePacked(r, s, sv);
            out = bytes.concat(
                out,
                v == 0 ? signature : abi.encodePacked(vm.addr(chosen[i]), uint16(65), signature)
            );
        }
    }

    function _ops(IWallet.Call[] memory calls, bytes memory signatures)
        internal
        pure
        returns (IWallet.Operation[] memory ops)
    {
        ops = new IWallet.Operation[](1);
        ops[0] = IWallet.Operation(calls, signatures, bytes32(0));
    }
}
