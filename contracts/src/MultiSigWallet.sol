// SPDX-License-Identifier: UNLICENSED
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {Create2} from "@openzeppelin/contracts/utils/Create2.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {DepositAccount, IDepositAccountCreator} from "./DepositAccount.sol";

/// @title MultiSigWallet
/// @notice A threshold multisig: `execute` runs operations that enough owners signed as EIP-712
/// `Execute(Call[] calls,uint256 nonce)`; each operation consumes the next nonce. Money sent to an
/// invoice's deposit address (CREATE2 of DepositAccount from this wallet, salt = deposit id) is
/// collected with `claim`/`claimTo`.
/// @dev Deployed once per version as an implementation; wallets are EIP-1167 clones created by
/// ProxyFactory and set up with `initialize`. The version fixes the EIP-712 domain version and
/// how `Operation.signatures` is laid out:
/// - raw (1.0.0): concatenated 65-byte ECDSA signatures (r ‖ s ‖ v), ascending by recovered signer;
/// - packed (≥ 1.1.0): entries `signer (20 bytes) ‖ uint16 big-endian length ‖ signature`, ascending
///   by signer; a signature is an ECDSA signature of the signer, or an ERC-1271 one when the
///   signer is a contract.
/// Unaudited.
abstract contract MultiSigWallet is EIP712, Initializable, ReentrancyGuardTransient, IDepositAccountCreator {
    using SafeERC20 for IERC20;

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

    bytes32 public constant CALL_TYPEHASH = keccak256("Call(address to,uint256 value,bytes data)");
    bytes32 public constant EXECUTE_TYPEHASH =
        keccak256("Execute(Call[] calls,uint256 nonce)Call(address to,uint256 value,bytes data)");
    /// @notice keccak256 of DepositAccount's creation code: with this wallet's address and a
    /// deposit id it fixes the deposit address.
    bytes32 public constant DEPOSIT_ACCOUNT_INIT_CODE_HASH = keccak256(type(DepositAccount).creationCode);

    uint256 private constant ECDSA_SIGNATURE_LENGTH = 65;
    uint256 private constant PACKED_HEADER_LENGTH = 22;

    bool private immutable _packedSignatures;

    address[] private _owners;
    mapping(address owner => bool) private _isOwner;
    uint256 private _threshold;
    uint256 private _nonce;
    /// The token the deposit account being created during a claim sweeps (see depositToken).
    address private transient _claimToken;

    event ExecuteSuccess(uint256 indexed nonce, bytes32 indexed digest, bytes32 indexed id);
    event SetConfig(address sender, uint256 ownerCount, uint256 threshold);
    event Claim(address indexed recipient, address deposit, address token, uint256 tokenAmount, uint256 ethAmount);

    error OnlySelf();
    error NotOwner(address account);
    error InvalidOwner(address owner);
    error InvalidThreshold(uint256 threshold, uint256 ownerCount);
    error MalformedSignatures();
    error InvalidSignature(uint256 index);
    error SignerNotOwner(address signer);
    error SignersNotAscending(address previous, address signer);
    error ThresholdNotMet(uint256 signatures, uint256 threshold);
    error CallFailed(uint256 operationIndex, uint256 callIndex, bytes reason);

    modifier onlySelf() {
        if (msg.sender != address(this)) revert OnlySelf();
        _;
    }

    constructor(string memory version, bool packedSignatures) EIP712("MultiSigWallet", version) {
        _packedSignatures = packedSignatures;
        // The implementation itself is never a wallet.
        _disableInitializers();
    }

    receive() external payable {}

    /// @notice Sets the first owners and threshold of a fresh clone; callable once.
    function initialize(address[] calldata owners_, uint256 threshold_) external initializer {
        _setConfig(owners_, threshold_);
    }

    /// @notice Runs each operation in order; each must carry at least `threshold` owner signatures
    /// over its calls and the wallet's current nonce, which it then consumes. Any call that
    /// reverts reverts the whole transaction.
    function execute(Operation[] calldata operations) external payable {
        for (uint256 i = 0; i < operations.length; ++i) {
            Operation calldata operation = operations[i];
            uint256 operationNonce = _nonce;
            bytes32 digest = _hashTypedDataV4(
                keccak256(abi.encode(EXECUTE_TYPEHASH, _hashCalls(operation.calls), operationNonce))
            );
            _checkSignatures(digest, operation.signatures);
            _nonce = operationNonce + 1;
            for (uint256 j = 0; j < operation.calls.length; ++j) {
                Call calldata call = operation.calls[j];
                (bool ok, bytes memory reason) = call.to.call{value: call.value}(call.data);
                if (!ok) revert CallFailed(i, j, reason);
            }
            emit ExecuteSuccess(operationNonce, digest, operation.id);
        }
    }

    /// @notice Replaces the owners and threshold. Only through `execute`.
    function setConfig(address[] calldata owners_, uint256 threshold_) external onlySelf {
        _setConfig(owners_, threshold_);
    }

    /// @notice Sweeps the native coin and `erc20` (address(0): native coin only) from the deposit
    /// accounts `accountIds` into this wallet. Any owner may call it: the money only moves here.
    function claim(address erc20, bytes32[] calldata accountIds) external {
        if (!_isOwner[msg.sender]) revert NotOwner(msg.sender);
        _claim(erc20, address(this), accountIds);
    }

    /// @notice Like `claim`, then forwards what was swept to `to`. Only through `execute`.
    function claimTo(address erc20, address to, bytes32[] calldata accountIds) external onlySelf {
        _claim(erc20, to, accountIds);
    }

    /// @notice Asked by a DepositAccount while this wallet creates it: the token to sweep.
    function depositToken() external view returns (address) {
        return _claimToken;
    }

    /// @notice The deposit address of `accountId`.
    function depositAddress(bytes32 accountId) external view returns (address) {
        return Create2.computeAddress(accountId, DEPOSIT_ACCOUNT_INIT_CODE_HASH);
    }

    function owners() external view returns (address[] memory) {
        return _owners;
    }

    function isOwner(address account) external view returns (bool) {
        return _isOwner[account];
    }

    function threshold() external view returns (uint256) {
        return _threshold;
    }

    function nonce() external view returns (uint256) {
        return _nonce;
    }

    /// @notice The EIP-712 digest owners sign for `calls` at `operationNonce`.
    function getDigest(Call[] calldata calls, uint256 operationNonce) external view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(EXECUTE_TYPEHASH, _hashCalls(calls), operationNonce)));
    }

    function _hashCalls(Call[] calldata calls) private pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            hashes[i] = keccak256(abi.encode(CALL_TYPEHASH, calls[i].to, calls[i].value, keccak256(calls[i].data)));
        }
        return keccak256(abi.encodePacked(hashes));
    }

    /// Reverts unless `signatures` holds, strictly ascending by signer (so without duplicates),
    /// valid signatures of current owners over `digest`, at least `threshold` of them.
    function _checkSignatures(bytes32 digest, bytes calldata signatures) private view {
        uint256 length = signatures.length;
        uint256 count = 0;
        address previous = address(0);
        uint256 offset = 0;
        while (offset < length) {
            address signer;
            if (_packedSignatures) {
                if (length - offset < PACKED_HEADER_LENGTH) revert MalformedSignatures();
                signer = address(bytes20(signatures[offset:offset + 20]));
                uint256 signatureLength = uint16(bytes2(signatures[offset + 20:offset + PACKED_HEADER_LENGTH]));
                offset += PACKED_HEADER_LENGTH;
                if (length - offset < signatureLength) revert MalformedSignatures();
                if (!SignatureChecker.isValidSignatureNow(signer, digest, signatures[offset:offset + signatureLength])) {
                    revert InvalidSignature(count);
                }
                offset += signatureLength;
            } else {
                if (length - offset < ECDSA_SIGNATURE_LENGTH) revert MalformedSignatures();
                (address recovered, ECDSA.RecoverError error, ) = ECDSA.tryRecover(
                    digest,
                    signatures[offset:offset + ECDSA_SIGNATURE_LENGTH]
                );
                if (error != ECDSA.RecoverError.NoError) revert InvalidSignature(count);
                signer = recovered;
                offset += ECDSA_SIGNATURE_LENGTH;
            }
            if (signer <= previous) revert SignersNotAscending(previous, signer);
            if (!_isOwner[signer]) revert SignerNotOwner(signer);
            previous = signer;
            ++count;
        }
        if (count < _threshold) revert ThresholdNotMet(count, _threshold);
    }

    function _setConfig(address[] calldata owners_, uint256 threshold_) private {
        uint256 count = owners_.length;
        if (threshold_ == 0 || threshold_ > count) revert InvalidThreshold(threshold_, count);
        address[] storage current = _owners;
        for (uint256 i = 0; i < current.length; ++i) {
            _isOwner[current[i]] = false;
        }
        delete _owners;
        for (uint256 i = 0; i < count; ++i) {
            address owner = owners_[i];
            if (owner == address(0) || owner == address(this) || _isOwner[owner]) revert InvalidOwner(owner);
            _isOwner[owner] = true;
            _owners.push(owner);
        }
        _threshold = threshold_;
        emit SetConfig(msg.sender, count, threshold_);
    }

    function _claim(address erc20, address recipient, bytes32[] calldata accountIds) private nonReentrant {
        uint256 tokenBefore = erc20 == address(0) ? 0 : IERC20(erc20).balanceOf(address(this));
        uint256 ethBefore = address(this).balance;
        _claimToken = erc20;
        for (uint256 i = 0; i < accountIds.length; ++i) {
            address deposit = Create2.computeAddress(accountIds[i], DEPOSIT_ACCOUNT_INIT_CODE_HASH);
            uint256 ethAmount = deposit.balance;
            uint256 tokenAmount = erc20 == address(0) ? 0 : IERC20(erc20).balanceOf(deposit);
            // The account sweeps itself into this wallet in its constructor and self-destructs.
            Create2.deploy(0, accountIds[i], type(DepositAccount).creationCode);
            emit Claim(recipient, deposit, tokenAmount > 0 ? erc20 : address(0), tokenAmount, ethAmount);
        }
        _claimToken = address(0);
        if (recipient != address(this)) {
            // What actually arrived (a fee-on-transfer token delivers less than it moved).
            if (erc20 != address(0)) {
                uint256 tokenReceived = IERC20(erc20).balanceOf(address(this)) - tokenBefore;
                if (tokenReceived > 0) IERC20(erc20).safeTransfer(recipient, tokenReceived);
            }
            uint256 ethReceived = address(this).balance - ethBefore;
            if (ethReceived > 0) Address.sendValue(payable(recipient), ethReceived);
        }
    }
}
