import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { PublicInvoiceWatch } from '../application/public-invoice-watch';
import { isFinalForPayer } from '../domain/invoice-status';
import { InvoicePresenter } from '../application/invoice-presenter';
import { PaymentEventStreams } from './payment-event-streams';
import { PublicInvoiceResponseDto } from './public-invoice-response.dto';
import { PUBLIC_ID } from './public-invoices.controller';
import { ReadsPrimary } from '../../../shared/http/read-routing.interceptor';

/** The payer's invoice, pushed: what the payment page listens to. No credential, as the public invoice. */
@ApiTags('Public invoices')
@ApiExtraModels(PublicInvoiceResponseDto)
@Controller('api/v1/public/invoices/:publicId')
export class PublicInvoiceEventsController {
  constructor(
    private readonly watch: PublicInvoiceWatch,
    private readonly presenter: InvoicePresenter,
    private readonly streams: PaymentEventStreams,
  ) {}

  @Get('events')
  // It reads again on each commit's notification: a replica may not have replayed that commit yet.
  @ReadsPrimary()
  @PUBLIC_ID
  @ApiOperation({
    operationId: 'PublicInvoicesController_getEvents_v1',
    summary: "The invoice's changes as Server-Sent Events",
  })
  @ApiResponse({
    status: 200,
    description:
      'A `text/event-stream`. `event: invoice` with `data:` the `PublicInvoiceResponseDto` as JSON, at once and after every change (a deposit seen or confirmed, a new status); a comment line (`: keep-alive`) every 15 seconds; the stream ends after the event that carries PAID or UNRESOLVED.',
    content: {
      'text/event-stream': {
        schema: {
          type: 'string',
          description: "Each `invoice` event's `data` is one PublicInvoiceResponseDto as JSON",
          externalDocs: { url: 'https://html.spec.whatwg.org/multipage/server-sent-events.html' },
        },
        example: 'event: invoice\ndata: {"publicId":"1","status":"CREATED", …}\n\n: keep-alive\n\n',
      },
    },
  })
  @ApiResponse({ status: 404, description: 'No invoice with this public id', type: ErrorResponseDto })
  @ApiResponse({
    status: 429,
    description:
      'This client address holds PAYMENT_EVENTS_MAX_STREAMS_PER_CLIENT open streams (TOO_MANY_STREAMS), or the rate limit is reached',
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } },
    type: ErrorResponseDto,
  })
  @ApiResponse({
    status: 503,
    description: 'This instance holds as many streams as it may; poll the invoice instead',
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } },
    type: ErrorResponseDto,
  })
  async getEvents(@Param('publicId') publicId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    let ended = false;
    let stopWatching: (() => void) | undefined;
    let keepAlive: NodeJS.Timeout | undefined;
    const end = (): void => {
      if (ended) return;
      ended = true;
      clearInterval(keepAlive);
      stopWatching?.();
      release();
      if (res.headersSent) res.end();
    };
    const release = this.streams.admit(end, req.ip ?? req.socket.remoteAddress ?? '');
    // The payer left (or the socket died): stop following, free the place.
    res.on('close', end);
    try {
      stopWatching = await this.watch.watch(publicId, {
        seen: ({ view }) => {
          if (ended) return;
          const invoice = this.presenter.presentPublic(view);
          if (!res.headersSent) {
            startStream(res);
            keepAlive = setInterval(() => res.write(': keep-alive\n\n'), this.streams.keepAliveMs);
          }
          res.write(`event: invoice\ndata: ${JSON.stringify(invoice)}\n\n`);
          if (isFinalForPayer(invoice.status)) end();
        },
        failed: () => end(),
      });
    } catch (error) {
      end();
      throw error;
    }
    if (ended) stopWatching();
  }
}

function startStream(res: Response): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  // Proxies that buffer responses (nginx) would hold events back until the stream ends.
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
}
