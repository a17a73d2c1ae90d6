// `npm run dev`: the API server restarting on change (tsx watch) + the Vite dev server with
// hot reload, which proxies /api to the server. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? process.env.API_PORT ?? '5000';
const webPort = process.env.WEB_PORT ?? '5173';
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: apiPort,
  API_PORT: apiPort,
  WEB_PORT: webPort,
  HOST: process.env.HOST ?? '127.0.0.1',
  // The browser talks to Vite; the proxy keeps its Host, so these are same-origin anyway,
  // but listing them keeps auth callbacks valid when opened via either name.
  TRUSTED_ORIGINS: [process.env.TRUSTED_ORIGINS, `http://localhost:${webPort}`, `http://127.0.0.1:${webPort}`]
    .filter(Boolean)
    .join(','),
};

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@meridian/web'], { stdio: 'inherit', env }),
];
console.log(`\n  Meridian dev: web http://127.0.0.1:${webPort}  ·  API http://127.0.0.1:${apiPort}/api/docs\n`);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
