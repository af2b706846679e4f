import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog (docs/contract.md, Catalog): networks, their currencies, and the multisig contract versions. Rows come
 * from the seed through `loadCatalog`; the constraints below keep hand-made rows just as sound.
 *
 * The public currency list is answered from memory (see CatalogService), so the indexes here serve
 * the other contexts that join to these tables in SQL: by chain, by contract address, by symbol and
 * by the list's sort keys. The boolean flags get no index (two values, no selectivity), nor does
 * the name substring filter (it would need pg_trgm for a catalog of a few dozen rows).
 */
export class CatalogTables1763750000000 implements MigrationInterface {
  name = 'CatalogTables1763750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE networks (
        chain_id               text    NOT NULL,
        name                   text    NOT NULL,
        network_type           text    NOT NULL,
        required_confirmations integer NOT NULL,
        is_testnet             boolean NOT NULL,
        CONSTRAINT networks_pk PRIMARY KEY (chain_id),
        CONSTRAINT networks_chain_id_ck CHECK (chain_id ~ '^[0-9]+$'),
        CONSTRAINT networks_network_type_ck CHECK (network_type IN ('evm', 'tvm')),
        CONSTRAINT networks_required_confirmations_ck CHECK (required_confirmations > 0),
        -- Lets a contract version reference (chain, network type) and so never pair tvm with an EVM chain.
        CONSTRAINT networks_chain_id_network_type_uq UNIQUE (chain_id, network_type)
      )`);

    await queryRunner.query(`
      CREATE TABLE currencies (
        id                 text           NOT NULL,
        chain_id           text           NOT NULL,
        symbol             text           NOT NULL,
        name               text           NOT NULL,
        -- As displayed: EIP-55 checksum on EVM chains, base58check on Tron; null for the native coin.
        address            text,
        -- The form that compares equal however a client spells it: lowercase hex on EVM (the form
        -- currency ids use too), base58 on Tron (already canonical, and case-sensitive).
        address_normalized text GENERATED ALWAYS AS (CASE WHEN address LIKE '0x%' THEN lower(address) ELSE address END) STORED,
        decimals           smallint       NOT NULL,
        is_native          boolean        NOT NULL,
        is_scam            boolean        NOT NULL,
        is_verified        boolean        NOT NULL,
        cmc_id             integer,
        logo_url           text,
        usd_rate           numeric,
        created_at         timestamptz(3) NOT NULL DEFAULT now(),
        updated_at         timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT currencies_pk PRIMARY KEY (id),
        CONSTRAINT currencies_chain_id_fk FOREIGN KEY (chain_id) REFERENCES networks (chain_id),
        -- docs/api-conventions.md: "{chainId}" for the native coin, "{chainId}-{address}" for a token. With the primary
        -- key this also allows one native coin per chain.
        CONSTRAINT currencies_id_ck CHECK (id = CASE WHEN address IS NULL THEN chain_id ELSE chain_id || '-' || address_normalized END),
        CONSTRAINT currencies_native_has_no_address_ck CHECK (is_native = (address IS NULL)),
        CONSTRAINT currencies_address_ck CHECK (address ~ '^(0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$'),
        -- uint256 amounts have at most 78 digits, so more than 77 decimals cannot be shown.
        CONSTRAINT currencies_decimals_ck CHECK (decimals BETWEEN 0 AND 77),
        CONSTRAINT currencies_usd_rate_ck CHECK (usd_rate >= 0),
        CONSTRAINT currencies_scam_not_verified_ck CHECK (NOT (is_scam AND is_verified))
      )`);
    await queryRunner.query(`CREATE INDEX currencies_chain_id_idx ON currencies (chain_id)`);
    // A contract is one currency per chain; leading with the address also serves the address filter.
    await queryRunner.query(
      `CREATE UNIQUE INDEX currencies_address_normalized_chain_id_uq ON currencies (address_normalized, chain_id)`,
    );
    await queryRunner.query(`CREATE INDEX currencies_symbol_lower_idx ON currencies (lower(symbol))`);
    await queryRunner.query(`CREATE INDEX currencies_created_at_id_idx ON currencies (created_at, id)`);
    await queryRunner.query(`CREATE INDEX currencies_updated_at_id_idx ON currencies (updated_at, id)`);
    await queryRunner.query(`CREATE INDEX currencies_cmc_id_id_idx ON currencies (cmc_id, id)`);

    await queryRunner.query(`
      CREATE TABLE smart_contract_versions (
        id                             text           NOT NULL,
        version                        text           NOT NULL,
        network_type                   text           NOT NULL,
        -- Null for evm: one EVM version serves every EVM chain; a Tron version names its chain.
        chain_id                       text,
        account_abi                    jsonb          NOT NULL,
        eip712_domain                  jsonb          NOT NULL,
        deposit_account_implementation text           NOT NULL,
        deposit_account_init_code_hash text           NOT NULL,
        is_latest                      boolean        NOT NULL,
        created_at                     timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT smart_contract_versions_pk PRIMARY KEY (id),
        CONSTRAINT smart_contract_versions_network_fk FOREIGN KEY (chain_id, network_type) REFERENCES networks (chain_id, network_type),
        CONSTRAINT smart_contract_versions_network_type_ck CHECK (network_type IN ('evm', 'tvm')),
        CONSTRAINT smart_contract_versions_chain_id_ck CHECK ((network_type = 'evm') = (chain_id IS NULL)),
        CONSTRAINT smart_contract_versions_version_ck CHECK (version ~ '^[0-9]+\\.[0-9]+\\.[0-9]+$'),
        -- docs/contract.md, Catalog: "1.2.0-evm", "1.2.0-tvm-728126428".
        CONSTRAINT smart_contract_versions_id_ck CHECK (id = version || '-' || CASE WHEN network_type = 'evm' THEN 'evm' ELSE 'tvm-' || chain_id END),
        CONSTRAINT smart_contract_versions_account_abi_ck CHECK (jsonb_typeof(account_abi) = 'array'),
        CONSTRAINT smart_contract_versions_eip712_domain_ck CHECK (
          jsonb_typeof(eip712_domain -> 'name') = 'string' AND jsonb_typeof(eip712_domain -> 'version') = 'string'),
        CONSTRAINT smart_contract_versions_implementation_ck CHECK (deposit_account_implementation ~ '^0x[0-9a-fA-F]{40}$'),
        CONSTRAINT smart_contract_versions_init_code_hash_ck CHECK (deposit_account_init_code_hash ~ '^0x[0-9a-f]{64}$')
      )`);
    await queryRunner.query(
      `CREATE INDEX smart_contract_versions_chain_id_network_type_idx ON smart_contract_versions (chain_id, network_type)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE smart_contract_versions`);
    await queryRunner.query(`DROP TABLE currencies`);
    await queryRunner.query(`DROP TABLE networks`);
  }
}
