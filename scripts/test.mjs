// `npm test`: unit + API tests (Vitest), then browser tests (Playwright).
import { spawnSync } from 'node:child_process';

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

const unit = run('npx', ['vitest', 'run']);
const e2e = run('node', ['scripts/e2e.mjs']);
process.exit(unit !== 0 ? unit : e2e);
