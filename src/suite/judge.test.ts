import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { library, librarySurface } from '../../test/support/suite/library.js';
import { admitCandidates } from './admission/admit.js';
import { surfaceSafety } from './destructive.js';
import { judgeCandidates } from './judge.js';
import { inferDestructiveness } from './judge-safety.js';

function reply(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 120, noCache: 120, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 40, text: 40, reasoning: 0 },
    },
    warnings: [],
  };
}

const candidate = {
  prompt: 'Who wrote the catalogue book with id 4103?',
  expectedTools: ['get_book'],
  plan: [{ tool: 'get_book', arguments: { id: 4103 } }],
  extract: { kind: 'pointer', pointer: '/author', source: 'structured' },
  check: { kind: 'contains' },
  destructive: false,
  serverRequiredBecause: 'authorship is only in the catalogue',
};

describe('judge/1', () => {
  it('returns valid structured output as proposals with harness ids, and records the call', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: reply(
        JSON.stringify({ candidates: [candidate, { ...candidate, prompt: 'Who wrote book 4101?' }] }),
      ),
    });
    const surface = librarySurface();
    const safety = surfaceSafety(surface);
    const seen: number[] = [];
    const result = await judgeCandidates({
      model,
      surface,
      safety,
      count: 2,
      allowDestructive: false,
      onCall: (call) => seen.push(call.index),
    });
    expect(result.faults).toEqual([]);
    expect(result.proposals).toMatchObject([{ id: 'j001' }, { id: 'j002' }]);
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]?.usage?.inputTokens).toBe(120);
    expect(seen).toEqual([0]);
    const prompt = JSON.stringify(model.doGenerateCalls[0]?.prompt);
    expect(prompt).toContain('withdraw_book');
    expect(prompt).toContain('Do not use tools marked destructive');

    // Judge output is untrusted: it goes through admission like anything else.
    const entries = await admitCandidates(result.proposals, {
      surface,
      safety,
      allowDestructive: false,
      caller: library().caller,
    });
    expect(entries.map((e) => e.verdict.admitted)).toEqual([true, false]);
    expect(entries[1]?.verdict).toMatchObject({ rule: 'duplicate' });
  });

  it('records invalid output as a fault and still admits each salvaged item on its own', async () => {
    const bad = { ...candidate, prompt: 42 };
    const model = new MockLanguageModelV3({
      doGenerate: reply(JSON.stringify({ candidates: [candidate, bad] })),
    });
    const surface = librarySurface();
    const safety = surfaceSafety(surface);
    const result = await judgeCandidates({
      model,
      surface,
      safety,
      count: 2,
      allowDestructive: false,
      maxCalls: 1,
    });
    expect(result.faults).toHaveLength(1);
    expect(result.faults[0]).toMatchObject({ code: 'JUDGE_OUTPUT_INVALID', call: 0 });
    expect(result.faults[0]?.message).toMatch(/2 item\(s\) salvaged/);
    expect(result.calls[0]?.error?.code).toBe('JUDGE_OUTPUT_INVALID');
    const entries = await admitCandidates(result.proposals, {
      surface,
      safety,
      allowDestructive: false,
      caller: library().caller,
    });
    expect(entries.map((e) => [e.id, e.verdict.admitted])).toEqual([
      ['j001', true],
      ['j002', false],
    ]);
    expect(entries[1]?.verdict).toMatchObject({ rule: 'malformed' });
  });

  it('records text that is not JSON, and a failing API, as faults with no proposals', async () => {
    const surface = librarySurface();
    const safety = surfaceSafety(surface);
    const prose = new MockLanguageModelV3({ doGenerate: reply('Sure! Here are some tasks: ...') });
    const fromProse = await judgeCandidates({
      model: prose,
      surface,
      safety,
      count: 3,
      allowDestructive: false,
      maxCalls: 2,
    });
    expect(fromProse.proposals).toEqual([]);
    expect(fromProse.faults.map((f) => f.code)).toEqual(['JUDGE_OUTPUT_INVALID', 'JUDGE_OUTPUT_INVALID']);

    const down = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error('connection refused');
      },
    });
    const fromDown = await judgeCandidates({
      model: down,
      surface,
      safety,
      count: 3,
      allowDestructive: false,
      maxRetries: 0,
    });
    expect(fromDown.proposals).toEqual([]);
    expect(fromDown.faults).toEqual([
      { code: 'JUDGE_CALL_FAILED', message: expect.stringMatching(/connection refused/), call: 0 },
    ]);
    expect(fromDown.calls).toHaveLength(1);
  });

  it('asks again for what is missing, up to maxCalls', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        reply(JSON.stringify({ candidates: [candidate] })),
        reply(
          JSON.stringify({
            candidates: [
              { ...candidate, prompt: 'Second?' },
              { ...candidate, prompt: 'Third?' },
            ],
          }),
        ),
      ],
    });
    const surface = librarySurface();
    const result = await judgeCandidates({
      model,
      surface,
      safety: surfaceSafety(surface),
      count: 2,
      allowDestructive: true,
      maxCalls: 3,
    });
    expect(result.proposals).toHaveLength(2);
    expect(result.calls).toHaveLength(2);
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('Already proposed');
  });
});

describe('judge destructiveness inference', () => {
  it('keeps valid entries for known tools and feeds disagreements into the safety signal', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: reply(
        JSON.stringify({
          tools: [
            { tool: 'get_book', readOnly: true, destructive: false, reason: 'reads' },
            { tool: 'add_note', readOnly: false, destructive: true, reason: 'overwrites notes' },
            { tool: 'ghost', readOnly: true, destructive: false, reason: '?' },
          ],
        }),
      ),
    });
    const surface = librarySurface();
    const result = await inferDestructiveness({ model, surface });
    expect(result.inferences.map((i) => i.tool)).toEqual(['get_book', 'add_note']);
    expect(result.faults).toHaveLength(1);
    const safety = surfaceSafety(surface, result.inferences);
    expect(safety.find((s) => s.tool === 'add_note')).toMatchObject({
      disagreement: true,
      destructive: true,
    });
    expect(safety.find((s) => s.tool === 'get_book')).toMatchObject({ disagreement: false, readOnly: true });
  });

  it('records invalid output as a fault and infers nothing', async () => {
    const model = new MockLanguageModelV3({ doGenerate: reply('{"tools": "all fine"}') });
    const result = await inferDestructiveness({ model, surface: librarySurface() });
    expect(result.inferences).toEqual([]);
    expect(result.faults[0]?.code).toBe('JUDGE_OUTPUT_INVALID');
  });
});
