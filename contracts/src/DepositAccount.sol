// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice What a deposit account asks the wallet that creates it.
interface IDepositAccountCreator {
    /// @return token The ERC-20 to sweep during this creation, or address(0) for the native coin only.
    function depositToken() external view returns (address token);
}

/// @title DepositAccount
/// @notice One invoice's deposit address. It exists only for the length of one claim: the wallet
/// creates it with CREATE2 (salt = the deposit id) at the address money was sent to, the
/// constructor moves the ERC-20 balance and the native coin to the wallet, and the account
/// self-destructs in the transaction that created it (EIP-6780), so no code or balance is left
/// behind and the same address can receive and be claimed again later.
/// @dev The creation code takes no constructor arguments, so its keccak256 (the catalog's
/// `depositAccountInitCodeHash`) is one constant for every wallet and every deposit. Which token
/// to sweep is asked from the creator (msg.sender) instead.
/// Unaudited.
contract DepositAccount {
    using SafeERC20 for IERC20;

    constructor() payable {
        address payable wallet = payable(msg.sender);
        address token = IDepositAccountCreator(wallet).depositToken();
        if (token != address(0)) {
            uint256 amount = IERC20(token).balanceOf(address(this));
            if (amount > 0) IERC20(token).safeTransfer(wallet, amount);
        }
        // Sends the whole native balance to the wallet without calling it, and (created in this
        // transaction) removes the account.
        selfdestruct(wallet);
    }
}
