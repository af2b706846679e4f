import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { get, withQuery } from '../api/client';
import type { AuditAction, AuditEvent, Page } from '../api/types';
import { download } from '../components/download';
import { Address, ErrorNote, Loading, Pager, Section } from '../components/ui';
import { useI18n } from '../i18n/i18n';

/** The actions a person filters by, in the order the audit documentation lists them. */
export const AUDIT_ACTIONS = [
  'SIGNED_IN',
  'MEMBER_ADDED',
  'MEMBER_ROLE_CHANGED',
  'MEMBER_REMOVED',
  'API_KEY_CREATED',
  'API_KEY_REVOKED',
  'CREDENTIALS_REGENERATED',
  'ACCOUNT_RENAMED',
  'CALLBACK_SECRET_ROTATED',
  'CALLBACK_SETTINGS_CHANGED',
  'NOTIFICATION_SETTINGS_CHANGED',
  'PAYOUT_POLICY_CHANGED',
  'ADDRESS_BOOK_ENTRY_ADDED',
  'ADDRESS_BOOK_ENTRY_APPROVED',
  'ADDRESS_BOOK_ENTRY_REMOVED',
  'INVOICE_CREATED',
  'INVOICE_UPDATED',
  'PAYOUT_CREATED',
  'PAYOUT_UPDATED',
  'OPERATION_CREATED',
  'OPERATION_SIGNED',
  'OPERATION_NONCE_CHANGED',
  'OPERATION_DELETED',
  'CALLBACKS_RESENT',
] as const satisfies readonly AuditAction[];

// Every action of the API is offered: one it adds and this list lacks fails the type check here.
const ALL_ACTIONS_LISTED: AuditAction extends (typeof AUDIT_ACTIONS)[number] ? true : never = true;
void ALL_ACTIONS_LISTED;

interface Filters {
  action: string;
  actor: string;
  createdFrom: string;
  createdTo: string;
}

const EMPTY: Filters = { action: '', actor: '', createdFrom: '', createdTo: '' };

/** The filters as the API takes them (dates as whole days in UTC, inclusive); the export takes the same. */
function query(filters: Filters) {
  return {
    actions: filters.action ? [filters.action] : undefined,
    actor: filters.actor.trim() || undefined,
    createdFrom: filters.createdFrom ? `${filters.createdFrom}T00:00:00.000Z` : undefined,
    createdTo: filters.createdTo ? `${filters.createdTo}T23:59:59.999Z` : undefined,
  };
}

export function AuditScreen() {
  const { accountId } = useParams();
  const { t, formatDate } = useI18n();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const path = `/api/v1/accounts/${accountId}/audit-events`;
  const events = useQuery({
    queryKey: ['audit', accountId, filters, page],
    queryFn: () => get<Page<AuditEvent>>(path, { ...query(filters), page, pageSize: 50, sortOrder: 'desc' }),
  });
  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value });
  const actionName = (action: AuditAction) => t(`audit.actions.${action}`);
  return (
    <>
      <h1>{t('audit.title')}</h1>
      <form
        className="filters card"
        aria-label={t('audit.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setFilters(draft);
        }}
      >
        <label className="field">
          <span>{t('audit.action')}</span>
          <select value={draft.action} onChange={set('action')}>
            <option value="">{t('payouts.all')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionName(action)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('audit.actorAddress')}</span>
          <input className="mono" value={draft.actor} onChange={set('actor')} spellCheck={false} />
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
        <button type="button" className="button" onClick={() => download(withQuery(`${path}/export`, query(filters)))}>
          {t('tx.export')}
        </button>
      </form>
      <Section title={t('audit.entries')}>
        {events.isLoading ? <Loading /> : null}
        {events.error ? <ErrorNote error={events.error} /> : null}
        {events.data?.items.length === 0 ? <p className="muted">{t('audit.empty')}</p> : null}
        {events.data && events.data.items.length > 0 ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.actor')}</th>
                  <th scope="col">{t('audit.target')}</th>
                </tr>
              </thead>
              <tbody>
                {events.data.items.map((e) => (
                  <tr key={e.id}>
                    <td>{formatDate(e.createdAt)}</td>
                    <td>
                      {actionName(e.action)} <span className="mono muted small wide-only">{e.action}</span>
                    </td>
                    <td>
                      <Address address={e.actor.address} />{' '}
                      <span className="muted small">{t(`audit.via.${e.actor.via}`)}</span>
                    </td>
                    <td className="small">
                      {e.target.type} <span className="mono">{e.target.id}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {events.data ? <Pager page={page} pageSize={50} total={events.data.total} onPage={setPage} /> : null}
      </Section>
    </>
  );
}
