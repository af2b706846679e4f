import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { get, withQuery } from '../api/client';
import type { Page, Transaction } from '../api/types';
import { download } from '../components/download';
import { Address, ErrorNote, Loading, Money, Pager, Section, StatusBadge } from '../components/ui';
import { useDeploymentContext } from '../context';
import { useI18n } from '../i18n/i18n';

interface Filters {
  txHash: string;
  status: string;
  createdFrom: string;
  createdTo: string;
}

const EMPTY: Filters = { txHash: '', status: '', createdFrom: '', createdTo: '' };

/** The list's filters as the API takes them (dates as whole days, inclusive). */
function query(filters: Filters) {
  return {
    txHash: filters.txHash || undefined,
    statuses: filters.status ? [filters.status] : undefined,
    createdFrom: filters.createdFrom ? `${filters.createdFrom}T00:00:00.000Z` : undefined,
    createdTo: filters.createdTo ? `${filters.createdTo}T23:59:59.999Z` : undefined,
  };
}

export function TransactionsScreen() {
  const { deploymentId } = useParams();
  const { t, formatDate } = useI18n();
  const { context, isLoading } = useDeploymentContext(deploymentId);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['deployment', deploymentId, 'transactions', filters, page],
    queryFn: () =>
      get<Page<Transaction>>(`/api/v1/deployments/${deploymentId}/transactions`, {
        ...query(filters),
        page,
        pageSize: 20,
      }),
    refetchInterval: 5000,
  });
  if (isLoading || !context) return <Loading />;
  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value });
  return (
    <>
      <h1>
        {t('tx.title')} · {context.deployment.networkName}
      </h1>
      <form
        className="filters card"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setFilters(draft);
        }}
      >
        <label className="field">
          <span>{t('tx.hash')}</span>
          <input className="mono" value={draft.txHash} onChange={set('txHash')} spellCheck={false} />
        </label>
        <label className="field">
          <span>{t('table.status')}</span>
          <select value={draft.status} onChange={set('status')}>
            <option value="">{t('payouts.all')}</option>
            {(['PENDING', 'EXECUTED', 'CONFIRMED', 'FAILED'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`tx.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('tx.createdFrom')}</span>
          <input type="date" value={draft.createdFrom} onChange={set('createdFrom')} />
        </label>
        <label className="field">
          <span>{t('tx.createdTo')}</span>
          <input type="date" value={draft.createdTo} onChange={set('createdTo')} />
        </label>
        <button type="submit" className="button">
          {t('tx.apply')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => download(withQuery(`/api/v1/deployments/${deploymentId}/transactions/export`, query(filters)))}
        >
          {t('tx.export')}
        </button>
      </form>
      <Section title={t('tx.title')}>
        {list.error ? <ErrorNote error={list.error} /> : null}
        {list.data?.items.length === 0 ? <p className="muted">{t('tx.empty')}</p> : null}
        {list.data && list.data.items.length > 0 ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  {/* Amount and status first: what a phone shows before the table scrolls sideways. */}
                  <th scope="col" className="num">
                    {t('table.amount')}
                  </th>
                  <th scope="col">{t('table.status')}</th>
                  <th scope="col">{t('tx.direction')}</th>
                  <th scope="col">{t('table.created')}</th>
                  <th scope="col">{t('tx.from')}</th>
                  <th scope="col">{t('tx.to')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((tx) => (
                  <tr key={tx.id}>
                    <td className="num">
                      <Money amount={tx.amount} symbol={tx.currency?.symbol} maxFraction={8} />
                    </td>
                    <td>
                      <StatusBadge status={tx.status} text={t(`tx.status.${tx.status}`)} />
                    </td>
                    <td>{t(`tx.${tx.direction}`)}</td>
                    <td>{formatDate(tx.createdAt)}</td>
                    <td>{tx.fromAddress ? <Address address={tx.fromAddress} /> : '—'}</td>
                    <td>{tx.toAddress ? <Address address={tx.toAddress} /> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {list.data ? <Pager page={page} pageSize={20} total={list.data.total} onPage={setPage} /> : null}
      </Section>
    </>
  );
}
