import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { get } from '../api/client';
import type { AuditEvent, Page } from '../api/types';
import { download } from '../components/download';
import { Address, ErrorNote, Loading, Pager, Section } from '../components/ui';
import { useI18n } from '../i18n/i18n';

export function AuditScreen() {
  const { accountId } = useParams();
  const { t, formatDate } = useI18n();
  const [page, setPage] = useState(1);
  const path = `/api/v1/accounts/${accountId}/audit-events`;
  const events = useQuery({
    queryKey: ['audit', accountId, page],
    queryFn: () => get<Page<AuditEvent>>(path, { page, pageSize: 50, sortOrder: 'desc' }),
  });
  if (events.isLoading) return <Loading />;
  return (
    <>
      <h1>{t('audit.title')}</h1>
      <Section
        title={t('audit.title')}
        actions={
          <button type="button" className="button" onClick={() => download(`${path}/export`)}>
            {t('tx.export')}
          </button>
        }
      >
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
                    <td>{e.action}</td>
                    <td>
                      <Address address={e.actor.address} /> <span className="muted small">{e.actor.via}</span>
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
