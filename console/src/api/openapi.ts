// Generated from openapi.json by scripts/console-api-types.js (openapi-typescript): do not edit.
// `npm run openapi` rewrites it with openapi.json; console/src/api/openapi.spec.ts checks they agree.
export interface paths {
  '/api/v1/public/currencies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the currencies of the catalog
     * @description Every currency of the catalog as a bare array, newest first unless sorted otherwise. Filters combine with AND. Answers carry an ETag; send it back in If-None-Match for a 304.
     */
    get: operations['CurrenciesController_findAll_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/public/currencies/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one currency
     * @description One currency by id (`{chainId}` or `{chainId}-{address}`; EVM addresses in any case). 404 CURRENCY_NOT_FOUND when the catalog has no such currency.
     */
    get: operations['CurrenciesController_findOne_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/public/smart-contract-versions/{versionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a multisig contract version
     * @description One multisig contract version with its ABI, the EIP-712 domain to sign queue operations with, and the init-code hash that derives invoice deposit addresses. A malformed or unknown id is a 404.
     */
    get: operations['PublicSmartContractVersionsController_getByVersionId_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Obtain an access and a refresh token with the API key and secret
     * @description Exchanges the API key (login) and secret (password) for an access token and a refresh token, each with its expiry; `meta.sign` lets the client verify the answer. Throttled per client address.
     */
    post: operations['TokenController_obtain'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/token/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange a refresh token for a new access and refresh token
     * @description Exchanges a refresh token for a new pair. Each refresh token works once: presenting a rotated one revokes the whole session.
     */
    post: operations['TokenController_refresh'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/nonce': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A nonce for a Sign-In with Ethereum message (single use, 5 minutes)
     * @description No credential needed. The nonce goes on the "Nonce:" line of the EIP-4361 message the wallet signs; it works for one sign-in, within 5 minutes.
     */
    get: operations['AuthController_getNonce_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/sign-in': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with a wallet: a signed EIP-4361 message opens a session carried by a cookie
     * @description Sets the session cookie (HTTP-only, SameSite=Strict, Secure over https; `__Host-session` over https, `session` over http) for SESSION_TTL (default 8 h). The address must be a member of at least one account. Shares the token service's limit of TOKEN_RATE_LIMIT attempts per client address in any 60 s.
     */
    post: operations['AuthController_signIn_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The session cookie's session
     * @description The signed-in address, when the session ends, its CSRF token and the accounts it may use with their roles; 401 without a live session cookie.
     */
    get: operations['AuthController_getSession_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/sign-out': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * End the session at once and clear its cookie
     * @description A write like any other with the cookie, so it needs X-CSRF-Token. The session stops working on the next request, whichever copy of the cookie is sent.
     */
    post: operations['AuthController_signOut_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/deployments/{deploymentId}/nonce-info': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Current and last executed nonce
     * @description The nonce the next operation will execute at, and the last nonce the wallet executed (-1 before the first).
     */
    get: operations['AccountDeploymentsController_getNonceInfo_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller's accounts
     * @description The accounts the caller is a member of, each with its contract, version and initial config. JWT callers may filter and see `isHidden`.
     */
    get: operations['AccountsController_findUserAccounts_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An account and its deployments
     * @description One account and its deployments, one per chain. Unknown and foreign accounts are the same 404.
     */
    get: operations['AccountsController_findAccountById_v1'];
    /**
     * Rename an account
     * @description Renames an account (ADMIN). Returns the account.
     */
    put: operations['AccountsController_updateAccount_v1'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/deploy-params': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Inputs of ProxyFactory.createInstance for the account wallet
     * @description 404 WALLET_FACTORY_NOT_CONFIGURED when CHAIN_CONTRACTS names no factory (or no implementation of the account version) for the chain.
     */
    get: operations['AccountsController_getDeploymentInfo_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The account's members and their roles
     * @description The account's members as a bare array: address, role (ADMIN, OPERATOR, VIEWER), when and by whom added, and the chains where the member is an approver.
     */
    get: operations['AccountsController_getMembers_v1'];
    put?: never;
    /**
     * Add a member (the address need not hold a credential yet: it signs in with its wallet)
     * @description Adds an address as a member with a role (ADMIN). The address needs no credential yet. 409 MEMBER_EXISTS when it is a member already.
     */
    post: operations['AccountsController_addMember_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/members/{address}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a member: its API keys on the account and their sessions stop at once; no contract changes
     * @description Removes a member (ADMIN): its API keys on the account and their token sessions stop at once; approvers on chain are unchanged. The last ADMIN cannot be removed (400 LAST_ADMIN).
     */
    delete: operations['AccountsController_removeMember_v1'];
    options?: never;
    head?: never;
    /**
     * Change a member's role
     * @description Changes a member's role (ADMIN); it acts on the member's very next request. The last ADMIN cannot be demoted (400 LAST_ADMIN).
     */
    patch: operations['AccountsController_updateMemberRole_v1'];
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller's API keys on the account (every member's for an ADMIN), without secrets
     * @description The caller's API keys on the account that are not revoked (every member's for an ADMIN), without key or secret; `lastUsedAt` is updated at most once a minute.
     */
    get: operations['AccountsController_getApiKeys_v1'];
    put?: never;
    /**
     * Create a scoped API key for the caller; the key and secret are shown once
     * @description Creates a scoped API key for the caller, bound to the account, optionally to some deployments and an expiry. The key and secret are shown only in this answer. Needs an unscoped credential; a VIEWER may hold only `read` (400 SCOPE_EXCEEDS_ROLE).
     */
    post: operations['AccountsController_createApiKey_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/api-keys/{keyId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key (its owner or an ADMIN): the key and its token sessions stop at once
     * @description Revokes an API key (its owner, or an ADMIN): the key and every token session opened with it stop at once. Revoking a revoked key answers 200 too.
     */
    delete: operations['AccountsController_revokeApiKey_v1'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/networks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Supported networks
     * @description Every supported network with its explorer URL templates and the confirmations after which a transaction is CONFIRMED.
     */
    get: operations['NetworksController_findAll_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/transactions/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every transaction the list's filters select, as CSV (at most EXPORT_MAX_ROWS rows)
     * @description Every transaction the list's filters and sort select, as one CSV file (RFC 4180, header row, amounts as decimal strings, ISO 8601 timestamps), streamed; no paging, at most EXPORT_MAX_ROWS rows.
     */
    get: operations['TransactionsController_exportTransactions_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/transactions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the deployment's transactions
     * @description The deployment's transactions (deposits, payouts, executions, claims, deploys), paginated and filterable. Non-members get 403.
     */
    get: operations['TransactionsController_getTransactions_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/transactions/{transactionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One transaction of the deployment
     * @description One transaction with its currency, its invoice when it is a deposit, and whether it can be claimed.
     */
    get: operations['TransactionsController_getTransactionDetails_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/invoices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List invoices
     * @description The deployment's invoices, paginated and filterable by status, currency and dates.
     */
    get: operations['InvoicesController_findInvoicesByDeployment_v1'];
    put?: never;
    /**
     * Create an invoice with its deposit address
     * @description Creates an invoice with the next invoice nonce of the deployment and its deposit address (CREATE2 of the wallet, the nonce and the contract version's init-code hash). A trackingId must be unique per deployment (409).
     */
    post: operations['InvoicesController_createInvoice_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/invoices/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every invoice the list's filters select, as CSV (at most EXPORT_MAX_ROWS rows)
     * @description Every invoice the list's filters and sort select, as one CSV file (RFC 4180, header row, amounts as decimal strings, ISO 8601 timestamps), streamed; no paging, at most EXPORT_MAX_ROWS rows.
     */
    get: operations['InvoicesController_exportInvoices_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/invoices/{invoiceId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Invoice details
     * @description One invoice with its deposits, paid amounts and payment page.
     */
    get: operations['InvoicesController_findInvoiceById_v1'];
    /**
     * Change an invoice, or mark it PAID
     * @description Changes an invoice's fields, or marks it PAID by hand. Amount and currencies are frozen once a deposit has arrived.
     */
    put: operations['InvoicesController_updateInvoice_v1'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/public/invoices/{publicId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An invoice as its payer sees it
     * @description An invoice as the payment page shows it, by its public id: address, amounts, currencies, status. No credential.
     */
    get: operations['PublicInvoicesController_getInvoice_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/public/invoices/{publicId}/transactions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The invoice's deposits, oldest first
     * @description The deposits seen for an invoice, by its public id, with their status and confirmations. No credential.
     */
    get: operations['PublicInvoicesController_getTransactions_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/public/invoices/{publicId}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The invoice's changes as Server-Sent Events
     * @description The invoice as Server-Sent Events, for the payment page: an `invoice` event at once and after every change, a keep-alive comment every 15 s, the end after PAID or UNRESOLVED. No credential. Capped per instance (503: poll instead).
     */
    get: operations['PublicInvoicesController_getEvents_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/claims/currencies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Currencies with a non-zero claimable amount
     * @description The currencies with a non-zero claimable amount, with their sums.
     */
    get: operations['ClaimsController_getClaimableCurrencies_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/claims': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Unclaimed deposits, grouped by invoice and currency
     * @description Settled, unclaimed invoice deposits grouped by invoice and currency, ready to be swept.
     */
    get: operations['ClaimsController_getClaims_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/operations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List queued operations
     * @description The queue: operations with their status, nonce and signatures, plus the next executable nonce.
     */
    get: operations['QueueOperationsController_getDeploymentQueue_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/operations/{operationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read one operation with its signature status
     * @description One operation with the typed data to sign, the signatures collected and, once READY, the signature blob to execute with.
     */
    get: operations['QueueOperationsController_getOperationById_v1'];
    put?: never;
    post?: never;
    /**
     * Delete an operation (creator only, PENDING or READY)
     * @description Deletes an operation that is PENDING or READY; only its creator may. A payout operation's payout becomes CANCELED.
     */
    delete: operations['QueueOperationsController_deleteOperation_v1'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/operations/multisig-config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Propose new approvers and threshold
     * @description Proposes new approvers and threshold, at the next free nonce. Executed on chain, it replaces the deployment's signers.
     */
    post: operations['QueueOperationsController_createMultisigConfigChangeOperation_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/operations/reject': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reject by consuming a nonce
     * @description Proposes an empty operation at a given nonce: executing it consumes the nonce, so any other operation at that nonce can never execute.
     */
    post: operations['QueueOperationsController_createRejectOperation_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/operations/{operationId}/sign': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Submit an approver's signature
     * @description Adds an approver's EIP-712 (TIP-712 on Tron) signature over the operation. At the threshold the operation becomes READY.
     */
    post: operations['QueueOperationsController_submitSignature_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/operations/{operationId}/nonce': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change the nonce; resets signatures
     * @description Moves an operation to another nonce (at least the next executable one); its signatures are discarded and must be collected again.
     */
    patch: operations['QueueOperationsController_updateOperationNonce_v1'];
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/payouts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payouts
     * @description The deployment's payouts, paginated and filterable.
     */
    get: operations['PayoutsController_findAll_v1'];
    put?: never;
    /**
     * Create a payout and its PAYOUT queue operation
     * @description Creates a payout (native or token transfer) and its PAYOUT queue operation in one transaction, at the next free nonce unless one is given.
     */
    post: operations['PayoutsController_create_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/payouts/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every payout the list's filters select, as CSV (at most EXPORT_MAX_ROWS rows)
     * @description Every payout the list's filters and sort select, as one CSV file (RFC 4180, header row, amounts as decimal strings, ISO 8601 timestamps), streamed; no paging, at most EXPORT_MAX_ROWS rows.
     */
    get: operations['PayoutsController_exportPayouts_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/payouts/{payoutId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Payout details
     * @description One payout with its queue operation and status.
     */
    get: operations['PayoutsController_findOne_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change a payout's trackingId or callbackUrl
     * @description Changes a payout's trackingId or callbackUrl; the transfer itself never changes.
     */
    patch: operations['PayoutsController_update_v1'];
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/address-book': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The account's address book
     * @description Every entry of the account, PENDING and APPROVED, oldest first. Any member may read it.
     */
    get: operations['AddressBookController_list_v1'];
    put?: never;
    /**
     * Propose a payee (PENDING; APPROVED at once when the adder is the only ADMIN)
     * @description Adds an address with a label. Another ADMIN must approve it before it counts as a known payee; OPERATOR or ADMIN.
     */
    post: operations['AddressBookController_add_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/address-book/{entryId}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve a PENDING entry (another ADMIN)
     * @description The second person of the two-person rule: an ADMIN other than the one who added the entry. Approving an APPROVED entry changes nothing.
     */
    post: operations['AddressBookController_approve_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/address-book/{entryId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove an entry (ADMIN)
     * @description Removes the entry; the address is no longer a known payee through the address book.
     */
    delete: operations['AddressBookController_remove_v1'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/payout-policy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The account's payout policy (defaults when never set)
     * @description The rules every payout created through the service passes. Any member may read them.
     */
    get: operations['PayoutPolicyController_get_v1'];
    /**
     * Replace the payout policy (ADMIN)
     * @description Replaces the whole policy. It binds payouts created through the service only: owners who sign and execute elsewhere still reach the contract.
     */
    put: operations['PayoutPolicyController_put_v1'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/deployments/{deploymentId}/operations/{operationId}/review': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What an approver signs: typed data, hashes, decoded calls, config diff, simulation and warnings
     * @description The typed data to sign and its digest, computed from the deployment's contract version; every call decoded; the signer change; a simulation through the chain's node (UNAVAILABLE after 2.5 s, or without a node); and warnings such as look-alike payees.
     */
    get: operations['QueueOperationsController_getOperationReview_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/callbacks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Delivery log of one invoice or payout
     * @description Every callback sent or due for one invoice, payout or queue operation, in the order they are delivered, with its attempts, last response code and the start of the last response body.
     */
    get: operations['CallbacksController_findAll_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/callbacks/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send FAILED callbacks again
     * @description Sends FAILED callbacks again from the start of the retry schedule; others are left alone.
     */
    post: operations['CallbacksController_resend_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/callback-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a new callback signing secret, shown once; the old one stops signing at once
     * @description Creates the account's callback signing secret (`whsec_…`), shown only in this answer; the previous one stops signing at once.
     */
    post: operations['AccountsController_createCallbackSecret_v1'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/callback-settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The account's callback settings
     * @description Where the account's queue notifications go: `operationsCallbackUrl`, null when none is set.
     */
    get: operations['AccountsController_getCallbackSettings_v1'];
    /**
     * Set where queue notifications (OPERATION_* callbacks) go; null turns them off
     * @description Sets the URL that receives an OPERATION_* callback for every change of the queue of every deployment of the account (created, each signature, ready, executed, failed, cancelled, deleted), signed and retried like invoice callbacks; null turns them off.
     */
    put: operations['AccountsController_updateCallbackSettings_v1'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/notification-settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller's notification settings on the account (the Slack URL masked to scheme and host)
     * @description The caller's own notification settings on the account (e-mail, Slack webhook masked to its scheme and host, Telegram chat id, events) and the channels this server can send on.
     */
    get: operations['AccountsController_getNotificationSettings_v1'];
    /**
     * Set the caller's notification settings on the account; events [] turns them off
     * @description Sets the caller's own notification settings on the account: where SIGNATURE_NEEDED, READY_TO_EXECUTE, EXECUTED, FAILED and DAILY_DIGEST reach it; null turns a channel off, events [] turns them all off. Recorded in the audit log.
     */
    put: operations['AccountsController_updateNotificationSettings_v1'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/balance/assets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Balance per currency on one chain, converted to a fiat base currency
     * @description The account's balances on one chain per currency, from settled transactions, paginated, with the value in a base currency where a rate is known.
     */
    get: operations['AccountsController_getAssetBalances_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/balances': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Balance per currency on one chain, without conversion
     * @description The account's non-zero balances on one chain, without conversion.
     */
    get: operations['AccountsController_getShortAssetBalances_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/balance/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Total and uncollected balance on one chain in a fiat base currency
     * @description The total balance and the uncollected invoice deposits on one chain in a base currency, and whether every rate was known.
     */
    get: operations['AccountsController_getBalanceSummary_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/reconciliation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The wallet's balances on chain against the service's ledger, at one final block
     * @description Any member (right `read`). Reads the wallet contract's own balance (deposit accounts not included) of the native coin and of every catalog token of the network at the chain's head less the network's required confirmations, and the service's CONFIRMED ledger up to that same block. 400 INVALID_CHAIN for a chain the account cannot live on; 404 DEPLOYMENT_NOT_FOUND when the account has no wallet on the chain; 503 CHAIN_UNAVAILABLE when the service has no node for the chain (RPC_URL_<chainId>) or it does not answer. See docs/reconciliation.md.
     */
    get: operations['AccountsController_getReconciliation_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/audit-events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The account's audit log: who changed what, when and through which door
     * @description One entry per change made to the account through the service (and per sign-in), written in the same transaction as the change; newest first unless sortOrder=asc. ADMIN only; a scoped API key also needs `read`.
     */
    get: operations['AuditEventsController_findAuditEvents_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/accounts/{accountId}/audit-events/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every audit entry the list's filters select, as CSV (at most EXPORT_MAX_ROWS rows)
     * @description The list's filters and sort, without pages, streamed as RFC 4180 CSV; `changes` is the entry's JSON, and cells a spreadsheet would run as a formula start with '.
     */
    get: operations['AuditEventsController_exportAuditEvents_v1'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    CurrencyResponseDto: {
      /**
       * @description `{chainId}` for a native coin, `{chainId}-{contractAddress}` for a token.
       * @example 1-0xdac17f958d2ee523a2206206994597c13d831ec7
       */
      id: string;
      /** @example USDT */
      symbol: string;
      /** @example Tether USD */
      name: string;
      /**
       * @description Chain id as a decimal string.
       * @example 1
       */
      chainId: string;
      /**
       * @description Token contract (EIP-55 on EVM chains, base58check on Tron); null for a native coin.
       * @example 0xdAC17F958D2ee523a2206206994597C13D831ec7
       */
      address: string | null;
      /** @example 6 */
      decimals: number;
      /** @example false */
      isNative: boolean;
      /** @example false */
      isScam: boolean;
      /** @example true */
      isVerified: boolean;
      /**
       * @description CoinMarketCap id.
       * @example 825
       */
      cmcId: number | null;
      /** @example https://s2.coinmarketcap.com/static/img/coins/64x64/825.png */
      logoUrl: string | null;
      /**
       * Format: date-time
       * @example 2026-11-21T20:02:55.123Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @example 2026-11-21T20:02:55.123Z
       */
      updatedAt: string;
    };
    ErrorDetailDto: {
      /** @example trackingId */
      field: string;
      /** @example must match ^[A-Za-z0-9-]+$ */
      message: string;
    };
    ErrorResponseDto: {
      /** @example 409 */
      statusCode: number;
      /** @example Conflict */
      error: string;
      /**
       * @description Stable machine-readable code.
       * @example INVOICE_TRACKING_ID_EXISTS
       */
      code: string;
      /** @example [ERR_409] Invoice with this tracking ID already exists */
      message: string;
      /** @description Present for validation errors: one entry per failed field. */
      details?: components['schemas']['ErrorDetailDto'][];
      /** @example 0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b */
      requestId: string;
    };
    SmartContractVersionResponseDto: {
      /** @example 1.2.0-tvm-728126428 */
      id: string;
      /** @example 1.2.0 */
      version: string;
      /**
       * @example tvm
       * @enum {string}
       */
      networkType: 'evm' | 'tvm';
      /**
       * @description The Tron chain id; null for evm, which serves every EVM chain.
       * @example 728126428
       */
      chainId: string | null;
      /** @description ABI of the multisig account contract. */
      accountAbi: {
        [key: string]: unknown;
      }[];
      /** @description EIP-712 domain name and version to sign operations with (chainId and verifyingContract come from the deployment). */
      eip712Domain?: {
        /** @example MultiSigWallet */
        name: string;
        /** @example 1.2.0 */
        version: string;
      };
      /**
       * @description keccak256 of the deposit account creation code: with CREATE2 it derives invoice addresses.
       * @example 0xebd9a76d138a07c3116adfca7a7f15d6b73d3d16b934181c461e494a77e115c4
       */
      depositAccountInitCodeHash: string;
      /** @example true */
      isLatest: boolean;
      /**
       * Format: date-time
       * @example 2026-11-21T20:02:55.123Z
       */
      createdAt: string;
    };
    TokenObtainAttributesDto: {
      /**
       * @description The API key
       * @example 3f1c…
       */
      login: string;
      /**
       * @description The API secret
       * @example q9Vb…
       */
      password: string;
    };
    TokenObtainDataDto: {
      /** @enum {string} */
      type: 'auth-token';
      attributes: components['schemas']['TokenObtainAttributesDto'];
    };
    TokenObtainRequestDto: {
      data: components['schemas']['TokenObtainDataDto'];
    };
    AuthTokenAttributesDto: {
      /** @description Access token (JWT HS256); send as `Authorization: Bearer …` */
      access: string;
      /** @description Refresh token (JWT HS256); works once */
      refresh: string;
      /**
       * @description Expiry of the access token
       * @example 2026-11-21T20:03:55.123456+00:00
       */
      access_expired_at: string;
      /**
       * @description Expiry of the refresh token
       * @example 2026-11-22T02:02:55.123456+00:00
       */
      refresh_expired_at: string;
      /**
       * @description 2FA is not available for API users
       * @example false
       */
      is_2fa_confirmed: boolean;
    };
    AuthTokenResourceDto: {
      /** @enum {string} */
      type: 'auth-token';
      /**
       * Format: uuid
       * @description The session id (the tokens' `sid` claim)
       */
      id: string;
      attributes: components['schemas']['AuthTokenAttributesDto'];
    };
    AuthTokenMetaDto: {
      /**
       * @description When the request was received
       * @example 2026-11-21T20:02:55.123456+00:00
       */
      time: string;
      /**
       * @description hex(HMAC-SHA256(key = SHA-256(login + password) as 32 raw bytes, message = time + refresh))
       * @example 9c0e…
       */
      sign: string;
    };
    TokenObtainResponseDto: {
      data: components['schemas']['AuthTokenResourceDto'];
      meta: components['schemas']['AuthTokenMetaDto'];
    };
    JsonApiErrorDto: {
      /** @example 400 */
      status: string;
      /**
       * @description 2006 bad credentials or malformed document; 2007 refresh token invalid or expired; throttled
       * @example 2006
       */
      code: string;
      /** @example No active account found with the given credentials */
      detail: string;
    };
    JsonApiErrorResponseDto: {
      errors: components['schemas']['JsonApiErrorDto'][];
    };
    TokenRefreshAttributesDto: {
      /** @description The refresh token of the last obtain or refresh response */
      refresh: string;
    };
    TokenRefreshDataDto: {
      /** @enum {string} */
      type: 'auth-token';
      attributes: components['schemas']['TokenRefreshAttributesDto'];
    };
    TokenRefreshRequestDto: {
      data: components['schemas']['TokenRefreshDataDto'];
    };
    TokenRefreshResponseDto: {
      data: components['schemas']['AuthTokenResourceDto'];
    };
    NonceResponseDto: {
      /**
       * @description Put it on the message's "Nonce:" line. It works once, for 5 minutes.
       * @example k3Jd9QwZpX2mV7rT8sL1nB4cY6hF0aEu
       */
      nonce: string;
      /**
       * Format: date-time
       * @example 2026-11-26T12:05:00.000Z
       */
      expiresAt: string;
    };
    SignInDto: {
      /**
       * @description The signed EIP-4361 (Sign-In with Ethereum) message, exactly as signed. Domain: the host of this service; URI on its origin; Version 1; a nonce from GET /api/v1/auth/nonce; Issued At within the last 5 minutes. Tron wallets sign the same text with their base58 address.
       * @example pay.example.com wants you to sign in with your Ethereum account:
       *     0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
       *
       *     Sign in to the treasury console
       *
       *     URI: https://pay.example.com/console/
       *     Version: 1
       *     Chain ID: 1
       *     Nonce: k3Jd9QwZpX2mV7rT8sL1nB4cY6hF0aEu
       *     Issued At: 2026-11-26T12:00:00.000Z
       */
      message: string;
      /**
       * @description 0x-prefixed hex: the wallet's EIP-191 personal_sign signature (TIP-191 signMessageV2 for Tron), or what a contract wallet (ERC-1271) approves.
       * @example 0xf16ea9a3478698f695fd1401bfe27e9e4a7e8e3da94aa72b021125e31fa899cc573c48ea3fe1d4ab61a9db10c19032026e3ed2dbccba5a178235ac27f94504311c
       */
      signature: string;
    };
    MembershipDto: {
      /** Format: uuid */
      accountId: string;
      /** @example Treasury */
      accountName: string;
      /**
       * @example ADMIN
       * @enum {string}
       */
      role: 'ADMIN' | 'OPERATOR' | 'VIEWER';
    };
    SessionDto: {
      /**
       * @description The signed-in member (EIP-55, or Tron base58)
       * @example 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
       */
      address: string;
      /**
       * Format: date-time
       * @description When the session ends (SESSION_TTL after sign-in; never extended)
       * @example 2026-11-26T20:00:00.000Z
       */
      expiresAt: string;
      /**
       * @description Send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE authenticated by the session cookie
       * @example pQ3y1x0kq3o7cN9fW2bq2xF4m2YJk6W1a3s8d5f0g9h
       */
      csrfToken: string;
      memberships: components['schemas']['MembershipDto'][];
    };
    SignOutResponseDto: {
      /** @example true */
      signedOut: boolean;
    };
    NonceInfoResponseDto: {
      /**
       * @description Next executable nonce
       * @example 5
       */
      currentNonce: string;
      /**
       * @description Highest executed nonce, "-1" before any execution
       * @example 4
       */
      lastExecutedNonce: string;
    };
    AccountInitialConfigDto: {
      /**
       * @description Owners the wallet was created with (its initialize arguments), ascending by 20-byte form
       * @example [
       *       "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
       *       "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
       *     ]
       */
      approvers: string[];
      /**
       * @description Signatures required, as created
       * @example 2
       */
      threshold: number;
    };
    AccountResponseDto: {
      /** @example 0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b */
      id: string;
      /** @example Treasury */
      name: string;
      /**
       * @description Multisig contract address: the same on every EVM chain. Null only for an account created before accounts owned a contract that was never deployed.
       * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
       */
      contract: string | null;
      /**
       * @description Addresses of the members (read access)
       * @example [
       *       "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
       *     ]
       */
      members: string[];
      /** @example 2026-11-21T20:02:55.123Z */
      createdAt: string;
      /** @description Null with `contract` */
      initialConfig: components['schemas']['AccountInitialConfigDto'] | null;
      /**
       * @description Whether the account lives on Tron (TVM)
       * @example false
       */
      isTron: boolean;
      /**
       * @description {version}-{networkType} of the contract; null with `contract`
       * @example 1.2.0-evm
       */
      smartContractVersionId: string | null;
      /**
       * @description Tron chain id of a Tron account; null for EVM accounts
       * @example null
       */
      networkId: string | null;
      /**
       * @description JWT callers only: whether they hid this account
       * @example false
       */
      isHidden?: boolean;
    };
    AccountDeploymentDto: {
      /** @example 0193a4c2-8e2f-7b63-a03c-4d5e6f7a8b9c */
      deploymentId: string;
      /** @example 1 */
      chainId: string;
      /** @example Ethereum */
      networkName: string;
      /**
       * @example [
       *       "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
       *     ]
       */
      approvers: string[];
      /** @example 1 */
      threshold: number;
      /**
       * @example deployed
       * @enum {string}
       */
      deploymentStatus: 'not_deployed' | 'pending' | 'deployed';
      /**
       * @description The deploy transaction, once an indexer reported one
       * @example 0x8f5a4d0ef1b0f8ab1b2b9ee2e0ad71c0c1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6
       */
      transactionHash: string | null;
      /**
       * @description When the deploy transaction was mined (confirmedAt once confirmed)
       * @example 2026-11-21T20:02:55.123Z
       */
      deployedAt: string | null;
    };
    AccountDetailsDto: {
      account: components['schemas']['AccountResponseDto'];
      /** @description The account contract on each chain, oldest first */
      deployments: components['schemas']['AccountDeploymentDto'][];
    };
    UpdateAccountDto: {
      /** @example Treasury */
      name: string;
    };
    DeploymentParamsResponseDto: {
      /**
       * @description Wallet implementation to clone
       * @example 0x5FbDB2315678afecb367f032d93F642f64180aa3
       */
      implementationAddress: string;
      /**
       * @description initialize(owners, threshold) calldata
       * @example 0x60b5bb3f00000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000100000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8
       */
      initializerBytecode: string;
      /**
       * @description saltNonce: the account UUID as a 128-bit integer, decimal
       * @example 2095837358150533830598634303174703755
       */
      nonce: string;
      /**
       * @description The ProxyFactory
       * @example 0x4e59b44847b379578588920cA78FbF26c0B4956C
       */
      deployerAddress: string;
    };
    MemberResponseDto: {
      /** @example 0x52908400098527886E0F7030069857D2E4169EE7 */
      address: string;
      /** @enum {string} */
      role: 'ADMIN' | 'OPERATOR' | 'VIEWER';
      /** Format: date-time */
      addedAt: string;
      /** @description Who added the member; null when added from the command line */
      addedBy: string | null;
      /**
       * @description Chain ids of the account's deployments the member approves on
       * @example [
       *       "1"
       *     ]
       */
      approverOn: string[];
    };
    AddMemberDto: {
      /**
       * @description EVM or Tron address
       * @example 0x52908400098527886E0F7030069857D2E4169EE7
       */
      address: string;
      /** @enum {string} */
      role: 'ADMIN' | 'OPERATOR' | 'VIEWER';
    };
    UpdateMemberRoleDto: {
      /** @enum {string} */
      role: 'ADMIN' | 'OPERATOR' | 'VIEWER';
    };
    CreateApiKeyDto: {
      /** @example shop server */
      name: string;
      /**
       * @example [
       *       "invoices:write"
       *     ]
       */
      scopes: ('read' | 'invoices:write' | 'payouts:write' | 'operations:write' | 'settings:write')[];
      /** @description Limits the key to these deployments of the account; absent: all of them */
      deploymentIds?: string[];
      /**
       * Format: date-time
       * @description When the key stops working; in the future
       */
      expiresAt?: string;
    };
    ApiKeyCreatedDto: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @description The owner's address */
      owner: string;
      scopes: ('read' | 'invoices:write' | 'payouts:write' | 'operations:write' | 'settings:write')[];
      /** @description null: every deployment of the account */
      deploymentIds: string[] | null;
      /** Format: date-time */
      expiresAt: string | null;
      /** Format: date-time */
      createdAt: string;
      /**
       * Format: date-time
       * @description Updated at most once a minute
       */
      lastUsedAt: string | null;
      /**
       * @description The first 8 characters of the key
       * @example 3f9a0c1e
       */
      keyPrefix: string;
      /** @description Shown once: the x-api-key header value and the token service login */
      apiKey: string;
      /** @description Shown once: the token service password */
      apiSecret: string;
    };
    ApiKeyResponseDto: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @description The owner's address */
      owner: string;
      scopes: ('read' | 'invoices:write' | 'payouts:write' | 'operations:write' | 'settings:write')[];
      /** @description null: every deployment of the account */
      deploymentIds: string[] | null;
      /** Format: date-time */
      expiresAt: string | null;
      /** Format: date-time */
      createdAt: string;
      /**
       * Format: date-time
       * @description Updated at most once a minute
       */
      lastUsedAt: string | null;
      /**
       * @description The first 8 characters of the key
       * @example 3f9a0c1e
       */
      keyPrefix: string;
    };
    NetworkResponseDto: {
      /** @example 1 */
      chainId: string;
      /** @example Ethereum */
      name: string;
      /**
       * @description Symbol of the native coin
       * @example ETH
       */
      coin: string;
      /** @example false */
      isTestnet: boolean;
      /** @example true */
      isActive: boolean;
      /** @example false */
      isTron: boolean;
      /** @example https://etherscan.io/tx/{txHash} */
      transactionExplorerUrl: string | null;
      /** @example https://etherscan.io/address/{address} */
      addressExplorerUrl: string | null;
      /** @example https://etherscan.io/token/{tokenAddress} */
      tokenExplorerUrl: string | null;
      /**
       * @description Confirmations after which a transaction is CONFIRMED
       * @example 12
       */
      requiredConfirmations: number;
    };
    NetworksResponseDto: {
      items: components['schemas']['NetworkResponseDto'][];
    };
    TransactionInvoiceDto: {
      /** Format: uuid */
      id: string;
      trackingId: string | null;
      /** @enum {string} */
      status: 'CREATED' | 'PAID' | 'UNRESOLVED';
    };
    TransactionResponseDto: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      direction: 'IN' | 'OUT';
      /** @enum {string} */
      status: 'PENDING' | 'EXECUTED' | 'CONFIRMED' | 'FAILED';
      /** @example 1 */
      chainId: string;
      /** @description EVM: 0x + 64 hex; Tron: 64 hex */
      txHash: string;
      currencyId: string | null;
      /**
       * @description Whole units of the currency, negative for OUT; "0" without a currency
       * @example -12.5
       */
      amount: string;
      fromAddress: string | null;
      toAddress: string | null;
      /** @description The invoice id for invoice deposits, the queue operation id for executions */
      operationId: string | null;
      /** @enum {string} */
      operationType:
        'invoice' | 'direct_deposit' | 'set_config' | 'claim' | 'payout' | 'reject' | 'deploy' | 'dapp_transaction';
      /** @example 19876543 */
      blockNumber: string | null;
      /**
       * @description In the chain's native coin; "0" while unknown
       * @example 0.00042
       */
      blockchainFee: string;
      confirmations: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      canClaim: boolean;
      isClaimed: boolean;
      /** Format: uuid */
      invoiceId: string | null;
      /** Format: date-time */
      confirmedAt: string | null;
      invoice: components['schemas']['TransactionInvoiceDto'] | null;
      currency: components['schemas']['CurrencyResponseDto'] | null;
    };
    TransactionListResponseDto: {
      /** @example 123 */
      total: number;
      /** @example 1 */
      page: number;
      /** @example 10 */
      pageSize: number;
      items: components['schemas']['TransactionResponseDto'][];
    };
    FiatAtConfirmationDto: {
      /**
       * @description USD, 2 decimals, half up; null without a rate then
       * @example -301.25
       */
      usd: string | null;
      /**
       * @description EUR, as usd
       * @example -277.15
       */
      eur: string | null;
      /**
       * @description CNY, as usd
       * @example -2180.05
       */
      cny: string | null;
    };
    TransactionDetailsDto: {
      transaction: components['schemas']['TransactionResponseDto'];
      canClaim: boolean;
      isClaimed: boolean;
      invoice: components['schemas']['TransactionInvoiceDto'] | null;
      currency: components['schemas']['CurrencyResponseDto'] | null;
      /** @description The signed amount × the rate stored when the transaction became CONFIRMED; null until then, or when no rate was known then */
      fiatAtConfirmation: components['schemas']['FiatAtConfirmationDto'] | null;
    };
    InvoiceResponseDto: {
      /** Format: uuid */
      id: string;
      /**
       * @description Decimal string of a unique 63-bit time-ordered number
       * @example 7392557291230187520
       */
      publicId: string;
      /**
       * @description Deposit address (EIP-55, or Tron base58)
       * @example 0x5B38Da6a701c568545dCfcB03FcB875f56beddC4
       */
      invoiceAddress: string;
      /** @example 12.5 */
      requestedAmount: string | null;
      availableCurrencies: components['schemas']['CurrencyResponseDto'][];
      paymentPageButtonUrl: string | null;
      paymentPageButtonText: string | null;
      /** @example https://pay.example.com/pay/7392557291230187520 */
      paymentPageUrl: string;
      /** @enum {string} */
      status: 'CREATED' | 'PAID' | 'UNRESOLVED';
      /** @example 2026-11-21T20:02:55.123Z */
      createdAt: string;
      /** @example 2026-11-21T20:02:55.123Z */
      updatedAt: string;
      isTron: boolean;
      /**
       * @description Single-currency invoices only
       * @example 12.5
       */
      paidAmount: string | null;
      /**
       * @description Multi-currency invoices: USD, 2 decimals, null when a rate is unknown
       * @example 12.50
       */
      paidAmountBaseCurrency: string | null;
      trackingId: string | null;
      callbackUrl: string | null;
    };
    InvoicesResponseDto: {
      /** @example 123 */
      total: number;
      /** @example 1 */
      page: number;
      /** @example 10 */
      pageSize: number;
      items: components['schemas']['InvoiceResponseDto'][];
    };
    CreateInvoiceDto: {
      /**
       * @description Whole units of the only currency; null for any amount. A positive amount needs exactly one currency.
       * @example 12.5
       */
      requestedAmount: string | null;
      trackingId?: string | null;
      /**
       * Format: uri
       * @description Called when the invoice changes
       */
      callbackUrl?: string | null;
      /**
       * Format: uri
       * @description Button on the payment page
       */
      paymentPageButtonUrl: string | null;
      paymentPageButtonText: string | null;
      /**
       * @description Currencies accepted; absent or [] means every currency of the deployment's network.
       * @example [
       *       "1-0xdac17f958d2ee523a2206206994597c13d831ec7"
       *     ]
       */
      currencyIds?: string[];
    };
    InvoiceDetailsDto: {
      invoice: components['schemas']['InvoiceResponseDto'];
    };
    UpdateInvoiceDto: {
      /**
       * @description Whole units of the only currency; null for any amount. A positive amount needs exactly one currency.
       * @example 12.5
       */
      requestedAmount?: string | null;
      trackingId?: string | null;
      /**
       * Format: uri
       * @description Called when the invoice changes
       */
      callbackUrl?: string | null;
      /**
       * Format: uri
       * @description Button on the payment page
       */
      paymentPageButtonUrl?: string | null;
      paymentPageButtonText?: string | null;
      /**
       * @description Currencies accepted; absent or [] means every currency of the deployment's network.
       * @example [
       *       "1-0xdac17f958d2ee523a2206206994597c13d831ec7"
       *     ]
       */
      currencyIds?: string[];
      /**
       * @description Manual change: CREATED → PAID or UNRESOLVED → PAID
       * @enum {string}
       */
      status?: 'CREATED' | 'PAID' | 'UNRESOLVED';
    };
    PublicInvoiceResponseDto: {
      /**
       * @description Decimal string of a unique 63-bit time-ordered number
       * @example 7392557291230187520
       */
      publicId: string;
      /**
       * @description Deposit address (EIP-55, or Tron base58)
       * @example 0x5B38Da6a701c568545dCfcB03FcB875f56beddC4
       */
      invoiceAddress: string;
      /** @example 12.5 */
      requestedAmount: string | null;
      availableCurrencies: components['schemas']['CurrencyResponseDto'][];
      paymentPageButtonUrl: string | null;
      paymentPageButtonText: string | null;
      /** @enum {string} */
      status: 'CREATED' | 'PAID' | 'UNRESOLVED';
      /** @example 2026-11-21T20:02:55.123Z */
      createdAt: string;
      isTron: boolean;
      /**
       * @description Single-currency invoices only
       * @example 12.5
       */
      paidAmount: string | null;
      /** @example 1 */
      chainId: string;
    };
    PublicInvoiceTransactionDto: {
      txHash: string;
      /**
       * @description In whole units of the currency
       * @example 12.5
       */
      amount: string;
      /** @description Null for a currency the catalog does not know */
      currency: components['schemas']['CurrencyResponseDto'] | null;
      /** @enum {string} */
      status: 'PENDING' | 'EXECUTED' | 'CONFIRMED' | 'FAILED';
      confirmations: number;
      /** @example 2026-11-21T20:02:55.123Z */
      createdAt: string;
    };
    ClaimItemDto: {
      /** Format: uuid */
      invoiceId: string;
      /**
       * @description The deposit account id (bytes32, 64 lowercase hex digits, no 0x): claim(token, ["0x" + it])
       * @example 0000000000000000000000000000000000000000000000000000000000000011
       */
      invoiceNonce: string;
      /**
       * @description First claimable deposit
       * @example 2026-11-21T20:02:55.123Z
       */
      createdAt: string;
      /**
       * @description Last claimable deposit
       * @example 2026-11-21T20:02:55.123Z
       */
      updatedAt: string;
      currency: components['schemas']['CurrencyResponseDto'];
      /**
       * @description Sum of the claimable deposits, whole units
       * @example 12.5
       */
      amount: string;
      /**
       * @description Number of claimable deposits
       * @example 2
       */
      transactions: number;
    };
    ClaimsResponseDto: {
      /** @example 123 */
      total: number;
      /** @example 1 */
      page: number;
      /** @example 10 */
      pageSize: number;
      items: components['schemas']['ClaimItemDto'][];
    };
    OperationCallDto: {
      /**
       * @description UniversalAddress: EVM checksum or Tron base58
       * @example 0xdAC17F958D2ee523a2206206994597C13D831ec7
       */
      to: string;
      /**
       * @description Native coin value in base units (uint256 as a decimal string)
       * @example 0
       */
      value: string;
      /**
       * @description Calldata, 0x-prefixed hex
       * @example 0x
       */
      data: string;
    };
    OperationSignatureDto: {
      /** @description Signer address (display form) */
      user: string;
      /** @description The signature as the contract version takes it (raw 65 bytes for 1.0.0, packed entry for later versions) */
      sign: string;
    };
    QueueOperationResponseDto: {
      /** Format: uuid */
      id: string;
      /**
       * @description bytes32 id passed to execute: 16 zero bytes ‖ the UUID bytes
       * @example 0x000000000000000000000000000000000193a4c27d1e7a529f2b3c4d5e6f7a8b
       */
      executeOperationId: string;
      /** @example 5 */
      nonce: string;
      /** @enum {string} */
      operationType: 'MULTISIG_CONFIG_CHANGE' | 'REJECT' | 'PAYOUT' | 'DAPP_TRANSACTION';
      /** @enum {string} */
      status: 'PENDING' | 'READY' | 'EXECUTED' | 'FAILED' | 'CANCELLED';
      calls: components['schemas']['OperationCallDto'][];
      /** @description MULTISIG_CONFIG_CHANGE {approvers, threshold}; PAYOUT {payoutId}; REJECT {}; DAPP_TRANSACTION {decodedOperations?} */
      payload: {
        [key: string]: unknown;
      };
      /** @example 1 */
      signaturesCollected: number;
      /** @example 2 */
      signaturesRequired: number;
      txHash: string | null;
      userSigned: boolean;
      canSign: boolean;
      canExecute: boolean;
      canDelete: boolean;
      canReject: boolean;
      isBlocked: boolean;
      /** Format: date-time */
      createdAt: string;
      /** @description Creator's address (display form) */
      createdBy: string;
      /** @description Ascending by signer */
      signatures: components['schemas']['OperationSignatureDto'][];
      /** @description The signatures argument of execute, once READY */
      signatureBlob: string | null;
      /** Format: date-time */
      expiresAt: string | null;
      dappMetadata?: {
        [key: string]: unknown;
      } | null;
    };
    DeploymentQueueResponseDto: {
      /** @example 123 */
      total: number;
      /** @example 1 */
      page: number;
      /** @example 10 */
      pageSize: number;
      items: components['schemas']['QueueOperationResponseDto'][];
      /**
       * @description The deployment's currentNonce
       * @example 5
       */
      nextExecutableNonce: string;
    };
    CallDto: {
      /** @example 0xdAC17F958D2ee523a2206206994597C13D831ec7 */
      to: string;
      /**
       * @description Non-negative integer string (base units)
       * @example 0
       */
      value: string;
      /**
       * @description 0x-prefixed hex of even length
       * @example 0x
       */
      data: string;
    };
    CreateMultisigConfigChangeOperationDto: {
      /** @description New approvers: unique addresses of the deployment network */
      approvers: string[];
      /** @example 2 */
      threshold: number;
      /** @description At most 8 calls, whose data hold at most 2560 bytes together (else 400) */
      calls: components['schemas']['CallDto'][];
    };
    CreateRejectOperationDto: {
      /**
       * @description Nonce to consume; at least the current nonce
       * @example 5
       */
      nonce: string;
    };
    SubmitSignatureDto: {
      /** @description 1.0.0: raw 65-byte signature; ≥ 1.1.0: signer(20) ‖ uint16 BE length ‖ signature. Hex. */
      signature: string;
    };
    SignatureResponseDto: {
      /** Format: uuid */
      operationId: string;
      signaturesCollected: number;
      signaturesRequired: number;
      canExecute: boolean;
      userSigned: boolean;
      signatures: components['schemas']['OperationSignatureDto'][];
    };
    UpdateOperationNonceDto: {
      /** @example 6 */
      nonce: string;
    };
    CreatePayoutDto: {
      /**
       * @description Must equal the deploymentId of the path
       * @example 01890a5d-ac96-774b-bcce-b302099a8057
       */
      deploymentId: string;
      /**
       * @description A currency of the deployment's network: `{chainId}` (native) or `{chainId}-{contractAddress}`
       * @example 1-0xdac17f958d2ee523a2206206994597c13d831ec7
       */
      currencyId: string;
      /**
       * @description Whole units of the currency, greater than 0, at most its decimals after the point
       * @example 12.5
       */
      amount: string;
      /**
       * @description Recipient, valid for the deployment's network (EVM 0x…, Tron base58 T… or 41… hex)
       * @example 0x5B38Da6a701c568545dCfcB03FcB875f56beddC4
       */
      toAddress: string;
      trackingId?: string | null;
      /**
       * Format: uri
       * @description Where the client wants to hear about this payout
       */
      callbackUrl?: string | null;
      /**
       * @description Queue nonce; default the next free nonce; at least the deployment's currentNonce
       * @example 17
       */
      nonce?: string;
    };
    PayoutResponseDto: {
      /** Format: uuid */
      id: string;
      /** @example 1-0xdac17f958d2ee523a2206206994597c13d831ec7 */
      currencyId: string;
      /**
       * @description Whole units of the currency
       * @example 12.5
       */
      amount: string;
      /**
       * @description EIP-55, or Tron base58
       * @example 0x5B38Da6a701c568545dCfcB03FcB875f56beddC4
       */
      toAddress: string;
      isTron: boolean;
      /** Format: uuid */
      deploymentId: string;
      trackingId: string | null;
      callbackUrl: string | null;
      /**
       * Format: uuid
       * @description The PAYOUT queue operation that carries this payout
       */
      queueOperationId: string;
      /** @example 17 */
      nonce: string;
      /** @enum {string} */
      status: 'CREATED' | 'SIGNED' | 'SENT' | 'EXECUTED' | 'FAILED' | 'CANCELED';
      /** @description Creator's address */
      createdBy: string;
      /** @example 2026-11-21T20:02:55.123Z */
      createdAt: string;
      /** @example 2026-11-21T20:02:55.123Z */
      updatedAt: string;
      currency: components['schemas']['CurrencyResponseDto'];
    };
    PayoutDetailResponseDto: {
      /** Format: uuid */
      id: string;
      /** @example 1-0xdac17f958d2ee523a2206206994597c13d831ec7 */
      currencyId: string;
      /**
       * @description Whole units of the currency
       * @example 12.5
       */
      amount: string;
      /**
       * @description EIP-55, or Tron base58
       * @example 0x5B38Da6a701c568545dCfcB03FcB875f56beddC4
       */
      toAddress: string;
      isTron: boolean;
      /** Format: uuid */
      deploymentId: string;
      trackingId: string | null;
      callbackUrl: string | null;
      /**
       * Format: uuid
       * @description The PAYOUT queue operation that carries this payout
       */
      queueOperationId: string;
      /** @example 17 */
      nonce: string;
      /** @enum {string} */
      status: 'CREATED' | 'SIGNED' | 'SENT' | 'EXECUTED' | 'FAILED' | 'CANCELED';
      /** @description Creator's address */
      createdBy: string;
      /** @example 2026-11-21T20:02:55.123Z */
      createdAt: string;
      /** @example 2026-11-21T20:02:55.123Z */
      updatedAt: string;
      currency: components['schemas']['CurrencyResponseDto'];
    };
    PayoutListResponseDto: {
      /** @example 123 */
      total: number;
      /** @example 1 */
      page: number;
      /** @example 10 */
      pageSize: number;
      items: components['schemas']['PayoutDetailResponseDto'][];
    };
    UpdatePayoutDto: {
      trackingId?: string | null;
      /**
       * Format: uri
       * @description Where the client wants to hear about this payout
       */
      callbackUrl?: string | null;
    };
    AddressBookEntryDto: {
      /** Format: uuid */
      id: string;
      /**
       * @description EIP-55 on EVM, base58 on Tron
       * @example 0x5B38Da6a701c568545dCfcB03FcB875f56beddC4
       */
      address: string;
      /** @enum {string} */
      networkType: 'evm' | 'tvm';
      label: string;
      /** @enum {string} */
      status: 'PENDING' | 'APPROVED';
      /** @description Address of the member who added it */
      addedBy: string;
      /** @description Address of the ADMIN who approved it */
      approvedBy: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      approvedAt: string | null;
    };
    CreateAddressBookEntryDto: {
      /**
       * @description EVM 0x…, or Tron base58 T… / 41… hex
       * @example 0x5B38Da6a701c568545dCfcB03FcB875f56beddC4
       */
      address: string;
      /** @enum {string} */
      networkType: 'evm' | 'tvm';
      /** @example Acme Ltd. (supplier) */
      label: string;
    };
    PayoutLimitDto: {
      /** @example 1-0xdac17f958d2ee523a2206206994597c13d831ec7 */
      currencyId: string;
      /**
       * @description Largest single payout, whole units (inclusive); null: none
       * @example 10000
       */
      maxPerPayout: string | null;
      /**
       * @description Largest total of the last 24 h (CANCELED and FAILED excluded, this payout included), whole units; null: none
       * @example 50000
       */
      maxPer24h: string | null;
    };
    PayoutPolicyDto: {
      /**
       * @description Only APPROVED address-book entries may be paid
       * @default false
       */
      addressBookOnly: boolean;
      /**
       * @description Refuse payees that look like a known payee (first 3 and last 4 hex digits)
       * @default true
       */
      blockLookalikes: boolean;
      /**
       * @description Hours after its approval before an entry may be paid
       * @default 0
       */
      newPayeeDelayHours: number;
      limits: components['schemas']['PayoutLimitDto'][];
    };
    TypedDataDomainDto: {
      /** @example MultiSigWallet */
      name: string;
      /** @example 1.2.0 */
      version: string;
      /** @example 1 */
      chainId: number;
      /**
       * @description The wallet's 20-byte address (Tron's too)
       * @example 0x5B38Da6a701c568545dCfcB03FcB875f56beddC4
       */
      verifyingContract: string;
    };
    TypedDataFieldDto: {
      name: string;
      type: string;
    };
    TypedDataTypesDto: {
      EIP712Domain: components['schemas']['TypedDataFieldDto'][];
      Execute: components['schemas']['TypedDataFieldDto'][];
      Call: components['schemas']['TypedDataFieldDto'][];
    };
    TypedDataCallDto: {
      /** @description 20-byte address, EIP-55 cased */
      to: string;
      /** @description Base units, decimal string */
      value: string;
      /** @example 0x */
      data: string;
    };
    TypedDataMessageDto: {
      calls: components['schemas']['TypedDataCallDto'][];
      /** @example 7 */
      nonce: string;
    };
    TypedDataDto: {
      domain: components['schemas']['TypedDataDomainDto'];
      /** @enum {string} */
      primaryType: 'Execute';
      types: components['schemas']['TypedDataTypesDto'];
      message: components['schemas']['TypedDataMessageDto'];
    };
    DecodedArgumentDto: {
      name: string;
      /** @example address */
      type: string;
      /** @description Addresses in display form, numbers as decimal strings; arrays and tuples as JSON */
      value:
        | string
        | boolean
        | unknown[]
        | {
            [key: string]: unknown;
          };
    };
    DecodedCallDto: {
      /** @enum {string} */
      kind: 'NATIVE_TRANSFER' | 'TOKEN_TRANSFER' | 'SET_CONFIG' | 'CLAIM_TO' | 'CONTRACT_CALL' | 'UNKNOWN';
      /** @description NATIVE_TRANSFER, TOKEN_TRANSFER, CLAIM_TO */
      recipient?: string;
      /** @description NATIVE_TRANSFER, TOKEN_TRANSFER: whole units */
      amount?: string;
      /** @description NATIVE_TRANSFER, TOKEN_TRANSFER, CLAIM_TO */
      currency?: components['schemas']['CurrencyResponseDto'] | null;
      /** @description SET_CONFIG */
      approvers?: string[];
      /** @description SET_CONFIG */
      threshold?: number;
      /** @description CLAIM_TO: the invoices whose deposits are collected */
      invoiceNonces?: string[];
      /**
       * @description CONTRACT_CALL
       * @example approve(address,uint256)
       */
      function?: string;
      /** @description CONTRACT_CALL */
      args?: components['schemas']['DecodedArgumentDto'][];
      /**
       * @description UNKNOWN
       * @example 0xa9059cbb
       */
      selector?: string | null;
    };
    ReviewedCallDto: {
      index: number;
      /** @description As the queue shows it (a Tron target in its 0x 20-byte form) */
      to: string;
      /** @description Address-book label of `to`, or of the recipient for transfers */
      toLabel: string | null;
      /** @description Base units of the native coin */
      value: string;
      data: string;
      decoded: components['schemas']['DecodedCallDto'];
    };
    ConfigDiffDto: {
      approversBefore: string[];
      approversAfter: string[];
      thresholdBefore: number;
      thresholdAfter: number;
    };
    SimulatedTransferDto: {
      /** @description null: a token the catalog does not hold */
      currency: components['schemas']['CurrencyResponseDto'] | null;
      from: string;
      to: string;
      /** @description Whole units; base units when the catalog does not hold the token */
      amount: string;
    };
    SimulationDto: {
      /** @enum {string} */
      status: 'SUCCESS' | 'REVERTED' | 'UNAVAILABLE';
      /** @description The block the node simulated */
      blockNumber: string | null;
      revertReason: string | null;
      /** @description Why the simulation is UNAVAILABLE */
      reason: string | null;
      transfers: components['schemas']['SimulatedTransferDto'][];
    };
    ReviewWarningDto: {
      /** @enum {string} */
      code:
        | 'PAYEE_LOOKALIKE'
        | 'SIMULATION_REVERTED'
        | 'FIRST_TIME_PAYEE'
        | 'APPROVER_REMOVED'
        | 'THRESHOLD_LOWERED'
        | 'UNKNOWN_CALL'
        | 'BLOCKED_BY_EARLIER_NONCE';
      /** @enum {string} */
      severity: 'CRITICAL' | 'WARNING' | 'INFO';
      message: string;
      callIndex: number | null;
    };
    OperationReviewDto: {
      /** Format: uuid */
      operationId: string;
      /**
       * @description 0x + 64 hex
       * @example 0xabababababababababababababababababababababababababababababababab
       */
      executeOperationId: string;
      /** @example 7 */
      nonce: string;
      /** @enum {string} */
      operationType: 'MULTISIG_CONFIG_CHANGE' | 'REJECT' | 'PAYOUT' | 'DAPP_TRANSACTION';
      /** @enum {string} */
      status: 'PENDING' | 'READY' | 'EXECUTED' | 'FAILED' | 'CANCELLED';
      typedData: components['schemas']['TypedDataDto'];
      /**
       * @description 0x + 64 hex
       * @example 0xabababababababababababababababababababababababababababababababab
       */
      domainSeparator: string;
      /**
       * @description 0x + 64 hex
       * @example 0xabababababababababababababababababababababababababababababababab
       */
      structHash: string;
      /**
       * @description keccak256(0x1901 ‖ domainSeparator ‖ structHash): what the wallet checks
       * @example 0xabababababababababababababababababababababababababababababababab
       */
      digest: string;
      calls: components['schemas']['ReviewedCallDto'][];
      config: components['schemas']['ConfigDiffDto'] | null;
      simulation: components['schemas']['SimulationDto'];
      warnings: components['schemas']['ReviewWarningDto'][];
    };
    Callback: {
      /**
       * Format: uuid
       * @description Event id: the webhook-id header, the same on every attempt
       */
      id: string;
      url: string;
      /** @enum {string} */
      type:
        | 'INVOICE_CREATED'
        | 'INVOICE_DEPOSIT_RECEIVED'
        | 'INVOICE_DEPOSIT_CONFIRMED'
        | 'INVOICE_PAID'
        | 'INVOICE_UNRESOLVED'
        | 'INVOICE_CLAIMED'
        | 'PAYOUT_CREATED'
        | 'PAYOUT_SIGNED'
        | 'PAYOUT_SENT'
        | 'PAYOUT_EXECUTED'
        | 'PAYOUT_FAILED'
        | 'PAYOUT_CANCELED'
        | 'OPERATION_CREATED'
        | 'OPERATION_SIGNED'
        | 'OPERATION_READY'
        | 'OPERATION_EXECUTED'
        | 'OPERATION_FAILED'
        | 'OPERATION_CANCELLED'
        | 'OPERATION_DELETED';
      /** @enum {string} */
      status: 'CREATED' | 'RETRY' | 'SENT' | 'FAILED';
      /**
       * Format: uuid
       * @description The invoice, payout or queue operation id
       */
      operationId: string;
      /** @enum {string} */
      operationType: 'invoice' | 'payout' | 'queue_operation';
      /** @description Attempts made so far */
      attempt: number;
      /**
       * @description Last attempt
       * @example 2026-11-21T20:02:55.123Z
       */
      timeSent: string | null;
      /** @description The receiver's status code at the last attempt */
      responseCode: number | null;
      /** @description The first 1 kB of the receiver's last answer */
      responseBody: string | null;
    };
    CallbacksResponseDto: {
      /** @example 123 */
      total: number;
      /** @example 1 */
      page: number;
      /** @example 10 */
      pageSize: number;
      items: components['schemas']['Callback'][];
    };
    ResendCallbacksDto: {
      ids: string[];
    };
    ResendCallbacksResponseDto: {
      /** @description FAILED callbacks put back on the schedule */
      requeuedCount: number;
    };
    CallbackSecretResponseDto: {
      /**
       * @description Shown once: the signing secret (Standard Webhooks), replacing any earlier one
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret: string;
    };
    CallbackSettingsDto: {
      /**
       * Format: uri
       * @description Receives a callback for every change of the queue of every deployment of the account; null: none
       */
      operationsCallbackUrl: string | null;
    };
    NotificationSettingsResponseDto: {
      /**
       * Format: email
       * @example approver@example.com
       */
      email: string | null;
      /**
       * Format: uri
       * @description A Slack incoming webhook (http or https, not a private address). Stored encrypted; answers show only its scheme and host.
       * @example https://hooks.slack.com/services/T000/B000/XXXX
       */
      slackWebhookUrl: string | null;
      /**
       * @description The Telegram chat id (a string) the bot writes to
       * @example 123456789
       */
      telegramChatId: string | null;
      /** @description The events to hear of; [] turns notifications off */
      events: ('SIGNATURE_NEEDED' | 'READY_TO_EXECUTE' | 'EXECUTED' | 'FAILED' | 'DAILY_DIGEST')[];
      /** @description The channels this server is configured for; the others are skipped */
      availableChannels: ('email' | 'slack' | 'telegram')[];
    };
    NotificationSettingsDto: {
      /**
       * Format: email
       * @example approver@example.com
       */
      email: string | null;
      /**
       * Format: uri
       * @description A Slack incoming webhook (http or https, not a private address). Stored encrypted; answers show only its scheme and host.
       * @example https://hooks.slack.com/services/T000/B000/XXXX
       */
      slackWebhookUrl: string | null;
      /**
       * @description The Telegram chat id (a string) the bot writes to
       * @example 123456789
       */
      telegramChatId: string | null;
      /** @description The events to hear of; [] turns notifications off */
      events: ('SIGNATURE_NEEDED' | 'READY_TO_EXECUTE' | 'EXECUTED' | 'FAILED' | 'DAILY_DIGEST')[];
    };
    AssetBalanceDto: {
      currency: components['schemas']['CurrencyResponseDto'];
      /**
       * @description Whole units, exact decimal string
       * @example 1250.5
       */
      balance: string;
      /**
       * @description balance × rate in baseCurrency, exact; null when no rate is known
       * @example 1250.6251
       */
      convertedBalance: string | null;
      /**
       * @description JWT callers only
       * @example false
       */
      isHidden?: boolean;
    };
    AssetBalancesResponseDto: {
      /** @example 123 */
      total: number;
      /** @example 1 */
      page: number;
      /** @example 10 */
      pageSize: number;
      items: components['schemas']['AssetBalanceDto'][];
    };
    AssetBalanceShortResponseDto: {
      currency: components['schemas']['CurrencyResponseDto'];
      /** @example 1250.5 */
      balance: string;
      /**
       * @description JWT callers only
       * @example false
       */
      isHidden?: boolean;
    };
    BalanceSummaryResponseDto: {
      /**
       * @description Σ balance × rate over currencies with a rate (exact)
       * @example 4251.75
       */
      totalBalance: string;
      /**
       * @description Σ unclaimed invoice deposits × rate (exact)
       * @example 120.5
       */
      uncollectedBalance: string;
      /**
       * @description Invoices with unclaimed deposits
       * @example 3
       */
      uncollectedInvoices: number;
      /**
       * @description False when a currency with a balance has no rate
       * @example true
       */
      allRatesReceived: boolean;
    };
    ReconciliationItemDto: {
      currency: components['schemas']['CurrencyResponseDto'];
      /**
       * @description The service's CONFIRMED ledger up to the block, whole units
       * @example 1250.5
       */
      serviceBalance: string;
      /**
       * @description The wallet contract's own balance on chain at the block, whole units
       * @example 1250.5
       */
      chainBalance: string;
      /**
       * @description chainBalance − serviceBalance, whole units (negative when the chain holds less)
       * @example 0
       */
      difference: string;
    };
    ReconciliationResponseDto: {
      /** @example 11155111 */
      chainId: string;
      /**
       * @description The block both sides are read at: the chain's head less the network's required confirmations
       * @example 7012345
       */
      blockNumber: string;
      /** @example 2026-11-26T12:00:00.000Z */
      checkedAt: string;
      /** @description True when every difference is "0" */
      matches: boolean;
      /** @description The native coin, then every catalog token of the network that either side holds */
      items: components['schemas']['ReconciliationItemDto'][];
    };
    AuditActorDto: {
      /**
       * @description EIP-55, or Tron base58
       * @example 0x5B38Da6a701c568545dCfcB03FcB875f56beddC4
       */
      address: string;
      /**
       * @description API_KEY (x-api-key), TOKEN (token-service bearer), SESSION (wallet sign-in), CLI (server shell)
       * @enum {string}
       */
      via: 'API_KEY' | 'TOKEN' | 'SESSION' | 'CLI';
      /** @description The scoped API key used; null otherwise */
      keyId: string | null;
    };
    AuditTargetDto: {
      /**
       * @description invoice, payout, queue_operation, account, member, api_key, …
       * @example invoice
       */
      type: string;
      /** @example 019a5b2e-8c1d-7f00-9a3b-4c5d6e7f8a9b */
      id: string;
    };
    AuditEventResponseDto: {
      /** Format: uuid */
      id: string;
      /** @example 2026-11-21T20:02:55.123Z */
      createdAt: string;
      /** @enum {string} */
      action:
        | 'SIGNED_IN'
        | 'MEMBER_ADDED'
        | 'MEMBER_ROLE_CHANGED'
        | 'MEMBER_REMOVED'
        | 'API_KEY_CREATED'
        | 'API_KEY_REVOKED'
        | 'CREDENTIALS_REGENERATED'
        | 'ACCOUNT_RENAMED'
        | 'CALLBACK_SECRET_ROTATED'
        | 'CALLBACK_SETTINGS_CHANGED'
        | 'NOTIFICATION_SETTINGS_CHANGED'
        | 'PAYOUT_POLICY_CHANGED'
        | 'ADDRESS_BOOK_ENTRY_ADDED'
        | 'ADDRESS_BOOK_ENTRY_APPROVED'
        | 'ADDRESS_BOOK_ENTRY_REMOVED'
        | 'INVOICE_CREATED'
        | 'INVOICE_UPDATED'
        | 'PAYOUT_CREATED'
        | 'PAYOUT_UPDATED'
        | 'OPERATION_CREATED'
        | 'OPERATION_SIGNED'
        | 'OPERATION_NONCE_CHANGED'
        | 'OPERATION_DELETED'
        | 'CALLBACKS_RESENT';
      actor: components['schemas']['AuditActorDto'];
      target: components['schemas']['AuditTargetDto'];
      /**
       * @description What changed: a field and its value, or {from, to} for an update; never a secret
       * @example {
       *       "name": {
       *         "from": "Shop",
       *         "to": "Shop EU"
       *       }
       *     }
       */
      changes: {
        [key: string]: unknown;
      } | null;
      /** @description The X-Request-Id of the request that made the change */
      requestId: string | null;
      /** @description The client's IP address */
      clientAddress: string | null;
    };
    AuditEventsResponseDto: {
      /** @example 123 */
      total: number;
      /** @example 1 */
      page: number;
      /** @example 10 */
      pageSize: number;
      items: components['schemas']['AuditEventResponseDto'][];
    };
  };
  responses: never;
  parameters: {
    /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
    IdempotencyKey: string;
  };
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  CurrenciesController_findAll_v1: {
    parameters: {
      query?: {
        /** @description Ties are broken by id, in the same direction; a missing cmcId sorts last. */
        sortBy?: 'createdAt' | 'updatedAt' | 'cmcId';
        sortOrder?: 'asc' | 'desc';
        /** @description Exact symbol, any letter case. */
        symbol?: string;
        /** @description Part of the name, any letter case. */
        name?: string;
        /** @description Exact chain id, e.g. 1 or 728126428. */
        chainId?: string;
        /** @description Token contract as a UniversalAddress: EVM 0x + 40 hex digits in any letter case, or Tron base58check T… or its 41… hex form. Anything else is a 400. */
        address?: string;
        /** @description true/false in any letter case, or 1/0. */
        isNative?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        /** @description true/false in any letter case, or 1/0. */
        isScam?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        /** @description true/false in any letter case, or 1/0. */
        isVerified?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
      };
      header?: {
        /** @description ETag of a copy the client holds; 304 when it is still current. */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The matching currencies (a bare array, possibly empty). */
      200: {
        headers: {
          /** @description Strong validator of this body; send it back in If-None-Match. */
          ETag?: string;
          /** @description public, max-age=60 */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrencyResponseDto'][];
        };
      };
      /** @description Not Modified: the copy named by If-None-Match is current. No body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A filter or sort value is invalid, or a parameter is unknown. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  CurrenciesController_findOne_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description ETag of a copy the client holds; 304 when it is still current. */
        'If-None-Match'?: string;
      };
      path: {
        /** @description `{chainId}` or `{chainId}-{contractAddress}`; an EVM address may be in any letter case. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The currency. */
      200: {
        headers: {
          /** @description Strong validator of this body; send it back in If-None-Match. */
          ETag?: string;
          /** @description public, max-age=60 */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrencyResponseDto'];
        };
      };
      /** @description Not Modified: the copy named by If-None-Match is current. No body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A query parameter was sent (none is accepted). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No currency has this id (CURRENCY_NOT_FOUND). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "CURRENCY_NOT_FOUND",
           *       "message": "[ERR_404] Currency not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  PublicSmartContractVersionsController_getByVersionId_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description ETag of a copy the client holds; 304 when it is still current. */
        'If-None-Match'?: string;
      };
      path: {
        /** @description Format ^\d+\.\d+\.\d+-(evm|tvm-\d+)$; for tvm-N, N is the Tron chain id (728126428 mainnet, 2494104990 Shasta). */
        versionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The contract version. */
      200: {
        headers: {
          /** @description Strong validator of this body; send it back in If-None-Match. */
          ETag?: string;
          /** @description public, max-age=60 */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SmartContractVersionResponseDto'];
        };
      };
      /** @description Not Modified: the copy named by If-None-Match is current. No body. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A query parameter was sent (none is accepted). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unknown or malformed version id (SMART_CONTRACT_VERSION_NOT_FOUND). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "SMART_CONTRACT_VERSION_NOT_FOUND",
           *       "message": "[ERR_404] Smart contract version not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  TokenController_obtain: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/vnd.api+json': components['schemas']['TokenObtainRequestDto'];
        'application/json': components['schemas']['TokenObtainRequestDto'];
      };
    };
    responses: {
      /** @description A new session: access and refresh token, signed with meta.sign */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/vnd.api+json': components['schemas']['TokenObtainResponseDto'];
        };
      };
      /** @description No active account for the credentials, or a malformed document (code 2006) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "errors": [
           *         {
           *           "status": "400",
           *           "code": "2006",
           *           "detail": "No active account found with the given credentials"
           *         }
           *       ]
           *     }
           */
          'application/vnd.api+json': components['schemas']['JsonApiErrorResponseDto'];
        };
      };
      /** @description More than 15 requests from this address in 60 seconds (code throttled) */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "errors": [
           *         {
           *           "status": "429",
           *           "code": "throttled",
           *           "detail": "Request was throttled. Expected available in 42 seconds."
           *         }
           *       ]
           *     }
           */
          'application/vnd.api+json': components['schemas']['JsonApiErrorResponseDto'];
        };
      };
    };
  };
  TokenController_refresh: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/vnd.api+json': components['schemas']['TokenRefreshRequestDto'];
        'application/json': components['schemas']['TokenRefreshRequestDto'];
      };
    };
    responses: {
      /** @description New access and refresh token of the same session */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/vnd.api+json': components['schemas']['TokenRefreshResponseDto'];
        };
      };
      /** @description Malformed document (code 2006; tightened: the seed lists only 401) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "errors": [
           *         {
           *           "status": "400",
           *           "code": "2006",
           *           "detail": "No active account found with the given credentials"
           *         }
           *       ]
           *     }
           */
          'application/vnd.api+json': components['schemas']['JsonApiErrorResponseDto'];
        };
      };
      /** @description Refresh token invalid, expired, already used or revoked (code 2007) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "errors": [
           *         {
           *           "status": "401",
           *           "code": "2007",
           *           "detail": "Token is invalid or expired"
           *         }
           *       ]
           *     }
           */
          'application/vnd.api+json': components['schemas']['JsonApiErrorResponseDto'];
        };
      };
    };
  };
  AuthController_getNonce_v1: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NonceResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AuthController_signIn_v1: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignInDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The session cookie */
          'Set-Cookie'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionDto'];
        };
      };
      /** @description Not a JSON body {message, signature}, or a message that is not EIP-4361 */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SIGN_IN_REFUSED: wrong domain or URI, nonce unknown, used or expired, message too old, from the future or expired, a signature that does not match the address, or an address that is no account's member; the message says which */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description TOO_MANY_REQUESTS: more than TOKEN_RATE_LIMIT (default 15) sign-ins and token obtains together from this address in 60 s */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description A contract wallet's chain could not be asked (CHAIN_UNAVAILABLE), or the store is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 503,
           *       "error": "Service Unavailable",
           *       "code": "SERVICE_UNAVAILABLE",
           *       "message": "[ERR_503] Service temporarily unavailable, retry later",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AuthController_getSession_v1: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionDto'];
        };
      };
      /** @description No live session cookie */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AuthController_signOut_v1: {
    parameters: {
      query?: never;
      header: {
        /** @description The csrfToken of the session */
        'X-CSRF-Token': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignOutResponseDto'];
        };
      };
      /** @description No live session cookie */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description CSRF_TOKEN_INVALID: X-CSRF-Token missing or not the session's */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountDeploymentsController_getNonceInfo_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NonceInfoResponseDto'];
        };
      };
      /** @description Malformed deployment id */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_findUserAccounts_v1: {
    parameters: {
      query?: {
        /** @description JWT callers only: accounts they hid (true) or did not (false); ignored for API keys */
        isHidden?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountResponseDto'][];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_findAccountById_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountDetailsDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_updateAccount_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateAccountDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_getDeploymentInfo_v1: {
    parameters: {
      query?: {
        /** @description Chain to deploy on; default: the chain whose factory fixes the account address (Tron: the account chain) */
        chainId?: string;
      };
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeploymentParamsResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_getMembers_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemberResponseDto'][];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_addMember_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AddMemberDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemberResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description MEMBER_EXISTS */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_removeMember_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The member's EVM or Tron address */
        address: string;
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The removed membership */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemberResponseDto'];
        };
      };
      /**
       * @description Invalid input, or LAST_ADMIN
       *
       *     Invalid input
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /**
       * @description Not found, not a member, or MEMBER_NOT_FOUND
       *
       *     Not found, or caller is not a member
       */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_updateMemberRole_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description The member's EVM or Tron address */
        address: string;
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateMemberRoleDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemberResponseDto'];
        };
      };
      /**
       * @description Invalid input, or LAST_ADMIN
       *
       *     Invalid input
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /**
       * @description Not found, not a member, or MEMBER_NOT_FOUND
       *
       *     Not found, or caller is not a member
       */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this key is still running */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_getApiKeys_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyResponseDto'][];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_createApiKey_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateApiKeyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyCreatedDto'];
        };
      };
      /**
       * @description Invalid input, SCOPE_EXCEEDS_ROLE, an expiresAt not in the future, or a deployment of another account
       *
       *     Invalid input
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this key is still running */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_revokeApiKey_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description API key id */
        keyId: string;
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked key */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /**
       * @description Not found, not a member, or API_KEY_NOT_FOUND
       *
       *     Not found, or caller is not a member
       */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  NetworksController_findAll_v1: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NetworksResponseDto'];
        };
      };
      /** @description An unknown query parameter */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  TransactionsController_exportTransactions_v1: {
    parameters: {
      query?: {
        sortBy?: 'id' | 'createdAt' | 'updatedAt';
        sortOrder?: 'asc' | 'desc';
        /** @description Case-insensitive substring of the id */
        id?: string;
        /** @description Inclusive lower bound of createdAt */
        createdFrom?: string;
        /** @description Inclusive upper bound of createdAt */
        createdTo?: string;
        /** @description Inclusive lower bound of updatedAt */
        updatedFrom?: string;
        /** @description Inclusive upper bound of updatedAt */
        updatedTo?: string;
        /** @description Case-insensitive substring of the transaction hash */
        txHash?: string;
        /** @description Currency ids, `{chainId}` or `{chainId}-{contractAddress}` */
        currencyIds?: string[];
        statuses?: ('PENDING' | 'EXECUTED' | 'CONFIRMED' | 'FAILED')[];
        /** @description Exact operation id (for invoice deposits, the invoice id) */
        operationId?: string;
        operationTypes?: (
          'invoice' | 'direct_deposit' | 'set_config' | 'claim' | 'payout' | 'reject' | 'deploy' | 'dapp_transaction'
        )[];
        isClaimed?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        currencyIsScam?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        currencyIsVerified?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        /** @description Only for JWT callers: filter by the caller's hidden currencies; ignored for API keys */
        currencyIsHidden?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
      };
      header?: never;
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The transactions, in the sort asked for */
      200: {
        headers: {
          /** @description attachment; filename="…csv" */
          'Content-Disposition'?: string;
          [name: string]: unknown;
        };
        content: {
          /** @example id,createdAt,updatedAt,confirmedAt,direction,status,chainId,txHash,currencyId,currencySymbol,amount,amountUsd,amountEur,amountCny,blockchainFee,fromAddress,toAddress,operationType,operationId,invoiceId,invoiceTrackingId,invoiceStatus,blockNumber,confirmations,canClaim,isClaimed */
          'text/csv': string;
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached (TOO_MANY_REQUESTS), an export of this member is running (EXPORT_IN_PROGRESS), or the instance runs EXPORT_MAX_CONCURRENT exports (TOO_MANY_EXPORTS) */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  TransactionsController_getTransactions_v1: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        sortBy?: 'id' | 'createdAt' | 'updatedAt';
        sortOrder?: 'asc' | 'desc';
        /** @description Case-insensitive substring of the id */
        id?: string;
        /** @description Inclusive lower bound of createdAt */
        createdFrom?: string;
        /** @description Inclusive upper bound of createdAt */
        createdTo?: string;
        /** @description Inclusive lower bound of updatedAt */
        updatedFrom?: string;
        /** @description Inclusive upper bound of updatedAt */
        updatedTo?: string;
        /** @description Case-insensitive substring of the transaction hash */
        txHash?: string;
        /** @description Currency ids, `{chainId}` or `{chainId}-{contractAddress}` */
        currencyIds?: string[];
        statuses?: ('PENDING' | 'EXECUTED' | 'CONFIRMED' | 'FAILED')[];
        /** @description Exact operation id (for invoice deposits, the invoice id) */
        operationId?: string;
        operationTypes?: (
          'invoice' | 'direct_deposit' | 'set_config' | 'claim' | 'payout' | 'reject' | 'deploy' | 'dapp_transaction'
        )[];
        isClaimed?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        currencyIsScam?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        currencyIsVerified?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        /** @description Only for JWT callers: filter by the caller's hidden currencies; ignored for API keys */
        currencyIsHidden?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
      };
      header?: never;
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TransactionListResponseDto'];
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Caller is not a member of the deployment; or ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  TransactionsController_getTransactionDetails_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        transactionId: string;
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TransactionDetailsDto'];
        };
      };
      /** @description Malformed transaction id */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Caller is not a member of the deployment; or ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Transaction not found in this deployment */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  InvoicesController_findInvoicesByDeployment_v1: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        sortBy?: 'id' | 'createdAt' | 'updatedAt';
        sortOrder?: 'asc' | 'desc';
        /** @description Case-insensitive substring of the id */
        id?: string;
        /** @description Inclusive lower bound of createdAt */
        createdFrom?: string;
        /** @description Inclusive upper bound of createdAt */
        createdTo?: string;
        /** @description Inclusive lower bound of updatedAt */
        updatedFrom?: string;
        /** @description Inclusive upper bound of updatedAt */
        updatedTo?: string;
        /** @description Invoices accepting any of these currencies */
        currencyIds?: string[];
        statuses?: ('CREATED' | 'PAID' | 'UNRESOLVED')[];
        /** @description Substring of the tracking id, case-insensitive */
        trackingId?: string;
      };
      header?: never;
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvoicesResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  InvoicesController_createInvoice_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateInvoiceDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvoiceResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Tracking id or deposit address already used */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Service temporarily unavailable, retry later */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 503,
           *       "error": "Service Unavailable",
           *       "code": "SERVICE_UNAVAILABLE",
           *       "message": "[ERR_503] Service temporarily unavailable, retry later",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  InvoicesController_exportInvoices_v1: {
    parameters: {
      query?: {
        sortBy?: 'id' | 'createdAt' | 'updatedAt';
        sortOrder?: 'asc' | 'desc';
        /** @description Case-insensitive substring of the id */
        id?: string;
        /** @description Inclusive lower bound of createdAt */
        createdFrom?: string;
        /** @description Inclusive upper bound of createdAt */
        createdTo?: string;
        /** @description Inclusive lower bound of updatedAt */
        updatedFrom?: string;
        /** @description Inclusive upper bound of updatedAt */
        updatedTo?: string;
        /** @description Invoices accepting any of these currencies */
        currencyIds?: string[];
        statuses?: ('CREATED' | 'PAID' | 'UNRESOLVED')[];
        /** @description Substring of the tracking id, case-insensitive */
        trackingId?: string;
      };
      header?: never;
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The invoices, in the sort asked for */
      200: {
        headers: {
          /** @description attachment; filename="…csv" */
          'Content-Disposition'?: string;
          [name: string]: unknown;
        };
        content: {
          /** @example id,publicId,trackingId,status,createdAt,updatedAt,invoiceAddress,isTron,currencyIds,requestedAmount,paidAmount,paidAmountBaseCurrency,paymentPageUrl,paymentPageButtonUrl,paymentPageButtonText,callbackUrl */
          'text/csv': string;
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached (TOO_MANY_REQUESTS), an export of this member is running (EXPORT_IN_PROGRESS), or the instance runs EXPORT_MAX_CONCURRENT exports (TOO_MANY_EXPORTS) */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  InvoicesController_findInvoiceById_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        invoiceId: string;
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvoiceDetailsDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  InvoicesController_updateInvoice_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        invoiceId: string;
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateInvoiceDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvoiceResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Tracking id already used */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  PublicInvoicesController_getInvoice_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        publicId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PublicInvoiceResponseDto'];
        };
      };
      /** @description No invoice with this public id */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  PublicInvoicesController_getTransactions_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        publicId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PublicInvoiceTransactionDto'][];
        };
      };
      /** @description No invoice with this public id */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  PublicInvoicesController_getEvents_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        publicId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A `text/event-stream`. `event: invoice` with `data:` the `PublicInvoiceResponseDto` as JSON, at once and after every change (a deposit seen or confirmed, a new status); a comment line (`: keep-alive`) every 15 seconds; the stream ends after the event that carries PAID or UNRESOLVED. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example event: invoice
           *     data: {"publicId":"1","status":"CREATED", …}
           *
           *     : keep-alive
           */
          'text/event-stream': string;
        };
      };
      /** @description No invoice with this public id */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description This client address holds PAYMENT_EVENTS_MAX_STREAMS_PER_CLIENT open streams (TOO_MANY_STREAMS), or the rate limit is reached */
      429: {
        headers: {
          /** @description Seconds to wait before trying again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description This instance holds as many streams as it may; poll the invoice instead */
      503: {
        headers: {
          /** @description Seconds to wait before trying again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 503,
           *       "error": "Service Unavailable",
           *       "code": "SERVICE_UNAVAILABLE",
           *       "message": "[ERR_503] Service temporarily unavailable, retry later",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  ClaimsController_getClaimableCurrencies_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrencyResponseDto'][];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  ClaimsController_getClaims_v1: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        /** @description createdAt: first deposit; updatedAt: last deposit */
        sortBy?: 'createdAt' | 'updatedAt';
        sortOrder?: 'asc' | 'desc';
        /** @description Inclusive lower bound of the first deposit time */
        createdFrom?: string;
        /** @description Inclusive upper bound of the first deposit time */
        createdTo?: string;
        /** @description Inclusive lower bound of the last deposit time */
        updatedFrom?: string;
        /** @description Inclusive upper bound of the last deposit time */
        updatedTo?: string;
        /** @description Claims in any of these currencies */
        currencyIds?: string[];
        /** @description Only this invoice */
        invoiceId?: string;
        currencyIsScam?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        currencyIsVerified?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        /** @description JWT callers only: their own hidden currencies; ignored for API keys */
        currencyIsHidden?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
      };
      header?: never;
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClaimsResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  QueueOperationsController_getDeploymentQueue_v1: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        statuses?: ('PENDING' | 'READY' | 'EXECUTED' | 'FAILED' | 'CANCELLED')[];
        operationTypes?: ('MULTISIG_CONFIG_CHANGE' | 'REJECT' | 'PAYOUT' | 'DAPP_TRANSACTION')[];
        /** @description Case-insensitive substring of the creator address */
        createdBy?: string;
        /** @description Inclusive lower bound */
        createdAtFrom?: string;
        /** @description Inclusive upper bound */
        createdAtTo?: string;
        sortOrder?: 'asc' | 'desc';
      };
      header?: never;
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeploymentQueueResponseDto'];
        };
      };
      /** @description Invalid query parameter or deployment id */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  QueueOperationsController_getOperationById_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Queue operation UUID, or its executeOperationId (bytes32 hex, with or without 0x) */
        operationId: string;
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['QueueOperationResponseDto'];
        };
      };
      /** @description Malformed deployment id */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  QueueOperationsController_deleteOperation_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Queue operation UUID, or its executeOperationId (bytes32 hex, with or without 0x) */
        operationId: string;
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted; no body */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Caller is not the creator, or the status is not PENDING or READY */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  QueueOperationsController_createMultisigConfigChangeOperation_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateMultisigConfigChangeOperationDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['QueueOperationResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this key is still running */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  QueueOperationsController_createRejectOperation_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateRejectOperationDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['QueueOperationResponseDto'];
        };
      };
      /** @description Invalid input, nonce below the current nonce, a live REJECT already exists at the nonce, or the caller is not an approver (NOT_AN_APPROVER) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this key is still running */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  QueueOperationsController_submitSignature_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Queue operation UUID, or its executeOperationId (bytes32 hex, with or without 0x) */
        operationId: string;
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubmitSignatureDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignatureResponseDto'];
        };
      };
      /** @description Invalid signature, signer already signed, or the operation cannot be signed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this key is still running */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  QueueOperationsController_updateOperationNonce_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Queue operation UUID, or its executeOperationId (bytes32 hex, with or without 0x) */
        operationId: string;
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateOperationNonceDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['QueueOperationResponseDto'];
        };
      };
      /** @description Invalid nonce or operation status */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this key is still running */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  PayoutsController_findAll_v1: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        sortBy?: 'id' | 'createdAt' | 'updatedAt';
        sortOrder?: 'asc' | 'desc';
        /** @description Case-insensitive substring of the id */
        id?: string;
        /** @description Inclusive lower bound of createdAt */
        createdFrom?: string;
        /** @description Inclusive upper bound of createdAt */
        createdTo?: string;
        /** @description Inclusive lower bound of updatedAt */
        updatedFrom?: string;
        /** @description Inclusive upper bound of updatedAt */
        updatedTo?: string;
        /** @description Payouts in any of these currencies */
        currencyIds?: string[];
        statuses?: ('CREATED' | 'SIGNED' | 'SENT' | 'EXECUTED' | 'FAILED' | 'CANCELED')[];
        /** @description Substring of the tracking id, case-insensitive */
        trackingId?: string;
        /** @description Substring of the creator's address, case-insensitive */
        createdBy?: string;
        /** @description Substring of the recipient's address, case-insensitive */
        toAddress?: string;
      };
      header?: never;
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PayoutListResponseDto'];
        };
      };
      /** @description Invalid query parameter or deployment id */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  PayoutsController_create_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreatePayoutDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PayoutResponseDto'];
        };
      };
      /** @description Invalid input: deploymentId, currency, amount, address, trackingId, callbackUrl or nonce */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this key is still running */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  PayoutsController_exportPayouts_v1: {
    parameters: {
      query?: {
        sortBy?: 'id' | 'createdAt' | 'updatedAt';
        sortOrder?: 'asc' | 'desc';
        /** @description Case-insensitive substring of the id */
        id?: string;
        /** @description Inclusive lower bound of createdAt */
        createdFrom?: string;
        /** @description Inclusive upper bound of createdAt */
        createdTo?: string;
        /** @description Inclusive lower bound of updatedAt */
        updatedFrom?: string;
        /** @description Inclusive upper bound of updatedAt */
        updatedTo?: string;
        /** @description Payouts in any of these currencies */
        currencyIds?: string[];
        statuses?: ('CREATED' | 'SIGNED' | 'SENT' | 'EXECUTED' | 'FAILED' | 'CANCELED')[];
        /** @description Substring of the tracking id, case-insensitive */
        trackingId?: string;
        /** @description Substring of the creator's address, case-insensitive */
        createdBy?: string;
        /** @description Substring of the recipient's address, case-insensitive */
        toAddress?: string;
      };
      header?: never;
      path: {
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payouts, in the sort asked for */
      200: {
        headers: {
          /** @description attachment; filename="…csv" */
          'Content-Disposition'?: string;
          [name: string]: unknown;
        };
        content: {
          /** @example id,trackingId,status,createdAt,updatedAt,currencyId,currencySymbol,amount,toAddress,isTron,nonce,queueOperationId,createdBy,callbackUrl */
          'text/csv': string;
        };
      };
      /** @description Invalid query parameter or deployment id */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached (TOO_MANY_REQUESTS), an export of this member is running (EXPORT_IN_PROGRESS), or the instance runs EXPORT_MAX_CONCURRENT exports (TOO_MANY_EXPORTS) */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  PayoutsController_findOne_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Payout UUID */
        payoutId: string;
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PayoutDetailResponseDto'];
        };
      };
      /** @description Malformed deployment id */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  PayoutsController_update_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Payout UUID */
        payoutId: string;
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdatePayoutDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PayoutResponseDto'];
        };
      };
      /** @description Invalid input, or no field to change */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this key is still running */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AddressBookController_list_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AddressBookEntryDto'][];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AddressBookController_add_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateAddressBookEntryDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AddressBookEntryDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: a VIEWER cannot propose */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ADDRESS_BOOK_ENTRY_EXISTS */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AddressBookController_approve_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Account UUID */
        accountId: string;
        entryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AddressBookEntryDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: only an ADMIN approves */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this key is still running */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AddressBookController_remove_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
        entryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AddressBookEntryDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: only an ADMIN removes */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  PayoutPolicyController_get_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PayoutPolicyDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  PayoutPolicyController_put_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PayoutPolicyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PayoutPolicyDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: only an ADMIN changes the policy */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  QueueOperationsController_getOperationReview_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Queue operation UUID, or its executeOperationId (bytes32 hex, with or without 0x) */
        operationId: string;
        /** @description Deployment UUID */
        deploymentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperationReviewDto'];
        };
      };
      /** @description Malformed deployment id */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  CallbacksController_findAll_v1: {
    parameters: {
      query: {
        page?: number;
        pageSize?: number;
        /** @description The invoice, payout or queue operation id */
        operationId: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CallbacksResponseDto'];
        };
      };
      /** @description Missing or malformed operationId */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  CallbacksController_resend_v1: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the first successful response (status and body) is stored for 24 h per (credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). A failed request stores nothing. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ResendCallbacksDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ResendCallbacksResponseDto'];
        };
      };
      /** @description ids missing, empty, too many or not UUIDs */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this key is still running */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 409,
           *       "error": "Conflict",
           *       "code": "INVOICE_TRACKING_ID_EXISTS",
           *       "message": "[ERR_409] Invoice with this tracking ID already exists",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description IDEMPOTENCY_KEY_REUSED: this key was used with a different request */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 422,
           *       "error": "Unprocessable Entity",
           *       "code": "HTTP_422",
           *       "message": "[ERR_422] Unprocessable Entity",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_createCallbackSecret_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CallbackSecretResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_getCallbackSettings_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CallbackSettingsDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_updateCallbackSettings_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CallbackSettingsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CallbackSettingsDto'];
        };
      };
      /**
       * @description Missing key, not an http(s) URL, too long, or a private address
       *
       *     Invalid input
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_getNotificationSettings_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NotificationSettingsResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_updateNotificationSettings_v1: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['NotificationSettingsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NotificationSettingsResponseDto'];
        };
      };
      /**
       * @description A missing key, not an e-mail, a Slack URL that is not http(s) or points to a private address, an unknown event, a telegramChatId that is not a string
       *
       *     Invalid input
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_getAssetBalances_v1: {
    parameters: {
      query: {
        page?: number;
        pageSize?: number;
        /** @description Only these currencies */
        currencyIds?: string[];
        isScam?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        isVerified?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        /** @description JWT callers only: their own hidden currencies; ignored for API keys */
        isHidden?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        /** @description Fiat currency of converted values */
        baseCurrency: 'usd' | 'eur' | 'cny';
        /** @description The chain (the account contract on that network) */
        chainId: string;
        /** @description converted_balance: currencies without a rate come last in either order */
        sortBy?: 'balance' | 'converted_balance';
        sortOrder?: 'asc' | 'desc';
      };
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssetBalancesResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_getShortAssetBalances_v1: {
    parameters: {
      query: {
        /** @description The chain (the account contract on that network) */
        chainId: string;
        /** @description Only these currencies */
        currencyIds?: string[];
        isScam?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        isVerified?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
        /** @description JWT callers only: their own hidden currencies; ignored for API keys */
        isHidden?: boolean & (boolean | ('true' | 'false' | '1' | '0'));
      };
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssetBalanceShortResponseDto'][];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_getBalanceSummary_v1: {
    parameters: {
      query: {
        /** @description Fiat currency of converted values */
        baseCurrency: 'usd' | 'eur' | 'cny';
        /** @description The chain (the account contract on that network) */
        chainId: string;
      };
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BalanceSummaryResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AccountsController_getReconciliation_v1: {
    parameters: {
      query: {
        /** @description The chain (the account contract on that network) */
        chainId: string;
      };
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReconciliationResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description ROLE_FORBIDS: the member's role lacks the right; INSUFFICIENT_SCOPE: the API key's scopes do */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description CHAIN_UNAVAILABLE: no node for the chain, or it did not answer (Retry-After) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 503,
           *       "error": "Service Unavailable",
           *       "code": "SERVICE_UNAVAILABLE",
           *       "message": "[ERR_503] Service temporarily unavailable, retry later",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AuditEventsController_findAuditEvents_v1: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        /** @description By createdAt; newest first by default */
        sortOrder?: 'asc' | 'desc';
        /** @description Inclusive lower bound of createdAt */
        createdFrom?: string;
        /** @description Inclusive upper bound of createdAt */
        createdTo?: string;
        /** @description Entries of any of these actions */
        actions?: (
          | 'SIGNED_IN'
          | 'MEMBER_ADDED'
          | 'MEMBER_ROLE_CHANGED'
          | 'MEMBER_REMOVED'
          | 'API_KEY_CREATED'
          | 'API_KEY_REVOKED'
          | 'CREDENTIALS_REGENERATED'
          | 'ACCOUNT_RENAMED'
          | 'CALLBACK_SECRET_ROTATED'
          | 'CALLBACK_SETTINGS_CHANGED'
          | 'NOTIFICATION_SETTINGS_CHANGED'
          | 'PAYOUT_POLICY_CHANGED'
          | 'ADDRESS_BOOK_ENTRY_ADDED'
          | 'ADDRESS_BOOK_ENTRY_APPROVED'
          | 'ADDRESS_BOOK_ENTRY_REMOVED'
          | 'INVOICE_CREATED'
          | 'INVOICE_UPDATED'
          | 'PAYOUT_CREATED'
          | 'PAYOUT_UPDATED'
          | 'OPERATION_CREATED'
          | 'OPERATION_SIGNED'
          | 'OPERATION_NONCE_CHANGED'
          | 'OPERATION_DELETED'
          | 'CALLBACKS_RESENT'
        )[];
        /** @description Entries of this actor: an EVM address (any case) or a Tron address (base58 or 41… hex) */
        actor?: string;
      };
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditEventsResponseDto'];
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The caller is a member whose role is not ADMIN (ROLE_FORBIDS), or a key without `read` (INSUFFICIENT_SCOPE) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  AuditEventsController_exportAuditEvents_v1: {
    parameters: {
      query?: {
        /** @description By createdAt; newest first by default */
        sortOrder?: 'asc' | 'desc';
        /** @description Inclusive lower bound of createdAt */
        createdFrom?: string;
        /** @description Inclusive upper bound of createdAt */
        createdTo?: string;
        /** @description Entries of any of these actions */
        actions?: (
          | 'SIGNED_IN'
          | 'MEMBER_ADDED'
          | 'MEMBER_ROLE_CHANGED'
          | 'MEMBER_REMOVED'
          | 'API_KEY_CREATED'
          | 'API_KEY_REVOKED'
          | 'CREDENTIALS_REGENERATED'
          | 'ACCOUNT_RENAMED'
          | 'CALLBACK_SECRET_ROTATED'
          | 'CALLBACK_SETTINGS_CHANGED'
          | 'NOTIFICATION_SETTINGS_CHANGED'
          | 'PAYOUT_POLICY_CHANGED'
          | 'ADDRESS_BOOK_ENTRY_ADDED'
          | 'ADDRESS_BOOK_ENTRY_APPROVED'
          | 'ADDRESS_BOOK_ENTRY_REMOVED'
          | 'INVOICE_CREATED'
          | 'INVOICE_UPDATED'
          | 'PAYOUT_CREATED'
          | 'PAYOUT_UPDATED'
          | 'OPERATION_CREATED'
          | 'OPERATION_SIGNED'
          | 'OPERATION_NONCE_CHANGED'
          | 'OPERATION_DELETED'
          | 'CALLBACKS_RESENT'
        )[];
        /** @description Entries of this actor: an EVM address (any case) or a Tron address (base58 or 41… hex) */
        actor?: string;
      };
      header?: never;
      path: {
        /** @description Account UUID */
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The entries, in the sort asked for */
      200: {
        headers: {
          /** @description attachment; filename="…csv" */
          'Content-Disposition'?: string;
          [name: string]: unknown;
        };
        content: {
          /** @example id,createdAt,action,actorAddress,actorVia,actorKeyId,targetType,targetId,changes,requestId,clientAddress */
          'text/csv': string;
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 400,
           *       "error": "Bad Request",
           *       "code": "VALIDATION_FAILED",
           *       "message": "[ERR_400] Invalid request: pageSize",
           *       "details": [
           *         {
           *           "field": "pageSize",
           *           "message": "pageSize must be an integer from 1 to 100"
           *         }
           *       ],
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Invalid or missing token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 401,
           *       "error": "Unauthorized",
           *       "code": "UNAUTHORIZED",
           *       "message": "[ERR_401] Invalid or missing token",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The caller is a member whose role is not ADMIN (ROLE_FORBIDS), or a key without `read` (INSUFFICIENT_SCOPE) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 403,
           *       "error": "Forbidden",
           *       "code": "DEPLOYMENT_ACCESS_DENIED",
           *       "message": "[ERR_403] Access to this deployment is denied",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Not found, or caller is not a member */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 404,
           *       "error": "Not Found",
           *       "code": "DEPLOYMENT_NOT_FOUND",
           *       "message": "[ERR_404] Deployment not found",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached (TOO_MANY_REQUESTS), an export of this member is running (EXPORT_IN_PROGRESS), or the instance runs EXPORT_MAX_CONCURRENT exports (TOO_MANY_EXPORTS) */
      429: {
        headers: {
          /** @description Seconds until a request is admitted again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "statusCode": 429,
           *       "error": "Too Many Requests",
           *       "code": "TOO_MANY_REQUESTS",
           *       "message": "[ERR_429] Too many requests for this credential; retry in 12 seconds",
           *       "requestId": "0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
}
