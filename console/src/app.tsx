import { createBrowserRouter } from 'react-router';
import { Layout } from './components/layout';
import { AccountsScreen } from './screens/accounts';
import { AuditScreen } from './screens/audit';
import { ClaimsScreen } from './screens/claims';
import { InvoiceDetailScreen, InvoicesScreen } from './screens/invoices';
import { NotFoundScreen } from './screens/not-found';
import { OverviewScreen } from './screens/overview';
import { PayoutsScreen } from './screens/payouts';
import { QueueScreen } from './screens/queue';
import { ReviewScreen } from './screens/review';
import { SettingsScreen } from './screens/settings';
import { TransactionsScreen } from './screens/transactions';

/**
 * The console's routes, stable because notifications link to them. Every screen is in the first
 * load, so a page change fetches only data. The service answers each of these paths with the app.
 */
export const router = createBrowserRouter(
  [
    {
      element: <Layout />,
      children: [
        { path: '/', element: <AccountsScreen /> },
        { path: '/accounts/:accountId', element: <OverviewScreen /> },
        { path: '/accounts/:accountId/settings', element: <SettingsScreen /> },
        { path: '/accounts/:accountId/audit', element: <AuditScreen /> },
        { path: '/deployments/:deploymentId/queue', element: <QueueScreen /> },
        { path: '/deployments/:deploymentId/operations/:operationId', element: <ReviewScreen /> },
        { path: '/deployments/:deploymentId/payouts', element: <PayoutsScreen /> },
        { path: '/deployments/:deploymentId/invoices', element: <InvoicesScreen /> },
        { path: '/deployments/:deploymentId/invoices/:invoiceId', element: <InvoiceDetailScreen /> },
        { path: '/deployments/:deploymentId/transactions', element: <TransactionsScreen /> },
        { path: '/deployments/:deploymentId/claims', element: <ClaimsScreen /> },
        { path: '*', element: <NotFoundScreen /> },
      ],
    },
  ],
  { basename: '/console' },
);
