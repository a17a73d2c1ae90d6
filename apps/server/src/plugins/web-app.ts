import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built SPA; unknown non-API paths fall back to index.html (see errors.ts). */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
}
