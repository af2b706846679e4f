// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

/// The part of Multicall3 (mds1/multicall3) the service reads balances with: `aggregate3` and
/// `getEthBalance`, with the same selectors and encoding. Tests put its runtime code at Multicall3's
/// canonical address (0xcA11bde05977b3631167028862bE2a173976CA11) with `anvil_setCode`.
/// Test only.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            (bool success, bytes memory ret) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }

    function getEthBalance(address addr) public view returns (uint256 balance) {
        balance = addr.balance;
    }
}
