import { describe, expect, it } from 'vitest';
import { type Finding, FindingsBlock, type Proposal } from '../record/findings.js';
import { ToolDescriptor } from '../suite/surface.js';
import { admitProposals } from './admit.js';
import { offlineTestable } from './offline-reads.js';
import { ruleProposals } from './proposals.js';
import { FINDINGS_REPORT_SCHEMA, type FindingsReport, OFFLINE_UNTESTABLE, reportText } from './report.js';
import { reportMarkdown } from './report-markdown.js';

const TOOL = ToolDescriptor.parse({
  name: 'get_vessel',
  description: 'Returns one vessel.',
  inputSchema: {
    type: 'object',
    properties: { vessel: { type: 'string', description: 'The vessel.' } },
    required: ['vessel'],
  },
});

const rewrite = (description: string, parameters: Proposal['parameters'] = []): Proposal => ({
  tool: 'get_vessel',
  source: 'judge',
  generator: 'openai-compatible:judge-7b',
  description,
  parameters,
  serverChanges: [],
  answers: ['argument-misuse:get_vessel:vessel'],
});

describe('a proposal the offline runner cannot test is marked as such', () => {
  it('prose only: the same words of the description, a parameter documented with no example or code name', () => {
    const p = rewrite('Returns a vessel, one only.', [
      { name: 'vessel', description: 'Which vessel to look at, as the person asking knows it.' },
    ]);
    expect(offlineTestable(p, TOOL)).toBe(false);
  });

  it.each([
    ['an example, so a stated form', [{ name: 'vessel', description: 'The vessel id, for example "5201".' }]],
    [
      'a field named in code',
      [{ name: 'vessel', description: 'The id, as list_vessels returns it in `vessel_id`.' }],
    ],
    ['a rename', [{ name: 'vessel', description: 'The vessel.', rename: 'vesselId' }]],
  ])('not prose only: the parameter gains %s', (_what, parameters) => {
    expect(offlineTestable(rewrite('Returns one vessel.', parameters), TOOL)).toBe(true);
  });

  it('not prose only: new words in the description, which the runner ranks tools by', () => {
    expect(offlineTestable(rewrite('Returns one vessel by its registry number.'), TOOL)).toBe(true);
  });

  it('a tool the server does not list is never shown to the runner', () => {
    expect(offlineTestable({ ...rewrite('Returns one vessel.'), tool: 'gone' }, undefined)).toBe(false);
  });

  it('marks the rules’ proposals too: server changes only cannot be tested, a documented parameter can', () => {
    const finding = (kind: Finding['kind'], parameter?: string): Finding => ({
      id: parameter ? `${kind}:get_vessel:${parameter}` : `${kind}:get_vessel`,
      kind,
      tool: 'get_vessel',
      ...(parameter ? { parameter } : {}),
      count: 2,
      summary: 'get_vessel: 2 calls.',
      evidence: ['wire:5'],
      detail: { examples: [{ sent: 'Brackwater Pride' }] },
    });
    const tools = new Map([[TOOL.name, TOOL]]);
    const serverOnly = ruleProposals([finding('error-text')], tools, []);
    expect(admitProposals(serverOnly.proposals, tools).proposals.map((p) => p.offlineTestable)).toEqual([
      false,
    ]);
    const documented = ruleProposals([finding('argument-misuse', 'vessel')], tools, []);
    expect(admitProposals(documented.proposals, tools).proposals.map((p) => p.offlineTestable)).toEqual([
      true,
    ]);
  });
});

describe('the mark on every output, from the one field', () => {
  const block = (offline: boolean) =>
    FindingsBlock.parse({
      version: 'findings/1',
      drive: { trials: 4, toolCalls: 6 },
      findings: [
        {
          id: 'error-text:get_vessel',
          kind: 'error-text',
          tool: 'get_vessel',
          count: 2,
          summary: 'get_vessel answered "bad request" twice.',
          evidence: ['wire:12'],
        },
      ],
      annotationFindings: 0,
      declaredDestructiveCalls: 0,
      latency: { factor: 4, floorMs: 250, minSamples: 5 },
      proposals: [
        { ...rewrite('Returns one vessel.'), answers: ['error-text:get_vessel'], offlineTestable: offline },
      ],
    });
  const report = (offline: boolean): FindingsReport => ({
    schema: FINDINGS_REPORT_SCHEMA,
    runId: 'r1',
    server: 'srv',
    outcome: 'SCORED',
    reproduce: ['fitness-report verify r1'],
    findings: block(offline),
  });

  it('the text report and the markdown say it of an untestable proposal, and only of one (the board: owner-findings.test.ts)', () => {
    expect(reportText(report(false))).toContain(`    ${OFFLINE_UNTESTABLE}`);
    expect(reportText(report(true)).join('\n')).not.toContain(OFFLINE_UNTESTABLE);
    expect(reportMarkdown(report(false), (r) => r)).toContain('_the offline runner cannot test this: ');
    expect(reportMarkdown(report(true), (r) => r)).not.toContain('the offline runner cannot test this');
  });
});
