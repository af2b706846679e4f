// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";

/// @title ProxyFactory
/// @notice Creates wallets as EIP-1167 minimal proxies of an implementation at an address fixed by
/// the initializer and a salt nonce, so the address is known (and can receive money) before the
/// wallet exists, and is the same on every chain where the factory and implementation are.
/// @dev salt = keccak256(abi.encodePacked(keccak256(initializer), saltNonce)). Unaudited.
contract ProxyFactory {
    event CreateSuccess(address indexed instance);

    error InitializationFailed(bytes reason);

    /// @notice Clones `implementation`, calls it with `initializer`, and reverts if that call fails.
    function createInstance(
        address implementation,
        bytes calldata initializer,
        uint256 saltNonce
    ) external returns (address instance) {
        instance = Clones.cloneDeterministic(implementation, _salt(initializer, saltNonce));
        (bool ok, bytes memory reason) = instance.call(initializer);
        if (!ok) revert InitializationFailed(reason);
        emit CreateSuccess(instance);
    }

    /// @notice The address `createInstance` gives for these inputs.
    function predictInstanceAddress(
        address implementation,
        bytes calldata initializer,
        uint256 saltNonce
    ) external view returns (address) {
        return Clones.predictDeterministicAddress(implementation, _salt(initializer, saltNonce));
    }

    function _salt(bytes calldata initializer, uint256 saltNonce) private pure returns (bytes32) {
        return keccak256(abi.encodePacked(keccak256(initializer), saltNonce));
    }
}
