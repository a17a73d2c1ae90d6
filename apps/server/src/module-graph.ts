import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The dependency graph between server modules (apps/server/src/modules/<m>), read from the
 * import statements of their non-test files: one edge `a --> b` when a file of `a` imports a
 * file of `b` (type-only and dynamic imports count). docs/architecture.md draws this graph and
 * architecture.test.ts keeps the drawing true and the graph acyclic.
 */
export function moduleEdges(modulesDir: string): string[] {
  const edges = new Set<string>();
  const moduleOf = (path: string) => {
    const rel = relative(modulesDir, path);
    return rel.startsWith('..') ? null : rel.split('/')[0]!;
  };
  for (const entry of readdirSync(modulesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const from = moduleOf(file)!;
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'(\.[^']+)'/g)) {
      const to = moduleOf(resolve(dirname(file), match[1]!));
      if (to && to !== from) edges.add(`${from} --> ${to}`);
    }
  }
  return [...edges].sort();
}

/** The cycles of a graph given as `a --> b` edges (each found once per starting module). */
export function cyclesOf(edges: string[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    const [a, b] = edge.split(' --> ') as [string, string];
    next.set(a, [...(next.get(a) ?? []), b]);
  }
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (node: string, path: string[]) => {
    for (const to of next.get(node) ?? []) {
      if (path.includes(to)) cycles.push([...path.slice(path.indexOf(to)), to]);
      else if (!done.has(to)) visit(to, [...path, to]);
    }
    done.add(node);
  };
  for (const node of next.keys()) if (!done.has(node)) visit(node, [node]);
  return cycles;
}
