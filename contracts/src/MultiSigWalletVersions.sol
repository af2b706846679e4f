// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

import {MultiSigWallet} from "./MultiSigWallet.sol";

/// @notice Version 1.0.0: raw concatenated 65-byte signatures. Unaudited.
contract MultiSigWallet_1_0_0 is MultiSigWallet {
    constructor() MultiSigWallet("1.0.0", false) {}
}

/// @notice Version 1.1.0: packed `signer ‖ uint16 length ‖ signature` entries. Unaudited.
contract MultiSigWallet_1_1_0 is MultiSigWallet {
    constructor() MultiSigWallet("1.1.0", true) {}
}

/// @notice Version 1.2.0: packed entries, as 1.1.0. Unaudited.
contract MultiSigWallet_1_2_0 is MultiSigWallet {
    constructor() MultiSigWallet("1.2.0", true) {}
}
