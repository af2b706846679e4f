// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

// Written by scripts/contracts-test.js before this campaign runs: a copy of the real wallet whose
// threshold check lets one signature too few through.
import {MultiSigWalletThresholdOffByOne_1_2_0} from "./generated/MultiSigWalletThresholdOffByOne.sol";
import {WalletInvariants} from "../fuzz/WalletInvariants.t.sol";

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
