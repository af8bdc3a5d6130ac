import { resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { configGiven, givenPair } from './given.js';
import type { RunOptions } from './options.js';

/**
 * The explore/2 flags of `fitness-report run`: the explorable-tools policy and given context.
 * Kept apart from the target and registration flags in args.ts.
 */
export const EXPLORE_VALUE_FLAGS = ['--given', '--read-only'] as const;
export const EXPLORE_BOOLEAN_FLAGS = ['--no-infer-read-only'] as const;

const TOOL_NAME = /^[A-Za-z0-9_.\-/]{1,128}$/;

export function exploreOptions(
  flags: ReadonlyMap<string, string[]>,
  cwd: string,
): Pick<RunOptions, 'given' | 'readOnly' | 'inferReadOnly'> {
  const out: Pick<RunOptions, 'given' | 'readOnly' | 'inferReadOnly'> = {};
  const config = flags.get('--config')?.[0];
  const server = flags.get('--server')?.[0];
  const given = {
    ...(config !== undefined && server !== undefined ? configGiven(resolve(cwd, config), server) : {}),
    ...Object.fromEntries((flags.get('--given') ?? []).map(givenPair)),
  };
  if (Object.keys(given).length > 0) out.given = given;
  const readOnly = (flags.get('--read-only') ?? []).flatMap((list) =>
    list
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  );
  for (const name of readOnly)
    if (!TOOL_NAME.test(name))
      throw new UsageError(`--read-only needs tool names separated by commas, got '${name}'`);
  if (flags.has('--read-only') && readOnly.length === 0)
    throw new UsageError('--read-only needs at least one tool name');
  if (readOnly.length > 0) out.readOnly = readOnly;
  if (flags.has('--no-infer-read-only')) out.inferReadOnly = false;
  return out;
}
