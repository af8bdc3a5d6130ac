import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of src/, top first. A folder may import only folders in layers below its own, never one
 * beside or above it, so the folders form one stack with no loops. The same table is in the README's
 * architecture section and in docs/contributing.md; change all three together (the last tests below
 * fail when the documents list the layers in another order).
 */
const LAYERS: readonly (readonly string[])[] = [
  ['index.ts'], // the public library API
  ['cli'], // commands: argv, help, output, exit codes
  ['report'], // CI formats of a run or a probe: JUnit, step summary, annotations
  ['roster'], // many runs of many servers
  ['audit'], // planted servers end to end, expected vs obtained
  ['run'], // the pipeline: stages in order, verify
  ['board'], // static site from records and tapes
  ['export'], // OpenTelemetry from a run directory
  ['findings'],
  ['conformance'],
  ['probes'], // zero-token protocol probes
  ['agents'], // the trial loop a runner model drives
  ['models'], // model specs, providers, the heuristic model
  ['connect'], // MCP sessions, transports, processes
  ['suite'], // task suites: generation, admission, checks
  ['gates'], // the validity gates as pure decisions
  ['record'], // the record's schemas and builders
  ['tape'], // tape schema, writer, reader, signature, stats
  ['stats'], // Wilson, binomial, power: pure numbers
  ['core'], // errors and their codes, canonical JSON, JSON guards, zod issue text, JSON Schema on RE2
  ['version.ts'], // the package version
];

const SRC = resolve(import.meta.dirname, '../src');
const ROOT = resolve(import.meta.dirname, '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** The .ts files under `dir`: the source files, or (with `tests`) the test files beside them. */
function sourceFiles(dir: string, tests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, tests);
    return entry.name.endsWith('.ts') && entry.name.endsWith('.test.ts') === tests ? [path] : [];
  });
}

/** The relative imports of one file, each with the file it names (`./x.js` → `x.ts`). */
function importsOf(file: string): { spec: string; target: string }[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => {
    const spec = m[1] ?? '';
    return { spec, target: resolve(dirname(file), spec).replace(/\.js$/, '.ts') };
  });
}

/** `src/run/args.ts` → `run`; a file at the top of src is its own unit (`index.ts`). */
function unitOf(file: string): string {
  return (relative(SRC, file).split('/')[0] ?? '').replace(/\.js$/, '.ts');
}

function rankOf(unit: string): number {
  return LAYERS.findIndex((layer) => layer.includes(unit));
}

interface Arrow {
  from: string;
  to: string;
  file: string;
  spec: string;
}

/** The arrows between folders: of the source files, or (with `tests`) of the test files in src/. */
function arrows(tests = false): Arrow[] {
  return sourceFiles(SRC, tests).flatMap((file) =>
    importsOf(file).flatMap(({ spec, target }) => {
      if (relative(SRC, target).startsWith('..')) return []; // test/support, outside the layers
      const to = unitOf(target);
      const from = unitOf(file);
      return to === from ? [] : [{ from, to, file: relative(SRC, file), spec }];
    }),
  );
}

const upwardOf = (list: Arrow[]) =>
  list
    .filter((a) => rankOf(a.to) <= rankOf(a.from))
    .map((a) => `${a.file} imports ${a.spec} (${a.from} → ${a.to})`);

/**
 * The import circles between the source files: every strongly connected component of more than
 * one file, or a file importing itself (Tarjan's algorithm over the file graph, type imports
 * included: a circle of types is a circle a reader must follow too).
 */
function importCircles(): string[][] {
  const graph = new Map(
    sourceFiles(SRC).map((file) => [file, importsOf(file).map((i) => i.target)] as const),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1 || graph.get(file)?.includes(file))
      circles.push(component.map((f) => relative(SRC, f)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe('layering of src/', () => {
  const all = arrows();

  it('reads the imports of the source files', () => {
    // A parse that found nothing would pass the test below vacuously.
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((a) => a.from === 'run' && a.to === 'suite')).toBe(true);
  });

  it('places every folder of src/ in a layer', () => {
    const units = [...new Set(sourceFiles(SRC).map(unitOf))];
    expect(units.filter((unit) => rankOf(unit) < 0)).toEqual([]);
  });

  it('has no folder importing one beside or above it', () => {
    expect(upwardOf(all)).toEqual([]);
  });

  it('has no test file beside the source importing a folder above its own', () => {
    // A test in src/<folder> tests that folder: what it needs from above belongs to a test there.
    const tests = arrows(true);
    expect(tests.some((a) => a.from === 'run' && a.to === 'suite')).toBe(true);
    expect(upwardOf(tests)).toEqual([]);
  });

  it('has no import circle between files', () => {
    expect(importCircles()).toEqual([]);
  });
});

/** The units the README's architecture table names, in its order (`src/cli/` → `cli`). */
function readmeLayers(): string[] {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = text.slice(text.indexOf('\n## Architecture\n'));
  const table = section.slice(0, section.indexOf('\n## ', 1));
  return [...table.matchAll(/^\|[^|]*\| `src\/([^`/]+)\/?` \|/gm)].map((m) => m[1] ?? '');
}

/** The units docs/contributing.md lists after "Top first:", in its order. */
function contributingLayers(): string[] {
  const text = readFileSync(join(ROOT, 'docs/contributing.md'), 'utf8').replace(/\s+/g, ' ');
  const list = text.slice(text.indexOf('Top first:'), text.indexOf('A folder imports only'));
  return [...list.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
}

describe('the layers as the docs describe them', () => {
  const order = LAYERS.flat();

  it('are the README architecture table, row by row', () => {
    expect(readmeLayers()).toEqual(order);
  });

  it('are the list in docs/contributing.md', () => {
    expect(contributingLayers()).toEqual(order);
  });
});
