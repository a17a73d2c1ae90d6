import fp from 'fastify-plugin';
import { ensureScheduled, registerSettlementRun } from './schedule';
import { recoverInterrupted } from './service';

/**
 * T+N settlement: at start, settlements a stopped run left `processing` go back to `pending`;
 * with a configured run time (SETTLEMENT_RUN_TIME, HH:MM UTC) a durable daily job settles
 * what is due (modules/jobs; one job per business day across processes).
 */
export default fp(
  async (app) => {
    const time = app.config.settlementRunTime;
    if (time) registerSettlementRun(app.jobs, app.db, time);
    app.addHook('onReady', async () => {
      const recovered = await recoverInterrupted(app.db);
      if (recovered > 0) app.log.warn({ recovered }, 'settlements left processing by a stopped run are pending again');
      if (time) await ensureScheduled(app.jobs, app.db, app.jobs.clock.now(), time);
    });
  },
  { name: 'settlement', dependencies: ['jobs'] },
);
