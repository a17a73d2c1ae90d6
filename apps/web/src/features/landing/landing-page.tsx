import { PageHeader } from '@/components/page-header';
import { ReportingCurrencySelect } from '@/components/reporting-currency-select';
import { useAuth } from '@/entities/session';
import { HoldingsCard } from './components/holdings-card';
import { LinkCards } from './components/link-cards';
import { PortfolioBalanceCard } from './components/portfolio-balance-card';
import { QuickAccessRoles } from './components/quick-access-roles';
import { RecentTransactionsCard } from './components/recent-transactions-card';
import { SystemStatusCard } from './components/system-status-card';
import { WalletStatus } from './components/wallet-status';

/** Landing dashboard (SPEC §2): portfolio, holdings, transactions, link cards, roles, status. */
export default function LandingPage() {
  const { user, isAuthenticated } = useAuth();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Dashboard"
        description={user ? `Welcome back, ${user.name}.` : 'Issue, list and trade ACTUS financial instruments.'}
        actions={
          <>
            {isAuthenticated ? <ReportingCurrencySelect /> : null}
            <WalletStatus />
          </>
        }
      />
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <PortfolioBalanceCard />
        <HoldingsCard />
        <SystemStatusCard />
      </div>
      <QuickAccessRoles />
      <LinkCards />
      <RecentTransactionsCard />
    </div>
  );
}
