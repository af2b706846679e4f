// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

/// @notice The forge cheatcodes these tests use, declared here because forge-std is not
/// available as a package (the cheatcode contract answers at a fixed address in every forge test).
interface Vm {
    function addr(uint256 privateKey) external pure returns (address);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);
    function prank(address sender) external;
    function deal(address account, uint256 newBalance) external;
    function chainId(uint256 newChainId) external;
    function etch(address target, bytes calldata code) external;
    function expectRevert() external;
    function expectRevert(bytes4 selector) external;
    function expectRevert(bytes calldata data) external;
    function assume(bool condition) external pure;
    function label(address account, string calldata name) external;
    function readFile(string calldata path) external view returns (string memory);
    function parseJsonBytes(string calldata json, string calldata key) external pure returns (bytes memory);
    function ffi(string[] calldata command) external returns (bytes memory);
    function toString(uint256 value) external pure returns (string memory);
    function toString(address value) external pure returns (string memory);
    function toString(bytes32 value) external pure returns (string memory);
}

/// @notice forge's console (printed with -vv). It has no code, so it is called without
/// Solidity's code-size check.
library console {
    address private constant CONSOLE = 0x000000000000000000636F6e736F6c652e6c6f67;

    function log(string memory label, uint256 a, uint256 b) internal view {
        (bool ok, ) = CONSOLE.staticcall(abi.encodeWithSignature("log(string,uint256,uint256)", label, a, b));
        ok;
    }
}

Vm constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

/// @notice Assertions and input shaping for forge tests: a failed assertion reverts, which forge
/// reports as the test (or invariant) failing.
abstract contract ForgeTest {
    /// What forge reads to restrict an invariant campaign to the handler's actions.
    struct FuzzSelector {
        address addr;
        bytes4[] selectors;
    }

    function assertTrue(bool condition, string memory message) internal pure {
        if (!condition) revert(message);
    }

    function assertEq(uint256 actual, uint256 expected, string memory message) internal pure {
        if (actual != expected) {
            revert(string.concat(message, ": got ", vm.toString(actual), ", expected ", vm.toString(expected)));
        }
    }

    function assertEq(address actual, address expected, string memory message) internal pure {
        if (actual != expected) {
            revert(string.concat(message, ": got ", vm.toString(actual), ", expected ", vm.toString(expected)));
        }
    }

    function assertEq(bytes32 actual, bytes32 expected, string memory message) internal pure {
        if (actual != expected) {
            revert(string.concat(message, ": got ", vm.toString(actual), ", expected ", vm.toString(expected)));
        }
    }

    /// `value` folded into [min, max] (forge shrinks toward small values either way).
    function bound(uint256 value, uint256 min, uint256 max) internal pure returns (uint256) {
        return min + (value % (max - min + 1));
    }
}
