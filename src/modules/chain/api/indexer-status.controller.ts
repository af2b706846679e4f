import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IndexerKeyGuard } from './chain-events.controller';
import { ChainIndexStatus, IndexerStatusReader } from '../application/indexer-status';

/** Head, checkpoint and lag per indexed chain; internal, behind the indexer key like the intake. */
@ApiExcludeController()
@UseGuards(IndexerKeyGuard)
@Controller('internal/v1/indexer')
export class IndexerStatusController {
  constructor(private readonly indexer: IndexerStatusReader) {}

  @Get('status')
  async status(): Promise<{ chains: ChainIndexStatus[] }> {
    return { chains: await this.indexer.status() };
  }
}
