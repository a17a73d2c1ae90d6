import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Serves the built SPA; unknown non-API paths fall back to index.html (see errors.ts). */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    // Source maps are built for our own error triage (vite `sourcemap: 'hidden'`), never served.
    allowedPath: (pathName: string) => !pathName.endsWith('.map'),
    // Vite fingerprints everything under assets/; the page itself must always be revalidated.
    setHeaders: (reply: FastifyReply, path: string) => {
      const immutable = /[\\/]assets[\\/]/.test(path);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
