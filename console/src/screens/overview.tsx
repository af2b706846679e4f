import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { get } from '../api/client';
import type { AccountDeployment, AssetBalance, BalanceSummary, Page } from '../api/types';
import { Address, ErrorNote, Loading, Money, Section } from '../components/ui';
import { useAccountDetails, useRole } from '../context';
import { useI18n } from '../i18n/i18n';
import { addAmounts, formatFiat } from '../lib/amounts';
import { roleAllows } from '../session';
import { deployWallet } from '../wallet/actions';
import { actionErrorText } from './operation-actions';

const BASE_CURRENCIES = ['usd', 'eur', 'cny'] as const;
type Base = (typeof BASE_CURRENCIES)[number];

function summaryQuery(accountId: string | undefined, chainId: string | number, base: Base) {
  return {
    queryKey: ['summary', accountId, String(chainId), base],
    queryFn: () =>
      get<BalanceSummary>(`/api/v1/accounts/${accountId}/balance/summary`, {
        baseCurrency: base,
        chainId: String(chainId),
      }),
    enabled: accountId !== undefined,
  };
}

function useSummary(accountId: string | undefined, chainId: string | number, base: Base) {
  return useQuery(summaryQuery(accountId, chainId, base));
}

/** Deploys the account's wallet on a network from the person's wallet (`deploy-params`, then the factory). */
function DeployButton({ accountId, deployment }: { accountId: string; deployment: AccountDeployment }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const deploy = useMutation({
    mutationFn: () => deployWallet(accountId, Number(deployment.chainId)),
    onSettled: () => client.invalidateQueries({ queryKey: ['account', accountId] }),
  });
  return (
    <>
      <button
        type="button"
        className="button button-primary"
        disabled={deploy.isPending}
        onClick={() => deploy.mutate()}
      >
        {t('overview.deploy')}
      </button>
      {deploy.isSuccess ? (
        <p className="note note-ok" role="status">
          {t('action.sent', { hash: deploy.data })}
        </p>
      ) : null}
      {deploy.error ? (
        <p className="note note-error" role="alert">
          {actionErrorText(deploy.error, t)}
        </p>
      ) : null}
    </>
  );
}

