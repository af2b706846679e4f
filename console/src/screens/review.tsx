import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { get } from '../api/client';
import type { OperationReview, QueueOperation } from '../api/types';
import { Address, CopyButton, ErrorNote, Loading, Money, Section, StatusBadge } from '../components/ui';
import { useDeploymentContext } from '../context';
import { useI18n } from '../i18n/i18n';
import { configDiff, describeCall, executableRun } from '../lib/decoding';
import { checkDigest } from '../lib/digest';
import { roleAllows } from '../session';
import { ActionMessage, useOperationActions } from './operation-actions';
import { LIVE_INTERVAL_MS, useQueue } from './queue';

function DigestBlock({ review }: { review: OperationReview }) {
  const { t } = useI18n();
  const check = useMemo(() => checkDigest(review.typedData, review), [review]);
  const text = [
    `${t('review.domainSeparator')}: ${review.domainSeparator}`,
    `${t('review.structHash')}: ${review.structHash}`,
    `${t('review.digest')}: ${review.digest}`,
  ].join('\n');
  return (
    <Section title={t('review.digest')} actions={<CopyButton text={text} label={t('review.digest')} />}>
      <p className="muted">{t('review.digestLead')}</p>
      <dl className="hashes mono" aria-label={t('review.digest')}>
        <dt>{t('review.domainSeparator')}</dt>
        <dd>{review.domainSeparator}</dd>
        <dt>{t('review.structHash')}</dt>
        <dd>{review.structHash}</dd>
        <dt>{t('review.digest')}</dt>
        <dd data-testid="digest">{review.digest}</dd>
      </dl>
      {check.matches ? (
        <p className="note note-ok">{t('review.digestOk')}</p>
      ) : (
        <p className="note note-error" role="alert">
          {t('review.digestMismatch', { fields: check.mismatches.join(', ') })}
        </p>
      )}
    </Section>
  );
}

