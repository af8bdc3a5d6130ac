import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../../test/support/explorable-policy.js';
import { exploreWith } from '../../../test/support/suite/explore.js';
import { workshop, workshopSurface } from '../../../test/support/suite/workshop.js';
import { ledgerFigures } from '../../record/exploration.js';
import { admitCandidates } from '../admission/admit.js';
import { surfaceSafety } from '../destructive.js';
import { applyPolicy } from '../explorable.js';
import type { ToolCallOutcome } from '../surface.js';
import { toolsAskedFirst } from './named-tools.js';
import { askedFirst, prescribedArguments } from './prepare.js';

const error = (text: string): ToolCallOutcome => ({
  kind: 'result',
  result: { content: [{ type: 'text', text }], isError: true },
});

describe('an error that asks for a call first', () => {
  const names = ['set_project_context', 'read_file', 'read_directory', 'list_boards'];

  it('names the tool only in a sentence that puts it first, not one that points elsewhere', () => {
    expect(
      toolsAskedFirst(
        error('You must call set_project_context before using any other tool.'),
        'list_boards',
        names,
      ),
    ).toEqual(['set_project_context']);
    expect(toolsAskedFirst(error('Project not initialized. Run set_project_context.'), 'x', names)).toEqual(
      [],
    );
    expect(
      toolsAskedFirst(error('Not initialized: call set_project_context first.'), 'list_boards', names),
    ).toEqual(['set_project_context']);
    expect(
      toolsAskedFirst(
        error('The path is a directory. Use read_directory for directories.'),
        'read_file',
        names,
      ),
    ).toEqual([]);
  });

  it('is a preparation when at least half of all errors so far ask for it', () => {
    const asks = new Map([['set_project_context', { errors: 3, texts: [] }]]);
    expect(askedFirst(asks, 6)?.tool).toBe('set_project_context');
    expect(askedFirst(asks, 7)).toBeUndefined();
    expect(askedFirst(new Map(), 4)).toBeUndefined();
  });

  it('reads the call an error spells out, in plain text or inside a JSON error, and nothing else', () => {
    const json = JSON.stringify({
      code: 'PROJECT_CONTEXT_REQUIRED',
      message:
        'call: set_project_context({ "config": <parsed file> }). If none exists, call: set_project_context({ "config": {} })',
    });
    expect(prescribedArguments([json], 'set_project_context')).toEqual([{ config: {} }]);
    expect(
      prescribedArguments(['call set_project_context({"config": {"a": 1}}) first'], 'set_project_context'),
    ).toEqual([{ config: { a: 1 } }]);
    expect(prescribedArguments(['call set_project_context([1, 2])'], 'set_project_context')).toEqual([]);
  });
});

describe('explore/2 on a server that answers only a prepared session', () => {
  it('makes the call the errors asked for, when the tool is declared non-destructive, and begins every plan with it', async () => {
    const surface = workshopSurface({ readOnlyHint: false, destructiveHint: false });
    const server = workshop();
    const result = await exploreWith(surface, server.caller);
    expect(result.ledger.preparation).toEqual({ tool: 'set_project_context', arguments: { config: {} } });
    expect(server.calls.filter((c) => c.name === 'set_project_context')).toEqual([
      { name: 'set_project_context', args: { config: {} } },
    ]);
    const entry = result.ledger.tools.find((t) => t.tool === 'set_project_context');
    expect(entry).toMatchObject({ calls: 1, errors: 0 });
    // The preparing call answered, but it read nothing: the figures count only the reads.
    const reads = result.ledger.tools.filter((t) => t.tool !== 'set_project_context');
    expect(ledgerFigures(result.ledger)).toMatchObject({
      usable: reads.reduce((n, t) => n + t.calls - t.errors - t.discarded, 0),
      prepared: 1,
    });
    expect(entry?.skipped).toMatch(
      /^called once to prepare the session \(\d+ error\(s\) said set_project_context must be called first\)/,
    );
    expect(result.candidates.length).toBeGreaterThan(0);
    for (const candidate of result.candidates)
      expect(candidate.plan[0]).toEqual({
        tool: 'set_project_context',
        arguments: { config: {} },
        prepares: true,
      });
    const chained = result.candidates.find((c) => c.plan.length === 3);
    expect(chained?.plan[2]?.arguments.id).toMatchObject({ $from: { step: 1 } });

    // Admission re-runs each plan in a fresh process, which is prepared by the plan's first step.
    const safety = applyPolicy(surface, surfaceSafety(surface), DEFAULT_POLICY);
    const fresh = workshop();
    const entries = await admitCandidates(result.candidates, {
      surface,
      safety,
      allowDestructive: false,
      caller: server.caller,
      recheck: fresh.caller,
    });
    // The preparing step is no bar to running a plan again: the fresh process saw every plan.
    expect(fresh.calls[0]?.name).toBe('set_project_context');
    expect(fresh.calls.filter((c) => c.name === 'set_project_context').length).toBe(result.candidates.length);
    const admitted = entries.filter((e) => e.verdict.admitted);
    expect(admitted.length).toBeGreaterThan(0);
    expect(entries.filter((e) => !e.verdict.admitted && e.verdict.rule === 'key-unstable')).toEqual([]);
  });

  it('does not call a tool that may destroy (no annotation), and its ledger entry says why', async () => {
    const server = workshop();
    const result = await exploreWith(workshopSurface(), server.caller);
    expect(result.ledger.preparation).toBeUndefined();
    expect(server.calls.some((c) => c.name === 'set_project_context')).toBe(false);
    expect(result.candidates).toEqual([]);
    const entry = result.ledger.tools.find((t) => t.tool === 'set_project_context');
    expect(entry?.skipped).toMatch(/^not called to prepare the session .*only with --allow-destructive$/);
  });
});