function NetworkBalances({
  accountId,
  deployment,
  base,
  canDeploy,
}: {
  accountId: string;
  deployment: AccountDeployment;
  base: Base;
  canDeploy: boolean;
}) {
  const { t, locale } = useI18n();
  const balances = useQuery({
    queryKey: ['balances', accountId, deployment.chainId, base],
    queryFn: () =>
      get<Page<AssetBalance>>(`/api/v1/accounts/${accountId}/balance/assets`, {
        chainId: String(deployment.chainId),
        baseCurrency: base,
        pageSize: 100,
        sortBy: 'converted_balance',
        sortOrder: 'desc',
      }),
  });
  const summary = useSummary(accountId, deployment.chainId, base);
  const base_ = `/deployments/${deployment.deploymentId}`;
  return (
    <Section
      title={t('overview.balances', { network: deployment.networkName })}
      actions={
        <span className="links">
          <Link to={`${base_}/queue`}>{t('nav.queue')}</Link>
          <Link to={`${base_}/payouts`}>{t('nav.payouts')}</Link>
          <Link to={`${base_}/invoices`}>{t('nav.invoices')}</Link>
          <Link to={`${base_}/transactions`}>{t('nav.transactions')}</Link>
          <Link to={`${base_}/claims`}>{t('nav.claims')}</Link>
        </span>
      }
    >
      <p className="muted">
        {t('overview.status')}: {t(`overview.status.${deployment.deploymentStatus}`)} ·{' '}
        {t('overview.threshold', { threshold: deployment.threshold, count: deployment.approvers.length })}
      </p>
      {deployment.deploymentStatus === 'not_deployed' && canDeploy ? (
        <DeployButton accountId={accountId} deployment={deployment} />
      ) : null}
      {summary.data ? (
        <p>
          {t('overview.total')}: <strong>{formatFiat(summary.data.totalBalance, base, locale)}</strong> ·{' '}
          {t('overview.uncollected')}: <strong>{formatFiat(summary.data.uncollectedBalance, base, locale)}</strong>
        </p>
      ) : null}
      {balances.isLoading ? <Loading /> : null}
      {balances.error ? <ErrorNote error={balances.error} /> : null}
      {balances.data && balances.data.items.length === 0 ? <p className="muted">{t('overview.noBalances')}</p> : null}
      {balances.data && balances.data.items.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('overview.asset')}</th>
              <th scope="col" className="num">
                {t('overview.balance')}
              </th>
              <th scope="col" className="num">
                {t('overview.value')}
              </th>
            </tr>
          </thead>
          <tbody>
            {balances.data.items.map((b) => (
              <tr key={b.currency.id}>
                <th scope="row">
                  {b.currency.symbol} <span className="muted small">{b.currency.name}</span>
                </th>
                <td className="num">
                  <Money amount={b.balance} maxFraction={6} />
                </td>
                <td className="num">
                  {b.convertedBalance === null ? '—' : formatFiat(b.convertedBalance, base, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Section>
  );
}

export function OverviewScreen() {
  const { accountId } = useParams();
  const { t, locale } = useI18n();
  const role = useRole(accountId);
  const [base, setBase] = useState<Base>(() => (localStorage.getItem('console.base') as Base | null) ?? 'usd');
  const details = useAccountDetails(accountId);
  // The service sums per network; the account's total is their exact sum.
  const summaries = useQueries({
    queries: (details.data?.deployments ?? []).map((d) => summaryQuery(accountId, d.chainId, base)),
  });
  const loaded = summaries.length > 0 && summaries.every((q) => q.data !== undefined);
  const summary = {
    data: loaded
      ? {
          totalBalance: addAmounts(summaries.map((q) => q.data!.totalBalance)),
          uncollectedBalance: addAmounts(summaries.map((q) => q.data!.uncollectedBalance)),
          uncollectedInvoices: summaries.reduce((n, q) => n + q.data!.uncollectedInvoices, 0),
          allRatesReceived: summaries.every((q) => q.data!.allRatesReceived),
        }
      : undefined,
    error: summaries.find((q) => q.error)?.error,
  };
  if (details.isLoading) return <Loading />;
  if (details.error) return <ErrorNote error={details.error} />;
  const { account, deployments } = details.data!;
  return (
    <>
      <h1>{account.name}</h1>
      <p className="muted">
        {account.contract ? <Address address={account.contract} /> : t('overview.status.not_deployed')} ·{' '}
        {role ? t(`role.${role}`) : null}
      </p>
      <div className="toolbar">
        <label className="field inline">
          <span>{t('overview.baseCurrency')}</span>
          <select
            value={base}
            onChange={(e) => {
              setBase(e.target.value as Base);
              localStorage.setItem('console.base', e.target.value);
            }}
          >
            {BASE_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
      </div>
      {summary.data ? (
        <div className="stats">
          <div className="stat">
            <div className="stat-label">{t('overview.total')}</div>
            <div className="stat-value">{formatFiat(summary.data.totalBalance, base, locale)}</div>
          </div>
          <div className="stat">
            <div className="stat-label">{t('overview.uncollected')}</div>
            <div className="stat-value">{formatFiat(summary.data.uncollectedBalance, base, locale)}</div>
            <div className="muted small">
              {t('overview.uncollectedInvoices', { count: summary.data.uncollectedInvoices })}
            </div>
          </div>
          {!summary.data.allRatesReceived ? <p className="note">{t('overview.ratesMissing')}</p> : null}
        </div>
      ) : summary.error ? (
        <ErrorNote error={summary.error} />
      ) : null}
      {deployments.map((d) => (
        <NetworkBalances
          key={d.deploymentId}
          accountId={account.id}
          deployment={d}
          base={base}
          canDeploy={roleAllows(role, 'OPERATOR')}
        />
      ))}
    </>
  );
}