function Calls({ review }: { review: OperationReview }) {
  const { t, locale } = useI18n();
  return (
    <Section title={t('review.calls')}>
      <ol className="calls">
        {review.calls.map((call) => {
          const words = describeCall(call.decoded, call.toLabel, locale);
          return (
            <li key={call.index}>
              <p className="call-words">{t(words.key, words.values)}</p>
              {'recipient' in call.decoded ? (
                // The words shorten the address; a look-alike shares exactly the characters they keep.
                <p className="small">
                  {t('review.fullRecipient')} <span className="mono break">{call.decoded.recipient}</span>
                </p>
              ) : null}
              <details>
                <summary>{t('review.call', { index: call.index + 1 })}</summary>
                <dl className="kv">
                  <dt>{t('review.to')}</dt>
                  <dd className="mono break">{call.to}</dd>
                  <dt>{t('review.value')}</dt>
                  <dd className="mono">{call.value}</dd>
                  <dt>{t('review.data')}</dt>
                  <dd className="mono break">{call.data}</dd>
                </dl>
              </details>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}

function ConfigChange({ config }: { config: NonNullable<OperationReview['config']> }) {
  const { t } = useI18n();
  const diff = configDiff(config);
  return (
    <Section title={t('review.config')}>
      <p>
        <strong>{t('review.thresholdChange', { before: diff.thresholdBefore, after: diff.thresholdAfter })}</strong>
      </p>
      <div className="diff">
        {(
          [
            ['added', diff.added],
            ['removed', diff.removed],
            ['kept', diff.kept],
          ] as const
        ).map(([kind, list]) =>
          list.length > 0 ? (
            <div key={kind} className={`diff-${kind}`}>
              <h3>{t(`review.${kind}`)}</h3>
              <ul>
                {list.map((a) => (
                  <li key={a} className="mono break">
                    {kind === 'added' ? '+ ' : kind === 'removed' ? '− ' : '  '}
                    {a}
                  </li>
                ))}
              </ul>
            </div>
          ) : null,
        )}
      </div>
    </Section>
  );
}

function Simulation({ simulation }: { simulation: OperationReview['simulation'] }) {
  const { t } = useI18n();
  const text =
    simulation.status === 'SUCCESS'
      ? t('review.simulation.SUCCESS', { block: String(simulation.blockNumber ?? '—') })
      : simulation.status === 'REVERTED'
        ? t('review.simulation.REVERTED', { reason: simulation.revertReason ?? '—' })
        : t('review.simulation.UNAVAILABLE', { reason: simulation.reason ?? '—' });
  return (
    <Section title={t('review.simulation')}>
      <p className={simulation.status === 'REVERTED' ? 'note note-error' : ''}>{text}</p>
      {simulation.transfers.length > 0 ? (
        <>
          <h3>{t('review.transfers')}</h3>
          <ul>
            {simulation.transfers.map((tr, i) => (
              <li key={i}>
                <Money amount={tr.amount} symbol={tr.currency?.symbol ?? '?'} />: <Address address={tr.from} /> →{' '}
                <Address address={tr.to} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}

export function ReviewScreen() {
  const { deploymentId, operationId } = useParams();
  const { t, language } = useI18n();
  const { context, isLoading, notFound } = useDeploymentContext(deploymentId);
  const [acknowledged, setAcknowledged] = useState(false);
  const [nonce, setNonce] = useState('');
  const review = useQuery({
    queryKey: ['deployment', deploymentId, 'review', operationId],
    queryFn: () => get<OperationReview>(`/api/v1/deployments/${deploymentId}/operations/${operationId}/review`),
    refetchInterval: LIVE_INTERVAL_MS,
  });
  const operation = useQuery({
    queryKey: ['deployment', deploymentId, 'operation', operationId],
    queryFn: () => get<QueueOperation>(`/api/v1/deployments/${deploymentId}/operations/${operationId}`),
    refetchInterval: LIVE_INTERVAL_MS,
  });
  const queue = useQueue(deploymentId, false);
  const actions = useOperationActions(context);
  const navigate = useNavigate();
  if (isLoading || review.isLoading || operation.isLoading) return <Loading />;
  if (notFound) return <ErrorNote error={new Error(t('app.notFound'))} />;
  if (review.error) return <ErrorNote error={review.error} onRetry={() => void review.refetch()} />;
  if (operation.error) return <ErrorNote error={operation.error} />;
  const r = review.data!;
  const op = operation.data!;
  const critical = r.warnings.filter((w) => w.severity === 'CRITICAL');
  const digestOk = checkDigest(r.typedData, r).matches;
  const run = queue.data ? executableRun(queue.data.items, queue.data.nextExecutableNonce) : [];
  const upTo = run.slice(0, run.findIndex((o) => o.id === op.id) + 1);
  const canWrite = roleAllows(context!.role, 'OPERATOR');
  return (
    <>
      <p>
        <Link to={`/deployments/${deploymentId}/queue`}>← {t('review.back')}</Link>
      </p>
      <h1>
        {t('review.title')}: {t(`op.${r.operationType}`, { nonce: r.nonce })}
      </h1>
      <p className="op-head">
        <span className="nonce">{t('review.nonce', { nonce: r.nonce })}</span>
        <StatusBadge status={op.status} text={t(`status.${op.status}`)} />
        {op.isBlocked ? <StatusBadge status="blocked" text={t('queue.blocked')} /> : null}
        <span>
          {t('review.signatures', { n: op.signaturesCollected, m: op.signaturesRequired })}
          {op.signatures.map((s) => (
            <Address key={s.user} address={s.user} />
          ))}
        </span>
      </p>
      <Section title={t('review.warnings')}>
        {r.warnings.length === 0 ? <p className="muted">{t('review.noWarnings')}</p> : null}
        <ul className="warnings">
          {r.warnings.map((w, i) => (
            <li key={i} className={`warning warning-${w.severity.toLowerCase()}`}>
              <StatusBadge status={w.severity} text={t(`review.severity.${w.severity}`)} />{' '}
              {language === 'en' ? (
                w.message
              ) : (
                // The service writes its warnings in English: the person's language first, its words (with the addresses) after.
                <>
                  {t(`review.warningCode.${w.code}`)} <span className="muted small">{w.message}</span>
                </>
              )}
            </li>
          ))}
        </ul>
        {critical.length > 0 && op.canSign ? (
          <label className="check acknowledge">
            <input type="checkbox" checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} />{' '}
            {t('review.acknowledge')}
          </label>
        ) : null}
      </Section>
      <Calls review={r} />
      {r.config ? <ConfigChange config={r.config} /> : null}
      <Simulation simulation={r.simulation} />
      <DigestBlock review={r} />
      <div className="actions-bar">
        <ActionMessage message={actions.message} />
        {op.canSign ? (
          <button
            type="button"
            className="button button-primary"
            disabled={actions.busy || !digestOk || (critical.length > 0 && !acknowledged)}
            onClick={() => actions.sign.mutate(r)}
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
          <button type="button" className="button" disabled={actions.busy} onClick={() => actions.reject.mutate(op)}>
            {t('action.reject')}
          </button>
        ) : null}
        {op.canDelete && canWrite ? (
          <button
            type="button"
            className="button button-danger"
            disabled={actions.busy}
            onClick={() => {
              if (window.confirm(t('action.confirmDelete'))) {
                // A deleted operation has no review left: back to the queue.
                actions.remove.mutate(op, { onSuccess: () => void navigate(`/deployments/${deploymentId}/queue`) });
              }
            }}
          >
            {t('action.delete')}
          </button>
        ) : null}
        {canWrite && (op.status === 'PENDING' || op.status === 'READY') ? (
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (/^\d+$/.test(nonce)) actions.changeNonce.mutate({ op, nonce });
            }}
          >
            <label className="field inline">
              <span>{t('review.newNonce')}</span>
              <input inputMode="numeric" pattern="[0-9]+" value={nonce} onChange={(e) => setNonce(e.target.value)} />
            </label>
            <button type="submit" className="button" disabled={actions.busy || nonce === ''}>
              {t('action.changeNonce')}
            </button>
          </form>
        ) : null}
      </div>
    </>
  );
}
