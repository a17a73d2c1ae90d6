import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards /api (HTTP and the /api/stream WebSocket) to the Fastify server.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 5000}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    // changeOrigin stays false: the server compares Origin with Host to refuse cross-site writes.
    proxy: { '/api': { target: apiTarget, ws: true, changeOrigin: false } },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden', manifest: true, chunkSizeWarningLimit: 700 },
});
