import type { ADMINISTRATOR_ROLE, StakeholderRole } from '@meridian/schemas';

export interface PermissionDefinition {
  permissionId: string;
  name: string;
  description: string;
  category: string;
  riskLevel: 'low' | 'medium' | 'high' | 'critical';
  /**
   * Per-action cap in USD hundredths for role-based holders; undefined = no cap. For a multi-sig
   * permission whose route does not cap by amount (manage_custody), it is what one holder may
   * sign alone: above it a second, distinct holder approves (custody/countersign.ts).
   */
  maxAmount?: bigint;
  requiresMultiSig: boolean;
}

const usd = (dollars: number) => BigInt(dollars) * 100n;

/** Every protected action of the platform. The seed keeps the table in sync with this list. */
export const SYSTEM_PERMISSIONS: readonly PermissionDefinition[] = [
  {
    permissionId: 'create_instruments',
    name: 'Create Instruments',
    description: 'Issue new ACTUS instruments through the creation wizard',
    category: 'issuance',
    riskLevel: 'high',
    maxAmount: usd(500_000_000),
    requiresMultiSig: false,
  },
  {
    permissionId: 'manage_instruments',
    name: 'Manage Instruments',
    description: 'Update the status and details of instruments one has issued',
    category: 'issuance',
    riskLevel: 'medium',
    requiresMultiSig: false,
  },
  {
    permissionId: 'place_orders',
    name: 'Place Orders',
    description: 'Place and cancel buy and sell orders',
    category: 'trading',
    riskLevel: 'medium',
    maxAmount: usd(10_000_000),
    requiresMultiSig: false,
  },
  {
    permissionId: 'provide_liquidity',
    name: 'Provide Liquidity',
    description: 'Quote two-sided markets and manage liquidity positions',
    category: 'trading',
    riskLevel: 'high',
    maxAmount: usd(50_000_000),
    requiresMultiSig: false,
  },
  {
    permissionId: 'manage_funds',
    name: 'Manage Funds',
    description: 'Deposit and withdraw cash on the platform account',
    category: 'wallet',
    riskLevel: 'medium',
    maxAmount: usd(5_000_000),
    requiresMultiSig: false,
  },
  {
    permissionId: 'view_market_data',
    name: 'View Market Data',
    description: 'Read prices, order books and trades',
    category: 'market_data',
    riskLevel: 'low',
    requiresMultiSig: false,
  },
  {
    permissionId: 'view_portfolio',
    name: 'View Portfolio',
    description: "Read positions, P&L and transactions of one's own portfolio",
    category: 'portfolio',
    riskLevel: 'low',
    requiresMultiSig: false,
  },
  {
    permissionId: 'manage_custody',
    name: 'Manage Custody',
    description: 'Operate custody accounts and asset safekeeping',
    category: 'custody',
    riskLevel: 'high',
    maxAmount: usd(1_000_000),
    requiresMultiSig: true,
  },
  {
    permissionId: 'process_settlements',
    name: 'Process Settlements',
    description: 'Process the settlement queue',
    category: 'custody',
    riskLevel: 'high',
    maxAmount: usd(100_000_000),
    requiresMultiSig: true,
  },
  {
    permissionId: 'view_risk_metrics',
    name: 'View Risk Metrics',
    description: 'Read VaR, DV01, exposures and limits',
    category: 'risk',
    riskLevel: 'low',
    requiresMultiSig: false,
  },
  {
    permissionId: 'run_stress_tests',
    name: 'Run Stress Tests',
    description: 'Run stress scenarios on portfolios',
    category: 'risk',
    riskLevel: 'medium',
    requiresMultiSig: false,
  },
  {
    permissionId: 'manage_risk_limits',
    name: 'Manage Risk Limits',
    description: "Edit an organisation's risk limits and regulatory capital base",
    category: 'risk',
    riskLevel: 'high',
    requiresMultiSig: false,
  },
  {
    permissionId: 'generate_reports',
    name: 'Generate Reports',
    description: 'Generate and download regulatory compliance reports',
    category: 'compliance',
    riskLevel: 'medium',
    requiresMultiSig: false,
  },
  {
    permissionId: 'view_compliance_reports',
    name: 'View Compliance Reports',
    description: 'Read generated compliance reports',
    category: 'compliance',
    riskLevel: 'low',
    requiresMultiSig: false,
  },
  {
    permissionId: 'view_regulatory_data',
    name: 'View Regulatory Data',
    description: 'Read market-wide supervision data and institution breakdowns',
    category: 'regulatory',
    riskLevel: 'medium',
    requiresMultiSig: false,
  },
  {
    permissionId: 'investigate_violations',
    name: 'Investigate Violations',
    description: 'Open, review and resolve surveillance cases',
    category: 'regulatory',
    riskLevel: 'high',
    requiresMultiSig: false,
  },
  {
    permissionId: 'manage_departments',
    name: 'Manage Departments',
    description: 'Create and edit departments',
    category: 'administration',
    riskLevel: 'high',
    requiresMultiSig: false,
  },
  {
    permissionId: 'manage_roles',
    name: 'Manage Roles',
    description: 'Create roles and assign them to users',
    category: 'administration',
    riskLevel: 'critical',
    requiresMultiSig: true,
  },
  {
    permissionId: 'approve_elevations',
    name: 'Approve Elevations',
    description: 'Approve or reject temporary permission elevation requests',
    category: 'administration',
    riskLevel: 'critical',
    requiresMultiSig: true,
  },
  {
    permissionId: 'view_audit',
    name: 'View Audit Trail',
    description: 'Read the hash-chained audit trail of every state-changing action',
    category: 'compliance',
    riskLevel: 'medium',
    requiresMultiSig: false,
  },
  {
    permissionId: 'create_badges',
    name: 'Create Role Badges',
    description: 'Mint stakeholder role badges on the ledger',
    category: 'administration',
    riskLevel: 'medium',
    requiresMultiSig: false,
  },
];

