import {
  Body,
  CanActivate,
  Controller,
  ExecutionContext,
  HttpCode,
  Inject,
  Injectable,
  NotFoundException,
  Post,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain/domain-error';
import { ChainEventBatchDto } from '../application/chain-event.dto';
import { ChainEventIntake, ChainEventResult } from '../application/chain-event-intake';

/** Disabled (404) unless INDEXER_API_KEY is set; otherwise the `x-indexer-key` header must match it. */
@Injectable()
export class IndexerKeyGuard implements CanActivate {
  private readonly keyDigest: Buffer | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.keyDigest = config.indexerApiKey === null ? undefined : digest(config.indexerApiKey);
  }

  canActivate(context: ExecutionContext): boolean {
    if (this.keyDigest === undefined) throw new NotFoundException();
    const key = context.switchToHttp().getRequest<Request>().header('x-indexer-key');
    if (key === undefined || !timingSafeEqual(digest(key), this.keyDigest)) {
      throw new DomainError('unauthenticated', 'UNAUTHORIZED', 'Invalid or missing indexer key');
    }
    return true;
  }
}

/** The indexer's door (docs/chain-events.md); internal, so not in the public OpenAPI document. */
@ApiExcludeController()
@UseGuards(IndexerKeyGuard)
@Controller('internal/v1/chain-events')
export class ChainEventsController {
  constructor(private readonly intake: ChainEventIntake) {}

  @Post()
  @HttpCode(200)
  async ingest(@Body() batch: ChainEventBatchDto): Promise<{ results: ChainEventResult[] }> {
    return { results: await this.intake.ingest(batch.events) };
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
