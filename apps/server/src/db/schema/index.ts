// Every aggregate's tables; drizzle-kit reads this file to generate migrations.
export * from './organisations';
export * from './auth';
export * from './access';
export * from './instruments';
export * from './ledger';
export * from './curves';
export * from './trading';
export * from './jobs';
export * from './market-history';
export * from './custody';
export * from './risk';
export * from './audit';
export * from './approvals';
export * from './compliance';
export * from './servicing';
export * from './cluster';
export * from './surveillance';
