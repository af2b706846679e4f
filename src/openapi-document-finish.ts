import type { OpenAPIObject } from '@nestjs/swagger';
import { STATUS_CODES } from 'node:http';

/**
 * What the decorators cannot say once for the whole document: the servers, the tags with their
 * descriptions, a description for every operation, the 429 every /api/v1 operation can answer,
 * and an error example per status (the schema's own example is the 409's, which Swagger UI would
 * otherwise show under every error status).
 */

const TAGS: readonly { name: string; description: string }[] = [
  { name: 'Token', description: 'The token service: access and refresh tokens for an API key and secret (JSON:API).' },
  { name: 'Currencies', description: 'Public catalog of networks and currencies; no credential needed, cacheable.' },
  {
    name: 'Smart contract versions',
    description: 'Public catalog of multisig contract versions: ABI, EIP-712 domain, deposit init-code hash.',
  },
  { name: 'Deployments', description: 'A multisig wallet deployed on one chain, and its nonces.' },
  { name: 'Transactions', description: 'What the chain did for a deployment, as reported by the indexer. Read-only.' },
  {
    name: 'Queue operations',
    description: "Operations waiting for approvers' EIP-712 / TIP-712 signatures before execution.",
  },
  { name: 'Invoices', description: 'Payment requests with deterministic deposit addresses.' },
  { name: 'Payouts', description: 'Outgoing transfers; each becomes a PAYOUT queue operation.' },
  { name: 'Claims', description: 'Settled invoice deposits that can be swept back into the wallet.' },
  {
    name: 'accounts',
    description:
      'Accounts: the multisig contract a team owns, its deployments per chain, balances and callback secret.',
  },
  { name: 'networks', description: 'The networks the service supports, with explorer links and confirmations.' },
  { name: 'Public invoices', description: "What an invoice's payer sees: no credential, nothing private." },
  { name: 'Callbacks', description: 'Signed merchant callbacks (Standard Webhooks): the delivery log and resend.' },
  {
    name: 'Sign-in',
    description:
      'People sign in with their wallet (EIP-4361; ERC-1271; Tron TIP-191): a session in an HTTP-only cookie.',
  },
];

