import fp from 'fastify-plugin';
import { JobQueue } from './queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one durable job queue; modules register handlers on it when they are registered. */
    jobs: JobQueue;
  }
}

/**
 * Decorates `app.jobs`; the worker starts when the app is ready and stops (handing running
 * jobs back as pending) before the database closes.
 */
export default fp(
  async (app) => {
    const queue = new JobQueue(app.db, { logger: app.log });
    app.decorate('jobs', queue);
    app.addHook('onReady', async () => queue.start());
    app.addHook('preClose', async () => queue.stop());
  },
  { name: 'jobs' },
);
