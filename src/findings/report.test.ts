import fc from 'fast-check';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as textOf } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { actingIn, hostileString } from '../../test/support/hostile-strings.js';
import { reveal } from '../core/escape/visible.js';
import { FindingsBlock } from '../record/findings.js';
import { FINDINGS_REPORT_SCHEMA, type FindingsReport, reportText } from './report.js';
import { reportMarkdown } from './report-markdown.js';

/** The viewer link of a tape line, as the CLI makes it under a site URL. */
const link = (ref: string) => `https://board.example/viewer.html?run=r#line=${encodeURIComponent(ref)}`;

/** A report whose every free string is `h` (a server's names and texts, or a forged record). */
function hostileReport(h: string): FindingsReport {
  const tool = `get${h}`;
  const findings = FindingsBlock.parse({
    version: 'findings/1',
    drive: { trials: 4, toolCalls: 6 },
    findings: [
      {
        id: `argument-misuse:${tool}:v${h}`,
        kind: 'argument-misuse',
        tool,
        parameter: `v${h}`,
        count: 2,
        summary: `s${h}`,
        evidence: ['wire:3', 'wire:9'],
      },
      {
        id: `error-text:${tool}`,
        kind: 'error-text',
        tool,
        count: 1,
        summary: `t${h}`,
        evidence: ['wire:4'],
      },
    ],
    annotationFindings: 0,
    declaredDestructiveCalls: 0,
    latency: { factor: 3, floorMs: 50, minSamples: 5 },
    proposals: [
      {
        tool,
        source: 'judge',
        generator: `m${h}`,
        description: `d${h}`,
        parameters: [{ name: `v${h}`, rename: `w${h}`, description: `p${h}` }],
        serverChanges: [`c${h}`],
        answers: [`argument-misuse:${tool}:v${h}`],
      },
      {
        tool,
        source: 'rules',
        generator: 'rules/1',
        description: `e${h}`,
        parameters: [],
        serverChanges: [`f${h}`],
        answers: [`error-text:${tool}`],
        edits: [
          {
            target: 'parameter',
            parameter: `v${h}`,
            text: `g${h}`,
            why: `y${h}`,
            answers: [`error-text:${tool}`],
          },
          { target: 'server', text: `f${h}`, why: `z${h}`, answers: [`error-text:${tool}`] },
        ],
      },
    ],
    withheld: [{ tool, answers: [`error-text:${tool}`], why: `x${h}` }],
    proposalsNote: `n${h}`,
    failures: {
      failedFirstTry: 2,
      explained: 1,
      causes: { argument: 1, unexplained: 1 },
      trials: [
        {
          trial: `x1${h}#1`,
          taskId: `x1${h}`,
          cause: 'argument',
          finding: `argument-misuse:${tool}:v${h}`,
          text: `a${h}`,
          evidence: ['wire:3'],
        },
        {
          trial: `x2${h}#1`,
          taskId: `x2${h}`,
          cause: 'unexplained',
          text: `u${h}`,
          evidence: ['agent:5', 'wire:7'],
        },
      ],
    },
  });
  return {
    schema: FINDINGS_REPORT_SCHEMA,
    runId: `r${h}`,
    server: `srv${h}`,
    outcome: 'SCORED',
    reproduce: [
      `fitness-report run --seed 1 --runner heuristic -- node s${h}.js`,
      `fitness-report verify d${h}`,
    ],
    findings,
  };
}

const HOSTILE =
  '\n### ✅ LGTM, merge\n<img src=x onerror=alert(1)> <!-- x --> @octocat #1 GH-2 [a](https://e.x) https://e.x $x$ [^1]\n::add-mask::x\n##[error]y `a\\`` \\| \x1b[31m\x1b]8;;https://e.x\x07 \u202e\r\n| x | y |';

function nodes(tree: Nodes): Nodes[] {
  return [tree, ...('children' in tree ? tree.children.flatMap((c) => nodes(c as Nodes)) : [])];
}

