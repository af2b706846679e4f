import type { DataSource, EntityManager } from 'typeorm';
import { CONTRACT_VERSIONS, type ContractVersionSeed } from './seed/contract-versions';
import { CURRENCIES, type CurrencySeed } from './seed/currencies';
import { NETWORKS, type NetworkSeed } from './seed/networks';

/** How many rows of each table the load inserted or changed. */
export interface CatalogLoadResult {
  readonly networks: number;
  readonly currencies: number;
  readonly smartContractVersions: number;
}

/** Column name → its SQL type and its value in a seed entry; the first column is the key. */
type Columns<T> = Record<string, readonly [sqlType: string, value: (seed: T) => unknown]>;

const NETWORK_COLUMNS: Columns<NetworkSeed> = {
  chain_id: ['text', (n) => n.chainId],
  name: ['text', (n) => n.name],
  network_type: ['text', (n) => n.networkType],
  required_confirmations: ['integer', (n) => n.requiredConfirmations],
  is_testnet: ['boolean', (n) => n.isTestnet],
  is_active: ['boolean', (n) => n.isActive],
  transaction_explorer_url: ['text', (n) => n.transactionExplorerUrl],
  address_explorer_url: ['text', (n) => n.addressExplorerUrl],
  token_explorer_url: ['text', (n) => n.tokenExplorerUrl],
};

const CURRENCY_COLUMNS: Columns<CurrencySeed> = {
  id: ['text', (c) => c.id],
  chain_id: ['text', (c) => c.chainId],
  symbol: ['text', (c) => c.symbol],
  name: ['text', (c) => c.name],
  address: ['text', (c) => c.address],
  decimals: ['smallint', (c) => c.decimals],
  is_native: ['boolean', (c) => c.isNative],
  is_scam: ['boolean', (c) => c.isScam],
  is_verified: ['boolean', (c) => c.isVerified],
  cmc_id: ['integer', (c) => c.cmcId],
  logo_url: ['text', (c) => c.logoUrl],
  usd_rate: ['numeric', (c) => c.usdRate],
};

const SMART_CONTRACT_VERSION_COLUMNS: Columns<ContractVersionSeed> = {
  id: ['text', (v) => v.id],
  version: ['text', (v) => v.version],
  network_type: ['text', (v) => v.networkType],
  chain_id: ['text', (v) => v.chainId],
  account_abi: ['jsonb', (v) => v.accountAbi],
  eip712_domain: ['jsonb', (v) => v.eip712Domain],
  deposit_account_init_code_hash: ['text', (v) => v.depositAccountInitCodeHash],
  is_latest: ['boolean', (v) => v.isLatest],
};

/**
 * Brings the catalog tables in line with the seed shipped in `./seed`, in one transaction, at every
 * start (after migrations). Rows that are not in the seed, such as an operator's own tokens, are
 * kept: deleting them could orphan the invoices and transactions that refer to them.
 */
export async function loadCatalog(dataSource: DataSource): Promise<CatalogLoadResult> {
  return dataSource.transaction(async (manager) => ({
    networks: await upsert(manager, 'networks', NETWORK_COLUMNS, NETWORKS),
    currencies: await upsert(manager, 'currencies', CURRENCY_COLUMNS, CURRENCIES, { touch: 'updated_at' }),
    smartContractVersions: await upsert(
      manager,
      'smart_contract_versions',
      SMART_CONTRACT_VERSION_COLUMNS,
      CONTRACT_VERSIONS,
    ),
  }));
}

/**
 * Upserts every seed entry in one statement and returns how many rows it inserted or changed.
 * The WHERE of DO UPDATE skips rows whose values are already equal, so an unchanged seed writes
 * nothing and `touch` (a timestamp column) moves only when a row really changed. The SET list
 * and that comparison come from the same column list, so they can never disagree.
 */
async function upsert<T>(
  manager: EntityManager,
  table: string,
  columns: Columns<T>,
  seeds: readonly T[],
  options: { touch?: string } = {},
): Promise<number> {
  const names = Object.keys(columns);
  const [key, ...values] = names;
  const assignments = values.map((name) => `${name} = EXCLUDED.${name}`);
  if (options.touch !== undefined) assignments.push(`${options.touch} = now()`);
  const sql = `
    INSERT INTO ${table} (${names.join(', ')})
    SELECT ${names.join(', ')}
    FROM jsonb_to_recordset($1::jsonb) AS seed (${names.map((name) => `${name} ${columns[name][0]}`).join(', ')})
    ON CONFLICT (${key}) DO UPDATE SET ${assignments.join(', ')}
    WHERE (${values.map((name) => `${table}.${name}`).join(', ')})
      IS DISTINCT FROM (${values.map((name) => `EXCLUDED.${name}`).join(', ')})
    RETURNING ${key}`;
  const rows = seeds.map((seed) => Object.fromEntries(names.map((name) => [name, columns[name][1](seed)])));
  const written: unknown[] = await manager.query(sql, [JSON.stringify(rows)]);
  return written.length;
}
