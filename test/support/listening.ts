import type { ChildProcess } from 'node:child_process';

/**
 * The port a started service reports in its "listening on http://host:port" log line. Tests start
 * the service with PORT=0, so the system picks a free port as it binds and no other process can
 * take it between a probe and the start (EADDRINUSE on a loaded machine).
 */
export function listeningPort(output: string): number | undefined {
  const match = /listening on http:\/\/(?:\[[^\]]*\]|[^\s/:"]+):(\d+)/.exec(output);
  return match === null ? undefined : Number(match[1]);
}

/** Waits for the line, polling the output collected so far; fails with that output. */
export async function waitForListeningPort(
  child: ChildProcess,
  output: () => string,
  timeoutMs = 90_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const port = listeningPort(output());
    if (port !== undefined) return port;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the service did not report its port:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
