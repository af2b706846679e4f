import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { formatAmount, shortAddress } from '../lib/amounts';

export function Loading() {
  const { t } = useI18n();
  return (
    <p className="muted" role="status">
      {t('app.loading')}
    </p>
  );
}

/** An error as a person reads it: the service's sentence, and the request id for support. */
export function ErrorNote({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="note note-error" role="alert">
      <p>{t('app.error', { message })}</p>
      {error instanceof ApiError && error.requestId ? <p className="muted small">Request {error.requestId}</p> : null}
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('app.retry')}
        </button>
      ) : null}
    </div>
  );
}

export function Money({ amount, symbol, maxFraction }: { amount: string; symbol?: string; maxFraction?: number }) {
  const { locale } = useI18n();
  return (
    <span className="money" title={`${amount}${symbol ? ` ${symbol}` : ''}`}>
      {formatAmount(amount, locale, maxFraction)}
      {symbol ? <span className="symbol"> {symbol}</span> : null}
    </span>
  );
}

/** An address shortened for reading, complete in its title and for screen readers. */
export function Address({ address, label }: { address: string; label?: string | null }) {
  return (
    <span className="address" title={address}>
      {label ? <span className="label">{label} </span> : null}
      <span className="mono" aria-label={address}>
        {shortAddress(address)}
      </span>
    </span>
  );
}

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button-small"
      aria-label={label ? `${t('action.copy')}: ${label}` : t('action.copy')}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        });
      }}
    >
      {copied ? t('action.copied') : t('action.copy')}
    </button>
  );
}

export function StatusBadge({ status, text }: { status: string; text: string }) {
  return <span className={`badge badge-${status.toLowerCase()}`}>{text}</span>;
}

export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <div className="card-head">
        <h2>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.of', { page, pages })}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.of', { page, pages })}</span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
