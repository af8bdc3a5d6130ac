import { describe, expect, it } from 'vitest';
import { GateInputError } from './errors.js';
import { type StructuralInput, structuralGate } from './structural.js';

const base: StructuralInput = {
  surfaceListed: true,
  toolCount: 5,
  candidates: 40,
  rejected: 10,
  registered: 16,
  invalidTasks: [],
  minAdmissionRate: 0.25,
};

describe('structural gate', () => {
  it('passes with a surface, candidates, an admission rate at or above the floor and a valid suite', () => {
    const g = structuralGate(base);
    expect(g).toMatchObject({
      gate: 'structural',
      tier: 'free',
      verdict: 'PASS',
      admitted: 30,
      admissionRate: 0.75,
    });
    expect(g.reason).toBeUndefined();
    expect(g.outcome).toBeUndefined();
    expect(g.explain).toContain('30 of 40 candidates admitted (admission rate 0.750)');
  });

  it('refuses no_surface when tools/list failed or listed nothing', () => {
    for (const input of [
      { ...base, surfaceListed: false },
      { ...base, toolCount: 0 },
    ]) {
      expect(structuralGate(input)).toMatchObject({
        verdict: 'FAIL',
        reason: 'no_surface',
        outcome: 'INSUFFICIENT_SURFACE',
      });
    }
  });

  it('refuses invalid_schemas, naming the probe, when it listed tools and every one was malformed', () => {
    const g = structuralGate({
      ...base,
      toolCount: 0,
      listedTools: 2,
      candidates: 0,
      rejected: 0,
      registered: 0,
    });
    expect(g).toMatchObject({ reason: 'invalid_schemas', outcome: 'INSUFFICIENT_SURFACE', listedTools: 2 });
    expect(g.explain).toMatch(
      /listed 2 tools, and every one was left out as malformed .*input-schemas probe/,
    );
    expect(structuralGate({ ...base, toolCount: 0, listedTools: 0 }).reason).toBe('no_surface');
  });

  it('refuses answers_unstable (GATE_FAILED) when most rejections are key-unstable, else the floor', () => {
    const g = structuralGate({ ...base, candidates: 20, rejected: 18, unstable: 15, registered: 2 });
    expect(g).toMatchObject({ reason: 'answers_unstable', outcome: 'GATE_FAILED', unstable: 15 });
    expect(g.explain).toMatch(/15 of 18 rejections are key-unstable/);
    const floor = structuralGate({ ...base, candidates: 20, rejected: 18, unstable: 9, registered: 2 });
    expect(floor.reason).toBe('admission_rate_below_floor');
  });

  it('refuses no_candidates when the generator proposed nothing', () => {
    const g = structuralGate({ ...base, candidates: 0, rejected: 0, registered: 0 });
    expect(g).toMatchObject({ reason: 'no_candidates', outcome: 'INSUFFICIENT_SURFACE' });
    expect(g.admissionRate).toBeUndefined();
  });

  it('holds the floor at exactly 0.25 and refuses just below it', () => {
    expect(structuralGate({ ...base, candidates: 40, rejected: 30 }).verdict).toBe('PASS');
    const below = structuralGate({ ...base, candidates: 40, rejected: 31 });
    expect(below).toMatchObject({
      reason: 'admission_rate_below_floor',
      outcome: 'INSUFFICIENT_SURFACE',
      admitted: 9,
    });
    expect(below.explain).toContain(
      '9 of 40 candidates admitted (admission rate 0.225), below the registered floor of 0.250',
    );
  });

  it('below the floor with the offline generator, names it as a party to the shortfall', () => {
    const exploration = { tools: 11, explorable: 4, toolsCalled: 4, calls: 20, errors: 3 };
    const below = structuralGate({ ...base, candidates: 40, rejected: 31, exploration });
    expect(below.reason).toBe('admission_rate_below_floor');
    expect(below.explain).toContain(
      'The offline generator built 40 candidates from 4 of 4 explorable tools; 7 tools not called, read as ones that may write: a limit of this generator as much as of the server',
    );
  });

  it('fails registered_task_invalid as GATE_FAILED, naming the first invalid task', () => {
    const g = structuralGate({ ...base, invalidTasks: [{ taskId: 't7', detail: 'regex does not compile' }] });
    expect(g).toMatchObject({ reason: 'registered_task_invalid', outcome: 'GATE_FAILED' });
    expect(g.explain).toContain('t7: regex does not compile');
  });

  it.each([
    ['candidates', { candidates: -1 }, 'candidates=-1'],
    ['rejected', { rejected: 41 }, 'rejected=41'],
    ['toolCount', { toolCount: 2.5 }, 'toolCount=2.5'],
    ['minAdmissionRate', { minAdmissionRate: 0 }, 'minAdmissionRate=0'],
    ['minAdmissionRate', { minAdmissionRate: Number.NaN }, 'minAdmissionRate=NaN'],
    ['minAdmissionRate', { minAdmissionRate: 1.5 }, 'minAdmissionRate=1.5'],
  ])('rejects bad %s with a typed error naming it', (_name, patch, text) => {
    const run = () => structuralGate({ ...base, ...patch });
    expect(run).toThrow(GateInputError);
    expect(run).toThrow(text);
  });

  describe('with an exploration ledger (explore/2)', () => {
    const none = { candidates: 0, rejected: 0, registered: 0 };
    const x = { tools: 21, explorable: 0, toolsCalled: 0, calls: 0, errors: 0, usable: 0 };

    it('refuses no_explorable_tools (INDETERMINATE) when nothing is read-only, never a thin-surface claim', () => {
      const g = structuralGate({ ...base, ...none, toolCount: 21, exploration: x });
      expect(g).toMatchObject({ reason: 'no_explorable_tools', outcome: 'INDETERMINATE', exploration: x });
      expect(g.explain).toMatch(/^0 of 21 tools are read-only by declaration, assertion or inference/);
    });

    it('refuses no_usable_results when every call failed, naming the parameters only generated values filled', () => {
      const g = structuralGate({
        ...base,
        ...none,
        exploration: {
          ...x,
          tools: 4,
          explorable: 3,
          toolsCalled: 3,
          calls: 3,
          errors: 3,
          generatedOnly: ['repo_path'],
        },
      });
      expect(g).toMatchObject({ reason: 'no_usable_results', outcome: 'INDETERMINATE' });
      expect(g.explain).toMatch(/the required parameter repo_path had no given or harvested value/);
    });

    it('names the tool most errors named when exploration never called it, and whose limit that is', () => {
      const calls = {
        ...x,
        tools: 9,
        explorable: 5,
        toolsCalled: 5,
        calls: 53,
        errors: 53,
        generatedOnly: ['query'],
      };
      const g = structuralGate({
        ...base,
        ...none,
        exploration: { ...calls, namedTool: 'set_project_context', namedToolErrors: 50 },
      });
      expect(g).toMatchObject({ reason: 'no_usable_results', outcome: 'INDETERMINATE' });
      expect(g.explain).toMatch(
        /: 50 of the 53 errors name another tool of the surface, set_project_context, which exploration never called .*declared destructiveHint: false, or --allow-destructive\); otherwise it is a limit of this generator as much as of the server\.$/,
      );
      // A tool only a few errors name does not explain the rest: the parameters do.
      const few = structuralGate({
        ...base,
        ...none,
        exploration: { ...calls, namedTool: 'set_project_context', namedToolErrors: 3 },
      });
      expect(few.explain).toMatch(/the required parameter query had no given or harvested value/);
      // A call made only to prepare the session is named among the calls, and is on the record.
      const prepared = structuralGate({
        ...base,
        ...none,
        exploration: { ...calls, calls: 54, prepared: 1 },
      });
      expect(prepared.explain).toMatch(
        /^Exploration called 5 of 5 explorable tools 54 times \(one of them the call the server asked for first, which reads nothing\) and no call gave a usable result/,
      );
      expect(prepared.exploration?.prepared).toBe(1);
    });

    it('refuses empty_data (INDETERMINATE) when the only answers said the server holds nothing', () => {
      const empty = {
        ...x,
        tools: 3,
        explorable: 2,
        toolsCalled: 2,
        calls: 5,
        errors: 2,
        usable: 0,
        emptyState: 3,
      };
      const g = structuralGate({ ...base, ...none, exploration: empty });
      expect(g).toMatchObject({
        reason: 'empty_data',
        outcome: 'INDETERMINATE',
        exploration: { emptyState: 3 },
      });
      expect(g.explain).toMatch(/^3 answers of 5 exploration calls said the server holds nothing/);
      // One tool was not called: the empty answers speak for the tools that gave them, not the server.
      expect(g.explain).toMatch(
        /: what the 2 explorable tools read is empty\. The other 1 tool of 3 was not called, read as ones that may write, and may hold data: a limit of this generator/,
      );
      const all = structuralGate({ ...base, ...none, exploration: { ...empty, tools: 2 } });
      expect(all.explain).toMatch(/: its data is empty, which says nothing about its surface\./);
      const some = structuralGate({ ...base, ...none, exploration: { ...empty, usable: 1 } });
      expect(some.reason).toBe('no_candidates');
      // Some data was read, so the reason stays the generator's, and the empty answers are said beside it.
      expect(some.explain).toMatch(/ 3 answers said the server holds nothing: its data may be empty/);
    });

    it('explains no_candidates from the ledger when calls answered but gave no key', () => {
      const g = structuralGate({
        ...base,
        ...none,
        exploration: { ...x, tools: 2, explorable: 1, toolsCalled: 1, calls: 4, usable: 4 },
      });
      expect(g).toMatchObject({ reason: 'no_candidates', outcome: 'INSUFFICIENT_SURFACE' });
      expect(g.explain).toMatch(
        /The offline generator called 1 of 1 explorable tool 4 times \(0 errors\) and built no candidate.*a judge model may do better/,
      );
      expect(g.explain).not.toMatch(/holds nothing/);
    });

    it('is unchanged when candidates exist', () => {
      expect(
        structuralGate({
          ...base,
          exploration: { ...x, explorable: 5, toolsCalled: 5, calls: 20, usable: 20 },
        }).verdict,
      ).toBe('PASS');
    });
  });
});
