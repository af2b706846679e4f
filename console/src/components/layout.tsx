import { NavLink, Outlet, useParams } from 'react-router';
import { useDeploymentContext } from '../context';
import { useI18n } from '../i18n/i18n';
import { LANGUAGES, type Language } from '../i18n/language';
import { shortAddress } from '../lib/amounts';
import { SignInScreen, SignOutButton } from '../screens/sign-in';
import { useSession } from '../session';
import { ErrorNote, Loading } from './ui';

function LanguagePicker() {
  const { t, language, setLanguage } = useI18n();
  return (
    <label className="language">
      <span className="visually-hidden">{t('app.language')}</span>
      <select value={language} onChange={(e) => setLanguage(e.target.value as Language)} aria-label={t('app.language')}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {l === 'en' ? 'English' : 'Русский'}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The links of the account or deployment being looked at. */
function Navigation() {
  const { t } = useI18n();
  const { accountId, deploymentId } = useParams();
  const { context } = useDeploymentContext(deploymentId);
  const account = accountId ?? context?.account.id;
  const links: [string, string][] = [['/', t('nav.accounts')]];
  if (account) links.push([`/accounts/${account}`, t('nav.overview')]);
  if (deploymentId) {
    const base = `/deployments/${deploymentId}`;
    links.push(
      [`${base}/queue`, t('nav.queue')],
      [`${base}/payouts`, t('nav.payouts')],
      [`${base}/invoices`, t('nav.invoices')],
      [`${base}/transactions`, t('nav.transactions')],
      [`${base}/claims`, t('nav.claims')],
    );
  }
  if (account)
    links.push([`/accounts/${account}/settings`, t('nav.settings')], [`/accounts/${account}/audit`, t('nav.audit')]);
  return (
    <nav className="nav" aria-label={t('nav.main')}>
      <ul>
        {links.map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} end>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Layout() {
  const { t } = useI18n();
  const session = useSession();
  return (
    <>
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <header className="top">
        <div className="brand">{t('app.title')}</div>
        <div className="top-right">
          <LanguagePicker />
          {session.data ? (
            <>
              <span className="who mono" title={session.data.address}>
                {shortAddress(session.data.address)}
              </span>
              <SignOutButton />
            </>
          ) : null}
        </div>
      </header>
      {session.data ? <Navigation /> : null}
      <main id="main" tabIndex={-1}>
        {session.isLoading ? (
          <Loading />
        ) : session.error ? (
          <ErrorNote error={session.error} onRetry={() => void session.refetch()} />
        ) : session.data ? (
          <Outlet />
        ) : (
          <SignInScreen />
        )}
      </main>
    </>
  );
}