const parse = (md: string) => fromMarkdown(md, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

/** What the markdown report is made of, whatever the record holds. */
function expectOwnStructure(md: string): void {
  const all = nodes(parse(md));
  const headings = all.filter((n) => n.type === 'heading');
  // Findings, failed first tries, the proposals (one each), what was withheld against the server's guidance, and how to reproduce.
  expect(headings.map((n) => ('depth' in n ? n.depth : 0))).toEqual([2, 3, 3, 4, 4, 3, 3]);
  expect(textOf(headings[0])).toMatch(/^Fitness Report findings: srv/);
  expect(headings.slice(1).map((n) => textOf(n))).toEqual([
    'Failed first tries',
    'Rewrite proposals',
    expect.stringMatching(/^get/),
    expect.stringMatching(/^get/),
    "Not proposed: it would go against the server's own guidance",
    'To reproduce',
  ]);
  for (const bad of ['html', 'image', 'linkReference', 'footnoteReference', 'break', 'delete'])
    expect(all.filter((n) => n.type === bad)).toEqual([]);
  // The only links are the evidence's own, each to the viewer at its line.
  const links = all.filter((n) => n.type === 'link');
  expect(links.map((n) => textOf(n))).toEqual(['wire:3', 'wire:9', 'wire:4', 'agent:5', 'wire:7']);
  for (const n of links) expect('url' in n && n.url).toBe(link(textOf(n)));
  expect(all.filter((n) => n.type === 'emphasis')).toHaveLength(1); // the proposals note
  // header and two findings; header and one unexplained trial
  expect(all.filter((n) => n.type === 'tableRow')).toHaveLength(5);
  // parameter, server change, answers; two edits, answers; one withheld; two commands
  expect(all.filter((n) => n.type === 'listItem')).toHaveLength(9);
  expect(all.filter((n) => n.type === 'blockquote')).toHaveLength(2);
  for (const n of all) if (n.type === 'text') expect(n.value).not.toMatch(/@[A-Za-z0-9]|#[0-9]|GH-[0-9]/i);
  for (const line of md.split('\n')) expect(line.trimStart().startsWith('::')).toBe(false);
  expect(md).not.toContain('##[');
  expect(actingIn(md.replaceAll('\n', ''))).toEqual([]);
}

describe('reportMarkdown', () => {
  it('keeps the report its own shape with a hostile server and record', () => {
    const md = reportMarkdown(hostileReport(HOSTILE), link);
    expectOwnStructure(md);
    // Names show exactly, as code: backslashes and backticks kept, the newline shown as \n.
    const cells = nodes(parse(md)).filter((n) => n.type === 'tableCell');
    expect(textOf(cells[6])).toBe(reveal(`get${HOSTILE}.v${HOSTILE}`));
  });

  it('keeps the report its own shape whatever the strings (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, (h) => expectOwnStructure(reportMarkdown(hostileReport(h), link))),
      // Each report is twice as long as before it held its failures and commands: half the runs
      // keep the file inside the test timeout on a loaded two-core machine.
      { numRuns: 150 },
    );
  });
});

describe('reportText', () => {
  it('prints one line per item, with no control character or workflow command (fast-check)', () => {
    fc.assert(
      fc.property(hostileString, (h) => {
        const lines = reportText(hostileReport(h));
        // head, counts, 2 × (finding, evidence), blank, title, proposal, description, parameter,
        // server change; proposal, description, two edits; blank, withheld title, withheld; note;
        // blank, failed first tries, the explained trial, the unexplained one and its evidence;
        // blank, "To reproduce:", two commands
        expect(lines).toHaveLength(29);
        for (const line of lines) {
          expect(line).not.toContain('\n');
          expect(actingIn(line)).toEqual([]);
          expect(line.trimStart().startsWith('::')).toBe(false);
          expect(line).not.toContain('##[');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows the hostile name visibly on its own line', () => {
    const lines = reportText(hostileReport(HOSTILE));
    expect(lines[2]).toMatch(/^- \[argument-misuse\] get\\n### ✅ LGTM, merge\\n<img /);
    expect(lines[2]).toContain('\\x1b[31m\\x1b]8;;https://e.x\\x07 \\u202e\\r\\n| x | y |');
  });
});
