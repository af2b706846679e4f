import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../shared/domain/domain-error';
import { isUuid, uuidv7 } from '../../../shared/domain/ids';
import { CatalogService } from '../../catalog/catalog.service';
import { DeploymentsService } from '../../deployments/application/deployments.service';
import type { Deployment } from '../../deployments/domain/deployment';
import { deriveInvoiceAddress } from '../domain/deposit-address';
import { Invoice, InvoiceCurrency, InvoiceTerms } from '../domain/invoice';
import { InvoiceFilter, InvoiceListFilter, InvoiceRepository, PublicDeposit } from '../domain/invoice.repository';
import { InvoiceStatus } from '../domain/invoice-status';
import { newPublicId } from '../domain/public-id';
import { CallbackUrlCheck } from '../../callbacks/application/callback-url-check';
import { auditActorOf } from '../../audit/application/audit-actor';
import { auditedUrl, changedFields } from '../../audit/application/audit-changes';
import { AuditLog } from '../../audit/application/audit-log';
import type { Caller } from '../../auth/domain/caller';
import { InvoiceCallbacks } from './invoice-callbacks';

/** Create/PUT input after shape validation: currencies still as the client spelled them. */
export interface InvoiceTermsInput extends Omit<InvoiceTerms, 'currencies'> {
  readonly currencyIds?: readonly string[];
}

export interface InvoiceUpdateInput extends InvoiceTermsInput {
  readonly status?: InvoiceStatus;
}

/** An invoice with what its response shows besides its own fields. */
export interface InvoiceView {
  readonly invoice: Invoice;
  /** Settled deposits per currency id, base units. */
  readonly settledByCurrency: ReadonlyMap<string, bigint>;
}

/** The payer's view of an invoice: the invoice, its deposits oldest first. */
export interface PublicInvoiceState {
  readonly view: InvoiceView;
  readonly deposits: PublicDeposit[];
}

/** What the payment page shows besides the payer's view: whom they are paying. */
export interface PaymentPageData extends PublicInvoiceState {
  /** The name of the merchant's account. */
  readonly merchantName: string | null;
}

/** Public ids are positive 63-bit numbers (bigint column). */
const MAX_PUBLIC_ID = 2n ** 63n - 1n;

const INVOICE_NOT_FOUND = () => DomainError.notFound('INVOICE_NOT_FOUND', 'Invoice not found');

