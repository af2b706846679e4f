import type { EntityManager } from 'typeorm';

export interface ClaimsFilter {
  readonly currencyIds?: readonly string[];
  /** Currencies to keep (already resolved from the catalog's flags); undefined: no flag filter. */
  readonly flagCurrencyIds?: readonly string[];
  readonly invoiceId?: string;
  /** JWT callers only: keep hidden (true) or visible (false) currencies of this member. */
  readonly hidden?: { readonly memberId: string; readonly value: boolean };
  readonly createdFrom?: Date;
  readonly createdTo?: Date;
  readonly updatedFrom?: Date;
  readonly updatedTo?: Date;
  readonly sortBy: 'createdAt' | 'updatedAt';
  readonly sortOrder: 'asc' | 'desc';
  readonly limit: number;
  readonly offset: string;
}

/** What one invoice can still give up in one currency: its mined, unclaimed deposits (docs/contract.md, Claims). */
export interface ClaimableDeposits {
  readonly invoiceId: string;
  readonly invoiceNonce: string;
  readonly currencyId: string;
  /** First and last deposit. */
  readonly firstAt: Date;
  readonly lastAt: Date;
  /** Base units. */
  readonly amount: bigint;
  readonly transactions: number;
}

/**
 * Port for the claims read model over invoice deposits; the SQL lives in infrastructure/. The
 * `manager` methods run inside a claim event's transaction (`manager` is only its handle).
 */
export abstract class ClaimRepository {
  abstract list(deploymentId: string, filter: ClaimsFilter): Promise<{ total: number; items: ClaimableDeposits[] }>;
  /** Currencies with a non-zero claimable amount. */
  abstract claimableCurrencyIds(deploymentId: string): Promise<string[]>;
  /** What a claim of these invoices (by nonce) in one currency collects, base units. */
  abstract claimableSum(
    manager: EntityManager,
    deploymentId: string,
    currencyId: string,
    invoiceNonces: readonly string[],
  ): Promise<bigint>;
  /** The ids of the deployment's invoices with these nonces (unknown nonces name none). */
  abstract invoiceIdsByNonce(
    manager: EntityManager,
    deploymentId: string,
    invoiceNonces: readonly string[],
  ): Promise<string[]>;
}
