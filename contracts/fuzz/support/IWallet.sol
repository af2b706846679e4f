// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

/// @notice The wallet's external interface as the tests drive it, so the same handler drives
/// every version and the deliberately broken copy alike (they share this ABI).
interface IWallet {
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    struct Operation {
        Call[] calls;
        bytes signatures;
        bytes32 id;
    }

    function initialize(address[] calldata owners, uint256 threshold) external;
    function execute(Operation[] calldata operations) external payable;
    function setConfig(address[] calldata owners, uint256 threshold) external;
    function claim(address erc20, bytes32[] calldata accountIds) external;
    function claimTo(address erc20, address to, bytes32[] calldata accountIds) external;
    function depositAddress(bytes32 accountId) external view returns (address);
    function getDigest(Call[] calldata calls, uint256 operationNonce) external view returns (bytes32);
    function owners() external view returns (address[] memory);
    function isOwner(address account) external view returns (bool);
    function threshold() external view returns (uint256);
    function nonce() external view returns (uint256);
    function DEPOSIT_ACCOUNT_INIT_CODE_HASH() external view returns (bytes32);
}
