import { demoAccountsSchema, errorResponseSchema } from '@meridian/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADVISORY_KEYS, ClusterSingleton } from '../../db/advisory';
import { DEMO_PASSWORD, DEMO_USERS } from '../../db/seed/users';
import { notFound } from '../../errors';
import { AUTH_BASE_PATH } from '../auth/auth';
import { LiquidityProvider } from './liquidity-provider';

/**
 * What only demo mode has: the one-click demo accounts of the sign-in page and the demo
 * liquidity provider. This module is the only one that reads the demo seed; product modules
 * never do. Registered after trading (it quotes through the trading service).
 */
const demoPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${AUTH_BASE_PATH}/demo-accounts`,
    {
      schema: {
        tags: ['auth'],
        summary: 'Demo accounts for one-click sign-in (demo mode only)',
        response: { 200: demoAccountsSchema, 404: errorResponseSchema },
      },
    },
    async () => {
      if (!app.config.demoMode) throw notFound('Demo accounts are only available in demo mode');
      return {
        password: DEMO_PASSWORD,
        accounts: DEMO_USERS.map(({ email, name, roles }) => ({ email, name, roles: [...roles] })),
      };
    },
  );

  // Demo liquidity: on by default in demo mode, off by LIQUIDITY_PROVIDER=false, never in tests unless asked.
  // One instance of a cluster runs it (an advisory lock; another takes over when it dies).
  if (!app.config.liquidityProvider) return;
  const liquidity = new ClusterSingleton(
    app.database.advisory,
    ADVISORY_KEYS.liquidityProvider,
    new LiquidityProvider(app.db, app.trading, app.marketEvents, app.log),
    (error) => app.log.error({ err: error }, 'liquidity provider failed to start'),
  );
  // Hooks run after trading's onReady and before its onClose (registration order, reversed on close).
  app.addHook('onReady', async () => {
    // Started in the background: placing the seeded issues must not delay the first request.
    liquidity.start();
  });
  app.addHook('onClose', async () => {
    await liquidity.stop();
  });
};

export default demoPlugin;
