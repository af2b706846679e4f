import { MigrationInterface, QueryRunner } from 'typeorm';

interface DeploymentGroupRow {
  account_id: string;
  network_type: string;
  address: string;
  address_hex: string;
  smart_contract_version_id: string;
  tron_chain_id: string | null;
  approvers: string[];
  threshold: number;
  deployment_ids: string[];
  is_first: boolean;
}

/**
 * The account owns its multisig contract (docs/contract.md, Accounts and networks): one address and one contract version per
 * account, and the initial owners and threshold the factory created it with. Every EVM deployment
 * of an account is that same contract on another chain; a Tron account is its own account.
 *
 * Existing data moves without loss: each account takes the contract of its oldest deployment.
 * Deployments of an account that name another contract (another address, version or network type,
 * or a second Tron chain) move to a new account of their own, with the same name and members, so
 * nothing is dropped and every deployment still answers the same members. Accounts that never had
 * a deployment keep no contract (all contract columns NULL) until their first one is registered.
 *
 * A composite foreign key makes the rule hold in the database: a deployment's address and version
 * are those of its account.
 */
export class AccountContracts1763771000000 implements MigrationInterface {
  name = 'AccountContracts1763771000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE accounts
        ADD COLUMN network_type text,
        ADD COLUMN contract_address text,
        ADD COLUMN contract_address_hex text,
        ADD COLUMN smart_contract_version_id text,
        ADD COLUMN network_id text,
        ADD COLUMN initial_approvers text[],
        ADD COLUMN initial_threshold integer,
        ADD COLUMN updated_at timestamptz(3) NOT NULL DEFAULT now()`);

    // One group per (account, contract); the oldest group stays with the account.
    const groups = (await q.query(`
      WITH keyed AS (
        SELECT d.*, CASE WHEN d.network_type = 'tvm' THEN d.chain_id END AS tron_chain_id FROM deployments d
      ), firsts AS (
        SELECT DISTINCT ON (account_id, network_type, address_hex, smart_contract_version_id, tron_chain_id)
               account_id, network_type, address_hex, smart_contract_version_id, tron_chain_id, address, approvers,
               threshold, created_at AS first_at, id AS first_id
          FROM keyed
         ORDER BY account_id, network_type, address_hex, smart_contract_version_id, tron_chain_id, created_at, id
      )
      SELECT f.account_id, f.network_type, f.address, f.address_hex, f.smart_contract_version_id, f.tron_chain_id,
             f.approvers, f.threshold,
             ARRAY(SELECT k.id FROM keyed k
                    WHERE k.account_id = f.account_id AND k.network_type = f.network_type
                      AND k.address_hex = f.address_hex AND k.smart_contract_version_id = f.smart_contract_version_id
                      AND k.tron_chain_id IS NOT DISTINCT FROM f.tron_chain_id) AS deployment_ids,
             row_number() OVER (PARTITION BY f.account_id ORDER BY f.first_at, f.first_id) = 1 AS is_first
        FROM firsts f
       ORDER BY f.account_id, f.first_at, f.first_id`)) as DeploymentGroupRow[];

    for (const group of groups) {
      let accountId = group.account_id;
      if (!group.is_first) {
        const [created] = (await q.query(
          `INSERT INTO accounts (id, name, created_at)
           SELECT gen_random_uuid(), name, created_at FROM accounts WHERE id = $1 RETURNING id`,
          [group.account_id],
        )) as { id: string }[];
        accountId = created.id;
        await q.query(
          `INSERT INTO account_members (account_id, member_id) SELECT $1, member_id FROM account_members WHERE account_id = $2`,
          [accountId, group.account_id],
        );
        await q.query(`UPDATE deployments SET account_id = $1 WHERE id = ANY($2::uuid[])`, [
          accountId,
          group.deployment_ids,
        ]);
      }
      await q.query(
        `UPDATE accounts
            SET network_type = $2, contract_address = $3, contract_address_hex = $4, smart_contract_version_id = $5,
                network_id = $6, initial_approvers = $7, initial_threshold = $8
          WHERE id = $1`,
        [
          accountId,
          group.network_type,
          group.address,
          group.address_hex,
          group.smart_contract_version_id,
          group.tron_chain_id,
          group.approvers,
          group.threshold,
        ],
      );
    }

    await q.query(`
      ALTER TABLE accounts
        ADD CONSTRAINT ck_accounts_network_type CHECK (network_type IN ('evm', 'tvm')),
        ADD CONSTRAINT ck_accounts_contract_complete CHECK (
          (contract_address_hex IS NULL AND contract_address IS NULL AND network_type IS NULL
             AND smart_contract_version_id IS NULL AND initial_approvers IS NULL AND initial_threshold IS NULL
             AND network_id IS NULL)
          OR (contract_address_hex IS NOT NULL AND contract_address IS NOT NULL AND network_type IS NOT NULL
             AND smart_contract_version_id IS NOT NULL AND initial_approvers IS NOT NULL AND initial_threshold IS NOT NULL)),
        ADD CONSTRAINT ck_accounts_network_id CHECK ((network_type = 'tvm') = (network_id IS NOT NULL)),
        ADD CONSTRAINT ck_accounts_initial_threshold CHECK (
          initial_threshold >= 1 AND initial_threshold <= cardinality(initial_approvers)),
        ADD CONSTRAINT uq_accounts_id_contract UNIQUE (id, contract_address_hex, smart_contract_version_id)`);
    // One account per contract: per address on EVM (the same on every chain), per chain on Tron.
    await q.query(
      `CREATE UNIQUE INDEX ux_accounts_contract ON accounts (network_type, coalesce(network_id, ''), contract_address_hex)
        WHERE contract_address_hex IS NOT NULL`,
    );
    await q.query(`
      ALTER TABLE deployments
        ADD CONSTRAINT fk_deployments_account_contract
        FOREIGN KEY (account_id, address_hex, smart_contract_version_id)
        REFERENCES accounts (id, contract_address_hex, smart_contract_version_id) ON UPDATE CASCADE`);
    await q.query(
      `CREATE INDEX ix_deployments_account_contract ON deployments (account_id, address_hex, smart_contract_version_id)`,
    );

    // Accounts a member chose to hide from their own lists (`isHidden`, JWT callers).
    await q.query(`
      CREATE TABLE member_hidden_accounts (
        member_id uuid NOT NULL,
        account_id uuid NOT NULL,
        CONSTRAINT pk_member_hidden_accounts PRIMARY KEY (member_id, account_id),
        CONSTRAINT fk_member_hidden_accounts_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE,
        CONSTRAINT fk_member_hidden_accounts_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_member_hidden_accounts_account ON member_hidden_accounts (account_id)`);
  }

  /** Drops the account-level contract; accounts split off by `up` stay (their deployments need them). */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE member_hidden_accounts`);
    await q.query(`DROP INDEX ix_deployments_account_contract`);
    await q.query(`ALTER TABLE deployments DROP CONSTRAINT fk_deployments_account_contract`);
    await q.query(`DROP INDEX ux_accounts_contract`);
    await q.query(`
      ALTER TABLE accounts
        DROP CONSTRAINT uq_accounts_id_contract,
        DROP COLUMN network_type, DROP COLUMN contract_address, DROP COLUMN contract_address_hex,
        DROP COLUMN smart_contract_version_id, DROP COLUMN network_id, DROP COLUMN initial_approvers,
        DROP COLUMN initial_threshold, DROP COLUMN updated_at`);
  }
}
