// Browser tests. Without a Chromium they are skipped loudly, except under CI where that fails.
import { spawnSync } from 'node:child_process';
import { findChromium } from './find-chromium.mjs';

const chromium = findChromium();
if (!chromium) {
  const banner = [
    '',
    '*****************************************************************',
    '*  BROWSER TESTS SKIPPED: no Chromium found.                     *',
    '*  Install one:  sudo apt-get install -y chromium                 *',
    '*  or point CHROMIUM_PATH at a Chromium/Chrome binary.           *',
    '*****************************************************************',
    '',
  ].join('\n');
  console.error(banner);
  process.exit(process.env.CI ? 1 : 0);
}

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