export interface RoleDefinition {
  roleId: string;
  title: string;
  level: number;
  departmentCode: string;
  requiresSupervision: boolean;
  /** Permission ids; the administrator holds the whole catalogue. */
  permissions: readonly string[] | 'all';
}

const READ_MARKET = ['view_market_data', 'view_risk_metrics'];

/** The six stakeholder roles plus the administrator. */
export const SYSTEM_ROLES: readonly (RoleDefinition & { roleId: StakeholderRole | typeof ADMINISTRATOR_ROLE })[] = [
  {
    roleId: 'issuer',
    title: 'Issuer',
    level: 5,
    departmentCode: 'CAPMKT',
    requiresSupervision: false,
    permissions: [
      'create_instruments',
      'manage_instruments',
      'place_orders',
      'manage_funds',
      'view_portfolio',
      ...READ_MARKET,
    ],
  },
  {
    roleId: 'investor',
    title: 'Investor',
    level: 4,
    departmentCode: 'INVEST',
    requiresSupervision: false,
    permissions: ['place_orders', 'manage_funds', 'view_portfolio', ...READ_MARKET],
  },
  {
    roleId: 'market_maker',
    title: 'Market Maker',
    level: 6,
    departmentCode: 'TRADING',
    requiresSupervision: true,
    permissions: ['place_orders', 'provide_liquidity', 'manage_funds', 'view_portfolio', ...READ_MARKET],
  },
  {
    roleId: 'custodian',
    title: 'Custodian',
    level: 6,
    departmentCode: 'CUSTODY',
    requiresSupervision: true,
    permissions: ['manage_custody', 'process_settlements', 'view_portfolio', 'generate_reports', ...READ_MARKET],
  },
  {
    roleId: 'compliance',
    title: 'Compliance Officer',
    level: 7,
    departmentCode: 'COMPLY',
    requiresSupervision: false,
    permissions: [
      'generate_reports',
      'view_compliance_reports',
      'run_stress_tests',
      'investigate_violations',
      'view_audit',
      ...READ_MARKET,
    ],
  },
  {
    roleId: 'regulator',
    title: 'Regulator',
    level: 8,
    departmentCode: 'REGAFF',
    requiresSupervision: false,
    permissions: [
      'view_regulatory_data',
      'view_compliance_reports',
      'investigate_violations',
      'generate_reports',
      'view_audit',
      ...READ_MARKET,
    ],
  },
  {
    roleId: 'administrator',
    title: 'Platform Administrator',
    level: 10,
    departmentCode: 'PLATFORM',
    requiresSupervision: false,
    permissions: 'all',
  },
];

/** Departments the roles live in (budget authority in USD hundredths). */
export const SYSTEM_DEPARTMENTS = [
  {
    code: 'CAPMKT',
    name: 'Capital Markets',
    budgetAuthority: usd(500_000_000),
    complianceLevel: 'enhanced',
    requiresDualControl: true,
  },
  {
    code: 'INVEST',
    name: 'Investment Management',
    budgetAuthority: usd(100_000_000),
    complianceLevel: 'standard',
    requiresDualControl: false,
  },
  {
    code: 'TRADING',
    name: 'Trading Desk',
    budgetAuthority: usd(250_000_000),
    complianceLevel: 'enhanced',
    requiresDualControl: false,
  },
  {
    code: 'CUSTODY',
    name: 'Custody & Settlement',
    budgetAuthority: usd(1_000_000_000),
    complianceLevel: 'critical',
    requiresDualControl: true,
  },
  {
    code: 'COMPLY',
    name: 'Compliance',
    budgetAuthority: usd(5_000_000),
    complianceLevel: 'critical',
    requiresDualControl: false,
  },
  {
    code: 'REGAFF',
    name: 'Regulatory Affairs',
    budgetAuthority: usd(2_000_000),
    complianceLevel: 'critical',
    requiresDualControl: false,
  },
  {
    code: 'PLATFORM',
    name: 'Platform Administration',
    budgetAuthority: usd(10_000_000),
    complianceLevel: 'critical',
    requiresDualControl: true,
  },
] as const;
