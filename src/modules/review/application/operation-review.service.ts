import { Injectable } from '@nestjs/common';
import type { Abi } from 'viem';
import { Address } from '../../../shared/domain/address';
import type { Currency } from '../../catalog/catalog';
import { CatalogService } from '../../catalog/catalog.service';
import type { Deployment } from '../../deployments/domain/deployment';
import { AddressBookService } from '../../payees/application/address-book.service';
import { PayoutsService } from '../../payouts/application/payouts.service';
import { CallerRef, OperationToReview, QueueService } from '../../queue/application/queue.service';
import { decodeCall, DecodedCall, DecodingContext } from '../domain/call-decoding';
import { OperationSimulator, SimulationOutcome } from '../domain/operation-simulator';
import { ConfigDiff, configDiff, recipientOf, ReviewWarning, reviewWarnings } from '../domain/review-warnings';

/** A transfer of the simulation with its currency looked up (null: a token the catalog does not hold). */
export interface ReviewedTransfer {
  readonly currency: Currency | null;
  readonly from: Address;
  readonly to: Address;
  /** Base units. */
  readonly amount: bigint;
}

export interface OperationReview {
  readonly subject: OperationToReview;
  readonly calls: readonly { decoded: DecodedCall; toLabel: string | null }[];
  readonly config: ConfigDiff | null;
  readonly simulation: SimulationOutcome;
  readonly transfers: readonly ReviewedTransfer[];
  readonly warnings: readonly ReviewWarning[];
}

/**
 * What an approver is asked to sign, shown so they can check it (docs/review-and-policy.md): the
 * typed data and its hashes (computed by the queue from the deployment's contract version), every
 * call decoded, the config change, a simulation through the chain's node, and warnings. The
 * known-payee reads and the simulation run side by side; the simulation has its own budget.
 */
@Injectable()
export class OperationReviewService {
  constructor(
    private readonly queue: QueueService,
    private readonly catalog: CatalogService,
    private readonly addressBook: AddressBookService,
    private readonly payouts: PayoutsService,
    private readonly simulator: OperationSimulator,
  ) {}

  async review(deployment: Deployment, caller: CallerRef, operationRef: string): Promise<OperationReview> {
    const subject = await this.queue.toReview(deployment, caller, operationRef);
    const context = this.decodingContext(deployment);
    const decoded = subject.calls.map((call) => decodeCall(call, context));
    const recipients = uniqueAddresses(decoded.map(recipientOf).filter((address) => address !== undefined));
    const labelled = uniqueAddresses([...subject.calls.map((call) => call.to), ...recipients]);
    const [entries, paidBefore, simulation] = await Promise.all([
      this.addressBook.approvedNear(deployment.accountId, labelled),
      this.payouts.knownRecipientsNear(deployment.accountId, recipients, subject.createdAt),
      this.simulator.simulate(deployment, deployment.address, subject.calls),
    ]);
    const labels = new Map(entries.map((entry) => [entry.toProps().address.hex20, entry.toProps().label]));
    const config = configDiff(decoded, deployment);
    return {
      subject,
      calls: decoded.map((call, index) => ({
        decoded: call,
        toLabel: labels.get((recipientOf(call) ?? subject.calls[index].to).hex20) ?? null,
      })),
      config,
      simulation,
      transfers:
        simulation.status === 'UNAVAILABLE'
          ? []
          : simulation.transfers.map((transfer) => ({
              currency: transfer.token === null ? context.nativeCurrency : (context.tokens.get(transfer.token) ?? null),
              from: Address.fromHex20(transfer.from, deployment.networkType),
              to: Address.fromHex20(transfer.to, deployment.networkType),
              amount: transfer.amount,
            })),
      warnings: reviewWarnings({
        decoded,
        knownPayees: [...entries.map((entry) => entry.toProps().address.hex20), ...paidBefore],
        config,
        simulation,
        isBlocked: subject.view.isBlocked,
      }),
    };
  }

  private decodingContext(deployment: Deployment): DecodingContext {
    const version = this.catalog.findSmartContractVersion(deployment.smartContractVersionId);
    if (version === undefined) throw new Error(`unknown contract version ${deployment.smartContractVersionId}`);
    const currencies = this.catalog.currenciesOfChain(deployment.chainId);
    const tokens = new Map<string, Currency>();
    for (const currency of currencies) if (currency.address !== null) tokens.set(currency.address.hex20, currency);
    return {
      networkType: deployment.networkType,
      wallet: deployment.address,
      walletAbi: version.accountAbi as Abi,
      nativeCurrency: currencies.find((currency) => currency.isNative) ?? null,
      tokens,
    };
  }
}

function uniqueAddresses(addresses: readonly Address[]): Address[] {
  const seen = new Map<string, Address>();
  for (const address of addresses) seen.set(address.hex20, address);
  return [...seen.values()];
}
