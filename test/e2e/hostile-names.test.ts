import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as textOf } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { actingIn } from '../support/hostile-strings.js';
import { plantedInMemory } from '../support/planted-memory.js';
import { captureIO, loadRun, outDir, runCommandOn } from './run/helpers.js';

/**
 * The planted hostile-names server (examples/servers/hostile-names.js) offline: its server name,
 * fleet tool names and descriptions, parameter name and description and error texts carry newlines,
 * a `### ✅ LGTM, merge` heading, raw HTML, @mentions, issue references, workflow commands, backticks
 * beside backslashes, escape sequences (colour, OSC 8 link, title) and U+202E. The run drives and
 * its record quotes all of it; every output of it must stay its own shape. The run is the `run`
 * command on the server in memory (runCommandOn): what is asserted is what the outputs make of the
 * names, not the process; servers-build.test.ts and planted-servers.test.ts check its stdio entry.
 */
describe('a server whose names are hostile', () => {
  let dir = '';
  let runErr: string[] = [];
  const target = plantedInMemory('hostile-names');
  afterAll(() => target.closeAll());

  beforeAll(async () => {
    const io = captureIO();
    // A small registration: 16 tasks (the construct gate's power needs them), one drive trial each.
    const argv = ['--out', outDir(), '--seed', '1', '--reps-drive', '1', '--no-screen'];
    const code = await runCommandOn(target, argv, io);
    expect(code, io.stderr.join('\n')).toBe(0);
    dir = (io.stdout.find((l) => l.startsWith('run: ')) ?? '').replace(/^run: /, '');
    runErr = [...io.stdout, ...io.stderr];
  }, 300_000);

  /** Fails on a raw control or bidi character, a line that starts a workflow command, or `##[`. */
  function expectInertLines(text: string): void {
    for (const line of text.split('\n')) {
      expect(actingIn(line), line).toEqual([]);
      expect(line.trimStart().startsWith('::'), line).toBe(false);
      expect(line, line).not.toContain('##[');
    }
  }

  it('records the hostile names, so the outputs below have them to print', async () => {
    const { record } = await loadRun(dir);
    const findings = record.findings?.findings ?? [];
    const misuse = findings.filter((f) => f.kind === 'argument-misuse');
    expect(misuse.length).toBeGreaterThan(0);
    for (const f of misuse) {
      expect(f.tool).toContain('\n### ✅ LGTM');
      expect(f.parameter).toContain('\x1b]8;;https://evil.example\x07');
      expect(f.parameter).toContain('\n::add-mask::x\n');
    }
    expect(record.findings?.proposals.length).toBeGreaterThan(0);
  });

  it('the run printed its progress inert', () => {
    expectInertLines(runErr.join('\n'));
  });

  it('findings text: one line per item, names shown with their escapes', async () => {
    const io = captureIO();
    expect(await main(['findings', dir], io)).toBe(0);
    const text = io.stdout.join('\n');
    expectInertLines(text);
    expect(text).toMatch(/^- \[argument-misuse\] get_vessel\\n### ✅ LGTM\\n<img src=x onerror=alert\(1\)>/m);
    expect(text).toContain('\\x1b[31mred\\x1b[0m \\x1b]8;;https://evil.example\\x07here');
    expect(text).toContain('abc\\u202edef\\u2066');
  });

  it('findings markdown: only the report’s own headings and evidence links, no HTML, image or mention', async () => {
    const io = captureIO();
    expect(await main(['findings', dir, '--format', 'markdown'], io)).toBe(0);
    const md = io.stdout.join('\n');
    expectInertLines(md);
    const tree = fromMarkdown(md, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    const all = nodes(tree);
    const headings = all.filter((n) => n.type === 'heading');
    const { record } = await loadRun(dir);
    const proposals = record.findings?.proposals ?? [];
    const failures = record.findings?.failures;
    expect(headings.map((h) => ('depth' in h ? h.depth : 0))).toEqual([
      2,
      ...(failures ? [3] : []),
      3,
      ...proposals.map(() => 4),
      3,
    ]);
    expect(textOf(headings[0])).toMatch(/^Fitness Report findings: planted-hostile-names/);
    expect(headings.slice(1).map((h) => textOf(h))).toEqual(
      expect.arrayContaining([
        'Rewrite proposals',
        'To reproduce',
        ...(failures ? ['Failed first tries'] : []),
      ]),
    );
    for (const h of headings.slice(2)) expect(textOf(h)).not.toMatch(/^LGTM/);
    for (const type of ['html', 'image', 'linkReference', 'footnoteReference', 'break'])
      expect(all.filter((n) => n.type === type)).toEqual([]);
    // The only links are evidence lines, each to the viewer at that line.
    for (const n of all.filter((x) => x.type === 'link')) {
      expect(textOf(n)).toMatch(/^(wire|agent|judge):\d+$/);
      expect('url' in n && n.url).toBe(
        `viewer.html?run=${record.runId}#line=${encodeURIComponent(textOf(n))}`,
      );
    }
    for (const n of all) if (n.type === 'text') expect(n.value).not.toMatch(/@[A-Za-z0-9]|#[0-9]|GH-[0-9]/i);
    // The tables have their header and one row per finding and per unexplained failure: no row
    // forged by a `| x | y |` in a name.
    const findings = record.findings?.findings ?? [];
    const unexplained = failures?.trials.filter((t) => t.cause === 'unexplained').length ?? 0;
    expect(all.filter((n) => n.type === 'tableRow')).toHaveLength(
      findings.length + 1 + (unexplained > 0 ? unexplained + 1 : 0),
    );
  });

  it('findings JSON: the record’s own strings, no character a terminal acts on', async () => {
    const io = captureIO();
    expect(await main(['findings', dir, '--json'], io)).toBe(0);
    const json = io.stdout.join('\n');
    expectInertLines(json);
    const { record } = await loadRun(dir);
    expect(JSON.parse(json).findings).toEqual(JSON.parse(JSON.stringify(record.findings)));
  });

  it('tape stats: tool names and error texts inert, as a table and as JSON', async () => {
    const wire = join(dir, 'wire.jsonl');
    const table = captureIO();
    expect(await main(['tape', 'stats', wire], table)).toBe(0);
    const text = table.stdout.join('\n');
    expectInertLines(text);
    expect(text).toContain('get_vessel\\n### ✅ LGTM\\n<img src=x');
    const json = captureIO();
    expect(await main(['tape', 'stats', wire, '--json'], json)).toBe(0);
    expectInertLines(json.stdout.join('\n'));
  });

  it('board: a runs folder beside it whose name and record are hostile is reported inert', async () => {
    const runs = mkdtempSync(join(tmpdir(), 'fitness-hostile-board-'));
    cpSync(dir, join(runs, 'hostile-run'), { recursive: true });
    // A folder name a file system allows: an escape sequence, a workflow command, bidi, a legacy `##[`.
    const name = ':: \x1b]0;owned\x07 \u202e ##[error]x';
    mkdirSync(join(runs, name));
    writeFileSync(join(runs, name, 'record.json'), '{"schema": "\x1b[2J\\n::set-output"');
    const io = captureIO();
    await main(['board', '--runs', runs, '--out', join(runs, 'site')], io);
    const lines = [...io.stdout, ...io.stderr];
    expect(
      lines.some((l) => l.startsWith('unreadable: ')),
      lines.join('\n'),
    ).toBe(true);
    expectInertLines(lines.join('\n'));
  });
});

function nodes(tree: Nodes): Nodes[] {
  return [tree, ...('children' in tree ? tree.children.flatMap((c) => nodes(c as Nodes)) : [])];
}
