import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GateId } from '../src/record/outcome.js';
import { SPLITS } from '../src/roster/yield.js';
import { NullPhase, Phase, Stage } from '../src/tape/phases.js';

/**
 * One declaration per idea: each list below is declared in one module and read everywhere else
 * through it (`.options`, the inferred type, the builder). This test reads the source files of src/
 * (not their tests, which may spell out what they expect) and fails on a copy anywhere else: an
 * array literal, a zod enum or a union type naming several of the list's names, or the literal the
 * idea's module owns.
 */

const SRC = resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const FILES = sourceFiles(SRC).map((path) => ({
  path: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));

/** The string literals of every list in a text: `[…]` with no bracket inside, and `'a' | 'b' | …` unions. */
function lists(text: string): string[][] {
  const quoted = (s: string) => [...s.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)].map((m) => m[1] ?? m[2] ?? '');
  const arrays = [...text.matchAll(/\[[^[\]{}()]*\]/g)].map((m) => quoted(m[0]));
  const unions = [...text.matchAll(/'[^'\n]*'(?:\s*\|\s*'[^'\n]*')+/g)].map((m) => quoted(m[0]));
  return [...arrays, ...unions];
}

/** Files other than `home` holding a list that names at least `least` of `names`. */
function copiesOf(names: readonly string[], home: string, least: number): string[] {
  const known = new Set(names);
  return FILES.filter((f) => f.path !== home).flatMap((f) =>
    lists(f.text)
      .filter((list) => new Set(list.filter((s) => known.has(s))).size >= least)
      .map((list) => `${f.path}: [${list.join(', ')}]`),
  );
}

/** Files other than `homes` whose text (with `codeOnly`, outside comments) matches `pattern`. */
function holders(pattern: RegExp, homes: readonly string[], codeOnly = false): string[] {
  const text = (t: string) => (codeOnly ? t.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '') : t);
  return FILES.filter((f) => !homes.includes(f.path) && pattern.test(text(f.text))).map((f) => f.path);
}

describe('each idea is declared once', () => {
  it('reads the source files', () => {
    // A scan that found nothing would pass every test below vacuously.
    expect(FILES.length).toBeGreaterThan(300);
    expect(copiesOf(NullPhase.options, '', 2)).not.toEqual([]);
  });

  it('the null phases: in src/tape/phases.ts', () => {
    expect(copiesOf(NullPhase.options, 'tape/phases.ts', 2)).toEqual([]);
  });

  it('the trial phases and the pipeline stages: in src/tape/phases.ts', () => {
    expect(copiesOf(Phase.options, 'tape/phases.ts', 3)).toEqual([]);
    // Some stages share their names with record blocks (probes, surface, policy, prereg, findings):
    // a list of those is not a list of stages, so a copy of the stages is one naming six or more.
    expect(copiesOf(Stage.options, 'tape/phases.ts', 6)).toEqual([]);
  });

  it('the gate names: in src/record/outcome.ts', () => {
    expect(copiesOf(GateId.options, 'record/outcome.ts', 3)).toEqual([]);
  });

  it('the corpus splits: in src/roster/yield.ts (scripts/corpus.js reads them from its build)', () => {
    expect(copiesOf(SPLITS, 'roster/yield.ts', 2)).toEqual([]);
    const script = readFileSync(resolve(SRC, '../scripts/corpus.js'), 'utf8');
    expect(script).toContain('SPLITS');
    expect(
      lists(script).filter((list) => list.filter((s) => SPLITS.some((n) => n === s)).length >= 2),
    ).toEqual([]);
  });

  it("the run record's schema name: in src/record/run.ts (records are built by record/void-record.ts)", () => {
    expect(holders(/['"`]fitness-report\.run\/2['"`]/, ['record/run.ts'])).toEqual([]);
  });

  it('run ids: made and read in src/record/run-id.ts', () => {
    expect(holders(/\\d\{8\}T|T\\d\{6\}|\\d\{4\}\)\(\\d\{2\}\)\(\\d\{2\}\)T/, ['record/run-id.ts'])).toEqual(
      [],
    );
    expect(holders(/toISOString\(\)\.replace\(\/\[-:\]/, ['record/run-id.ts'])).toEqual([]);
  });

  it("the board site's paths: in src/board/site-paths.ts", () => {
    // A path in code (quoted or a template), not in a comment or in the pages' prose.
    const literal =
      /['`](?:index|methods|viewer|keys)\.html['`]|['`](?:records|data|runs|assets)\/|['`]keys\.json['`]/;
    expect(holders(literal, ['board/site-paths.ts', 'tape/keys-file.ts'], true)).toEqual([]);
  });
});
