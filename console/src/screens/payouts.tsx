import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { get, post } from '../api/client';
import type { AddressBookEntry, Currency, Page, Payout } from '../api/types';
import { Address, ErrorNote, Loading, Money, Pager, Section, StatusBadge } from '../components/ui';
import { useDeploymentContext } from '../context';
import { useI18n } from '../i18n/i18n';
import { parseAmountInput } from '../lib/amounts';
import { lookalikeOf } from '../lib/payees';
import { roleAllows } from '../session';
import { actionErrorText } from './operation-actions';

const STATUSES = ['CREATED', 'SIGNED', 'SENT', 'EXECUTED', 'FAILED', 'CANCELED'] as const;

export function useCurrencies(chainId: number | undefined) {
  return useQuery({
    queryKey: ['currencies', chainId],
    queryFn: () => get<Currency[]>('/api/v1/public/currencies', { chainId, isScam: false }),
    enabled: chainId !== undefined,
    staleTime: 10 * 60_000,
  });
}

function CreatePayout({
  deploymentId,
  accountId,
  chainId,
}: {
  deploymentId: string;
  accountId: string;
  chainId: number;
}) {
  const { t } = useI18n();
  const client = useQueryClient();
  const currencies = useCurrencies(chainId);
  const book = useQuery({
    queryKey: ['address-book', accountId],
    queryFn: () => get<AddressBookEntry[]>(`/api/v1/accounts/${accountId}/address-book`),
  });
  const [currencyId, setCurrencyId] = useState('');
  const [amount, setAmount] = useState('');
  const [to, setTo] = useState('');
  const [trackingId, setTrackingId] = useState('');
  const currency = currencies.data?.find((c) => c.id === currencyId) ?? currencies.data?.[0];
  const approved = (book.data ?? []).filter((e) => e.status === 'APPROVED');
  const lookalike = to ? lookalikeOf(to, approved) : undefined;
  const create = useMutation({
    mutationFn: () => {
      const parsed = parseAmountInput(amount, currency?.decimals ?? 18);
      if (!parsed || !currency) throw new Error(t('payouts.amount'));
      return post<Payout>(`/api/v1/deployments/${deploymentId}/payouts`, {
        deploymentId,
        currencyId: currency.id,
        amount: parsed,
        toAddress: to.trim(),
        ...(trackingId ? { trackingId } : {}),
      });
    },
    onSuccess: () => {
      setAmount('');
      setTo('');
      setTrackingId('');
      void client.invalidateQueries({ queryKey: ['deployment', deploymentId] });
    },
  });
  return (
    <Section title={t('payouts.create')}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <label className="field">
          <span>{t('payouts.currency')}</span>
          <select value={currency?.id ?? ''} onChange={(e) => setCurrencyId(e.target.value)} required>
            {(currencies.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.symbol} — {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('payouts.amount')}</span>
          <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required />
        </label>
        <label className="field">
          <span>{t('payouts.to')}</span>
          <input
            className="mono"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            required
            spellCheck={false}
            list="book"
          />
          <datalist id="book">
            {approved.map((e) => (
              <option key={e.id} value={e.address}>
                {e.label}
              </option>
            ))}
          </datalist>
        </label>
        {approved.length > 0 ? (
          <label className="field">
            <span>{t('payouts.fromBook')}</span>
            <select value="" onChange={(e) => setTo(e.target.value)}>
              <option value="">—</option>
              {approved.map((e) => (
                <option key={e.id} value={e.address}>
                  {e.label} ({e.address})
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {lookalike ? (
          <p className="note note-error" role="alert">
            {t('payouts.lookalike', { label: lookalike.label, address: lookalike.address })}
          </p>
        ) : null}
        <label className="field">
          <span>{t('payouts.trackingId')}</span>
          <input value={trackingId} onChange={(e) => setTrackingId(e.target.value)} pattern="[A-Za-z0-9-]{1,128}" />
        </label>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t('payouts.create')}
        </button>
        {create.isSuccess ? (
          <p className="note note-ok" role="status">
            {t('payouts.created')}{' '}
            <Link to={`/deployments/${deploymentId}/operations/${create.data.queueOperationId}`}>
              {t('queue.review')}
            </Link>
          </p>
        ) : null}
        {create.error ? (
          <p className="note note-error" role="alert">
            {actionErrorText(create.error, t)}
          </p>
        ) : null}
      </form>
    </Section>
  );
}

export function PayoutsScreen() {
  const { deploymentId } = useParams();
  const { t, formatDate } = useI18n();
  const { context, isLoading } = useDeploymentContext(deploymentId);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const payouts = useQuery({
    queryKey: ['deployment', deploymentId, 'payouts', page, status],
    queryFn: () =>
      get<Page<Payout>>(`/api/v1/deployments/${deploymentId}/payouts`, {
        page,
        pageSize: 20,
        statuses: status ? [status] : undefined,
      }),
  });
  if (isLoading || !context) return <Loading />;
  return (
    <>
      <h1>
        {t('payouts.title')} · {context.deployment.networkName}
      </h1>
      {roleAllows(context.role, 'OPERATOR') ? (
        <CreatePayout deploymentId={deploymentId!} accountId={context.account.id} chainId={context.chainId} />
      ) : null}
      <Section
        title={t('payouts.title')}
        actions={
          <label className="field inline">
            <span>{t('payouts.filterStatus')}</span>
            <select value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">{t('payouts.all')}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`payouts.status.${s}`)}
                </option>
              ))}
            </select>
          </label>
        }
      >
        {payouts.error ? <ErrorNote error={payouts.error} /> : null}
        {payouts.data?.items.length === 0 ? <p className="muted">{t('payouts.empty')}</p> : null}
        {payouts.data && payouts.data.items.length > 0 ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  {/* Amount and status first: what a phone shows before the table scrolls sideways. */}
                  <th scope="col" className="num">
                    {t('table.amount')}
                  </th>
                  <th scope="col">{t('table.status')}</th>
                  <th scope="col">{t('payouts.to')}</th>
                  <th scope="col">{t('table.created')}</th>
                  <th scope="col">{t('table.reference')}</th>
                </tr>
              </thead>
              <tbody>
                {payouts.data.items.map((p) => (
                  <tr key={p.id}>
                    <td className="num">
                      <Money amount={p.amount} symbol={p.currency?.symbol} />
                    </td>
                    <td>
                      <Link to={`/deployments/${deploymentId}/operations/${p.queueOperationId}`}>
                        <StatusBadge status={p.status} text={t(`payouts.status.${p.status}`)} />
                      </Link>
                    </td>
                    <td>
                      <Address address={p.toAddress} />
                    </td>
                    <td>{formatDate(p.createdAt)}</td>
                    <td>{p.trackingId ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {payouts.data ? <Pager page={page} pageSize={20} total={payouts.data.total} onPage={setPage} /> : null}
      </Section>
    </>
  );
}
