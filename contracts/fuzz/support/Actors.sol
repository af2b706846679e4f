// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";

/// @notice An owner that is a contract (ERC-1271): it accepts a digest it was told to approve,
/// with the digest itself as the signature bytes.
contract ContractOwner is IERC1271 {
    mapping(bytes32 digest => bool) public approved;

    function approve(bytes32 digest) external {
        approved[digest] = true;
    }

    function isValidSignature(bytes32 digest, bytes calldata signature) external view returns (bytes4) {
        bool valid = approved[digest] && keccak256(signature) == keccak256(abi.encodePacked(digest));
        return valid ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }
}

/// @notice Tries, while the wallet is in the middle of something, to make it do things twice:
/// replays the calldata it was armed with (the operation being executed) and claims again.
/// Every attempt must fail; `reentries` counts the ones that did not.
abstract contract Reenterer {
    address public wallet;
    bytes public replay;
    bytes public reclaim;
    uint256 public reentries;
    uint256 public attempts;

    function arm(address wallet_, bytes calldata replay_, bytes calldata reclaim_) external {
        wallet = wallet_;
        replay = replay_;
        reclaim = reclaim_;
    }

    function _reenter() internal {
        address target = wallet;
        if (target == address(0)) return;
        wallet = address(0); // one attempt per arming, so the attempt itself cannot recurse
        ++attempts;
        if (replay.length > 0) {
            (bool ok, ) = target.call(replay);
            if (ok) ++reentries;
        }
        if (reclaim.length > 0) {
            (bool ok, ) = target.call(reclaim);
            if (ok) ++reentries;
        }
    }
}

/// @notice A call target that re-enters the wallet when it receives the native coin.
contract ReentrantReceiver is Reenterer {
    receive() external payable {
        _reenter();
    }
}

/// @notice A malicious ERC-20: every transfer re-enters the wallet (the deposit account's sweep
/// during a claim is a transfer). Otherwise an ordinary token anyone may mint.
contract ReentrantToken is ERC20, Reenterer {
    constructor() ERC20("Reentrant Token", "RNT") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (from != address(0)) _reenter();
    }
}
