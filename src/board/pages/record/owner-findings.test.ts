import { describe, expect, it } from 'vitest';
import { fixtureRecord } from '../../../../test/support/board/records.js';
import { OFFLINE_UNTESTABLE } from '../../../findings/report.js';
import { RunRecord } from '../../../record/index.js';
import { NESTED } from '../links.js';
import { ownerFindings } from './owner-findings.js';

const EVIL = '<img src=x onerror=alert(1)>';

function withFindings(): RunRecord {
  const record = fixtureRecord('scored', { slug: 'srv', startedAt: '2026-11-01T10:00:00.000Z' });
  return RunRecord.parse({
    ...record,
    findings: {
      version: 'findings/1',
      drive: { trials: 4, toolCalls: 6 },
      findings: [
        {
          id: 'error-text:get_x',
          kind: 'error-text',
          tool: 'get_x',
          count: 2,
          summary: `2 error results of get_x said ${EVIL}`,
          evidence: ['wire:12', 'wire:15'],
        },
      ],
      annotationFindings: 0,
      declaredDestructiveCalls: 0,
      latency: { factor: 4, floorMs: 250, minSamples: 5 },
      proposals: [
        {
          tool: 'get_x',
          source: 'rules',
          generator: 'rules/1',
          description: `Fetches ${EVIL}.`,
          parameters: [],
          serverChanges: ['Name the parameter.'],
          answers: ['error-text:get_x'],
        },
      ],
      failures: {
        failedFirstTry: 2,
        explained: 1,
        causes: { 'server-error': 1, unexplained: 1 },
        trials: [
          {
            trial: 'x1#1',
            taskId: 'x1',
            cause: 'server-error',
            finding: 'error-text:get_x',
            text: 'get_x answered an error',
            evidence: ['wire:12'],
          },
          {
            trial: 'x2#1',
            taskId: 'x2',
            cause: 'unexplained',
            text: `called ${EVIL}`,
            evidence: ['agent:31', 'wire:40'],
          },
        ],
      },
    },
  });
}

describe('the record page: findings for the server owner', () => {
  it('lists each finding with links to its tape lines, and the proposals with what they answer', () => {
    const out = String(ownerFindings(withFindings(), NESTED));
    expect(out).toContain('line=wire%3A12');
    expect(out).toContain('line=wire%3A15');
    expect(out).toContain('deterministic rules (rules/1), no model');
    expect(out).toContain('href="#finding-');
    expect(out).not.toContain(EVIL);
    expect(out).toContain('&lt;img');
  });

  it('says how many failed first tries the findings explain, and links each unexplained one to its lines', () => {
    const out = String(ownerFindings(withFindings(), NESTED));
    expect(out).toContain(
      'the findings explain 1 of 2 drive trial(s) that failed on the first try (1 server-error, 1 unexplained)',
    );
    expect(out).toMatch(/<li class="unexplained"><code>x2#1<\/code>: called &lt;img/);
    expect(out).toContain('href="../viewer.html?run=srv-20261101T100000Z#line=agent%3A31"');
    expect(out).toContain('line=wire%3A40');
    expect(out).not.toContain(EVIL);
  });

  it("shows each edit's exact text and why, and the findings withheld with the server's words", () => {
    const record = withFindings();
    const b = record.findings;
    if (b === undefined) throw new Error('the fixture has findings');
    const edits = [
      {
        target: 'server',
        text: 'Name the parameter.',
        why: `2 error results said ${EVIL}`,
        answers: ['error-text:get_x'],
      },
    ] as const;
    const out = String(
      ownerFindings(
        RunRecord.parse({
          ...record,
          findings: {
            ...b,
            proposals: b.proposals.map((p) => ({ ...p, edits })),
            withheld: [
              {
                tool: 'get_x',
                answers: ['error-text:get_x'],
                why: `get_x is deprecated by its server ("${EVIL}")`,
              },
            ],
          },
        }),
        NESTED,
      ),
    );
    expect(out).toContain(
      'change the server (a rerun cannot test this: it leaves the server untouched): “Name the parameter.”',
    );
    expect(out).toContain('because: 2 error results said &lt;img');
    expect(out).not.toContain('<li>server change:');
    expect(out).toContain("Not proposed: it would go against the server's own guidance");
    expect(out).toContain('get_x is deprecated by its server (&quot;&lt;img');
    expect(out).not.toContain(EVIL);
  });

  it('says why a run without a drive has none', () => {
    const record = fixtureRecord('thin-surface', { slug: 'srv', startedAt: '2026-11-01T10:00:00.000Z' });
    expect(String(ownerFindings(record, NESTED))).toMatch(/No findings: /);
  });

  it('marks a proposal the offline runner cannot test, from the record’s field, and no other', () => {
    const page = (offlineTestable: boolean) => {
      const record = withFindings();
      const findings = record.findings;
      if (findings === undefined) throw new Error('no findings');
      const proposals = findings.proposals.map((p) => ({ ...p, offlineTestable }));
      return String(
        ownerFindings(RunRecord.parse({ ...record, findings: { ...findings, proposals } }), NESTED),
      );
    };
    expect(page(false)).toContain(
      `<p class="small untestable">${OFFLINE_UNTESTABLE.replaceAll("'", '&#39;')}</p>`,
    );
    expect(page(true)).not.toContain('class="small untestable"');
  });
});
