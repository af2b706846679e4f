import { Injectable } from '@nestjs/common';

/** Periodic work on one chain that exactly one instance should do: the one that leads the chain. */
export interface ChainLeaderJob {
  /** For log lines. */
  readonly name: string;
  /** Pause between the end of one run and the start of the next; the first run waits one interval too. */
  readonly intervalMs: number;
  /** One run on `chainId`; a failure is logged and the job runs again an interval later. */
  run(chainId: string): Promise<void>;
}

/**
 * Registry of periodic leader work (docs/architecture.md, runtime registries). The built-in
 * indexer's leader of a chain (`IndexerService`, under the chain's advisory lock) runs every
 * registered job on that chain while it leads it, so a fleet of instances runs each job once.
 */
@Injectable()
export class ChainLeaderJobs {
  private readonly registered: ChainLeaderJob[] = [];

  register(job: ChainLeaderJob): void {
    this.registered.push(job);
  }

  get jobs(): readonly ChainLeaderJob[] {
    return this.registered;
  }
}
