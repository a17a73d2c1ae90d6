import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesOf, moduleEdges } from './module-graph';

const modulesDir = fileURLToPath(new URL('./modules', import.meta.url));
const doc = readFileSync(fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url)), 'utf8');

/** The edges drawn in the server-modules mermaid block of docs/architecture.md. */
function drawnEdges(): string[] {
  const block = /```mermaid\n(graph [^\n]*\n[\s\S]*?)```/.exec(doc.slice(doc.indexOf('## Server modules')));
  if (!block) throw new Error('docs/architecture.md has no mermaid block under "## Server modules"');
  return block[1]!
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.includes('-->'))
    .sort();
}

describe('server module graph', () => {
  const edges = moduleEdges(modulesDir);

  it('has no cycle between modules', () => {
    expect(cyclesOf(edges)).toEqual([]);
  });

  it('is the graph docs/architecture.md draws', () => {
    // On failure, paste the received edges into the mermaid block.
    expect(drawnEdges()).toEqual(edges);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    expect(cyclesOf(['a --> b', 'b --> c', 'c --> a'])).toEqual([['a', 'b', 'c', 'a']]);
    expect(cyclesOf(['a --> b', 'b --> c'])).toEqual([]);
  });
});
