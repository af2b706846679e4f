import { Link } from 'react-router';
import { useI18n } from '../i18n/i18n';

export function NotFoundScreen() {
  const { t } = useI18n();
  return (
    <div className="card">
      <h1>{t('app.notFound')}</h1>
      <Link to="/">{t('app.backToAccounts')}</Link>
    </div>
  );
}
