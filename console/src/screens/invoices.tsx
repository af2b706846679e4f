import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { get, post } from '../api/client';
import type { Invoice, Page } from '../api/types';
import { QrCode } from '../components/qr';
import { CopyButton, ErrorNote, Loading, Money, Pager, Section, StatusBadge } from '../components/ui';
import { useDeploymentContext } from '../context';
import { useI18n } from '../i18n/i18n';
import { parseAmountInput } from '../lib/amounts';
import { roleAllows } from '../session';
import { actionErrorText } from './operation-actions';
import { useCurrencies } from './payouts';

function CreateInvoice({ deploymentId, chainId }: { deploymentId: string; chainId: number }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const client = useQueryClient();
  const currencies = useCurrencies(chainId);
  const [currencyId, setCurrencyId] = useState('');
  const [amount, setAmount] = useState('');
  const [trackingId, setTrackingId] = useState('');
  const currency = currencies.data?.find((c) => c.id === currencyId);
  const create = useMutation({
    mutationFn: () => {
      const requested = amount.trim() === '' ? null : parseAmountInput(amount, currency?.decimals ?? 18);
      if (amount.trim() !== '' && (requested === null || !currency)) throw new Error(t('invoices.amount'));
      return post<Invoice>(`/api/v1/deployments/${deploymentId}/invoices`, {
        requestedAmount: requested,
        paymentPageButtonUrl: null,
        paymentPageButtonText: null,
        ...(currency ? { currencyIds: [currency.id] } : {}),
        ...(trackingId ? { trackingId } : {}),
      });
    },
    onSuccess: (invoice) => {
      void client.invalidateQueries({ queryKey: ['deployment', deploymentId] });
      void navigate(`/deployments/${deploymentId}/invoices/${invoice.id}`);
    },
  });
  return (
    <Section title={t('invoices.create')}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <label className="field">
          <span>{t('invoices.currency')}</span>
          <select value={currencyId} onChange={(e) => setCurrencyId(e.target.value)}>
            <option value="">{t('invoices.anyCurrency')}</option>
            {(currencies.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.symbol} — {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('invoices.amount')}</span>
          <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} disabled={!currency} />
        </label>
        <label className="field">
          <span>{t('invoices.trackingId')}</span>
          <input value={trackingId} onChange={(e) => setTrackingId(e.target.value)} pattern="[A-Za-z0-9-]{1,128}" />
        </label>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t('invoices.create')}
        </button>
        {create.error ? (
          <p className="note note-error" role="alert">
            {actionErrorText(create.error, t)}
          </p>
        ) : null}
      </form>
    </Section>
  );
}

export function InvoicesScreen() {
  const { deploymentId } = useParams();
  const { t, formatDate } = useI18n();
  const { context, isLoading } = useDeploymentContext(deploymentId);
  const [page, setPage] = useState(1);
  const invoices = useQuery({
    queryKey: ['deployment', deploymentId, 'invoices', page],
    queryFn: () => get<Page<Invoice>>(`/api/v1/deployments/${deploymentId}/invoices`, { page, pageSize: 20 }),
    refetchInterval: 5000,
  });
  if (isLoading || !context) return <Loading />;
  return (
    <>
      <h1>
        {t('invoices.title')} · {context.deployment.networkName}
      </h1>
      {roleAllows(context.role, 'OPERATOR') ? (
        <CreateInvoice deploymentId={deploymentId!} chainId={context.chainId} />
      ) : null}
      <Section title={t('invoices.title')}>
        {invoices.error ? <ErrorNote error={invoices.error} /> : null}
        {invoices.data?.items.length === 0 ? <p className="muted">{t('invoices.empty')}</p> : null}
        {invoices.data && invoices.data.items.length > 0 ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('table.created')}</th>
                  <th scope="col">{t('table.reference')}</th>
                  <th scope="col" className="num">
                    {t('table.amount')}
                  </th>
                  <th scope="col">{t('table.status')}</th>
                </tr>
              </thead>
              <tbody>
                {invoices.data.items.map((inv) => (
                  <tr key={inv.id}>
                    <td>
                      <Link to={`/deployments/${deploymentId}/invoices/${inv.id}`}>{formatDate(inv.createdAt)}</Link>
                    </td>
                    <td>{inv.trackingId ?? inv.publicId}</td>
                    <td className="num">
                      {inv.requestedAmount ? (
                        <Money amount={inv.requestedAmount} symbol={inv.availableCurrencies[0]?.symbol} />
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      <StatusBadge status={inv.status} text={t(`invoices.status.${inv.status}`)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {invoices.data ? <Pager page={page} pageSize={20} total={invoices.data.total} onPage={setPage} /> : null}
      </Section>
    </>
  );
}

export function InvoiceDetailScreen() {
  const { deploymentId, invoiceId } = useParams();
  const { t, formatDate } = useI18n();
  const invoice = useQuery({
    queryKey: ['deployment', deploymentId, 'invoice', invoiceId],
    queryFn: async () =>
      (await get<{ invoice: Invoice }>(`/api/v1/deployments/${deploymentId}/invoices/${invoiceId}`)).invoice,
    refetchInterval: 2000,
  });
  if (invoice.isLoading) return <Loading />;
  if (invoice.error) return <ErrorNote error={invoice.error} />;
  const inv = invoice.data!;
  const symbol = inv.availableCurrencies.length === 1 ? inv.availableCurrencies[0].symbol : undefined;
  return (
    <>
      <p>
        <Link to={`/deployments/${deploymentId}/invoices`}>← {t('invoices.title')}</Link>
      </p>
      <h1>
        {t('invoices.heading', { ref: inv.trackingId ?? inv.publicId })}{' '}
        <StatusBadge status={inv.status} text={t(`invoices.status.${inv.status}`)} />
      </h1>
      <div className="split">
        <Section title={t('invoices.paymentPage')}>
          <p>
            <a href={inv.paymentPageUrl} target="_blank" rel="noreferrer" className="break">
              {inv.paymentPageUrl}
            </a>{' '}
            <CopyButton text={inv.paymentPageUrl} label={t('invoices.paymentPage')} />
          </p>
          <QrCode text={inv.paymentPageUrl} label={t('invoices.qr')} />
        </Section>
        <Section title={t('invoices.address')}>
          <dl className="kv">
            <dt>{t('invoices.address')}</dt>
            <dd className="mono break">
              {inv.invoiceAddress} <CopyButton text={inv.invoiceAddress} label={t('invoices.address')} />
            </dd>
            <dt>{t('table.amount')}</dt>
            <dd>{inv.requestedAmount ? <Money amount={inv.requestedAmount} symbol={symbol} /> : '—'}</dd>
            <dt>{t('invoices.paid')}</dt>
            <dd>{inv.paidAmount ? <Money amount={inv.paidAmount} symbol={symbol} /> : '—'}</dd>
            <dt>{t('table.created')}</dt>
            <dd>{formatDate(inv.createdAt)}</dd>
            <dt>{t('invoices.currency')}</dt>
            <dd>{inv.availableCurrencies.map((c) => c.symbol).join(', ')}</dd>
          </dl>
        </Section>
      </div>
    </>
  );
}
