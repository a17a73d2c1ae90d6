// The declared access of every API route: the authorization matrix test compares it with the
// guards the routes really carry and with what each demo role gets back. A route missing here
// fails the build. Add one line per route: 'public' (anyone, signed out too), 'signed-in'
// (requireAuth) or { permission: '<id from access/catalogue.ts>' } (requirePermission).

export type Access = 'public' | 'signed-in' | { permission: string };

export const ROUTE_ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/system/status': 'public',
  'GET /api/ready': 'public',
  // The OpenAPI document and its viewer.
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',

  // Auth: better-auth's own endpoints decide for themselves (sign-in must be reachable signed out).
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
  'POST /api/auth/sign-in/*': 'public',
  'POST /api/auth/sign-in/email': 'public',
  'GET /api/auth/user': 'signed-in',
  'GET /api/auth/demo-accounts': 'public',
  'GET /api/login': 'public',
  'GET /api/logout': 'public',
  'POST /api/logout': 'public',

  'GET /api/role-management/my-permissions': 'signed-in',
  'POST /api/role-management/validate-permission': 'signed-in',
  'GET /api/audit': { permission: 'view_audit' },
  'GET /api/role-management/departments': { permission: 'manage_departments' },
  'POST /api/role-management/departments': { permission: 'manage_departments' },
  'GET /api/role-management/roles': { permission: 'manage_roles' },
  'POST /api/role-management/roles': { permission: 'manage_roles' },
  'GET /api/role-management/permissions': 'signed-in',
  'GET /api/role-management/assignments': { permission: 'manage_roles' },
  'GET /api/role-management/users': { permission: 'manage_roles' },
  'POST /api/role-management/assign': { permission: 'manage_roles' },
  'DELETE /api/role-management/assignments/:id': { permission: 'manage_roles' },
  'GET /api/role-management/elevation-requests': 'signed-in',
  'POST /api/role-management/request-elevation': 'signed-in',
  'GET /api/role-management/approvals/pending': { permission: 'approve_elevations' },
  'POST /api/role-management/approvals/:id/approve': { permission: 'approve_elevations' },
  'POST /api/role-management/approvals/:id/reject': { permission: 'approve_elevations' },
  'POST /api/role-management/elevation-requests/:id/approve': { permission: 'approve_elevations' },
  'POST /api/role-management/elevation-requests/:id/reject': { permission: 'approve_elevations' },
  'GET /api/radix/config': 'public',
  // Only for a role the caller holds (checked in the handler).
  'POST /api/radix/create-badge': 'signed-in',
  'GET /api/radix/badges': 'signed-in',
  'GET /api/liquidity/pools': { permission: 'view_market_data' },
  'PATCH /api/liquidity/pools/spreads': { permission: 'provide_liquidity' },
  'GET /api/risk/metrics': { permission: 'view_risk_metrics' },
  'POST /api/risk/stress': { permission: 'run_stress_tests' },
  'PUT /api/risk/limits': { permission: 'manage_risk_limits' },
  'PUT /api/risk/capital': { permission: 'manage_risk_limits' },

  'POST /api/instruments': { permission: 'create_instruments' },
  'GET /api/instruments': 'signed-in',
  'GET /api/instruments/my': 'signed-in',
  'GET /api/instruments/:id': 'signed-in',
  'GET /api/instruments/:id/orderbook': 'signed-in',
  'GET /api/instruments/:id/candles': 'signed-in',
  'GET /api/instruments/:id/events': 'signed-in',
  'GET /api/servicing/payments/my': 'signed-in',
  'GET /api/market-data': 'signed-in',
  'GET /api/stream': 'signed-in',
  'GET /api/fx/rates': { permission: 'view_market_data' },
  'POST /api/fx/conversions': { permission: 'manage_funds' },

  'POST /api/orders': { permission: 'place_orders' },
  'DELETE /api/orders/:id': { permission: 'place_orders' },
  'GET /api/orders': 'signed-in',
  'GET /api/orders/my': 'signed-in',
  'GET /api/trades': 'signed-in',
  'GET /api/trades/my': 'signed-in',
  'GET /api/portfolio/analytics': 'signed-in',

  'POST /api/compliance/reports/generate': { permission: 'generate_reports' },
  'GET /api/compliance/reports': { permission: 'view_compliance_reports' },
  'GET /api/compliance/reports/:id': { permission: 'view_compliance_reports' },
  'GET /api/compliance/reports/:id/download': { permission: 'view_compliance_reports' },
  // A published XBRL taxonomy, public as any taxonomy is.
  'GET /api/compliance/taxonomy/:file': 'public',
  'GET /api/regulator/market-overview': { permission: 'view_regulatory_data' },
  'GET /api/regulator/institutions': { permission: 'view_regulatory_data' },
  'GET /api/surveillance/cases': { permission: 'investigate_violations' },
  'GET /api/surveillance/cases/:id': { permission: 'investigate_violations' },
  'POST /api/surveillance/cases/:id/transition': { permission: 'investigate_violations' },
  'POST /api/surveillance/cases/:id/notes': { permission: 'investigate_violations' },
  'POST /api/surveillance/cases/:id/assign': { permission: 'investigate_violations' },

  'POST /api/custody/deposits': { permission: 'manage_custody' },
  'POST /api/custody/withdrawals': { permission: 'manage_custody' },
  'GET /api/custody/assets': { permission: 'manage_custody' },
  'GET /api/custody/settlements': { permission: 'manage_custody' },
  'POST /api/custody/settlements/process': { permission: 'process_settlements' },
  'GET /api/custody/approvals': { permission: 'manage_custody' },
  'POST /api/custody/approvals/:id/approve': { permission: 'manage_custody' },
  'POST /api/custody/approvals/:id/reject': { permission: 'manage_custody' },
};

/** Routes whose guard is their own (not requireAuth/requirePermission): checked by requests only. */
export const CUSTOM_GUARDS = new Set<string>(['GET /api/auth/user']);
