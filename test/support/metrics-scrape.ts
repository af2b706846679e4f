import request from 'supertest';
import { SCRAPE_WINDOW_MS, SCRAPES_PER_WINDOW, SNAPSHOT_MAX_AGE_MS } from '../../src/modules/health/metrics.controller';

/** The gap between two scrapes that sees a fresh snapshot every time and stays under the per-address throttle. */
const SCRAPE_GAP_MS = Math.max(SNAPSHOT_MAX_AGE_MS, SCRAPE_WINDOW_MS / SCRAPES_PER_WINDOW) + 100;

/**
 * GET /metrics (200 expected) as a patient scraper: each call first waits until it may see what
 * happened since the last one (the service answers from a snapshot at most a second old) without
 * being throttled (a client address gets SCRAPES_PER_WINDOW per window). For specs that read a
 * metric several times from one app.
 */
export function spacedScraper(http: Parameters<typeof request>[0]): () => Promise<request.Response> {
  let next = 0;
  return async () => {
    const wait = next - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const res = await request(http).get('/metrics').expect(200);
    // Counted from the answer: the snapshot it served was taken when its rendering ended, which on a
    // loaded machine is well after the request was sent.
    next = Date.now() + SCRAPE_GAP_MS;
    return res;
  };
}
