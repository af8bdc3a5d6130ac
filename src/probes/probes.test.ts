import { describe, expect, it } from 'vitest';
import { cacheHintProblems } from './cache-hints.js';
import { compileProblem } from './input-schemas.js';
import { PROBES, runProbes } from './registry.js';
import { renderTable, summarize } from './report.js';
import { specCurrency } from './spec-currency.js';
import { TOOL_NAME } from './tool-names.js';
import type { Frame, RawChannel, Step, StepResult } from './types.js';

describe('cache hint rules', () => {
  it('accept integer ttlMs >= 0 with public or private, and name every other problem', () => {
    expect(cacheHintProblems({ ttlMs: 0, cacheScope: 'private' })).toEqual([]);
    expect(cacheHintProblems({ ttlMs: 5000, cacheScope: 'public' })).toEqual([]);
    expect(cacheHintProblems({})).toEqual(['ttlMs missing', 'cacheScope missing']);
    expect(cacheHintProblems({ ttlMs: -1, cacheScope: 'shared' })).toEqual([
      'ttlMs -1 is not an integer >= 0',
      'cacheScope "shared" is not public|private',
    ]);
    expect(cacheHintProblems({ ttlMs: 1.5, cacheScope: 'private' })).toHaveLength(1);
  });
});

describe('input schema compilation', () => {
  it('compiles 2020-12 (the default) and declared draft-07 schemas', () => {
    expect(
      compileProblem({ type: 'object', properties: { a: { type: 'string', format: 'date' } } }),
    ).toBeUndefined();
    expect(
      compileProblem({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', definitions: {} }),
    ).toBeUndefined();
    expect(compileProblem({ type: 'object', prefixItems: [{ type: 'string' }] })).toBeUndefined();
  });

  it('rejects schemas that are not objects, not object-typed, or invalid against the meta-schema', () => {
    expect(compileProblem(undefined)).toBe('inputSchema is not an object');
    expect(compileProblem({ type: 'array' })).toMatch(/not "object"/);
    expect(compileProblem({ type: 'object', properties: { q: { type: 'text' } } })).toMatch(
      /schema is invalid/,
    );
    expect(compileProblem({ type: 'object', required: 'id' })).toMatch(/required must be array/);
    expect(compileProblem({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })).toMatch(
      /resolve/,
    );
  });

  it('judges each schema on its own: tools that share a $id, or repeat a schema, all compile', () => {
    const a = {
      $id: 'https://example.org/tool-args.json',
      type: 'object',
      properties: { a: { type: 'string' } },
    };
    const b = {
      $id: 'https://example.org/tool-args.json',
      type: 'object',
      properties: { b: { type: 'number' } },
    };
    expect(compileProblem(a)).toBeUndefined();
    expect(compileProblem(b)).toBeUndefined();
    expect(compileProblem(a)).toBeUndefined();
    // A failed schema leaves nothing behind for the next one either.
    expect(compileProblem({ ...a, required: 'a' })).toMatch(/required must be array/);
    expect(compileProblem(a)).toBeUndefined();
  });
});

describe('tool naming rule', () => {
  it('allows 1-128 chars of [A-Za-z0-9_.-] and nothing else', () => {
    for (const ok of ['get_book', 'admin.tools.list', 'DATA-export-v2', 'a', 'x'.repeat(128)])
      expect(TOOL_NAME.test(ok)).toBe(true);
    for (const bad of ['', 'search books', 'get/book', 'caf\u00e9', 'x'.repeat(129), 'a,b'])
      expect(TOOL_NAME.test(bad)).toBe(false);
  });
});

describe('report', () => {
  it('never folds could-not-check into the pass count', () => {
    const results = [
      { id: 'a', applies: true, pass: true, detail: 'ok', evidence: {}, tapeRefs: [] },
      { id: 'b', applies: true, pass: false, detail: 'bad\nline\u202e', evidence: {}, tapeRefs: [] },
      { id: 'c', applies: false, pass: null, detail: 'n/a', evidence: {}, tapeRefs: [] },
    ];
    expect(summarize(results)).toEqual({ checked: 2, passed: 1, failed: 1, couldNotCheck: 1 });
    const table = renderTable(results);
    expect(table.at(-1)).toBe('1 of 2 checks passed, 1 failed, 1 could not be checked');
    // A server's text stays on its row: the newline and a bidi override show as escapes.
    expect(table.some((l) => /^b\s+yes\s+FAIL\s+bad\\nline\\u202e$/.test(l))).toBe(true);
    expect(table.some((l) => /^c\s+no\s+could not check\s+n\/a$/.test(l))).toBe(true);
  });
});

describe('spec currency is a value, not a check', () => {
  const negotiation = (version: string) => ({
    era: undefined,
    version,
    discover: { refs: [] },
    capabilities: undefined,
    refs: ['wire:2' as const],
  });
  const run = (version: string) =>
    specCurrency.run({
      negotiation: negotiation(version),
      channel: answering(200),
      tools: { step: undefined, result: undefined, tools: [] },
      authenticated: false,
      loopback: false,
    });

  it('the newest legacy revision is current for its era; only one behind its era is a finding', async () => {
    const legacy = await run('2025-11-25');
    expect(legacy).toMatchObject({
      pass: true,
      counted: false,
      evidence: { era: 'legacy', newestOfEra: '2025-11-25' },
    });
    expect((await run('2026-07-28')).pass).toBe(true);
    const behind = await run('2025-06-18');
    expect(behind).toMatchObject({ pass: false, counted: false });
    expect(behind.detail).toBe('negotiated 2025-06-18 (legacy); the newest legacy revision is 2025-11-25');
  });

  it('is never counted in "P of A checks passed", whatever it says', async () => {
    const results = [
      await run('2025-06-18'),
      { id: 'a', applies: true, pass: true, detail: 'ok', evidence: {}, tapeRefs: [] },
    ];
    expect(summarize(results)).toEqual({ checked: 1, passed: 1, failed: 0, couldNotCheck: 0 });
    const table = renderTable(results);
    expect(table.at(-1)).toBe('1 of 1 checks passed, 0 failed, 0 could not be checked');
    expect(table.some((l) => /^spec-currency\s+yes\s+2025-06-18 \(behind\)/.test(l))).toBe(true);
  });
});

/** A channel that answers every HTTP request with one status and (optionally) one JSON-RPC error. */
function answering(status: number, code?: number): RawChannel {
  let line = 0;
  return {
    transport: 'http',
    async exchange(steps: readonly Step[]): Promise<StepResult[]> {
      return steps.map((step) => {
        line += 2;
        const response: Frame | undefined =
          code === undefined
            ? undefined
            : { jsonrpc: '2.0', id: step.frame.id ?? null, error: { code, message: 'x' } };
        return { status, response, refs: [`wire:${line - 1}`, `wire:${line}`] };
      });
    },
  };
}

describe('401, 403 and 5xx are never evidence', () => {
  it.each([401, 403, 500, 503])('HTTP %i everywhere: every probe could not check', async (status) => {
    const results = await runProbes({ channel: answering(status, -32000), loopback: true });
    expect(results.map((r) => r.id)).toEqual(PROBES.map((p) => p.id));
    for (const result of results) expect([result.id, result.pass]).toEqual([result.id, null]);
  });
});
