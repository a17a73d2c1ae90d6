// Public entry of @meridian/schemas: one export line per message module.
export * from './common';
export * from './auth';
export * from './access';
export * from './system';
export * from './instruments';
export * from './instrument-terms';
export * from './instrument-observations';
export * from './trading';
export * from './instrument-dates';
export * from './identifiers';
export * from './fx';
export * from './risk';
export * from './audit';
export * from './compliance';
export * from './liquidity';
export * from './custody';
export * from './pages';
