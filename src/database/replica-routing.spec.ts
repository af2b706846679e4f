import { chooseReplica, formatLsn, isPlainRead, parseLsn, replicaLagMs, ReplicaView } from './replica-routing';

describe('WAL positions', () => {
  it('reads PostgreSQL notation into numbers that order as PostgreSQL orders them', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    // The high half outweighs any low half: a text or float comparison would get these wrong.
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(parseLsn('A/1') > parseLsn('9/FFFFFFFF')).toBe(true);
    expect(parseLsn('0/10') > parseLsn('0/9')).toBe(true);
  });

  it('writes them back as PostgreSQL does', () => {
    for (const text of ['0/0', '16/B374D848', 'FFFFFFFF/FFFFFFFF']) expect(formatLsn(parseLsn(text))).toBe(text);
  });

  it('refuses what is not a position', () => {
    for (const text of ['', '16', '0/', 'x/1', '1/2/3', '123456789/0'])
      expect(() => parseLsn(text)).toThrow(/WAL position/);
  });
});

describe('replica lag, on this process clock', () => {
  const samples = [
    { lsn: 100n, at: 1_000 },
    { lsn: 200n, at: 2_000 },
    { lsn: 300n, at: 3_000 },
  ];

  it('is 0 for a replica at or past the newest primary position, however old that is', () => {
    expect(replicaLagMs(samples, 300n, 60_000)).toBe(0);
    expect(replicaLagMs(samples, 301n, 60_000)).toBe(0);
  });

  it('is the time since the newest primary position the replica holds', () => {
    expect(replicaLagMs(samples, 250n, 3_500)).toBe(1_500);
    expect(replicaLagMs(samples, 200n, 3_500)).toBe(1_500);
    expect(replicaLagMs(samples, 199n, 3_500)).toBe(2_500);
  });

  it('is at least the age of the oldest sample for a replica behind every one, or never polled', () => {
    expect(replicaLagMs(samples, 50n, 4_000)).toBe(3_000);
    expect(replicaLagMs(samples, undefined, 4_000)).toBe(3_000);
  });

  it('is 0 before the primary was ever sampled', () => {
    expect(replicaLagMs([], 1n, 4_000)).toBe(0);
  });
});

describe('which replica serves a read', () => {
  const fresh = (replayed: bigint, lagMs = 0): ReplicaView => ({ healthy: true, lagMs, replayed });

  it('rotates over the usable replicas', () => {
    const replicas = [fresh(10n), fresh(10n), fresh(10n)];
    expect([0, 1, 2, 3].map((turn) => chooseReplica(replicas, 5_000, undefined, turn))).toEqual([0, 1, 2, 0]);
  });

  it('skips a replica that is down or further behind than allowed', () => {
    const replicas = [{ ...fresh(10n), healthy: false }, fresh(10n, 5_001), fresh(10n, 5_000)];
    expect(chooseReplica(replicas, 5_000, undefined, 0)).toBe(2);
    expect(chooseReplica(replicas, 5_000, undefined, 1)).toBe(2);
  });

  it('serves a caller who wrote only from a replica that has replayed the write', () => {
    const replicas = [fresh(99n), fresh(100n), fresh(101n)];
    expect(chooseReplica(replicas, 5_000, 100n, 0)).toBe(1);
    expect(chooseReplica(replicas, 5_000, 100n, 1)).toBe(2);
    expect(chooseReplica(replicas, 5_000, 102n, 0)).toBeUndefined();
    expect(chooseReplica([{ healthy: true, lagMs: 0, replayed: undefined }], 5_000, 1n, 0)).toBeUndefined();
  });

  it('leaves the read to the primary when no replica is usable, or none is configured', () => {
    expect(chooseReplica([{ ...fresh(10n), healthy: false }, fresh(10n, 9_000)], 5_000, undefined, 0)).toBeUndefined();
    expect(chooseReplica([], 5_000, undefined, 0)).toBeUndefined();
  });
});

describe('statements a replica may answer', () => {
  it.each([
    'SELECT id FROM invoices WHERE id = $1',
    '  with page AS (SELECT 1) SELECT * FROM page',
    'SELECT count(*) FROM payouts WHERE updated_at > $1;',
  ])('reads: %s', (sql) => expect(isPlainRead(sql)).toBe(true));

  it.each([
    'INSERT INTO invoices (id) VALUES ($1)',
    'UPDATE api_keys SET last_used_at = now() WHERE id = $1',
    'DELETE FROM sessions WHERE id = $1',
    'WITH moved AS (UPDATE payouts SET status = $1 RETURNING id) SELECT * FROM moved',
    'SELECT * FROM deployments WHERE id = $1 FOR UPDATE',
    'SELECT * FROM deployments WHERE id = $1 FOR NO KEY UPDATE',
    'SELECT * FROM deployments WHERE id = $1 FOR SHARE',
    'SELECT pg_try_advisory_xact_lock($1)',
    "SELECT nextval('invoice_numbers')",
    "SELECT pg_notify('invoice_changed', $1)",
    "SELECT set_config('statement_timeout', $1, true)",
    'SELECT pg_current_wal_lsn()',
    'SELECT 1; DELETE FROM invoices',
    'LOCK TABLE invoices',
    'SHOW statement_timeout',
  ])('goes to the primary: %s', (sql) => expect(isPlainRead(sql)).toBe(false));
});
