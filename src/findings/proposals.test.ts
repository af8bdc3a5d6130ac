import { describe, expect, it } from 'vitest';
import { FILESYSTEM_TOOLS } from '../../test/support/filesystem-tools.js';
import type { Finding } from '../record/findings.js';
import { ToolDescriptor } from '../suite/surface.js';
import { annotationFindings } from './annotations.js';
import { ruleProposals } from './proposals.js';

const TOOLS = new Map(FILESYSTEM_TOOLS.map((t) => [t.name, t]));

const wrongTool = (needed: string, chosen: string, count = 9): Finding => ({
  id: `wrong-tool:${needed}:${chosen}`,
  kind: 'wrong-tool',
  tool: needed,
  count,
  summary: `In ${count} drive trials the agent called ${chosen} where the task needed ${needed}, which answered when the task was admitted; ${count} of them never called ${needed}, and 0 failed on the first try.`,
  evidence: ['wire:1497'],
  detail: { chosen, failedFirstTry: 0, neverCalledExpected: count },
});

const misuse = (tool: string, parameter: string): Finding => ({
  id: `argument-misuse:${tool}:${parameter}`,
  kind: 'argument-misuse',
  tool,
  parameter,
  count: 2,
  summary: `${tool}.${parameter}: 2 calls sent a value its input schema rejects.`,
  evidence: ['wire:40'],
  detail: { invalid: 2, disagreedWithPlan: 0, examples: [{ sent: '42' }] },
});

const missing = (tool: string): Finding => ({
  id: `annotation-missing:${tool}`,
  kind: 'annotation-missing',
  tool,
  count: 1,
  summary: `${tool} declares no annotations.`,
  evidence: ['wire:3'],
});

describe('rule proposals on the real filesystem server', () => {
  it('never tells agents to use read_file, which its server deprecates for read_text_file; says why instead', () => {
    const { proposals, withheld } = ruleProposals([wrongTool('read_file', 'read_text_file')], TOOLS, []);
    expect(proposals).toEqual([]);
    expect(withheld).toEqual([
      {
        tool: 'read_file',
        answers: ['wrong-tool:read_file:read_text_file'],
        why: 'read_file is deprecated by its server ("DEPRECATED: Use read_text_file instead."), so no sentence steers agents to it; the agent chose the tool it names instead',
      },
    ]);
  });

  it('a deprecated tool gets no parameter documentation, but still the changes only the server can make', () => {
    const findings = [misuse('read_file', 'path'), missing('read_file')];
    const { proposals, withheld } = ruleProposals(findings, TOOLS, []);
    expect(withheld.map((w) => w.answers)).toEqual([['argument-misuse:read_file:path']]);
    expect(proposals).toHaveLength(1);
    expect(proposals[0]?.parameters).toEqual([]);
    expect(proposals[0]?.description).toBe(TOOLS.get('read_file')?.description);
    expect(proposals[0]?.edits?.map((e) => e.target)).toEqual(['server']);
  });

  it('agrees with the guidance where it can: read_text_file may be preferred over the deprecated read_file', () => {
    const f = wrongTool('read_text_file', 'read_file', 3);
    const { proposals, withheld } = ruleProposals([f], TOOLS, []);
    expect(withheld).toEqual([]);
    const p = proposals[0];
    expect(p?.description).toMatch(/^Use this tool, not read_file, for this\. Read the complete contents/);
    expect(p?.edits).toEqual([
      {
        target: 'description',
        text: 'Use this tool, not read_file, for this.',
        why: f.summary,
        answers: [f.id],
      },
    ]);
  });

  it('every edit names its exact text and the findings behind it, and its text is in the proposal', () => {
    const findings = [
      misuse('read_text_file', 'head'),
      missing('read_text_file'),
      wrongTool('list_directory', 'directory_tree'),
    ];
    const { proposals } = ruleProposals(findings, TOOLS, []);
    for (const p of proposals) {
      expect(p.edits?.length).toBeGreaterThan(0);
      for (const e of p.edits ?? []) {
        expect(e.answers.every((id) => p.answers.includes(id))).toBe(true);
        const answered = findings.filter((f) => e.answers.includes(f.id));
        expect(e.why).toBe(answered.map((f) => f.summary).join(' '));
        const place = e.target === 'server' ? p.serverChanges : [p.description];
        expect(place.some((text) => text.includes(e.text))).toBe(true);
      }
    }
  });
});

describe('a tool whose description tells agents to use another instead', () => {
  it('gets no "use this tool, not X" for that X, though it is not deprecated', () => {
    const tools = new Map(
      [
        { name: 'search', description: 'Searches notes. For whole folders use search_folder instead.' },
        { name: 'search_folder', description: 'Searches every note in a folder.' },
        { name: 'grep', description: 'Finds a pattern.' },
      ].map((t) => [t.name, ToolDescriptor.parse({ ...t, inputSchema: { type: 'object' } })]),
    );
    const { proposals, withheld } = ruleProposals(
      [wrongTool('search', 'search_folder', 2), wrongTool('search', 'grep', 2)],
      tools,
      [],
    );
    expect(withheld.map((w) => w.answers)).toEqual([['wrong-tool:search:search_folder']]);
    expect(withheld[0]?.why).toContain('("For whole folders use search_folder instead.")');
    expect(proposals[0]?.description).toMatch(/^Use this tool, not grep, for this\./);
  });
});

describe('the write-verb reading of findings', () => {
  it('goes through the sentence-level rule: "won\'t stop the entire operation" makes no read tool a writer', () => {
    const listed = FILESYSTEM_TOOLS.map((tool) => ({ tool, line: 3 }));
    const found = annotationFindings(listed, []);
    expect(found.map((f) => f.tool)).not.toContain('read_multiple_files');
    const readOnly = FILESYSTEM_TOOLS.filter((t) => t.annotations?.readOnlyHint === true).map((t) => t.name);
    expect(readOnly).toContain('read_multiple_files');
    for (const f of found) expect(readOnly, f.summary).not.toContain(f.tool);
  });
});
