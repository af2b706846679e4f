import type { Address, NetworkType } from '../../../shared/domain/address';
import type { Call } from '../../queue/domain/call';

/** Something that moved in the simulation: the native coin (`token` null) or a token's Transfer. */
export interface SimulatedTransfer {
  /** The token contract's 20-byte address, or null for the native coin. */
  readonly token: string | null;
  /** 20-byte lowercase hex. */
  readonly from: string;
  readonly to: string;
  /** Base units. */
  readonly amount: bigint;
}

export type SimulationOutcome =
  | { status: 'SUCCESS'; blockNumber: bigint | null; transfers: SimulatedTransfer[] }
  | {
      status: 'REVERTED';
      blockNumber: bigint | null;
      revertReason: string;
      /** The call that failed, when the node says which. */
      callIndex: number | null;
      transfers: SimulatedTransfer[];
    }
  | { status: 'UNAVAILABLE'; reason: string };

/** Budget of one simulation, all round trips included: the review answers within 3 s. */
export const SIMULATION_BUDGET_MS = 2_500;

/**
 * Runs an operation's calls in order from the wallet's address at the latest block, without
 * sending anything. Never throws: a node that cannot be reached, cannot simulate, or takes longer
 * than the budget is `UNAVAILABLE` with the reason.
 */
export abstract class OperationSimulator {
  abstract simulate(
    chain: { readonly chainId: string; readonly networkType: NetworkType },
    wallet: Address,
    calls: readonly Call[],
  ): Promise<SimulationOutcome>;
}
