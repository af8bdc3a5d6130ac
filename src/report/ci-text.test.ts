import fc from 'fast-check';
import type { Nodes, Parent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { HOSTILE_PIECES, hostileString } from '../../test/support/hostile-strings.js';
import { plain } from '../core/escape/terminal.js';
import { reveal } from '../core/escape/visible.js';
import { ANNOTATIONS_PER_LEVEL, workflowAnnotations } from './annotations.js';
import type { CiCase, CiSuite } from './model.js';
import { summaryMarkdown } from './summary.js';

function suite(name: string, cases: CiCase[], notes: CiSuite['notes'] = []): CiSuite {
  return { name, headline: `headline ${name}`, verdict: 'finding', properties: [], cases, notes };
}
const failed = (name: string, reason = `reason ${name}`): CiCase => ({
  group: 'task',
  name,
  status: 'failed',
  reason,
  evidence: ['runs/r/agent.jsonl#L7'],
});

/** The runner's decoding of command data and property values. */
const decode = (s: string) =>
  s.replace(/%(25|0D|0A|3A|2C)/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
/** `::level title=T::M` as the runner splits it: the title holds no `:` (escaped), so the first `::` after it ends it. */
const COMMAND = /^::(error|warning|notice) title=([^:]*)::(.*)$/;

describe('workflowAnnotations', () => {
  it('one command per line whose title and message decode to the inert server text (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, hostileString, (name, reason) => {
        const lines = workflowAnnotations([
          suite(name, [failed(name, reason)], [{ title: name, message: reason, evidence: [] }]),
        ]);
        expect(lines).toHaveLength(3);
        const read = lines.map((l) => {
          expect(l).not.toMatch(/[\r\n]/);
          const m = COMMAND.exec(l);
          expect(m).not.toBeNull();
          return [m?.[1], decode(m?.[2] ?? ''), decode(m?.[3] ?? '')];
        });
        expect(read).toEqual([
          ['error', plain(`task ${name}`), `${plain(reason)}\nevidence: runs/r/agent.jsonl#L7`],
          ['warning', plain(name), plain(reason)],
          ['notice', plain(name), plain(`headline ${name}`)],
        ]);
        // Decoded, no line of the message starts a command or holds a legacy one.
        for (const [, title, message] of read)
          for (const line of `${title}\n${message}`.split('\n')) {
            expect(line.trimStart().startsWith('::')).toBe(false);
            expect(line).not.toContain('##[');
          }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps GitHub’s ten per level and says how many more there were', () => {
    const cases = Array.from({ length: 25 }, (_, i) => failed(`t${i}`));
    const lines = workflowAnnotations([suite('s', cases)]);
    const errors = lines.filter((l) => l.startsWith('::error'));
    expect(errors).toHaveLength(ANNOTATIONS_PER_LEVEL);
    expect(errors.at(-1)).toBe(
      '::error title=fitness-report::16 more (error): see the JUnit report or the step summary',
    );
    expect(lines.filter((l) => l.startsWith('::notice'))).toHaveLength(1);
  });

  it('shares the ten among the suites in turn: a run’s many failed tasks never hide the comparison’s regression', () => {
    const run = suite(
      'run',
      Array.from({ length: 25 }, (_, i) => failed(`t${i}`)),
    );
    const compare = suite('compare', [{ ...failed('regression'), group: 'compare' }]);
    const errors = workflowAnnotations([run, compare]).filter((l) => l.startsWith('::error'));
    expect(errors).toHaveLength(ANNOTATIONS_PER_LEVEL);
    expect(errors.slice(0, 3).map((l) => COMMAND.exec(l)?.[2])).toEqual([
      'task t0',
      'compare regression',
      'task t1',
    ]);
    expect(errors.at(-1)).toMatch(/::17 more \(error\)/);
  });

  it('says nothing of passed and skipped cases', () => {
    const lines = workflowAnnotations([
      suite('s', [
        { group: 'gate', name: 'structural', status: 'passed', evidence: [] },
        { group: 'probe', name: 'p', status: 'skipped', reason: 'could not check', evidence: [] },
      ]),
    ]);
    expect(lines).toEqual(['::notice title=s::headline s']);
  });
});

const parse = (doc: string) =>
  fromMarkdown(doc, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

function walk(node: Nodes): Nodes[] {
  return [node, ...('children' in node ? (node.children as Nodes[]).flatMap(walk) : [])];
}

describe('summaryMarkdown', () => {
  it('hostile server text stays inline: one heading, one table, a row per failed case, no markup of its own', () => {
    const names = HOSTILE_PIECES.filter((p) => p.trim() !== '');
    const doc = summaryMarkdown([
      suite(
        names.join(''),
        names.map((n) => failed(n, n)),
        names.map((n) => ({ title: n, message: n, evidence: [] })),
      ),
    ]);
    const tree = parse(doc);
    expect(tree.children.map((c) => c.type)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'table',
      'paragraph',
      'table',
    ]);
    const [, , , cases, , findings] = tree.children as Parent[];
    if (!cases || !findings) throw new Error('no tables');
    expect(cases.children).toHaveLength(names.length + 1);
    expect(findings.children).toHaveLength(names.length + 1);
    for (const row of [...(cases.children ?? []), ...(findings.children ?? [])])
      expect((row as Parent).children.length).toBeGreaterThanOrEqual(3);
    const kinds = new Set(walk(tree).map((n) => n.type));
    for (const kind of ['html', 'link', 'image', 'footnoteReference', 'list', 'blockquote', 'inlineMath'])
      expect(kinds.has(kind as Nodes['type'])).toBe(false);
    // The case cell shows the name as it is (controls revealed): row i is the i-th name.
    names.forEach((n, i) => {
      const cell = ((cases.children[i + 1] as Parent).children[0] as Parent).children;
      for (const k of cell) expect(['text', 'inlineCode']).toContain(k.type);
      expect(cell.map((k) => ('value' in k ? k.value : '')).join('')).toBe(`task ${reveal(n)}`);
    });
  });

  it('counts each group’s cases and lists only what did not pass', () => {
    const doc = summaryMarkdown([
      suite('s', [
        { group: 'gate', name: 'structural', status: 'passed', evidence: [] },
        { group: 'gate', name: 'construct', status: 'failed', reason: 'GATE_FAILED', evidence: [] },
        { group: 'probe', name: 'p', status: 'skipped', reason: 'could not check', evidence: [] },
      ]),
    ]);
    expect(doc).toContain('gate: 1 passed, 1 failed · probe: 1 skipped');
    expect(doc).toContain('| gate `construct` | FAIL | GATE\\_FAILED |  |');
    expect(doc).not.toContain('`structural`');
  });
});
