/**
 * npm run bench:orders-ab — what the order path's audit rows cost orders/s (issue 10: "audit
 * rows add at most 10 % to orders/s"), as a same-run A/B: `bench:orders` in this tree (with
 * audit) and in a copy of it whose order batch writes no audit rows (without), alternated
 * A B, B A, … so both see the same machine minute by minute.
 *
 * The copy is made here, never a product switch: HEAD's files (git archive) in a temporary
 * directory, this tree's uncommitted and untracked changes applied to them, node_modules hard-linked, and in
 * apps/server/src/modules/trading/books.ts the batch's `orderAuditRows(...)` replaced by `[]` (it
 * must occur exactly once, or the run stops). Removed at
 * the end. BENCH_AB_BASE=<dir> uses an existing baseline tree instead (kept).
 *
 * Env: BENCH_AB_ROUNDS (pairs, default 3); passed to bench:orders: BENCH_BACKENDS (default
 * postgres), BENCH_CLIENTS (default 16,64), BENCH_RUNS (default 1), BENCH_SECONDS (default 8),
 * BENCH_ORDERS, BENCH_PG_URL; BENCH_BARE=0 always (the bare-POST baseline is not needed here).
 * Prints every run's rows and, per database and level, the summed orders/s of each variant
 * and the ratio, with the load average at each start.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const BOOKS = 'apps/server/src/modules/trading/books.ts';
// No rows: appendOrderRows writes nothing (no CTE) and leaves the chain's head as it was.
const CUTS: [string, string][] = [['orderAuditRows(batch, result.outcomes)', '[]']];

type Variant = 'audit' | 'none';

/** The baseline tree: this tree's code with the order batch's audit rows cut out. */
function makeBaseline(): { dir: string; dispose(): void } {
  if (process.env.BENCH_AB_BASE) return { dir: process.env.BENCH_AB_BASE, dispose: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'meridian-ab-'));
  const git = (args: string[], cwd = ROOT, input?: Buffer) =>
    execFileSync('git', args, {
      cwd,
      input,
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 30,
    });
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  try {
    // HEAD's files (no worktree registered in the repository), then this tree's changes.
    execFileSync('tar', ['-x', '-C', dir], { input: git(['archive', '--format=tar', 'HEAD']) });
    const diff = git(['diff', '--binary', 'HEAD']);
    if (diff.length > 0) git(['apply', '--whitespace=nowarn'], dir, diff);
    const untracked = git(['ls-files', '--others', '--exclude-standard', '-z']).toString().split('\0').filter(Boolean);
    for (const file of untracked) execFileSync('cp', ['--parents', file, dir], { cwd: ROOT });
    // node_modules as hard links (seconds, no install), like a helper worktree.
    const linked = ['.', ...['apps', 'packages'].flatMap((d) => readdirSync(join(ROOT, d)).map((n) => `${d}/${n}`))];
    for (const d of linked)
      if (existsSync(join(ROOT, d, 'node_modules')))
        execFileSync('cp', ['-al', join(ROOT, d, 'node_modules'), join(dir, d, 'node_modules')]);
    let text = readFileSync(join(dir, BOOKS), 'utf8');
    for (const [from, to] of CUTS) {
      const count = text.split(from).length - 1;
      if (count !== 1) throw new Error(`${BOOKS}: expected "${from}" once, found it ${count} times; update CUTS`);
      text = text.replace(from, to);
    }
    writeFileSync(join(dir, BOOKS), text);
    return { dir, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

interface Row {
  database: string;
  clients: string;
  perSecond: number;
  mainUs: string;
  pgUs: string;
  walBytes: string;
}

/** One `bench:orders` in `cwd`; its table rows (stdout is echoed). */
async function benchOrders(cwd: string): Promise<Row[]> {
  const env = {
    ...process.env,
    BENCH_BARE: '0',
    BENCH_BACKENDS: process.env.BENCH_BACKENDS ?? 'postgres',
    BENCH_CLIENTS: process.env.BENCH_CLIENTS ?? '16,64',
    BENCH_RUNS: process.env.BENCH_RUNS ?? '1',
    BENCH_SECONDS: process.env.BENCH_SECONDS ?? '8',
  };
  const child = spawn('npx', ['tsx', 'bench/orders.bench.ts'], { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    process.stdout.write(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`bench:orders in ${cwd} exited ${code}`);
  return out
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| database') && !l.startsWith('|---'))
    .map((l) => l.split('|').map((c) => c.trim()))
    .map((c) => ({
      database: c[1]!,
      clients: c[2]!,
      perSecond: Number(c[4]!.replace(/,/g, '')),
      mainUs: c[8]!,
      pgUs: c[10]!,
      walBytes: c[12]!,
    }));
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const baseline = makeBaseline();
const trees: Record<Variant, string> = { audit: ROOT, none: baseline.dir };
const results: { round: number; variant: Variant; load: string; at: string; rows: Row[] }[] = [];
try {
  console.log(
    `bench:orders-ab — ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}; audit = ${ROOT}, none = ${baseline.dir}`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    const order: Variant[] = round % 2 === 1 ? ['audit', 'none'] : ['none', 'audit'];
    for (const variant of order) {
      const at = new Date().toISOString().slice(11, 16);
      const started = load();
      console.log(
        `\n## round ${round}, ${variant === 'audit' ? 'with audit rows' : 'without audit rows'}, ${at} UTC, load ${started}`,
      );
      results.push({ round, variant, load: started, at, rows: await benchOrders(trees[variant]) });
    }
  }
} finally {
  baseline.dispose();
}

console.log(
  '\n| round | time (UTC) | load at start | variant | database | clients | orders/s | main thread us/order | PostgreSQL us/order | WAL bytes/order |',
);
console.log('|---:|---|---|---|---|---:|---:|---:|---:|---:|');
for (const r of results)
  for (const row of r.rows)
    console.log(
      `| ${r.round} | ${r.at} | ${r.load} | ${r.variant} | ${row.database} | ${row.clients} | ${Math.round(row.perSecond)} | ${row.mainUs} | ${row.pgUs} | ${row.walBytes} |`,
    );
console.log(
  '\n| database | clients | audit, orders/s (sum of rounds) | none, orders/s (sum) | audit/none | per round |',
);
console.log('|---|---:|---:|---:|---:|---|');
const keys = [...new Set(results.flatMap((r) => r.rows.map((row) => `${row.database}|${row.clients}`)))];
for (const key of keys) {
  const [database, clients] = key.split('|') as [string, string];
  const sum = (v: Variant) =>
    results
      .filter((r) => r.variant === v)
      .flatMap((r) => r.rows)
      .filter((row) => row.database === database && row.clients === clients)
      .reduce((s, row) => s + row.perSecond, 0);
  const perRound = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const of = (v: Variant) =>
      results
        .find((r) => r.round === round && r.variant === v)
        ?.rows.find((row) => row.database === database && row.clients === clients)?.perSecond ?? Number.NaN;
    perRound.push((of('audit') / of('none')).toFixed(2));
  }
  console.log(
    `| ${database} | ${clients} | ${Math.round(sum('audit'))} | ${Math.round(sum('none'))} | **${(sum('audit') / sum('none')).toFixed(3)}** | ${perRound.join(', ')} |`,
  );
}
console.log(`\nload average at the end ${load()}`);
