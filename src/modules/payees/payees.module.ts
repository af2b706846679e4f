import { Module } from '@nestjs/common';
import { AuditLogModule } from '../audit/audit-log.module';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { AddressBookController } from './api/address-book.controller';
import { PayoutPolicyController } from './api/payout-policy.controller';
import { AddressBookService } from './application/address-book.service';
import { PayoutPolicyService } from './application/payout-policy.service';
import { PayeesRepository } from './domain/payees.repository';
import { TypeOrmPayeesRepository } from './infrastructure/typeorm-payees.repository';

/**
 * Payee safety (docs/review-and-policy.md): the account's address book and its payout policy. The
 * payouts context asks `PayoutPolicyService.checkPayout` inside each payout's transaction; the
 * review asks `AddressBookService` for known payees and labels, and the notifications for a payee's label.
 */
@Module({
  imports: [AuditLogModule, AuthModule, CatalogModule, DeploymentsModule],
  controllers: [AddressBookController, PayoutPolicyController],
  providers: [
    AddressBookService,
    PayoutPolicyService,
    { provide: PayeesRepository, useClass: TypeOrmPayeesRepository },
  ],
  exports: [AddressBookService, PayoutPolicyService],
})
export class PayeesModule {}
