import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { Decimal } from '../../../shared/domain/decimal';
import { DomainError } from '../../../shared/domain/domain-error';
import { LOGGER } from '../../../shared/logging/logging.module';
import { Metrics } from '../../../shared/metrics/metrics';
import type { Currency } from '../../catalog/catalog';
import { CatalogService } from '../../catalog/catalog.service';
import { ChainLeaderJobs } from '../../chain/application/chain-leader-jobs';
import { chainUnavailable, WalletBalanceReader } from '../../chain/application/wallet-balance-reader';
import { AccountsService } from '../../deployments/application/accounts.service';
import type { AccountRecord } from '../../deployments/domain/account';
import { BalanceLedger, type LedgerWallet } from '../domain/balance-ledger';

export interface ReconciliationItem {
  readonly currency: Currency;
  /** Base units. */
  readonly serviceBalance: bigint;
  readonly chainBalance: bigint;
}

export interface Reconciliation {
  readonly chainId: string;
  readonly blockNumber: bigint;
  readonly checkedAt: Date;
  readonly items: readonly ReconciliationItem[];
}

/** Whole units, chain − service. */
export function differenceOf(item: ReconciliationItem): Decimal {
  return Decimal.of(item.chainBalance - item.serviceBalance, item.currency.decimals);
}

export function matches(reconciliation: Reconciliation): boolean {
  return reconciliation.items.every((item) => item.chainBalance === item.serviceBalance);
}

/**
 * Do the books and the chain agree? The wallet contract's own balance of the native coin and of
 * every catalog token of the network, read on chain at one block (the head less the network's
 * required confirmations), against the ledger the balances endpoints report, taken back to that same
 * block. Deposit accounts are not the wallet: money waiting in them is neither side's.
 *
 * The leader of each chain checks every deployed wallet there every `RECONCILE_INTERVAL_S`
 * (registered with `ChainLeaderJobs`): the gauge `balance_reconciliation_difference` holds the last
 * check's difference per wallet and currency, and a mismatch logs one warning per wallet and check.
 */
@Injectable()
export class ReconciliationService implements OnModuleInit {
  /** Last check's differences, by `${chainId} ${deploymentId}`: what the gauge shows. */
  private readonly lastDifferences = new Map<
    string,
    { chainId: string; deploymentId: string; differences: Map<string, number> }
  >();

  constructor(
    private readonly ledger: BalanceLedger,
    private readonly chain: WalletBalanceReader,
    private readonly catalog: CatalogService,
    private readonly accounts: AccountsService,
    private readonly leaderJobs: ChainLeaderJobs,
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge(
      'balance_reconciliation_difference',
      'Wallet balance on chain minus the service ledger at the same final block, in whole units, per wallet and currency (last check by this instance as the chain leader)',
      ['chain_id', 'deployment_id', 'currency'],
      () =>
        Promise.resolve(
          [...this.lastDifferences.values()].flatMap(({ chainId, deploymentId, differences }) =>
            [...differences].map(([currency, value]) => ({
              labels: { chain_id: chainId, deployment_id: deploymentId, currency },
              value,
            })),
          ),
        ),
    );
    this.leaderJobs.register({
      name: 'reconciliation',
      intervalMs: this.config.reconcileIntervalSeconds * 1000,
      run: (chainId) => this.checkChain(chainId),
    });
  }

  /** The account's wallet on `chainId`: 400 for a chain it cannot live on, 503 without a node for the chain. */
  async reconcile(account: AccountRecord, chainId: string): Promise<Reconciliation> {
    this.accounts.checkChain(account, chainId);
    if (!this.chain.canRead(chainId))
      throw chainUnavailable(`Chain ${chainId} cannot be read: the service has no node for it`);
    const wallet = await this.ledger.walletOf(account.id, chainId);
    if (wallet === undefined)
      throw DomainError.notFound('DEPLOYMENT_NOT_FOUND', `The account has no wallet on chain ${chainId}`);
    return this.reconcileWallet(chainId, wallet);
  }

  /**
   * One check of every deployed wallet on the chain, as the chain's leader runs it. A chain the
   * service cannot read is skipped; a wallet whose read fails is logged and the others still run.
   */
  async checkChain(chainId: string): Promise<void> {
    if (!this.chain.canRead(chainId)) return;
    const wallets = await this.ledger.deployedWallets(chainId);
    const checked = new Set<string>();
    let mismatches = 0;
    for (const wallet of wallets) {
      const key = `${chainId} ${wallet.deploymentId}`;
      checked.add(key);
      let result: Reconciliation;
      try {
        result = await this.reconcileWallet(chainId, wallet);
      } catch (error) {
        this.logger.warn(
          { chainId, deploymentId: wallet.deploymentId, error: (error as Error).message },
          'reconciliation: wallet not checked',
        );
        continue;
      }
      this.lastDifferences.set(key, {
        chainId,
        deploymentId: wallet.deploymentId,
        differences: new Map(result.items.map((item) => [item.currency.id, Number(differenceOf(item).toString())])),
      });
      if (!matches(result)) {
        mismatches++;
        this.warnMismatch(wallet, result);
      }
    }
    for (const key of this.lastDifferences.keys())
      if (key.startsWith(`${chainId} `) && !checked.has(key)) this.lastDifferences.delete(key);
    this.logger.info({ chainId, wallets: wallets.length, mismatches }, 'reconciliation: chain checked');
  }

  private async reconcileWallet(chainId: string, wallet: LedgerWallet): Promise<Reconciliation> {
    const tokens = this.catalog
      .currenciesOfChain(chainId)
      .filter((currency) => currency.address !== null)
      .map((currency) => ({ currencyId: currency.id, address: currency.address!.hex20 }));
    const onChain = await this.chain.readAtFinalBlock({ chainId, holder: wallet.hex20 as `0x${string}`, tokens });
    const books = await this.ledger.walletLedgerAt(wallet.deploymentId, onChain.blockNumber);
    const items: ReconciliationItem[] = [];
    for (const currency of this.catalog.currenciesOfChain(chainId)) {
      const chainBalance = currency.address === null ? onChain.native : (onChain.tokens.get(currency.id) ?? 0n);
      const serviceBalance = books.get(currency.id) ?? 0n;
      if (currency.address === null || chainBalance !== 0n || serviceBalance !== 0n)
        items.push({ currency, serviceBalance, chainBalance });
    }
    items.sort(
      (a, b) => Number(b.currency.isNative) - Number(a.currency.isNative) || (a.currency.id < b.currency.id ? -1 : 1),
    );
    return { chainId, blockNumber: onChain.blockNumber, checkedAt: new Date(), items };
  }

  private warnMismatch(wallet: LedgerWallet, result: Reconciliation): void {
    this.logger.warn(
      {
        chainId: result.chainId,
        deploymentId: wallet.deploymentId,
        accountId: wallet.accountId,
        wallet: wallet.address,
        blockNumber: result.blockNumber.toString(),
        differences: result.items
          .filter((item) => item.chainBalance !== item.serviceBalance)
          .map((item) => ({
            currency: item.currency.id,
            symbol: item.currency.symbol,
            serviceBalance: Decimal.of(item.serviceBalance, item.currency.decimals).toString(),
            chainBalance: Decimal.of(item.chainBalance, item.currency.decimals).toString(),
            difference: differenceOf(item).toString(),
          })),
      },
      'reconciliation: the wallet on chain and the service ledger differ',
    );
  }
}
