import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { DomainError } from '../../shared/domain/domain-error';
import { isStoreUnavailable } from '../../shared/http/store-errors';

@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** Liveness: the process answers. */
  @Get()
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the database answers too. */
  @Get('ready')
  async ready(): Promise<{ status: 'ok'; database: 'ok' }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      throw new DomainError('unavailable', 'SERVICE_UNAVAILABLE', 'Database is not reachable', [], 5);
    }
    return { status: 'ok', database: 'ok' };
  }
}
