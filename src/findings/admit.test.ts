import { describe, expect, it } from 'vitest';
import { FILESYSTEM_TOOLS } from '../../test/support/filesystem-tools.js';
import type { Finding, Proposal } from '../record/findings.js';
import { ToolDescriptor } from '../suite/surface.js';
import { admitProposals } from './admit.js';
import { ruleProposals } from './proposals.js';

const TOOLS = new Map(FILESYSTEM_TOOLS.map((t) => [t.name, t]));
const description = (name: string) => TOOLS.get(name)?.description ?? '';

/** A judge model's rewrite, as judge-proposals.ts writes it. */
const judged = (tool: string, text: string, parameters: Proposal['parameters'] = []): Proposal => ({
  tool,
  source: 'judge',
  generator: 'openai-compatible:judge-7b',
  description: text,
  parameters,
  serverChanges: [],
  answers: [`wrong-tool:${tool}:other`],
  evidence: ['judge:2'],
});

const finding = (kind: Finding['kind'], tool: string, key?: string): Finding => ({
  id: key === undefined ? `${kind}:${tool}` : `${kind}:${tool}:${key}`,
  kind,
  tool,
  ...(kind === 'argument-misuse' ? { parameter: key } : {}),
  count: 2,
  summary: `${tool}: 2 trials.`,
  evidence: ['wire:7'],
  ...(kind === 'wrong-tool' ? { detail: { chosen: key } } : {}),
});

describe("every proposal passes the server's own guidance, whatever wrote it", () => {
  it('withholds a judge rewrite that tells agents to use read_file, which its server deprecates', () => {
    const p = judged('read_text_file', `Use read_file for small files. ${description('read_text_file')}`);
    const { proposals, withheld } = admitProposals([p], TOOLS);
    expect(proposals).toEqual([]);
    expect(withheld).toEqual([
      {
        tool: 'read_text_file',
        answers: p.answers,
        why: 'the rewrite tells agents to use read_file, which its server marks deprecated ("DEPRECATED: Use read_text_file instead.")',
        source: 'judge',
        generator: 'openai-compatible:judge-7b',
      },
    ]);
  });

  it('withholds a judge rewrite of the deprecated tool itself: it would draw agents to it', () => {
    const p = judged('read_file', 'Use this tool, not read_text_file, to read a file as text.');
    const { withheld } = admitProposals([p], TOOLS);
    expect(withheld.map((w) => [w.tool, w.source])).toEqual([['read_file', 'judge']]);
    expect(withheld[0]?.why).toMatch(
      /^read_file is deprecated by its server \("DEPRECATED: Use read_text_file/,
    );
    // Documenting its parameters draws agents to it just as much.
    const documented = judged('read_file', description('read_file'), [
      { name: 'path', description: 'The file, for example "notes/a.txt".' },
    ]);
    expect(admitProposals([documented], TOOLS).withheld).toHaveLength(1);
  });

  it('withholds a rewrite that says not to use the tool this one tells agents to use instead', () => {
    const tools = new Map(
      [
        { name: 'search', description: 'Searches notes. For whole folders use search_folder instead.' },
        { name: 'search_folder', description: 'Searches every note in a folder.' },
      ].map((t) => [t.name, ToolDescriptor.parse({ ...t, inputSchema: { type: 'object' } })]),
    );
    const p = judged('search', 'Searches notes, every folder too: use it rather than search_folder.');
    expect(admitProposals([p], tools).withheld[0]?.why).toBe(
      'search\'s description tells agents to use search_folder instead ("For whole folders use search_folder instead."), so no rewrite says not to use search_folder',
    );
  });

  it('admits what agrees with the guidance: read_text_file preferred over read_file, the server’s own words kept', () => {
    const prefer = judged('read_text_file', `Use this tool, not read_file. ${description('read_text_file')}`);
    const quoting = judged('read_file', `${description('read_file')}.`);
    const { proposals, withheld } = admitProposals([prefer, quoting], TOOLS);
    expect(withheld).toEqual([]);
    expect(proposals.map((p) => p.tool)).toEqual(['read_text_file', 'read_file']);
  });

  it('withholds none of the rules’ own proposals: they follow the guidance before they are written', () => {
    const names = [...TOOLS.keys()];
    const findings = names.flatMap((tool) => [
      finding('argument-misuse', tool, 'path'),
      finding(
        'wrong-tool',
        tool,
        names.find((n) => n !== tool),
      ),
      finding('error-text', tool),
      finding('annotation-missing', tool),
    ]);
    const rules = ruleProposals(findings, TOOLS, []);
    expect(rules.proposals.length).toBeGreaterThan(10);
    const admitted = admitProposals(rules.proposals, TOOLS);
    expect(admitted.withheld).toEqual([]);
    expect(admitted.proposals.map(({ offlineTestable: _o, ...p }) => p)).toEqual(rules.proposals);
  });
});