const DESCRIPTIONS: Record<string, string> = {
  AccountsController_findUserAccounts_v1:
    'The accounts the caller is a member of, each with its contract, version and initial config. JWT callers may filter and see `isHidden`.',
  AccountsController_findAccountById_v1:
    'One account and its deployments, one per chain. Unknown and foreign accounts are the same 404.',
  AccountsController_updateAccount_v1: 'Renames an account (ADMIN). Returns the account.',
  AccountsController_getMembers_v1:
    "The account's members as a bare array: address, role (ADMIN, OPERATOR, VIEWER), when and by whom added, and the chains where the member is an approver.",
  AccountsController_addMember_v1:
    'Adds an address as a member with a role (ADMIN). The address needs no credential yet. 409 MEMBER_EXISTS when it is a member already.',
  AccountsController_updateMemberRole_v1:
    "Changes a member's role (ADMIN); it acts on the member's very next request. The last ADMIN cannot be demoted (400 LAST_ADMIN).",
  AccountsController_removeMember_v1:
    'Removes a member (ADMIN): its API keys on the account and their token sessions stop at once; approvers on chain are unchanged. The last ADMIN cannot be removed (400 LAST_ADMIN).',
  AccountsController_createApiKey_v1:
    'Creates a scoped API key for the caller, bound to the account, optionally to some deployments and an expiry. The key and secret are shown only in this answer. Needs an unscoped credential; a VIEWER may hold only `read` (400 SCOPE_EXCEEDS_ROLE).',
  AccountsController_getApiKeys_v1:
    "The caller's API keys on the account that are not revoked (every member's for an ADMIN), without key or secret; `lastUsedAt` is updated at most once a minute.",
  AccountsController_revokeApiKey_v1:
    'Revokes an API key (its owner, or an ADMIN): the key and every token session opened with it stop at once. Revoking a revoked key answers 200 too.',
  AccountsController_getDeploymentInfo_v1:
    "What the ProxyFactory needs to create the account's wallet on a chain: implementation, initializer calldata, salt nonce and the factory address.",
  AccountsController_getAssetBalances_v1:
    "The account's balances on one chain per currency, from settled transactions, paginated, with the value in a base currency where a rate is known.",
  AccountsController_getShortAssetBalances_v1: "The account's non-zero balances on one chain, without conversion.",
  AccountsController_getBalanceSummary_v1:
    'The total balance and the uncollected invoice deposits on one chain in a base currency, and whether every rate was known.',
  AccountsController_createCallbackSecret_v1:
    "Creates the account's callback signing secret (`whsec_…`), shown only in this answer; the previous one stops signing at once.",
  AccountsController_getCallbackSettings_v1:
    "Where the account's queue notifications go: `operationsCallbackUrl`, null when none is set.",
  AccountsController_updateCallbackSettings_v1:
    'Sets the URL that receives an OPERATION_* callback for every change of the queue of every deployment of the account (created, each signature, ready, executed, failed, cancelled, deleted), signed and retried like invoice callbacks; null turns them off.',
  AccountsController_getNotificationSettings_v1:
    "The caller's own notification settings on the account (e-mail, Slack webhook masked to its scheme and host, Telegram chat id, events) and the channels this server can send on.",
  AccountsController_updateNotificationSettings_v1:
    "Sets the caller's own notification settings on the account: where SIGNATURE_NEEDED, READY_TO_EXECUTE, EXECUTED, FAILED and DAILY_DIGEST reach it; null turns a channel off, events [] turns them all off. Recorded in the audit log.",
  TransactionsController_exportTransactions_v1:
    "Every transaction the list's filters and sort select, as one CSV file (RFC 4180, header row, amounts as decimal strings, ISO 8601 timestamps), streamed; no paging, at most EXPORT_MAX_ROWS rows.",
  InvoicesController_exportInvoices_v1:
    "Every invoice the list's filters and sort select, as one CSV file (RFC 4180, header row, amounts as decimal strings, ISO 8601 timestamps), streamed; no paging, at most EXPORT_MAX_ROWS rows.",
  PayoutsController_exportPayouts_v1:
    "Every payout the list's filters and sort select, as one CSV file (RFC 4180, header row, amounts as decimal strings, ISO 8601 timestamps), streamed; no paging, at most EXPORT_MAX_ROWS rows.",
  NetworksController_findAll_v1:
    'Every supported network with its explorer URL templates and the confirmations after which a transaction is CONFIRMED.',
  PublicInvoicesController_getInvoice_v1:
    'An invoice as the payment page shows it, by its public id: address, amounts, currencies, status. No credential.',
  PublicInvoicesController_getTransactions_v1:
    'The deposits seen for an invoice, by its public id, with their status and confirmations. No credential.',
  PublicInvoicesController_getEvents_v1:
    'The invoice as Server-Sent Events, for the payment page: an `invoice` event at once and after every change, a keep-alive comment every 15 s, the end after PAID or UNRESOLVED. No credential. Capped per instance (503: poll instead).',
  CallbacksController_findAll_v1:
    'Every callback sent or due for one invoice, payout or queue operation, in the order they are delivered, with its attempts, last response code and the start of the last response body.',
  CallbacksController_resend_v1:
    'Sends FAILED callbacks again from the start of the retry schedule; others are left alone.',
  CurrenciesController_findAll_v1:
    'Every currency of the catalog as a bare array, newest first unless sorted otherwise. Filters combine with AND. Answers carry an ETag; send it back in If-None-Match for a 304.',
  CurrenciesController_findOne_v1:
    'One currency by id (`{chainId}` or `{chainId}-{address}`; EVM addresses in any case). 404 CURRENCY_NOT_FOUND when the catalog has no such currency.',
  PublicSmartContractVersionsController_getByVersionId_v1:
    'One multisig contract version with its ABI, the EIP-712 domain to sign queue operations with, and the init-code hash that derives invoice deposit addresses. A malformed or unknown id is a 404.',
  TokenController_obtain:
    'Exchanges the API key (login) and secret (password) for an access token and a refresh token, each with its expiry; `meta.sign` lets the client verify the answer. Throttled per client address.',
  TokenController_refresh:
    'Exchanges a refresh token for a new pair. Each refresh token works once: presenting a rotated one revokes the whole session.',
  AccountDeploymentsController_getNonceInfo_v1:
    'The nonce the next operation will execute at, and the last nonce the wallet executed (-1 before the first).',
  TransactionsController_getTransactions_v1:
    "The deployment's transactions (deposits, payouts, executions, claims, deploys), paginated and filterable. Non-members get 403.",
  TransactionsController_getTransactionDetails_v1:
    'One transaction with its currency, its invoice when it is a deposit, and whether it can be claimed.',
  InvoicesController_findInvoicesByDeployment_v1:
    "The deployment's invoices, paginated and filterable by status, currency and dates.",
  InvoicesController_createInvoice_v1:
    "Creates an invoice with the next invoice nonce of the deployment and its deposit address (CREATE2 of the wallet, the nonce and the contract version's init-code hash). A trackingId must be unique per deployment (409).",
  InvoicesController_findInvoiceById_v1: 'One invoice with its deposits, paid amounts and payment page.',
  InvoicesController_updateInvoice_v1:
    "Changes an invoice's fields, or marks it PAID by hand. Amount and currencies are frozen once a deposit has arrived.",
  ClaimsController_getClaimableCurrencies_v1: 'The currencies with a non-zero claimable amount, with their sums.',
  ClaimsController_getClaims_v1:
    'Settled, unclaimed invoice deposits grouped by invoice and currency, ready to be swept.',
  QueueOperationsController_getDeploymentQueue_v1:
    'The queue: operations with their status, nonce and signatures, plus the next executable nonce.',
  QueueOperationsController_getOperationById_v1:
    'One operation with the typed data to sign, the signatures collected and, once READY, the signature blob to execute with.',
  QueueOperationsController_deleteOperation_v1:
    "Deletes an operation that is PENDING or READY; only its creator may. A payout operation's payout becomes CANCELED.",
  QueueOperationsController_createMultisigConfigChangeOperation_v1:
    "Proposes new approvers and threshold, at the next free nonce. Executed on chain, it replaces the deployment's signers.",
  QueueOperationsController_createRejectOperation_v1:
    'Proposes an empty operation at a given nonce: executing it consumes the nonce, so any other operation at that nonce can never execute.',
  QueueOperationsController_submitSignature_v1:
    "Adds an approver's EIP-712 (TIP-712 on Tron) signature over the operation. At the threshold the operation becomes READY.",
  QueueOperationsController_updateOperationNonce_v1:
    'Moves an operation to another nonce (at least the next executable one); its signatures are discarded and must be collected again.',
  PayoutsController_create_v1:
    'Creates a payout (native or token transfer) and its PAYOUT queue operation in one transaction, at the next free nonce unless one is given.',
  PayoutsController_findAll_v1: "The deployment's payouts, paginated and filterable.",
  PayoutsController_findOne_v1: 'One payout with its queue operation and status.',
  PayoutsController_update_v1: "Changes a payout's trackingId or callbackUrl; the transfer itself never changes.",
};

