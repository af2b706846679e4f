import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';

export interface ConnectionCaps {
  /** Open connections in all; Node closes any beyond it as it accepts them. */
  readonly maxConnections: number;
  /** Connections without a request in progress, per client address; 0 means no cap. */
  readonly maxIdlePerClient: number;
}

/** How often a burst of refusals is logged: one line per interval, however many connections. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Caps what idle connections can hold of the process. Without a cap, twenty thousand idle
 * keep-alive connections from one address used up the file descriptors and every other client was
 * refused until they closed.
 *
 * - In all: `server.maxConnections`, below the file-descriptor limit, so the database and Redis
 *   sockets are never starved of descriptors.
 * - Per client address: a connection with no request in progress (one that sent nothing yet, or
 *   idles between keep-alive requests) counts as idle; a new connection from an address already
 *   holding the cap of idle ones is closed at once. Its own keep-alive connections serve it; the
 *   flood of one address no longer fills the server for everyone else. Behind a proxy every client
 *   shares the proxy's address, so the caller passes 0 then (TRUST_PROXY).
 */
export function capConnections(server: Server, caps: ConnectionCaps, logger: Logger): void {
  const refusals = new RefusalLog(logger);
  server.maxConnections = caps.maxConnections;
  server.on('drop', (data?: { remoteAddress?: string }) => refusals.note('HTTP_MAX_CONNECTIONS', data?.remoteAddress));
  if (caps.maxIdlePerClient === 0) return;

  const idleByAddress = new Map<string, Set<Socket>>();
  const inProgress = new WeakMap<Socket, number>();
  const setIdle = (socket: Socket, address: string, idle: boolean): void => {
    let idleOfAddress = idleByAddress.get(address);
    if (idle && !socket.destroyed) {
      if (idleOfAddress === undefined) idleByAddress.set(address, (idleOfAddress = new Set()));
      idleOfAddress.add(socket);
    } else if (idleOfAddress !== undefined) {
      idleOfAddress.delete(socket);
      if (idleOfAddress.size === 0) idleByAddress.delete(address);
    }
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if ((idleByAddress.get(address)?.size ?? 0) >= caps.maxIdlePerClient) {
      refusals.note('HTTP_MAX_IDLE_PER_CLIENT', address);
      socket.destroy();
      return;
    }
    setIdle(socket, address, true);
    socket.once('close', () => setIdle(socket, address, false));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const address = socket.remoteAddress ?? '';
    inProgress.set(socket, (inProgress.get(socket) ?? 0) + 1);
    setIdle(socket, address, false);
    res.once('close', () => {
      const left = (inProgress.get(socket) ?? 1) - 1;
      inProgress.set(socket, left);
      if (left === 0) setIdle(socket, address, true);
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
