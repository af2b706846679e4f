import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in with a wallet: the nonces the service hands out (each works once, for 5 minutes; a used
 * or expired one is kept a while so a refusal can say which it was), and which kind of
 * token-service session a row of auth_sessions is: one obtained with an API key and secret, or a
 * wallet sign-in carried by a cookie.
 */
export class WalletSignIn1795560000000 implements MigrationInterface {
  name = 'WalletSignIn1795560000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sign_in_nonces (
        nonce text NOT NULL,
        expires_at timestamptz(3) NOT NULL,
        used_at timestamptz(3),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_sign_in_nonces PRIMARY KEY (nonce),
        CONSTRAINT ck_sign_in_nonces_nonce CHECK (nonce ~ '^[A-Za-z0-9]{16,64}$')
      )`);
    // The pruning of long-expired nonces walks this index, oldest first.
    await q.query(`CREATE INDEX ix_sign_in_nonces_expires_at ON sign_in_nonces (expires_at)`);

    await q.query(`ALTER TABLE auth_sessions ADD COLUMN kind text NOT NULL DEFAULT 'token'`);
    await q.query(`ALTER TABLE auth_sessions ADD CONSTRAINT ck_auth_sessions_kind CHECK (kind IN ('token', 'wallet'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth_sessions DROP CONSTRAINT ck_auth_sessions_kind`);
    await q.query(`ALTER TABLE auth_sessions DROP COLUMN kind`);
    await q.query(`DROP TABLE sign_in_nonces`);
  }
}
