import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { DomainError } from '../../shared/domain/domain-error';
import { isStoreUnavailable } from '../../shared/http/store-errors';
import { IndexerStatusReader } from '../chain/application/indexer-status';

interface Readiness {
  status: 'ok';
  database: 'ok';
  /** Present when chains are configured: how many blocks each chain's checkpoint trails its head. */
  indexer?: { chains: { chainId: string; head: string | null; checkpoint: string | null; lag: number | null }[] };
}

@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly indexer: IndexerStatusReader,
  ) {}

  /** Liveness: the process answers. */
  @Get()
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the database answers too; with the indexer configured, each chain's lag. */
  @Get('ready')
  async ready(): Promise<Readiness> {
    let chains: Awaited<ReturnType<IndexerStatusReader['status']>>;
    try {
      await this.dataSource.query('SELECT 1');
      chains = await this.indexer.status();
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      throw new DomainError('unavailable', 'SERVICE_UNAVAILABLE', 'Database is not reachable', [], 5);
    }
    if (chains.length === 0) return { status: 'ok', database: 'ok' };
    return {
      status: 'ok',
      database: 'ok',
      indexer: { chains: chains.map(({ chainId, head, checkpoint, lag }) => ({ chainId, head, checkpoint, lag })) },
    };
  }
}
