import type { Config } from '../../config';
import type { Db } from '../client';
import { seedAccessCatalogue } from './access';
import { seedAccessDemo } from './access-demo';
import { seedAccessOrganisation } from './access-organisation';
import { seedCurves } from './curves';
import { seedOrganisationLeis } from './identifiers';
import { seedInstruments } from './instruments';
import { seedMarketHistory } from './market-history';
import { seedOrganisations } from './organisations';
import { seedRiskCapital, seedRiskLimits } from './risk';
import { seedServicedHolding, seedServicingReserve } from './servicing';
import { seedSettlementQueue } from './settlement-queue';
import { seedSurveillanceDemo } from './surveillance-demo';
import { seedTradingAccounts } from './trading';
import { seedUsers } from './users';

export interface SeedStep {
  name: string;
  /** Demo data is only written when DEMO_MODE is on; system data always. */
  demo: boolean;
  /**
   * Demo market activity (trades already made, a settlement queue): skipped where a caller
   * wants the demo's people and listings without anything having happened yet (API tests).
   */
  activity?: boolean;
  run(db: Db): Promise<void>;
}

/** Ordered, idempotent seed steps; later steps may rely on earlier ones. Add one line per step. */
export const SEED_STEPS: SeedStep[] = [
  { name: 'access-catalogue', demo: false, run: seedAccessCatalogue },
  { name: 'market-history', demo: false, run: seedMarketHistory },
  { name: 'organisations', demo: true, run: seedOrganisations },
  { name: 'organisation-leis', demo: true, run: seedOrganisationLeis },
  { name: 'users', demo: true, run: seedUsers },
  { name: 'access-demo', demo: true, run: seedAccessDemo },
  { name: 'curves', demo: true, run: seedCurves },
  { name: 'trading-accounts', demo: true, run: seedTradingAccounts },
  { name: 'instruments', demo: true, run: (db) => seedInstruments(db) },
  { name: 'settlement-queue', demo: true, activity: true, run: (db) => seedSettlementQueue(db) },
  { name: 'serviced-holding', demo: true, activity: true, run: (db) => seedServicedHolding(db) },
  { name: 'servicing-reserve', demo: true, activity: true, run: (db) => seedServicingReserve(db) },
  { name: 'surveillance-demo', demo: true, activity: true, run: (db) => seedSurveillanceDemo(db) },
  { name: 'access-organisation', demo: true, run: (db) => seedAccessOrganisation(db) },
  { name: 'risk-limits', demo: false, run: seedRiskLimits },
  { name: 'risk-capital', demo: true, run: seedRiskCapital },
];

/** What to seed: demo data in demo mode, and its market activity unless `demoActivity` is false. */
export type SeedOptions = Pick<Config, 'demoMode'> & { demoActivity?: boolean };

export async function runSeed(db: Db, config: SeedOptions): Promise<void> {
  for (const step of SEED_STEPS) {
    if (step.demo && !config.demoMode) continue;
    if (step.activity && config.demoActivity === false) continue;
    await step.run(db);
  }
}
