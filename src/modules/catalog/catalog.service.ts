import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Hex } from 'viem';
import { DataSource } from 'typeorm';
import { Address } from '../../shared/domain/address';
import { DomainError } from '../../shared/domain/domain-error';
import {
  compareIds,
  Currency,
  currencyComparator,
  CurrencyFilter,
  currencyMatcher,
  CurrencySort,
  Network,
  SMART_CONTRACT_VERSION_ID,
  SmartContractVersion,
} from './catalog';
import { CurrencyEntity } from './currency.entity';
import { NetworkEntity } from './network.entity';
import { SmartContractVersionEntity } from './smart-contract-version.entity';

/**
 * The catalog, read once from the database when the app starts and then served from memory.
 *
 * The tables change only through `loadCatalog`, which runs before the app is created (main.ts and
 * the test setup both call it through `prepareDatabase`), so a copy taken at start stays exact
 * until the next start. That keeps the public currency list (a hot, cacheable endpoint) and every
 * other context's currency and network lookups off the database. A row edited by hand in SQL is
 * seen after a restart.
 */
@Injectable()
export class CatalogService implements OnModuleInit {
  private networks = new Map<string, Network>();
  /** Every currency, ordered by id. */
  private currencies: readonly Currency[] = [];
  private currencyById = new Map<string, Currency>();
  private currenciesByChain = new Map<string, readonly Currency[]>();
  private smartContractVersions = new Map<string, SmartContractVersion>();

  constructor(private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    const [networkRows, currencyRows, versionRows] = await Promise.all([
      this.dataSource.getRepository(NetworkEntity).find(),
      this.dataSource.getRepository(CurrencyEntity).find(),
      this.dataSource.getRepository(SmartContractVersionEntity).find(),
    ]);
    this.networks = new Map(networkRows.map((row) => [row.chainId, { ...row }]));
    this.currencies = currencyRows.map((row) => this.toCurrency(row)).sort((a, b) => compareIds(a.id, b.id));
    this.currencyById = new Map(this.currencies.map((currency) => [currency.id, currency]));
    this.currenciesByChain = new Map(
      [...this.networks.keys()].map((chainId) => [chainId, this.currencies.filter((c) => c.chainId === chainId)]),
    );
    this.smartContractVersions = new Map(
      versionRows.map((row) => [row.id, { ...row, depositAccountInitCodeHash: row.depositAccountInitCodeHash as Hex }]),
    );
  }

  /** Every network, ordered by chain id as a number. */
  listNetworks(): Network[] {
    return [...this.networks.values()].sort((a, b) =>
      BigInt(a.chainId) < BigInt(b.chainId) ? -1 : BigInt(a.chainId) > BigInt(b.chainId) ? 1 : 0,
    );
  }

  findNetwork(chainId: string): Network | undefined {
    return this.networks.get(chainId);
  }

  /**
   * By currency id, with the EVM address inside it in any letter case. Stored ids are canonical:
   * EVM addresses lowercase, Tron addresses base58 (which always starts with an upper-case T, so
   * the lowercase retry can never hit a Tron currency by accident).
   */
  findCurrency(id: string): Currency | undefined {
    return this.currencyById.get(id) ?? this.currencyById.get(id.toLowerCase());
  }

  getCurrency(id: string): Currency {
    const currency = this.findCurrency(id);
    if (currency === undefined) throw DomainError.notFound('CURRENCY_NOT_FOUND', 'Currency not found');
    return currency;
  }

  /** A currency a client named for a deployment on `chainId`; otherwise a 400 naming `field`. */
  requireCurrencyOnChain(id: string, chainId: string, field: string): Currency {
    const currency = this.findCurrency(id);
    if (currency === undefined) throw DomainError.field(field, `currency ${id} does not exist`, 'CURRENCY_NOT_FOUND');
    if (currency.chainId !== chainId) {
      throw DomainError.field(
        field,
        `currency ${id} is not on the deployment's network (${chainId})`,
        'CURRENCY_NOT_ON_NETWORK',
      );
    }
    return currency;
  }

  /** The currencies of one network, ordered by id; empty for an unknown chain. */
  currenciesOfChain(chainId: string): readonly Currency[] {
    return this.currenciesByChain.get(chainId) ?? [];
  }

  listCurrencies(filter: CurrencyFilter, sort: CurrencySort): Currency[] {
    return this.currencies.filter(currencyMatcher(filter)).sort(currencyComparator(sort));
  }

  findSmartContractVersion(id: string): SmartContractVersion | undefined {
    return this.smartContractVersions.get(id);
  }

  /** A malformed id is a 404 too (docs/contract.md, Catalog), with a message that tells the expected format. */
  getSmartContractVersion(id: string): SmartContractVersion {
    if (!SMART_CONTRACT_VERSION_ID.test(id)) {
      throw DomainError.notFound(
        'SMART_CONTRACT_VERSION_NOT_FOUND',
        `Smart contract version not found: the id must match ${SMART_CONTRACT_VERSION_ID.source}, e.g. 1.2.0-evm or 1.2.0-tvm-728126428`,
      );
    }
    const version = this.smartContractVersions.get(id);
    if (version === undefined)
      throw DomainError.notFound('SMART_CONTRACT_VERSION_NOT_FOUND', 'Smart contract version not found');
    return version;
  }

  private toCurrency(row: CurrencyEntity): Currency {
    const network = this.networks.get(row.chainId);
    if (network === undefined) throw new Error(`catalog: currency ${row.id} names unknown chain ${row.chainId}`);
    let address: Address | null = null;
    if (row.address !== null) {
      try {
        address = Address.parse(row.address, network.networkType);
      } catch {
        throw new Error(
          `catalog: currency ${row.id} has an address that is not valid on ${network.name}: ${row.address}`,
        );
      }
    }
    return { ...row, address };
  }
}
