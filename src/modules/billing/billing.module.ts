import { Module, OnModuleInit } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ChainEventIntake } from '../chain/application/chain-event-intake';
import { ChainModule } from '../chain/chain.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { InvoicePresenter } from './api/invoice-presenter';
import { InvoicesController } from './api/invoices.controller';
import { InvoiceDepositHandler } from './application/invoice-deposit.handler';
import { InvoicesService } from './application/invoices.service';
import { InvoiceRepository } from './domain/invoice.repository';
import { TypeOrmInvoiceRepository } from './infrastructure/typeorm-invoice.repository';

/**
 * Money in (SPEC §7): invoices, their deposit addresses, and deposits arriving as `transfer` chain
 * events.
 */
@Module({
  imports: [CatalogModule, ChainModule, DeploymentsModule],
  controllers: [InvoicesController],
  providers: [
    InvoicesService,
    InvoicePresenter,
    InvoiceDepositHandler,
    { provide: InvoiceRepository, useClass: TypeOrmInvoiceRepository },
  ],
})
export class BillingModule implements OnModuleInit {
  constructor(
    private readonly intake: ChainEventIntake,
    private readonly deposits: InvoiceDepositHandler,
  ) {}

  onModuleInit(): void {
    this.intake.register(this.deposits);
  }
}
