import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { get } from '../api/client';
import type { QueueOperation, QueuePage } from '../api/types';
import { Address, ErrorNote, Loading, StatusBadge } from '../components/ui';
import { useDeploymentContext } from '../context';
import { useI18n } from '../i18n/i18n';
import { executableRun } from '../lib/decoding';
import { roleAllows } from '../session';
import { ActionMessage, useOperationActions } from './operation-actions';

/** The queue and the review follow signatures and executions within 2 s without a reload. */
export const LIVE_INTERVAL_MS = 1500;

export function useQueue(deploymentId: string | undefined, showDone: boolean) {
  return useQuery({
    queryKey: ['deployment', deploymentId, 'queue', showDone],
    queryFn: () =>
      get<QueuePage>(`/api/v1/deployments/${deploymentId}/operations`, {
        statuses: showDone ? undefined : ['PENDING', 'READY'],
        pageSize: 100,
        sortOrder: 'asc',
      }),
    enabled: deploymentId !== undefined,
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

export function OperationTitle({ op }: { op: QueueOperation }) {
  const { t } = useI18n();
  return <>{t(`op.${op.operationType}`, { nonce: op.nonce })}</>;
}

export function QueueScreen() {
  const { deploymentId } = useParams();
  const { t } = useI18n();
  const [showDone, setShowDone] = useState(false);
  const { context, isLoading, notFound } = useDeploymentContext(deploymentId);
  const queue = useQueue(deploymentId, showDone);
  const actions = useOperationActions(context);
  if (isLoading || queue.isLoading) return <Loading />;
  if (notFound) return <ErrorNote error={new Error(t('app.notFound'))} />;
  if (queue.error) return <ErrorNote error={queue.error} onRetry={() => void queue.refetch()} />;
  const page = queue.data!;
  const run = executableRun(page.items, page.nextExecutableNonce);
  const canWrite = roleAllows(context!.role, 'OPERATOR');
  return (
    <>
      <h1>
        {t('queue.title')} · {context!.deployment.networkName}
      </h1>
      <p className="muted">{t('queue.lead')}</p>
      <div className="toolbar">
        <span>{t('queue.nextNonce', { nonce: page.nextExecutableNonce })}</span>
        <label className="check">
          <input type="checkbox" checked={showDone} onChange={(e) => setShowDone(e.target.checked)} />{' '}
          {t('queue.showDone')}
        </label>
        {run.length > 1 ? (
          <button
            type="button"
            className="button button-primary"
            disabled={actions.busy}
            onClick={() => actions.execute.mutate(run)}
          >
            {t('queue.executeBatch', { count: run.length })}
          </button>
        ) : null}
      </div>
      <ActionMessage message={actions.message} />
      {page.items.length === 0 ? (
        <p className="card muted">{t('queue.empty')}</p>
      ) : (
        <ul className="ops">
          {page.items.map((op) => {
            const upTo = run.slice(0, run.findIndex((r) => r.id === op.id) + 1);
            return (
              <li key={op.id} className="card op" aria-label={`${t('queue.nonce')} ${op.nonce}`}>
                <div className="op-head">
                  <span className="nonce">#{op.nonce}</span>
                  <Link to={`/deployments/${deploymentId}/operations/${op.id}`} className="op-title">
                    <OperationTitle op={op} />
                  </Link>
                  <StatusBadge status={op.status} text={t(`status.${op.status}`)} />
                  {op.isBlocked ? <StatusBadge status="blocked" text={t('queue.blocked')} /> : null}
                </div>
                <div className="op-body">
                  <span className="sigs">
                    {t('queue.signatures')}:{' '}
                    <strong>{t('queue.nOfM', { n: op.signaturesCollected, m: op.signaturesRequired })}</strong>
                  </span>
                  <span className="muted small">
                    {op.signatures.length === 0 ? t('queue.noSignatures') : t('queue.signedBy', { who: '' })}
                    {op.signatures.map((s) => (
                      <Address key={s.user} address={s.user} />
                    ))}
                  </span>
                </div>
                <div className="op-actions">
                  <Link className="button" to={`/deployments/${deploymentId}/operations/${op.id}`}>
                    {t('queue.review')}
                  </Link>
                  {op.canSign ? (
                    <button
                      type="button"
                      className="button button-primary"
                      disabled={actions.busy}
                      onClick={() => actions.sign.mutate(op.id)}
                    >
                      {t('action.sign')}
                    </button>
                  ) : null}
                  {op.canExecute && upTo.length > 0 ? (
                    <button
                      type="button"
                      className="button button-primary"
                      disabled={actions.busy}
                      onClick={() => actions.execute.mutate(upTo)}
                    >
                      {t('action.execute')}
                    </button>
                  ) : null}
                  {op.canReject && canWrite ? (
                    <button
                      type="button"
                      className="button"
                      disabled={actions.busy}
                      onClick={() => actions.reject.mutate(op)}
                    >
                      {t('action.reject')}
                    </button>
                  ) : null}
                  {op.canDelete && canWrite ? (
                    <button
                      type="button"
                      className="button button-danger"
                      disabled={actions.busy}
                      onClick={() => {
                        if (window.confirm(t('action.confirmDelete'))) actions.remove.mutate(op);
                      }}
                    >
                      {t('action.delete')}
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
