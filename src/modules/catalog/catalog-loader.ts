import type { DataSource, EntityManager } from 'typeorm';
import { CONTRACT_VERSIONS } from './seed/contract-versions';
import { CURRENCIES } from './seed/currencies';
import { NETWORKS } from './seed/networks';

/** How many rows of each table the load inserted or changed. */
export interface CatalogLoadResult {
  readonly networks: number;
  readonly currencies: number;
  readonly smartContractVersions: number;
}

// Each statement upserts the whole seed table in one round trip. The WHERE of DO UPDATE skips
// rows whose values are already equal, so an unchanged seed writes nothing and `updated_at` moves
// only when a currency really changed.

const UPSERT_NETWORKS = `
  INSERT INTO networks (chain_id, name, network_type, required_confirmations, is_testnet)
  SELECT chain_id, name, network_type, required_confirmations, is_testnet
  FROM jsonb_to_recordset($1::jsonb)
    AS seed (chain_id text, name text, network_type text, required_confirmations integer, is_testnet boolean)
  ON CONFLICT (chain_id) DO UPDATE SET
    name = EXCLUDED.name,
    network_type = EXCLUDED.network_type,
    required_confirmations = EXCLUDED.required_confirmations,
    is_testnet = EXCLUDED.is_testnet
  WHERE (networks.name, networks.network_type, networks.required_confirmations, networks.is_testnet)
    IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.network_type, EXCLUDED.required_confirmations, EXCLUDED.is_testnet)
  RETURNING chain_id`;

const UPSERT_CURRENCIES = `
  INSERT INTO currencies (id, chain_id, symbol, name, address, decimals, is_native, is_scam, is_verified, cmc_id, logo_url, usd_rate)
  SELECT id, chain_id, symbol, name, address, decimals, is_native, is_scam, is_verified, cmc_id, logo_url, usd_rate
  FROM jsonb_to_recordset($1::jsonb)
    AS seed (id text, chain_id text, symbol text, name text, address text, decimals smallint, is_native boolean,
             is_scam boolean, is_verified boolean, cmc_id integer, logo_url text, usd_rate numeric)
  ON CONFLICT (id) DO UPDATE SET
    chain_id = EXCLUDED.chain_id,
    symbol = EXCLUDED.symbol,
    name = EXCLUDED.name,
    address = EXCLUDED.address,
    decimals = EXCLUDED.decimals,
    is_native = EXCLUDED.is_native,
    is_scam = EXCLUDED.is_scam,
    is_verified = EXCLUDED.is_verified,
    cmc_id = EXCLUDED.cmc_id,
    logo_url = EXCLUDED.logo_url,
    usd_rate = EXCLUDED.usd_rate,
    updated_at = now()
  WHERE (currencies.chain_id, currencies.symbol, currencies.name, currencies.address, currencies.decimals,
         currencies.is_native, currencies.is_scam, currencies.is_verified, currencies.cmc_id, currencies.logo_url,
         currencies.usd_rate)
    IS DISTINCT FROM (EXCLUDED.chain_id, EXCLUDED.symbol, EXCLUDED.name, EXCLUDED.address, EXCLUDED.decimals,
         EXCLUDED.is_native, EXCLUDED.is_scam, EXCLUDED.is_verified, EXCLUDED.cmc_id, EXCLUDED.logo_url,
         EXCLUDED.usd_rate)
  RETURNING id`;

const UPSERT_SMART_CONTRACT_VERSIONS = `
  INSERT INTO smart_contract_versions (id, version, network_type, chain_id, account_abi, eip712_domain,
                                       deposit_account_implementation, deposit_account_init_code_hash, is_latest)
  SELECT id, version, network_type, chain_id, account_abi, eip712_domain,
         deposit_account_implementation, deposit_account_init_code_hash, is_latest
  FROM jsonb_to_recordset($1::jsonb)
    AS seed (id text, version text, network_type text, chain_id text, account_abi jsonb, eip712_domain jsonb,
             deposit_account_implementation text, deposit_account_init_code_hash text, is_latest boolean)
  ON CONFLICT (id) DO UPDATE SET
    version = EXCLUDED.version,
    network_type = EXCLUDED.network_type,
    chain_id = EXCLUDED.chain_id,
    account_abi = EXCLUDED.account_abi,
    eip712_domain = EXCLUDED.eip712_domain,
    deposit_account_implementation = EXCLUDED.deposit_account_implementation,
    deposit_account_init_code_hash = EXCLUDED.deposit_account_init_code_hash,
    is_latest = EXCLUDED.is_latest
  WHERE (smart_contract_versions.version, smart_contract_versions.network_type, smart_contract_versions.chain_id,
         smart_contract_versions.account_abi, smart_contract_versions.eip712_domain,
         smart_contract_versions.deposit_account_implementation, smart_contract_versions.deposit_account_init_code_hash,
         smart_contract_versions.is_latest)
    IS DISTINCT FROM (EXCLUDED.version, EXCLUDED.network_type, EXCLUDED.chain_id, EXCLUDED.account_abi,
         EXCLUDED.eip712_domain, EXCLUDED.deposit_account_implementation, EXCLUDED.deposit_account_init_code_hash,
         EXCLUDED.is_latest)
  RETURNING id`;

/**
 * Brings the catalog tables in line with the seed shipped in `./seed`, in one transaction, at every
 * start (after migrations). Rows that are not in the seed, such as an operator's own tokens, are
 * kept: deleting them could orphan the invoices and transactions that refer to them.
 */
export async function loadCatalog(dataSource: DataSource): Promise<CatalogLoadResult> {
  return dataSource.transaction(async (manager) => {
    const networks = await upsert(
      manager,
      UPSERT_NETWORKS,
      NETWORKS.map((n) => ({
        chain_id: n.chainId,
        name: n.name,
        network_type: n.networkType,
        required_confirmations: n.requiredConfirmations,
        is_testnet: n.isTestnet,
      })),
    );
    const currencies = await upsert(
      manager,
      UPSERT_CURRENCIES,
      CURRENCIES.map((c) => ({
        id: c.id,
        chain_id: c.chainId,
        symbol: c.symbol,
        name: c.name,
        address: c.address,
        decimals: c.decimals,
        is_native: c.isNative,
        is_scam: c.isScam,
        is_verified: c.isVerified,
        cmc_id: c.cmcId,
        logo_url: c.logoUrl,
        usd_rate: c.usdRate,
      })),
    );
    const smartContractVersions = await upsert(
      manager,
      UPSERT_SMART_CONTRACT_VERSIONS,
      CONTRACT_VERSIONS.map((v) => ({
        id: v.id,
        version: v.version,
        network_type: v.networkType,
        chain_id: v.chainId,
        account_abi: v.accountAbi,
        eip712_domain: v.eip712Domain,
        deposit_account_implementation: v.depositAccountImplementation,
        deposit_account_init_code_hash: v.depositAccountInitCodeHash,
        is_latest: v.isLatest,
      })),
    );
    return { networks, currencies, smartContractVersions };
  });
}

/** Runs one upsert statement over `rows`; returns how many rows it inserted or changed. */
async function upsert(manager: EntityManager, sql: string, rows: readonly object[]): Promise<number> {
  const written: unknown[] = await manager.query(sql, [JSON.stringify(rows)]);
  return written.length;
}
