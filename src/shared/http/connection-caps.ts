import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';

export interface ConnectionCaps {
  /** Open connections in all; at the cap the longest-idle one is closed to admit a new one. */
  readonly maxConnections: number;
  /** Open connections per client address, idle or busy; 0 means no cap. */
  readonly maxPerClient: number;
}

/** How often a burst of refusals is logged: one line per interval, however many connections. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Caps what one client, or many idle ones, can hold of the process. Without these caps one address
 * trickling request bodies held every connection the server allows, and fifty addresses holding
 * idle keep-alive connections locked everyone else out.
 *
 * - Per client address: every open connection counts, one idle between keep-alive requests as much
 *   as one still sending a slow body; a new connection from an address already holding the cap is
 *   closed at once. The address keeps being served on the connections it has. Behind a proxy every
 *   client shares the proxy's address, so the caller passes 0 then (TRUST_PROXY).
 * - In all (kept below the file-descriptor limit, so database and Redis sockets always get one): a
 *   new connection at the cap closes the connection that has been idle longest (no request in
 *   progress) to make room. Only when every connection is busy is the new one refused; busy ones
 *   are bounded by the request timeout, so room comes back within it.
 */
export function capConnections(server: Server, caps: ConnectionCaps, logger: Logger): void {
  const refusals = new RefusalLog(logger);
  const byAddress = new Map<string, Set<Socket>>();
  /** Idle connections in the order they became idle: the first one is the longest idle. */
  const idle = new Map<Socket, true>();
  const inProgress = new WeakMap<Socket, number>();
  let open = 0;

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const ofAddress = byAddress.get(address);
    if (caps.maxPerClient > 0 && (ofAddress?.size ?? 0) >= caps.maxPerClient) {
      refusals.note('HTTP_MAX_IDLE_PER_CLIENT', address);
      socket.destroy();
      return;
    }
    if (open >= caps.maxConnections) {
      const longestIdle = idle.keys().next();
      if (longestIdle.done === true) {
        refusals.note('HTTP_MAX_CONNECTIONS', address);
        socket.destroy();
        return;
      }
      idle.delete(longestIdle.value);
      longestIdle.value.destroy();
    }
    open += 1;
    if (ofAddress === undefined) byAddress.set(address, new Set([socket]));
    else ofAddress.add(socket);
    idle.set(socket, true);
    socket.once('close', () => {
      open -= 1;
      idle.delete(socket);
      const sockets = byAddress.get(address);
      sockets?.delete(socket);
      if (sockets?.size === 0) byAddress.delete(address);
    });
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    inProgress.set(socket, (inProgress.get(socket) ?? 0) + 1);
    idle.delete(socket);
    res.once('close', () => {
      const left = (inProgress.get(socket) ?? 1) - 1;
      inProgress.set(socket, left);
      if (left === 0 && !socket.destroyed) idle.set(socket, true);
    });
  });
}

/**
 * Logs the first refusal of an interval at once, and with it how many refusals the previous
 * interval left unlogged: a flood writes one line a minute, not one per connection.
 */
class RefusalLog {
  private lastLoggedAt = Number.NEGATIVE_INFINITY;
  private unlogged = 0;

  constructor(private readonly logger: Logger) {}

  note(cap: string, address: string | undefined): void {
    const now = Date.now();
    if (now - this.lastLoggedAt < REFUSAL_LOG_INTERVAL_MS) {
      this.unlogged += 1;
      return;
    }
    this.logger.warn(
      { cap, remoteAddress: address, refusedSinceLastLine: this.unlogged },
      `connection refused: ${cap} reached (logged once a minute)`,
    );
    this.lastLoggedAt = now;
    this.unlogged = 0;
  }
}
