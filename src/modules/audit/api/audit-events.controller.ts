import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { ApiCsvResponse, presentBatches, sendCsv } from '../../../shared/http/csv';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { ExportRoute } from '../../../shared/http/export-slots';
import { pageRequest } from '../../../shared/http/query-params';
import { AccountRoute, AccountScoped, CurrentAccount } from '../../deployments/api/access.guard';
import type { AccountRecord } from '../../deployments/domain/account';
import { AuditEventsService } from '../application/audit-events.service';
import { AUDIT_EVENT_CSV_COLUMNS } from './audit-event-csv';
import { presentAuditEvent } from './audit-event-presenter';
import { AuditEventsResponseDto } from './audit-event-response.dto';
import { AuditEventsQueryDto, ExportAuditEventsQueryDto } from './audit-events-query.dto';

const FORBIDDEN = {
  status: 403,
  description:
    'The caller is a member whose role is not ADMIN (ROLE_FORBIDS), or a key without `read` (INSUFFICIENT_SCOPE)',
  type: ErrorResponseDto,
} as const;

/** An account's audit log (docs/audit.md): ADMINs only. */
@ApiTags('accounts')
@AccountScoped()
@Controller('api/v1/accounts/:accountId/audit-events')
export class AuditEventsController {
  constructor(
    private readonly events: AuditEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @AccountRoute('audit:read')
  @ApiOperation({
    operationId: 'AuditEventsController_findAuditEvents_v1',
    summary: "The account's audit log: who changed what, when and through which door",
    description:
      'One entry per change made to the account through the service (and per sign-in), written in the same transaction as the change; newest first unless sortOrder=asc. ADMIN only; a scoped API key also needs `read`.',
  })
  @ApiResponse({ status: 200, type: AuditEventsResponseDto })
  @ApiResponse(FORBIDDEN)
  async findAuditEvents(
    @CurrentAccount() account: AccountRecord,
    @Query() query: AuditEventsQueryDto,
  ): Promise<AuditEventsResponseDto> {
    const page = pageRequest(query);
    const { total, items } = await this.events.list(account.id, query, {
      limit: page.pageSize,
      offset: page.offset,
    });
    return { total, page: page.page, pageSize: page.pageSize, items: items.map(presentAuditEvent) };
  }

  @Get('export')
  @AccountRoute('audit:read')
  @ExportRoute()
  @ApiOperation({
    operationId: 'AuditEventsController_exportAuditEvents_v1',
    summary: "Every audit entry the list's filters select, as CSV (at most EXPORT_MAX_ROWS rows)",
    description:
      "The list's filters and sort, without pages, streamed as RFC 4180 CSV; `changes` is the entry's JSON, and cells a spreadsheet would run as a formula start with '.",
  })
  @ApiCsvResponse('The entries, in the sort asked for', AUDIT_EVENT_CSV_COLUMNS)
  @ApiResponse(FORBIDDEN)
  async exportAuditEvents(
    @CurrentAccount() account: AccountRecord,
    @Query() query: ExportAuditEventsQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    const entries = this.events.export(account.id, query, this.config.exportMaxRows);
    await sendCsv(
      res,
      `audit-events-${account.id}.csv`,
      AUDIT_EVENT_CSV_COLUMNS,
      this.config.exportMinBytesPerSecond,
      presentBatches(entries, presentAuditEvent),
    );
  }
}
