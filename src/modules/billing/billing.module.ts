import { Module, OnModuleInit } from '@nestjs/common';
import { AuditLogModule } from '../audit/audit-log.module';
import { BalancesModule } from '../balances/balances.module';
import { CallbacksModule } from '../callbacks/callbacks.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ChainEventIntake } from '../chain/application/chain-event-intake';
import { ChainModule } from '../chain/chain.module';
import { DepositTransferHandler } from '../deployments/application/deposit-transfer.handler';
import { DeploymentsModule } from '../deployments/deployments.module';
import { InvoicesController } from './api/invoices.controller';
import { PaymentPageController } from './api/payment-page.controller';
import { PaymentPageComposer } from './api/payment-page.model';
import { PaymentEventStreams } from './api/payment-event-streams';
import { PublicInvoiceEventsController } from './api/public-invoice-events.controller';
import { PublicInvoicesController } from './api/public-invoices.controller';
import { InvoiceCallbacks } from './application/invoice-callbacks';
import { InvoicePresenter } from './application/invoice-presenter';
import { InvoiceDepositHandler } from './application/invoice-deposit.handler';
import { InvoicesService } from './application/invoices.service';
import { PublicInvoiceWatch } from './application/public-invoice-watch';
import { InvoiceChangeFeed } from './domain/invoice-change-feed';
import { InvoiceRepository } from './domain/invoice.repository';
import { PgInvoiceChangeFeed } from './infrastructure/pg-invoice-change-feed';
import { TypeOrmInvoiceRepository } from './infrastructure/typeorm-invoice.repository';

/**
 * Money in (docs/contract.md, Invoices): invoices, their deposit addresses, and deposits arriving as `transfer` chain
 * events.
 */
@Module({
  imports: [AuditLogModule, CatalogModule, ChainModule, DeploymentsModule, CallbacksModule, BalancesModule],
  controllers: [InvoicesController, PublicInvoicesController, PublicInvoiceEventsController, PaymentPageController],
  providers: [
    InvoicesService,
    InvoicePresenter,
    InvoiceDepositHandler,
    InvoiceCallbacks,
    PublicInvoiceWatch,
    PaymentEventStreams,
    PaymentPageComposer,
    { provide: InvoiceRepository, useClass: TypeOrmInvoiceRepository },
    { provide: InvoiceChangeFeed, useClass: PgInvoiceChangeFeed },
  ],
  exports: [InvoiceCallbacks],
})
export class BillingModule implements OnModuleInit {
  constructor(
    private readonly intake: ChainEventIntake,
    private readonly deposits: InvoiceDepositHandler,
    private readonly depositTransfers: DepositTransferHandler,
    private readonly invoices: InvoiceRepository,
  ) {}

  onModuleInit(): void {
    this.intake.register(this.deposits);
    this.depositTransfers.recogniseSweepsWith((manager, deployment, address) =>
      this.invoices.within(manager).isDepositAddressOf(deployment, address.hex20),
    );
  }
}
