import { describe, expect, it } from 'vitest';
import { librarySurface } from '../../test/support/suite/library.js';
import { byAnnotations, surfaceSafety, toolSafety } from './destructive.js';
import type { ToolDescriptor } from './surface.js';

const tool = (annotations?: ToolDescriptor['annotations']): ToolDescriptor => ({
  name: 't',
  inputSchema: { type: 'object' },
  ...(annotations === undefined ? {} : { annotations }),
});

describe('destructiveness from annotations', () => {
  it('applies the spec defaults: unannotated is destructive, read-only never is', () => {
    expect(byAnnotations(tool())).toEqual({ readOnly: false, destructive: true });
    expect(byAnnotations(tool({ readOnlyHint: true, destructiveHint: true }))).toEqual({
      readOnly: true,
      destructive: false,
    });
    expect(byAnnotations(tool({ readOnlyHint: false, destructiveHint: false }))).toEqual({
      readOnly: false,
      destructive: false,
    });
    expect(byAnnotations(tool({ destructiveHint: false }))).toEqual({ readOnly: false, destructive: false });
  });

  it('records a judge disagreement and fails closed both ways', () => {
    const claimsSafe = toolSafety(tool(), {
      tool: 't',
      readOnly: true,
      destructive: false,
      reason: 'sounds harmless',
    });
    expect(claimsSafe).toMatchObject({ disagreement: true, readOnly: false, destructive: true });
    const claimsUnsafe = toolSafety(tool({ readOnlyHint: true }), {
      tool: 't',
      readOnly: false,
      destructive: true,
      reason: 'description says it deletes',
    });
    expect(claimsUnsafe).toMatchObject({ disagreement: true, readOnly: false, destructive: true });
    const agrees = toolSafety(tool({ readOnlyHint: true }), {
      tool: 't',
      readOnly: true,
      destructive: false,
      reason: 'reads',
    });
    expect(agrees).toMatchObject({
      disagreement: false,
      readOnly: true,
      destructive: false,
      declared: { readOnlyHint: true },
    });
  });

  it('covers every tool of a surface and ignores inferences about unknown tools', () => {
    const safety = surfaceSafety(librarySurface(), [
      { tool: 'ghost', readOnly: true, destructive: false, reason: '' },
    ]);
    expect(safety.map((s) => [s.tool, s.destructive])).toEqual([
      ['list_books', false],
      ['get_book', false],
      ['author_card', false],
      ['withdraw_book', true],
      ['add_note', false],
      ['get_notes', false],
    ]);
    expect(safety.every((s) => s.inferred === undefined)).toBe(true);
  });
});
