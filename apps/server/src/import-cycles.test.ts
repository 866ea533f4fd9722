import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No import circles anywhere in the code (issue 13): a circle makes the load order decide what
// is still undefined, and it is how a shared piece quietly starts to depend on a feature. The
// check covers the web app and the contract too; it lives here because this project runs in
// Node. Type-only and dynamic imports count as well: they tie the modules together all the same.

const repo = path.resolve(import.meta.dirname, '../../..');
const roots = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
const specifiers =
  /(?:\bimport|\bexport)\s(?:[^'";]*?\sfrom\s)?\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });

/** The file a relative specifier names, as TypeScript's bundler resolution finds it. */
const resolve = (from: string, specifier: string) => {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => base + end);
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
};

/** Each file and the files it imports, by relative path from the repository. */
const importGraph = () => {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap((root) => sourcesUnder(path.join(repo, root)))) {
    const imported = [...readFileSync(file, 'utf8').matchAll(specifiers)]
      .map((match) => match[1] ?? match[2] ?? '')
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => resolve(file, specifier) ?? []);
    graph.set(
      path.relative(repo, file),
      imported.map((target) => path.relative(repo, target)),
    );
  }
  return graph;
};

/** Every circle found by a depth-first walk, each as the files around it (first one again last). */
const importCircles = (graph: Map<string, string[]>): string[][] => {
  const circles: string[][] = [];
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string) => {
    const at = trail.indexOf(file);
    if (at >= 0) {
      circles.push([...trail.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    trail.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    trail.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return circles;
};

describe('import circles', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('finds none in the server, the web app or the contract', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('apps/web/src/lib/errors.ts')).toContain('apps/web/src/lib/toast.ts');
    expect(importCircles(graph)).toEqual([]);
  });
});
