/** The shapes the console reads from the documented /api/v1 endpoints (only the fields it uses). */

export type Role = 'ADMIN' | 'OPERATOR' | 'VIEWER';

export interface SessionDto {
  address: string;
  expiresAt: string;
  csrfToken: string;
  memberships: { accountId: string; accountName: string; role: Role }[];
}

export interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  items: T[];
}

export interface Currency {
  id: string;
  symbol: string;
  name: string;
  chainId: string | number;
  address: string | null;
  decimals: number;
  isNative: boolean;
  isScam?: boolean;
  isVerified?: boolean;
}

export interface Account {
  id: string;
  name: string;
  contract: string;
  members: string[];
  createdAt: string;
  isTron: boolean;
  smartContractVersionId: string;
  networkId: string | null;
}

export interface AccountDeployment {
  deploymentId: string;
  chainId: string | number;
  networkName: string;
  approvers: string[];
  threshold: number;
  deploymentStatus: 'not_deployed' | 'pending' | 'deployed';
  transactionHash: string | null;
  deployedAt: string | null;
}

export interface AccountDetails {
  account: Account;
  deployments: AccountDeployment[];
}

export interface Network {
  chainId: string | number;
  name: string;
  isTestnet: boolean;
  isTron: boolean;
  transactionExplorerUrl: string;
  addressExplorerUrl: string;
}

export interface AssetBalance {
  currency: Currency;
  balance: string;
  convertedBalance: string | null;
}

export interface BalanceSummary {
  totalBalance: string;
  uncollectedBalance: string;
  uncollectedInvoices: number;
  allRatesReceived: boolean;
}

export interface Call {
  to: string;
  value: string;
  data: string;
}

export type OperationStatus = 'PENDING' | 'READY' | 'EXECUTED' | 'FAILED' | 'CANCELLED';

export interface QueueOperation {
  id: string;
  executeOperationId: string;
  nonce: string;
  operationType: 'MULTISIG_CONFIG_CHANGE' | 'PAYOUT' | 'REJECT' | 'DAPP_TRANSACTION';
  status: OperationStatus;
  calls: Call[];
  payload: Record<string, unknown>;
  signaturesCollected: number;
  signaturesRequired: number;
  txHash: string | null;
  userSigned: boolean;
  canSign: boolean;
  canExecute: boolean;
  canDelete: boolean;
  canReject: boolean;
  isBlocked: boolean;
  createdAt: string;
  createdBy: string;
  signatures: { user: string; sign: string }[];
  signatureBlob: string | null;
}

export interface QueuePage extends Page<QueueOperation> {
  nextExecutableNonce: string;
}

export type Decoded =
  | { kind: 'NATIVE_TRANSFER'; recipient: string; amount: string; currency: Currency | null }
  | { kind: 'TOKEN_TRANSFER'; recipient: string; amount: string; currency: Currency | null }
  | { kind: 'SET_CONFIG'; approvers: string[]; threshold: number }
  | { kind: 'CLAIM_TO'; currency: Currency | null; recipient: string; invoiceNonces: string[] }
  | { kind: 'CONTRACT_CALL'; function: string; args: { name: string; type: string; value: unknown }[] }
  | { kind: 'UNKNOWN'; selector: string | null };

export type Severity = 'CRITICAL' | 'WARNING' | 'INFO';

export interface OperationReview {
  operationId: string;
  executeOperationId: string;
  nonce: string;
  operationType: QueueOperation['operationType'];
  status: OperationStatus;
  typedData: import('../lib/digest').ReviewTypedData;
  domainSeparator: string;
  structHash: string;
  digest: string;
  calls: { index: number; to: string; toLabel: string | null; value: string; data: string; decoded: Decoded }[];
  config: {
    approversBefore: string[];
    approversAfter: string[];
    thresholdBefore: number;
    thresholdAfter: number;
  } | null;
  simulation: {
    status: 'SUCCESS' | 'REVERTED' | 'UNAVAILABLE';
    blockNumber: string | number | null;
    revertReason: string | null;
    reason: string | null;
    transfers: { currency: Currency | null; from: string; to: string; amount: string }[];
  };
  warnings: { code: string; severity: Severity; message: string; callIndex: number | null }[];
}

export interface Payout {
  id: string;
  currencyId: string;
  amount: string;
  toAddress: string;
  trackingId: string | null;
  queueOperationId: string;
  nonce: string;
  status: 'CREATED' | 'SIGNED' | 'SENT' | 'EXECUTED' | 'FAILED' | 'CANCELED';
  createdBy: string;
  createdAt: string;
  currency: Currency | null;
}

export interface Invoice {
  id: string;
  publicId: string;
  invoiceAddress: string;
  requestedAmount: string | null;
  availableCurrencies: Currency[];
  paymentPageUrl: string;
  status: 'CREATED' | 'PAID' | 'UNRESOLVED';
  createdAt: string;
  paidAmount: string | null;
  trackingId: string | null;
}

export interface Transaction {
  id: string;
  direction: 'IN' | 'OUT';
  status: 'PENDING' | 'EXECUTED' | 'CONFIRMED' | 'FAILED';
  txHash: string;
  currencyId: string;
  amount: string;
  fromAddress: string;
  toAddress: string;
  operationType: string;
  createdAt: string;
  currency: Currency | null;
}

export interface ClaimItem {
  invoiceId: string;
  invoiceNonce: string;
  createdAt: string;
  updatedAt: string | null;
  currency: Currency;
  amount: string;
  transactions: number;
}

export interface Member {
  address: string;
  role: Role;
  addedAt: string;
  addedBy: string | null;
  approverOn: (string | number)[];
}

export interface ApiKey {
  id: string;
  name: string;
  owner: string;
  scopes: string[];
  deploymentIds: string[] | null;
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  keyPrefix: string;
}

export interface ApiKeyCreated extends ApiKey {
  apiKey: string;
  apiSecret: string;
}

export interface AddressBookEntry {
  id: string;
  address: string;
  networkType: 'evm' | 'tvm';
  label: string;
  status: 'PENDING' | 'APPROVED';
  addedBy: string;
  approvedBy: string | null;
  createdAt: string;
  approvedAt: string | null;
}

export interface PayoutPolicy {
  addressBookOnly: boolean;
  blockLookalikes: boolean;
  newPayeeDelayHours: number;
  limits: { currencyId: string; maxPerPayout: string | null; maxPer24h: string | null }[];
}

export interface AuditEvent {
  id: string;
  createdAt: string;
  action: string;
  actor: { address: string; via: 'API_KEY' | 'SESSION' | 'TOKEN' | 'CLI'; keyId: string | null };
  target: { type: string; id: string };
  changes: unknown;
  requestId: string | null;
  clientAddress: string | null;
}
