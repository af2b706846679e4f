import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CallerLookup, CallerRow } from '../domain/caller';
import { CallerLookups } from '../domain/caller';

/**
 * The member a live credential names, with its scoped key's columns, from `live_credentials` (the
 * one definition of a live credential: an original key, a scoped key neither revoked nor expired,
 * a session not revoked whose key, if any, is live). The access guard's queries read the same view.
 */
const LIVE_CALLER_COLUMNS = `m.id, m.address, m.address_hex, lc.key_id, lc.scopes AS key_scopes,
  lc.account_id AS key_account_id, lc.deployment_ids AS key_deployment_ids, lc.last_used_at AS key_last_used_at`;

/** The caller's role per account (`accountId:ROLE`), narrowed to a scoped key's account. */
const MEMBERSHIPS = `ARRAY(SELECT am.account_id::text || ':' || am.role FROM account_members am
   WHERE am.member_id = m.id AND (lc.account_id IS NULL OR am.account_id = lc.account_id)) AS memberships`;

const BY_API_KEY = `SELECT ${LIVE_CALLER_COLUMNS}, ${MEMBERSHIPS}
  FROM live_credentials lc JOIN members m ON m.id = lc.member_id
 WHERE lc.api_key_sha256 = $1`;

/**
 * A live session's member. Checked on every request, so a revoked session's (or revoked key's)
 * access tokens stop at once (docs/authentication.md allows 5 s).
 */
const BY_SESSION = `SELECT ${LIVE_CALLER_COLUMNS}, ${MEMBERSHIPS}
  FROM live_credentials lc JOIN members m ON m.id = lc.member_id
 WHERE lc.session_id = $1 AND lc.member_id = $2`;

@Injectable()
export class TypeOrmCallerLookups extends CallerLookups {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async run(lookup: CallerLookup): Promise<CallerRow | undefined> {
    const rows: CallerRow[] =
      lookup.kind === 'api_key'
        ? await this.dataSource.query(BY_API_KEY, [lookup.apiKeyDigest])
        : await this.dataSource.query(BY_SESSION, [lookup.sessionId, lookup.memberId]);
    return rows[0];
  }

  async touchKey(keyId: string): Promise<void> {
    // The condition keeps instances that race on one key to one write a minute between them.
    await this.dataSource.query(
      `UPDATE api_keys SET last_used_at = now()
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [keyId],
    );
  }
}
