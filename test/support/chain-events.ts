import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import type { TestApp } from './test-app';

export const TEST_INDEXER_KEY = 'test-indexer-key';

export function txHash(): string {
  return `0x${randomBytes(32).toString('hex')}`;
}

/**
 * A confirmation count that agrees with a reported status (the intake refuses a contradiction):
 * PENDING is not mined, EXECUTED is mined, CONFIRMED has every network's required count (Polygon's
 * 128 is the largest in the catalog).
 */
export function confirmationsFor(status: string): number {
  return status === 'EXECUTED' ? 1 : status === 'CONFIRMED' ? 128 : 0;
}

export function eventId(): string {
  return `evt-${randomUUID()}`;
}

/** Posts a batch to the intake (the test app must be created with INDEXER_API_KEY=TEST_INDEXER_KEY). */
export async function ingest(
  t: TestApp,
  events: unknown[],
): Promise<{ eventId: string | null; applied: boolean; duplicate: boolean; error: string | null }[]> {
  const res = await request(t.http)
    .post('/internal/v1/chain-events')
    .set('x-indexer-key', TEST_INDEXER_KEY)
    .send({ events });
  if (res.status !== 200) throw new Error(`chain-events answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.results;
}
