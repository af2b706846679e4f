import type { Logger } from 'pino';

/** How often one cause of failure is logged again, with how many times it recurred meanwhile. */
export const FAILURE_LOG_INTERVAL_MS = 10_000;

/** Distinct causes remembered; past it the oldest is forgotten (and logged afresh if it returns). */
const REMEMBERED_CAUSES = 1_000;

/**
 * Logs failed requests without flooding the log in an outage. A request the store could not serve
 * (503) is a warning, one line per cause (its SQLSTATE or error name and message) per interval,
 * with the number of requests it failed since the previous line, and no stack: a 6.6 s database
 * outage wrote 14,403 error lines with stacks (21 MB) before. An unexpected failure (500) keeps an
 * error line with its stack, once per distinct failure per interval, with the same count.
 */
export class FailureLog {
  private readonly causes = new Map<string, { loggedAt: number; unlogged: number }>();

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** A request answered 503 because the store is away. */
  unavailable(error: unknown, context: Record<string, unknown> = {}): void {
    const cause = causeOf(error);
    const repeated = this.due(`503 ${cause}`);
    if (repeated === undefined) return;
    this.logger.warn(
      { ...context, status: 503, cause, failedSinceLastLine: repeated },
      `requests failed: store unavailable (${cause}); logged once per ${FAILURE_LOG_INTERVAL_MS / 1000} s per cause`,
    );
  }

  /** A request answered 500. */
  failed(error: unknown, context: Record<string, unknown> = {}): void {
    const repeated = this.due(`500 ${causeOf(error)}`);
    if (repeated === undefined) return;
    this.logger.error({ ...context, err: error, status: 500, failedSinceLastLine: repeated }, 'request failed');
  }

  /** The count to report when `key` is due to be logged now, else undefined (counted for later). */
  private due(key: string): number | undefined {
    const now = this.now();
    const seen = this.causes.get(key);
    if (seen !== undefined && now - seen.loggedAt < FAILURE_LOG_INTERVAL_MS) {
      seen.unlogged += 1;
      return undefined;
    }
    const repeated = seen?.unlogged ?? 0;
    this.causes.delete(key);
    this.causes.set(key, { loggedAt: now, unlogged: 0 });
    if (this.causes.size > REMEMBERED_CAUSES) this.causes.delete(this.causes.keys().next().value as string);
    return repeated;
  }
}

/** A failure's kind, stable across requests: its code (SQLSTATE, errno) or name, and its message. */
function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 200);
  const code = (error as { code?: unknown }).code ?? (error as { driverError?: { code?: unknown } }).driverError?.code;
  const message = error.message.replace(/\d+/g, 'N').slice(0, 200);
  return `${typeof code === 'string' ? code : error.name}: ${message}`;
}
