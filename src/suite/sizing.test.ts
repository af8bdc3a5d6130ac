import { describe, expect, it } from 'vitest';
import { FitnessError } from '../core/errors.js';
import { candidatesAsked } from './sizing.js';

describe('candidatesAsked', () => {
  it('is ceil((tasks + batch × extensions) × overGeneration)', () => {
    expect(candidatesAsked({ tasks: 16, batchTasks: 6, maxExtensions: 2, overGeneration: 2 })).toBe(56);
    expect(candidatesAsked({ tasks: 10, batchTasks: 6, maxExtensions: 0, overGeneration: 1.1 })).toBe(11);
    expect(candidatesAsked({ tasks: 7, batchTasks: 6, maxExtensions: 0, overGeneration: 1.5 })).toBe(11);
  });

  it('refuses impossible sizes with a typed error', () => {
    expect(() => candidatesAsked({ tasks: -1, batchTasks: 6, maxExtensions: 2, overGeneration: 2 })).toThrow(
      FitnessError,
    );
    expect(() =>
      candidatesAsked({ tasks: 16, batchTasks: 6, maxExtensions: 2, overGeneration: 0.5 }),
    ).toThrow(/overGeneration/);
  });
});
