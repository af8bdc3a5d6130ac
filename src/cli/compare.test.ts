import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digest, scoredRecord } from '../../test/support/compare-records.js';
import { mdCode, mdText } from '../core/escape/markdown.js';
import { compareRecords } from '../record/compare-build.js';
import type { CommandIO } from './command.js';
import { compareMarkdown, compareText } from './compare-render.js';
import { main } from './main.js';

function capture(): { io: CommandIO; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l) => out.push(l), err: (l) => err.push(l), cwd: process.cwd(), env: {} }, out, err };
}

describe('fitness-report compare: arguments', () => {
  it('--help lists every flag of its table and the exit codes', async () => {
    const { io, out } = capture();
    expect(await main(['compare', '--help'], io)).toBe(0);
    const help = out.join('\n');
    for (const flag of ['--json', '--format FORMAT', '--trust KEYFILE|FINGERPRINT', '--allow-untrusted'])
      expect(help).toContain(`  ${flag}`);
    expect(help).toContain('Exit codes (the same table for every command):');
    expect(help).toMatch(/0 {2}compared, whatever the verdict/);
  });

  it('bad input is one line and exit 2, before anything is read', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'fitness-compare-')), 'no-such-run');
    for (const [argv, line] of [
      [['compare', 'a', 'b', '--format', 'xml'], '--format must be text, json or markdown (got xml)'],
      [
        ['compare', 'only-one'],
        'compare needs exactly two runs: A (the baseline) and B, each a RUN_DIR or SITE_URL',
      ],
      [
        ['compare', 'a', 'b', 'c'],
        'compare needs exactly two runs: A (the baseline) and B, each a RUN_DIR or SITE_URL',
      ],
      [['compare', missing, missing], `${missing}: no such run directory`],
      [['compare', 'a', 'b', '--frobnicate'], "unknown option '--frobnicate' (try compare --help)"],
    ] as const) {
      const { io, out, err } = capture();
      expect(await main([...argv], io)).toBe(2);
      expect(out).toEqual([]);
      expect(err).toEqual([`fitness-report compare: USAGE: ${line}`]);
    }
  });
});

describe('the comparison as text and Markdown', () => {
  const hostile = 'evil\n\u001b[31m::error::x `| ## [x](https://e.example) @octocat';
  const a = scoredRecord({
    startedAt: '2026-11-01T12:00:00Z',
    hostile,
    successes: [0, 0, 0, 0, 0, 0, ...Array(10).fill(3)],
    suiteHash: digest('5'),
    tools: { keep: digest('a'), [hostile]: digest('b') },
  });
  const b = scoredRecord({
    startedAt: '2026-11-01T12:01:00Z',
    hostile,
    successes: Array(16).fill(3),
    suiteHash: digest('5'),
    tools: { keep: digest('c') },
  });
  const result = compareRecords(a, b);

  it('prints the numbers the document holds, and a server string inert in text', () => {
    const lines = compareText(result);
    const text = lines.join('\n');
    expect(text).toContain('verdict     better');
    expect(text).toContain(`p = ${result.measured?.test.pValue}`);
    expect(text).toContain('t1  0/3 → 3/3');
    expect(text).toContain('tools added: none; removed: evil\\n');
    expect(text).not.toContain('\u001b');
    // Each value stays on its own line: the hostile newline never starts a line of its own.
    expect(lines.some((l) => l.startsWith('::'))).toBe(false);
    expect(lines).toHaveLength(text.split('\n').length);
  });

  it('writes server strings as inline code or text in Markdown', () => {
    const md = compareMarkdown(result);
    expect(md).toContain('**Verdict: better.**');
    expect(md).not.toContain('\u001b');
    // The server's name as inline text, a tool's name as inline code: the escapers' own forms.
    expect(md).toContain(`### Fitness Report: ${mdText(hostile)}, B against A`);
    expect(md).toContain(`removed: ${mdCode(hostile)};`);
    expect(md).toContain('\\[x\\](`https://e.example)`');
    expect(md.split('\n').some((l) => l.startsWith('::') || l.startsWith('['))).toBe(false);
    expect(md).toContain('| `t1` | 3 | 0 | 3 |');
  });

  it('prints a refusal as its one line', () => {
    expect(compareText(compareRecords(a, a))).toEqual([
      `not compared (same_run): A and B are the same run (${a.runId}): give two different runs`,
    ]);
  });
});
