/** Every screen of SPEC §2 with the guard it has (public screens need no session). */
export const SPEC_ROUTES = [
  { path: '/', public: true },
  { path: '/role-management', public: true },
  { path: '/issuer', public: false },
  { path: '/investor', public: false },
  { path: '/market-maker', public: false },
  { path: '/custodian', public: false },
  { path: '/regulator', public: false },
  { path: '/create-instrument', public: false },
  { path: '/marketplace', public: false },
  { path: '/trading', public: false },
  { path: '/risk', public: false },
  { path: '/compliance', public: false },
  { path: '/roles', public: false },
] as const;

export const MAIN_LINKS = [
  { name: 'Home', path: '/' },
  { name: 'Marketplace', path: '/marketplace' },
  { name: 'Trading', path: '/trading' },
  { name: 'Analytics', path: '/risk' },
  { name: 'Compliance', path: '/compliance' },
  { name: 'Role Management', path: '/roles' },
] as const;

export const DASHBOARD_LINKS = [
  { name: 'Issuer', path: '/issuer' },
  { name: 'Investor', path: '/investor' },
  { name: 'Market Maker', path: '/market-maker' },
  { name: 'Custodian', path: '/custodian' },
  { name: 'Regulator', path: '/regulator' },
] as const;
