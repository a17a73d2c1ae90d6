import { lazy, type ComponentType } from 'react';

/**
 * Route table: every screen of SPEC §2, each lazily loaded
 * (`lazy(() => import('@/features/<f>/routes/<screen>'))`, default export). `guard`: 'public' needs no session, 'auth' is the standard SPEC §6 guard,
 * 'trading' its trading-screen variant.
 */
export type RouteGuard = 'public' | 'auth' | 'trading';
export type RouteParams = Record<string, string | undefined>;
export type AppRoute = {
  path: string;
  title: string;
  guard: RouteGuard;
  component: ComponentType<{ params: RouteParams }>;
};

const LandingPage = lazy(() => import('@/features/landing/landing-page'));
const SignInPage = lazy(() => import('@/features/auth/sign-in-page'));
const RoleManagementPlaceholder = lazy(() => import('@/features/landing/role-management-placeholder'));
const IssuerDashboard = lazy(() => import('@/features/issuer/routes/issuer-dashboard'));
const TradingPage = lazy(() => import('@/features/trading/routes/trading-page'));
const CreateInstrumentPage = lazy(() => import('@/features/instruments/routes/create-instrument'));
const MarketplacePage = lazy(() => import('@/features/marketplace/routes/marketplace'));
const CustodianDashboard = lazy(() => import('@/features/custodian/routes/custodian-dashboard'));
const MarketMakerDashboard = lazy(() => import('@/features/market-maker/routes/market-maker-dashboard'));
const InstrumentDetailPage = lazy(() => import('@/features/instruments/routes/instrument-detail'));
const InvestorDashboard = lazy(() => import('@/features/investor/routes/investor-dashboard'));
const RiskDashboard = lazy(() => import('@/features/risk/routes/risk-dashboard'));
const CompliancePage = lazy(() => import('@/features/compliance/routes/compliance-page'));
const RolesPage = lazy(() => import('@/features/roles/routes/roles-page'));
const RegulatorDashboard = lazy(() => import('@/features/regulator/routes/regulator-dashboard'));

export const appRoutes: AppRoute[] = [
  { path: '/', title: 'Home', guard: 'public', component: LandingPage },
  { path: '/sign-in', title: 'Sign in', guard: 'public', component: SignInPage },
  {
    path: '/role-management',
    title: 'Role Management Interface',
    guard: 'public',
    component: RoleManagementPlaceholder,
  },
  {
    path: '/issuer',
    title: 'Issuer Dashboard',
    guard: 'auth',
    component: IssuerDashboard,
  },
  {
    path: '/investor',
    title: 'Investor Dashboard',
    guard: 'auth',
    component: InvestorDashboard,
  },
  {
    path: '/market-maker',
    title: 'Market Maker Dashboard',
    guard: 'auth',
    component: MarketMakerDashboard,
  },
  {
    path: '/custodian',
    title: 'Custodian Dashboard',
    guard: 'auth',
    component: CustodianDashboard,
  },
  {
    path: '/regulator',
    title: 'Regulator Dashboard',
    guard: 'auth',
    component: RegulatorDashboard,
  },
  {
    path: '/create-instrument',
    title: 'Create ACTUS Instrument',
    guard: 'auth',
    component: CreateInstrumentPage,
  },
  {
    path: '/instruments/:id',
    title: 'Instrument',
    guard: 'auth',
    component: InstrumentDetailPage,
  },
  {
    path: '/marketplace',
    title: 'Financial Marketplace',
    guard: 'auth',
    component: MarketplacePage,
  },
  {
    path: '/trading',
    title: 'Trading Interface',
    guard: 'trading',
    component: TradingPage,
  },
  {
    path: '/risk',
    title: 'Risk Analytics Dashboard',
    guard: 'auth',
    component: RiskDashboard,
  },
  {
    path: '/compliance',
    title: 'Compliance & Regulatory Reporting',
    guard: 'auth',
    component: CompliancePage,
  },
  {
    path: '/roles',
    title: 'Role Management',
    guard: 'auth',
    component: RolesPage,
  },
];
