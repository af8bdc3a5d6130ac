import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConformanceBlock, conformanceCounts } from '../record/conformance.js';
import { RunRecord } from '../record/run.js';
import { classify, isTransportCheck, scenarioOf } from './parse.js';
import { nodeIncompatibility } from './suite.js';
import { conformanceText } from './text.js';

const listed = (tools: string[]) => ({
  scenario: 'tools-list',
  checks: [{ id: 'tools-list', status: 'SUCCESS', details: { tools } }],
});
const call = {
  scenario: 'tools-call-image',
  checks: [{ id: 'tools-call-image', status: 'FAILURE', errorMessage: 'No image content found' }],
};
const dns = {
  scenario: 'dns-rebinding-protection',
  checks: [{ id: 'localhost-host-rebinding-rejected', status: 'FAILURE' }],
};

describe('conformance checks, classified', () => {
  it('a fixture check is not applicable unless the server lists the fixture', () => {
    const without = classify([listed(['echo']), call], { bridged: false });
    expect(without.find((c) => c.id === 'tools-call-image')).toMatchObject({
      applicable: false,
      fixture: 'tool test_image_content',
      because: expect.stringMatching(/does not list/),
    });
    const withIt = classify([listed(['test_image_content']), call], { bridged: false });
    expect(withIt.find((c) => c.id === 'tools-call-image')).toMatchObject({
      applicable: true,
      status: 'FAILURE',
    });
  });

  it('an unknown listing never confirms a fixture; a vacuous pass is not applicable too', () => {
    const vacuous = { scenario: 'tools-call-error', checks: [{ id: 'tools-call-error', status: 'SUCCESS' }] };
    expect(classify([vacuous], { bridged: false })[0]).toMatchObject({
      applicable: false,
      status: 'SUCCESS',
    });
  });

  it('transport checks count against the server over its own HTTP, never through the bridge', () => {
    expect(classify([dns], { bridged: false })[0]?.applicable).toBe(true);
    expect(classify([dns], { bridged: true })[0]).toMatchObject({
      applicable: false,
      because: expect.stringMatching(/bridge/),
    });
    expect(isTransportCheck('server-sse-multiple-streams-session')).toBe(true);
    expect(isTransportCheck('tools-list')).toBe(false);
  });

  it('counts and the one-line summary come from the checks; stored counts must agree', () => {
    const checks = classify([listed([]), call, dns], { bridged: false });
    const counts = conformanceCounts(checks);
    expect(counts).toEqual({ passed: 1, failed: 1, notApplicable: 1, other: 0 });
    const block = {
      ran: true as const,
      node: 'v20.20.2',
      startedAt: '2026-12-01T00:00:00.000Z',
      durationMs: 10,
      timeoutMs: 100,
      command: ['conformance'],
      exitCode: 1,
      timedOut: false,
      checks,
      counts,
      outputs: { digest: 'a'.repeat(64), files: 3, bytes: 10 },
    };
    expect(ConformanceBlock.safeParse(block).success).toBe(true);
    expect(conformanceText(block)).toBe('conformance: 1 passed, 1 failed, 1 not applicable');
    const record = JSON.parse(
      readFileSync(new URL('../record/fixtures/v2-scored.json', import.meta.url), 'utf8'),
    );
    expect(RunRecord.safeParse({ ...record, conformance: block }).success).toBe(true);
    const wrong = RunRecord.safeParse({
      ...record,
      conformance: { ...block, counts: { ...counts, passed: 5 } },
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('expected 1 from the checks, got 5');
  });

  it('reads scenario names from result folders, and knows which suite versions need Node 22', () => {
    expect(scenarioOf('server-tools-call-image-2026-12-01T11-21-31-684Z')).toBe('tools-call-image');
    expect(nodeIncompatibility('0.1.13', 'v20.20.2')).toBeUndefined();
    expect(nodeIncompatibility('0.1.16', 'v20.20.2')).toMatch(/needs Node 22/);
    expect(nodeIncompatibility('0.2.0-alpha.3', 'v20.1.0')).toMatch(/needs Node 22/);
    expect(nodeIncompatibility('0.1.16', 'v22.3.0')).toBeUndefined();
  });
});
