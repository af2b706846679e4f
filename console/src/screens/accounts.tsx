import { Link } from 'react-router';
import { useAccountDetails } from '../context';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session';

function AccountCard({ accountId, name, role }: { accountId: string; name: string; role: string }) {
  const { t } = useI18n();
  const details = useAccountDetails(accountId);
  return (
    <li className="card account-card">
      <h2>
        <Link to={`/accounts/${accountId}`}>{name}</Link>
      </h2>
      <p className="muted">{t('accounts.role', { role: t(`role.${role}` as never) })}</p>
      {details.data ? (
        <ul className="chips">
          {details.data.deployments.map((d) => (
            <li key={d.deploymentId}>
              <Link to={`/deployments/${d.deploymentId}/queue`}>{d.networkName}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function AccountsScreen() {
  const { t } = useI18n();
  const session = useSession().data!;
  return (
    <>
      <h1>{t('accounts.title')}</h1>
      {session.memberships.length === 0 ? <p>{t('accounts.none')}</p> : null}
      <ul className="grid">
        {session.memberships.map((m) => (
          <AccountCard key={m.accountId} accountId={m.accountId} name={m.accountName} role={m.role} />
        ))}
      </ul>
    </>
  );
}