/** Invoices (endpoints 10-13): one method per endpoint, each owning its transaction. */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly invoices: InvoiceRepository,
    private readonly catalog: CatalogService,
    private readonly callbacks: InvoiceCallbacks,
    private readonly callbackUrls: CallbackUrlCheck,
    private readonly deployments: DeploymentsService,
    private readonly audit: AuditLog,
  ) {}

  async list(
    deployment: Deployment,
    filter: Omit<InvoiceListFilter, 'currencyIds'> & { currencyIds?: readonly string[] },
  ) {
    const { total, items } = await this.invoices.list(deployment.id, this.canonicalCurrencies(filter));
    return { total, items: await this.views(items) };
  }

  /** Every invoice the list would show for `filter` (all its pages), at most `maxRows`, in batches. */
  async *export(
    deployment: Deployment,
    filter: Omit<InvoiceFilter, 'currencyIds'> & { currencyIds?: readonly string[] },
    maxRows: number,
  ): AsyncGenerator<InvoiceView[]> {
    for await (const invoices of this.invoices.export(deployment.id, this.canonicalCurrencies(filter), maxRows)) {
      yield await this.views(invoices);
    }
  }

  async get(deployment: Deployment, invoiceId: string): Promise<InvoiceView> {
    const invoice = isUuid(invoiceId) ? await this.invoices.find(deployment.id, invoiceId.toLowerCase()) : undefined;
    if (invoice === undefined) throw INVOICE_NOT_FOUND();
    return (await this.views([invoice]))[0];
  }

  /**
   * The payer's view (docs/contract.md, Merchants), by the public id in the payment page URL. A malformed id is as
   * unknown as a missing one: the same 404.
   */
  async getPublic(publicId: string): Promise<PublicInvoiceState> {
    if (!/^[1-9][0-9]{0,18}$/.test(publicId) || BigInt(publicId) > MAX_PUBLIC_ID) throw INVOICE_NOT_FOUND();
    const invoice = await this.invoices.findByPublicId(BigInt(publicId));
    if (invoice === undefined) throw INVOICE_NOT_FOUND();
    const [view] = await this.views([invoice]);
    return { view, deposits: await this.invoices.deposits(invoice.id) };
  }

  /** The payer's view with the merchant's name, for the hosted payment page. */
  async getPaymentPage(publicId: string): Promise<PaymentPageData> {
    const state = await this.getPublic(publicId);
    const merchantName = await this.deployments.accountNameOfDeployment(state.view.invoice.toProps().deploymentId);
    return { ...state, merchantName: merchantName ?? null };
  }

  async create(
    deployment: Deployment,
    caller: Caller,
    input: Required<Omit<InvoiceTermsInput, 'currencyIds'>> & Pick<InvoiceTermsInput, 'currencyIds'>,
  ): Promise<InvoiceView> {
    this.callbackUrls.assertAllowed(input.callbackUrl);
    const currencies = this.resolveCurrencies(deployment, input.currencyIds ?? []);
    const initCodeHash = this.catalog.findSmartContractVersion(
      deployment.smartContractVersionId,
    )?.depositAccountInitCodeHash;
    if (initCodeHash === undefined) throw new Error(`unknown contract version ${deployment.smartContractVersionId}`);
    const invoice = await this.dataSource.transaction(async (manager) => {
      // The nonce is taken in the inserting transaction: a 409 rolls it back, so nonces stay gap-free.
      const invoiceNonce = await this.deployments.takeNextInvoiceNonce(manager, deployment.id);
      const created = Invoice.create(
        {
          id: uuidv7(),
          deploymentId: deployment.id,
          chainId: deployment.chainId,
          networkType: deployment.networkType,
          publicId: newPublicId(),
          invoiceNonce,
          invoiceAddress: deriveInvoiceAddress({
            networkType: deployment.networkType,
            deployerHex20: deployment.address.hex20,
            invoiceNonce,
            initCodeHash,
          }),
        },
        { ...input, currencies: currencies.map(toInvoiceCurrency) },
        new Date(),
      );
      await this.invoices.within(manager).insert(created);
      await this.callbacks.announce(manager, created, ['INVOICE_CREATED']);
      await this.audit.record(manager, {
        accountId: deployment.accountId,
        action: 'INVOICE_CREATED',
        actor: auditActorOf(caller),
        target: { type: 'invoice', id: created.id },
        changes: { deploymentId: deployment.id, ...auditedTerms(created) },
      });
      return created;
    });
    return { invoice, settledByCurrency: new Map() };
  }

  async update(
    deployment: Deployment,
    caller: Caller,
    invoiceId: string,
    input: InvoiceUpdateInput,
  ): Promise<InvoiceView> {
    if (Object.values(input).every((value) => value === undefined)) {
      throw DomainError.invalid('VALIDATION_FAILED', 'Invalid request: the body must change at least one field');
    }
    if (!isUuid(invoiceId)) throw INVOICE_NOT_FOUND();
    this.callbackUrls.assertAllowed(input.callbackUrl);
    const { currencyIds, status, ...terms } = input;
    const currencies =
      currencyIds === undefined ? undefined : this.resolveCurrencies(deployment, currencyIds).map(toInvoiceCurrency);
    const invoice = await this.dataSource.transaction(async (manager) => {
      const unit = this.invoices.within(manager);
      const found = await unit.findForUpdate(deployment.id, invoiceId.toLowerCase());
      if (found === undefined) throw INVOICE_NOT_FOUND();
      const now = new Date();
      const before = auditedTerms(found);
      found.revise({ ...terms, currencies }, await unit.hasDeposits(found.id), now);
      const statusBefore = found.status;
      if (status !== undefined) found.markStatus(status, now);
      await unit.save(found);
      await this.callbacks.announce(manager, found, this.callbacks.statusEvents(statusBefore, found.status));
      await this.audit.record(manager, {
        accountId: deployment.accountId,
        action: 'INVOICE_UPDATED',
        actor: auditActorOf(caller),
        target: { type: 'invoice', id: found.id },
        changes: changedFields(before, auditedTerms(found)),
      });
      return found;
    });
    return (await this.views([invoice]))[0];
  }

  /** The named currencies; none named (`[]`, as the real API's default) means every currency of the network. */
  private resolveCurrencies(deployment: Deployment, ids: readonly string[]) {
    if (ids.length === 0) return this.catalog.currenciesOfChain(deployment.chainId);
    return ids.map((id) => this.catalog.requireCurrencyOnChain(id, deployment.chainId, 'currencyIds'));
  }

  /** Currency ids as stored, so a filter in any case matches; an unknown id is kept and matches nothing. */
  private canonicalCurrencies<F extends { currencyIds?: readonly string[] }>(filter: F): F {
    return { ...filter, currencyIds: filter.currencyIds?.map((id) => this.catalog.findCurrency(id)?.id ?? id) };
  }

  private async views(invoices: readonly Invoice[]): Promise<InvoiceView[]> {
    const settled = await this.invoices.settledByCurrency(invoices.map((invoice) => invoice.id));
    return invoices.map((invoice) => ({ invoice, settledByCurrency: settled.get(invoice.id) ?? new Map() }));
  }
}

/** What the audit log shows of an invoice's terms (docs/audit.md): amounts in base units. */
function auditedTerms(invoice: Invoice): Record<string, unknown> {
  const props = invoice.toProps();
  return {
    requestedAmountBaseUnits: props.requestedAmount?.toString() ?? null,
    currencyIds: props.currencies.map((currency) => currency.id),
    trackingId: props.trackingId,
    callbackUrl: auditedUrl(props.callbackUrl),
    paymentPageButtonUrl: auditedUrl(props.paymentPageButtonUrl),
    paymentPageButtonText: props.paymentPageButtonText,
    status: props.status,
  };
}

function toInvoiceCurrency(currency: { id: string; decimals: number }): InvoiceCurrency {
  return { id: currency.id, decimals: currency.decimals };
}
