// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

// scripts/contracts-test.js copies this file into contracts/fuzz/generated/, beside the copy of the
// real wallet it writes there (threshold check off by one), runs it, and removes both again: plain
// `forge test` never sees them. Imports are from the repository root so they hold in both places.
import {MultiSigWalletThresholdOffByOne_1_2_0} from "contracts/fuzz/generated/MultiSigWalletThresholdOffByOne.sol";
import {WalletInvariants} from "contracts/fuzz/WalletInvariants.t.sol";

/// @notice The wallet invariants run against a deliberately broken wallet. This campaign must FAIL
/// (scripts/contracts-test.js asserts it does, and why): it shows the invariants can catch a
/// one-character bug in the signature check.
contract ThresholdOffByOneInvariants is WalletInvariants {
    function walletVersion() internal pure override returns (string memory) {
        return "1.2.0";
    }

    function packedSignatures() internal pure override returns (bool) {
        return true;
    }

    function newImplementation() internal override returns (address) {
        return address(new MultiSigWalletThresholdOffByOne_1_2_0());
    }
}
