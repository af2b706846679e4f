import { execFile } from 'node:child_process';
import { accessSync, chownSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './crash-rig';

const run = promisify(execFile);

const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

/** A folder with initdb, pg_ctl and pg_basebackup, or undefined when the machine has none. */
export function postgresBinDir(): string | undefined {
  return BIN_DIRS.find((dir) => {
    try {
      for (const tool of ['initdb', 'pg_ctl', 'pg_basebackup']) accessSync(join(dir, tool), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Whom a server (or PgBouncer) runs as when the tests run as root: both refuse root. */
export function unprivilegedUser(): { uid: number; gid: number } {
  const users = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['postgres', 'nobody']) {
    const line = users.find((entry) => entry.startsWith(`${name}:`));
    if (line !== undefined) {
      const [, , uid, gid] = line.split(':');
      return { uid: Number(uid), gid: Number(gid) };
    }
  }
  throw new Error('running as root and no postgres or nobody user to run the server as');
}

export interface Cluster {
  readonly port: number;
  readonly dir: string;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  start(): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  remove(): Promise<void>;
}

/**
 * PostgreSQL clusters of a test's own (trust authentication on 127.0.0.1, replication allowed), in
 * temporary folders: a primary by initdb, a streaming replica of it by `pg_basebackup -R`. As root,
 * the servers run as an unprivileged user, as PostgreSQL requires.
 */
export class Clusters {
  private readonly root = mkdtempSync(join(tmpdir(), 'pg-clusters-'));
  private readonly runAs = userInfo().uid === 0 ? unprivilegedUser() : undefined;
  private readonly made: Cluster[] = [];

  constructor(private readonly bin: string) {
    if (this.runAs !== undefined) chownSync(this.root, this.runAs.uid, this.runAs.gid);
  }

  async primary(): Promise<Cluster> {
    const dir = join(this.root, `primary-${this.made.length}`);
    await this.tool('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    const cluster = await this.cluster(dir);
    await cluster.start();
    return cluster;
  }

  async replicaOf(primary: Cluster): Promise<Cluster> {
    const dir = join(this.root, `replica-${this.made.length}`);
    await this.tool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      dir,
      '-R',
      '-X',
      'stream',
      // At once, not after a spread checkpoint (minutes on an idle server).
      '--checkpoint=fast',
      '--no-sync',
    ]);
    const cluster = await this.cluster(dir);
    await cluster.start();
    return cluster;
  }

  async removeAll(): Promise<void> {
    for (const cluster of this.made.reverse()) await cluster.stop('immediate').catch(() => undefined);
    rmSync(this.root, { recursive: true, force: true });
  }

  private async cluster(dir: string): Promise<Cluster> {
    const port = await freePort();
    const tool = (name: string, args: string[]) => this.tool(name, args);
    let running = false;
    const cluster: Cluster = {
      port,
      dir,
      url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
      async start() {
        await tool('pg_ctl', [
          '-D',
          dir,
          '-l',
          join(dir, 'server.log'),
          '-w',
          '-o',
          `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c wal_receiver_status_interval=1s`,
          'start',
        ]);
        running = true;
      },
      async stop(mode = 'fast') {
        if (!running) return;
        running = false;
        await tool('pg_ctl', ['-D', dir, '-m', mode, '-w', 'stop']);
      },
      async remove() {
        await cluster.stop('immediate').catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
    this.made.push(cluster);
    return cluster;
  }

  private async tool(name: string, args: string[]): Promise<void> {
    try {
      await run(join(this.bin, name), args, {
        ...(this.runAs === undefined ? {} : { uid: this.runAs.uid, gid: this.runAs.gid }),
        cwd: this.root,
        timeout: 60_000,
      });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${name} failed: ${String(stderr ?? '')}${String(stdout ?? '')}`);
    }
  }
}