const ERROR_CODES: Record<number, { code: string; message: string }> = {
  400: { code: 'VALIDATION_FAILED', message: 'Invalid request: pageSize' },
  401: { code: 'UNAUTHORIZED', message: 'Invalid or missing token' },
  403: { code: 'DEPLOYMENT_ACCESS_DENIED', message: 'Access to this deployment is denied' },
  404: { code: 'DEPLOYMENT_NOT_FOUND', message: 'Deployment not found' },
  409: { code: 'INVOICE_TRACKING_ID_EXISTS', message: 'Invoice with this tracking ID already exists' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body exceeds 100 kB' },
  429: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests for this credential; retry in 12 seconds' },
  503: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable, retry later' },
};

const JSON_API_ERRORS: Record<number, { code: string; detail: string }> = {
  400: { code: '2006', detail: 'No active account found with the given credentials' },
  401: { code: '2007', detail: 'Token is invalid or expired' },
  429: { code: 'throttled', detail: 'Request was throttled. Expected available in 42 seconds.' },
};

const ERROR_SCHEMA = '#/components/schemas/ErrorResponseDto';
const JSON_API_ERROR_SCHEMA = '#/components/schemas/JsonApiErrorResponseDto';

function errorExample(status: number, operationPath: string): object {
  const known = ERROR_CODES[status] ?? { code: `HTTP_${status}`, message: STATUS_CODES[status] ?? 'Error' };
  const notFound =
    status === 404 && operationPath.startsWith('/api/v1/public/currencies')
      ? { code: 'CURRENCY_NOT_FOUND', message: 'Currency not found' }
      : status === 404 && operationPath.startsWith('/api/v1/public/smart-contract-versions')
        ? { code: 'SMART_CONTRACT_VERSION_NOT_FOUND', message: 'Smart contract version not found' }
        : known;
  return {
    statusCode: status,
    error: STATUS_CODES[status] ?? 'Error',
    code: notFound.code,
    message: `[ERR_${status}] ${notFound.message}`,
    ...(status === 400
      ? { details: [{ field: 'pageSize', message: 'pageSize must be an integer from 1 to 100' }] }
      : {}),
    requestId: '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b',
  };
}

interface MediaType {
  schema?: { $ref?: string };
  example?: unknown;
}
interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  description?: string;
  responses: Record<string, Response>;
}

const RETRY_AFTER = { description: 'Seconds until a request is admitted again', schema: { type: 'integer' } };

export function finishOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  const used = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item as Record<string, Operation & { tags?: string[] }>)) {
      operation.tags?.forEach((tag) => used.add(tag));
      // The token service takes its credentials in the body: say so, instead of saying nothing.
      operation.security ??= [];
      const description = operation.operationId === undefined ? undefined : DESCRIPTIONS[operation.operationId];
      if (operation.description === undefined && description !== undefined) operation.description = description;
      if (path.startsWith('/api/v1/') && operation.responses['429'] === undefined) {
        operation.responses['429'] = {
          description: 'Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached',
          headers: { 'Retry-After': RETRY_AFTER },
          content: { 'application/json': { schema: { $ref: ERROR_SCHEMA } } },
        };
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const media of Object.values(response.content ?? {})) {
          if (media.schema?.$ref === ERROR_SCHEMA) media.example = errorExample(Number(status), path);
          if (media.schema?.$ref === JSON_API_ERROR_SCHEMA) {
            const known = JSON_API_ERRORS[Number(status)] ?? {
              code: '2006',
              detail: STATUS_CODES[Number(status)] ?? 'Error',
            };
            media.example = { errors: [{ status, ...known }] };
          }
        }
      }
    }
  }
  document.tags = TAGS.filter((tag) => used.has(tag.name)).map((tag) => ({ ...tag }));
  return document;
}
