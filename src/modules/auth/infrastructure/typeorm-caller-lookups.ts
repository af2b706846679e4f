import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CallerLookup, CallerRow } from '../domain/caller';
import { CallerLookups } from '../domain/caller';

/** A live API key's member. */
const BY_API_KEY = `SELECT m.id, m.address, m.address_hex
  FROM member_credentials c JOIN members m ON m.id = c.member_id
 WHERE c.api_key_sha256 = $1`;

/**
 * A live session's member. Checked on every request, so a revoked session's access tokens stop at
 * once (docs/authentication.md allows 5 s).
 */
const BY_SESSION = `SELECT m.id, m.address, m.address_hex
  FROM auth_sessions s JOIN members m ON m.id = s.member_id
 WHERE s.id = $1 AND s.member_id = $2 AND s.revoked_at IS NULL`;

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
}
