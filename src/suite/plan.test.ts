import { describe, expect, it } from 'vitest';
import { library } from '../../test/support/suite/library.js';
import { applyExtract } from './extract.js';
import { executePlan } from './plan.js';
import { Extract, PlanStep } from './schema.js';
import type { ToolResult } from './surface.js';

const steps = (raw: unknown[]) => raw.map((step) => PlanStep.parse(step));
const pointer = (p: string) => Extract.parse({ kind: 'pointer', pointer: p });

describe('executePlan', () => {
  it('chains list → get through a $from handle and grounds the key in the last result', async () => {
    const lib = library();
    const run = await executePlan(
      {
        plan: steps([
          { tool: 'list_books', arguments: {} },
          { tool: 'get_book', arguments: { id: { $from: { step: 0, pointer: '/books/2/id' } } } },
        ]),
        extract: pointer('/author'),
      },
      lib.caller,
    );
    expect(run).toMatchObject({ ok: true, answerKey: 'Parveen Ashdown' });
    expect(lib.calls).toEqual([
      { name: 'list_books', args: {} },
      { name: 'get_book', args: { id: 4103 } },
    ]);
  });

  it('fails when a handle points at nothing, without calling the later step', async () => {
    const lib = library();
    const run = await executePlan(
      {
        plan: steps([
          { tool: 'list_books' },
          { tool: 'get_book', arguments: { id: { $from: { step: 0, pointer: '/books/9/id' } } } },
        ]),
        extract: pointer('/author'),
      },
      lib.caller,
    );
    expect(run).toMatchObject({ ok: false, rule: 'plan-failed' });
    expect(run.ok ? '' : run.detail).toMatch(/pointer \/books\/9\/id not found/);
    expect(lib.calls).toHaveLength(1);
  });

  it('fails on an isError result, a JSON-RPC error, a throwing caller and an empty extract', async () => {
    const lib = library();
    const isError = await executePlan(
      { plan: steps([{ tool: 'get_book', arguments: { id: 1 } }]), extract: pointer('/title') },
      lib.caller,
    );
    expect(isError.ok ? '' : isError.detail).toMatch(/isError: no book 1/);
    const rpc = await executePlan({ plan: steps([{ tool: 'nope' }]), extract: pointer('/x') }, lib.caller);
    expect(rpc.ok ? '' : rpc.detail).toMatch(/errored: Unknown tool/);
    const thrown = await executePlan({ plan: steps([{ tool: 'x' }]), extract: pointer('/x') }, async () => {
      throw new Error('socket closed');
    });
    expect(thrown.ok ? '' : thrown.detail).toMatch(/socket closed/);
    const missing = await executePlan(
      { plan: steps([{ tool: 'list_books' }]), extract: pointer('/shelves') },
      lib.caller,
    );
    expect(missing).toMatchObject({
      ok: false,
      rule: 'plan-failed',
      detail: 'extract found nothing: pointer /shelves not found',
    });
  });

  it('stops before the call when the bound arguments are invalid', async () => {
    const lib = library();
    const run = await executePlan(
      { plan: steps([{ tool: 'get_book', arguments: { id: 'x' } }]), extract: pointer('/title') },
      lib.caller,
      {
        validateArguments: (_tool, args) => (typeof args.id === 'number' ? undefined : 'id must be a number'),
      },
    );
    expect(run).toMatchObject({ ok: false, rule: 'arguments-invalid' });
    expect(lib.calls).toHaveLength(0);
  });

  it('stops before the call when whole arguments resolve to a non-object', async () => {
    const lib = library();
    const run = await executePlan(
      {
        plan: steps([
          { tool: 'list_books' },
          { tool: 'get_book', arguments: { $from: { step: 0, pointer: '/books/2/id' } } },
        ]),
        extract: pointer('/author'),
      },
      lib.caller,
    );
    expect(run).toMatchObject({
      ok: false,
      rule: 'arguments-invalid',
      detail: 'step 1 (get_book): the arguments are not a JSON object',
      evidence: { step: 1, arguments: 4103 },
    });
    expect(lib.calls.map((c) => c.name)).toEqual(['list_books']);
  });

  it('refuses a handle to the same or a later step', async () => {
    const lib = library();
    const run = await executePlan(
      {
        plan: steps([{ tool: 'get_book', arguments: { id: { $from: { step: 0, pointer: '/id' } } } }]),
        extract: pointer('/title'),
      },
      lib.caller,
    );
    expect(run.ok ? '' : run.detail).toMatch(/not an earlier step/);
  });
});

describe('applyExtract', () => {
  const result: ToolResult = { content: [{ type: 'text', text: 'Name: Ilse Marwood\nBorn: 1931\nEmpty: ' }] };

  it('reads a regex group (numbered or named) over the text content', () => {
    expect(applyExtract(Extract.parse({ kind: 'regex', pattern: 'Born: (\\d+)' }), result)).toEqual({
      ok: true,
      value: '1931',
    });
    expect(
      applyExtract(Extract.parse({ kind: 'regex', pattern: 'Name: (?<who>.+)', group: 'who' }), result),
    ).toEqual({
      ok: true,
      value: 'Ilse Marwood',
    });
    expect(applyExtract(Extract.parse({ kind: 'regex', pattern: 'Died: (\\d+)' }), result).ok).toBe(false);
    expect(applyExtract(Extract.parse({ kind: 'regex', pattern: 'Empty: (.*)' }), result).ok).toBe(false);
  });

  it('reads a pointer from structuredContent or from JSON text when asked', () => {
    const json: ToolResult = { content: [{ type: 'text', text: '{"a": {"b": "deep value"}}' }] };
    expect(applyExtract(pointer('/a/b'), json)).toEqual({ ok: false, detail: 'no structuredContent' });
    expect(
      applyExtract(Extract.parse({ kind: 'pointer', pointer: '/a/b', source: 'text-json' }), json),
    ).toEqual({
      ok: true,
      value: 'deep value',
    });
  });
});
