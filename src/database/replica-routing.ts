/**
 * The pure rules of reading from streaming replicas (see ReadReplicas): WAL positions, how far
 * behind a replica is, and which one serves a read.
 */

/** A WAL position (`pg_lsn`, written `16/B374D848`) as a number that compares as PostgreSQL does. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (match === null) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** `lsn` in PostgreSQL's own notation (`16/B374D848`). */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** The primary's WAL position as seen at a moment (ms, this process's clock). */
export interface PrimarySample {
  readonly lsn: bigint;
  readonly at: number;
}

/**
 * How far behind (ms) a replica that has replayed up to `replayed` is, measured on this process's
 * clock only: it holds everything the primary had written at the newest sample at or below its
 * position, so it is at most `now` minus that sample's time behind. Caught up with the newest
 * sample: 0, however long ago the last write was (an idle primary makes no replica stale). Behind
 * every sample kept: at least as far behind as the oldest one. `samples` are oldest first.
 */
export function replicaLagMs(samples: readonly PrimarySample[], replayed: bigint | undefined, now: number): number {
  if (samples.length === 0) return 0;
  if (replayed === undefined) return now - samples[0].at;
  if (replayed >= samples[samples.length - 1].lsn) return 0;
  for (let i = samples.length - 1; i >= 0; i--) {
    if (samples[i].lsn <= replayed) return now - samples[i].at;
  }
  return now - samples[0].at;
}

export interface ReplicaView {
  /** The last poll answered (within its timeout) and the last statement did not lose the connection. */
  readonly healthy: boolean;
  readonly lagMs: number;
  /** What the replica had replayed at its last poll. */
  readonly replayed: bigint | undefined;
}

/**
 * Which replica serves a read, by index, or undefined for the primary. A replica serves when it is
 * healthy, no further behind than `maxLagMs`, and, for a caller that wrote (`callerWrote`: its
 * newest commit's position), has replayed that commit; among those, `turn` picks one in rotation.
 */
export function chooseReplica(
  replicas: readonly ReplicaView[],
  maxLagMs: number,
  callerWrote: bigint | undefined,
  turn: number,
): number | undefined {
  const usable: number[] = [];
  replicas.forEach((replica, index) => {
    if (!replica.healthy || replica.lagMs > maxLagMs) return;
    if (callerWrote !== undefined && (replica.replayed === undefined || replica.replayed < callerWrote)) return;
    usable.push(index);
  });
  return usable.length === 0 ? undefined : usable[turn % usable.length];
}

/**
 * A statement a replica may answer: one SELECT (or WITH … SELECT) that writes nothing, takes no
 * lock and calls none of the functions that change state. Anything else runs on the primary.
 */
export function isPlainRead(sql: string): boolean {
  return (
    /^\s*(?:SELECT|WITH)\b/i.test(sql) &&
    !/;\s*\S/.test(sql) &&
    !WRITES_OR_LOCKS.test(sql) &&
    !/\b(?:nextval|setval|pg_notify|set_config|txid_current|pg_current_wal\w*|pg_(?:try_)?advisory\w*)\s*\(/i.test(sql)
  );
}

const WRITES_OR_LOCKS =
  /\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b|\bFOR\s+(?:KEY\s+)?SHARE\b|\bINSERT\s+INTO\b|\bUPDATE\s+"?\w+"?\s+(?:AS\s+\w+\s+)?SET\b|\bDELETE\s+FROM\b|\bLOCK\s+TABLE\b/i;
