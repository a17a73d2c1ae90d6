// First-route JavaScript: what the browser must download (gzip) before each route can render.
// Reads the Vite manifest of the last `npm run build` (apps/web/dist/.vite/manifest.json): the
// entry chunk with its static imports, plus the route's lazy chunk with its static imports.
// Usage: node scripts/bundle-size.mjs [--max-kb 120]   (exits 1 when the landing route is over)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const maxArg = process.argv.indexOf('--max-kb');
const maxKb = maxArg > 0 ? Number(process.argv[maxArg + 1]) : undefined;

const gzipKb = new Map();
function sizeOf(file) {
  if (!gzipKb.has(file)) gzipKb.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1000);
  return gzipKb.get(file);
}

/** Every chunk a key loads before running: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure(entryKey);
const total = (keys) => [...keys].reduce((sum, key) => sum + sizeOf(manifest[key].file), 0);

const rows = [['(entry only)', total(entry)]];
for (const routeKey of manifest[entryKey].dynamicImports ?? []) {
  const keys = closure(routeKey, new Set(entry));
  rows.push([routeKey.replace(/^src\/features\//, ''), total(keys)]);
}
rows.sort((a, b) => a[1] - b[1]);
for (const [name, kb] of rows) console.log(`${kb.toFixed(1).padStart(7)} kB  ${name}`);

const landing = rows.find(([name]) => name.startsWith('landing/landing-page'));
if (maxKb !== undefined && landing && landing[1] > maxKb) {
  console.error(`landing route needs ${landing[1].toFixed(1)} kB gzip, over the ${maxKb} kB budget`);
  process.exit(1);
}
