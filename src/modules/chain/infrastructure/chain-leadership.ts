import { Client } from 'pg';

/**
 * One indexer per chain across every instance: a session-level PostgreSQL advisory lock held on a
 * connection of its own. Whoever holds it indexes the chain; when that process dies (or its
 * connection does), PostgreSQL releases the lock and the next instance to try takes over. The
 * checkpoint is written through the same connection, so a leader that lost its connection cannot
 * move the checkpoint any more.
 */
export class LeaderSession {
  private lostReason: string | undefined;

  constructor(readonly client: Client) {
    client.on('error', (error: Error) => {
      this.lostReason ??= error.message;
    });
    client.on('end', () => {
      this.lostReason ??= 'connection closed';
    });
  }

  /** Set once the lock connection failed: stop indexing at once. */
  get lost(): string | undefined {
    return this.lostReason;
  }

  async release(): Promise<void> {
    this.lostReason ??= 'released';
    await this.client.end().catch(() => undefined);
  }
}

const LOCK_NAMESPACE = 'deployments-api:indexer';

/** The leadership of `chainId`, or undefined when another instance holds it. */
export async function tryLeadChain(databaseUrl: string, chainId: string): Promise<LeaderSession | undefined> {
  const client = new Client({ connectionString: databaseUrl, application_name: `indexer:${chainId}` });
  // An error before the session exists must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const result = await client.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS locked`,
      [LOCK_NAMESPACE, chainId],
    );
    if (result.rows[0]?.locked === true) return new LeaderSession(client);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  await client.end().catch(() => undefined);
  return undefined;
}
