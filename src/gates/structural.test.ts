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
});
