import { squash } from '../../core/leak.js';
import {
  enumValues,
  isBooleanLike,
  isMemberOf,
  isTimeLike,
  isUnderPath,
  namesByPosition,
} from '../key-values.js';
import { containsNormalised, keyText } from '../normalise.js';
import type { Candidate } from '../schema.js';
import { findTool, type ToolDescriptor, type ToolSurface } from '../surface.js';
import { toolAction } from '../tool-action.js';
import { type Rejection, reject } from './types.js';

/** A long base64 run ("IyBCZXJ0aCBwbGFu…") re-encodes content rather than carrying a value. */
const BLOB = /^[A-Za-z0-9+/_-]{32,}={0,2}$/;

/**
 * key-uninformative: a key a model can supply without the server's data. Booleans, members of an
 * enum the tool declares, a value the prompt picks by position ("the 2nd entry"), a value written in
 * the expected tool's own description or schema, a value from the given context (or a path inside
 * it), a blob, and a key that mostly restates one of the plan's inputs.
 */
export function keyUninformative(
  key: unknown,
  candidate: Candidate,
  boundArguments: readonly Record<string, unknown>[],
  context: { surface: ToolSurface; given: readonly string[] },
): Rejection | undefined {
  const fail = (detail: string) => reject('key-uninformative', detail, { answerKey: key });
  if (isBooleanLike(key)) return fail('the key is a boolean');
  const text = keyText(key);
  const tools = candidate.expectedTools.flatMap((name) => {
    const tool = findTool(context.surface, name);
    return tool === undefined ? [] : [tool];
  });
  for (const tool of tools) {
    if (isMemberOf(key, [...enumValues(tool.inputSchema), ...enumValues(tool.outputSchema)]))
      return fail(`the key is a member of an enum ${tool.name} declares`);
    const own = `${tool.description ?? ''}\n${JSON.stringify(tool.inputSchema)}\n${JSON.stringify(tool.outputSchema ?? {})}`;
    if (containsNormalised(own, text))
      return fail(`the key is written in ${tool.name}'s own description or schema`);
  }
  const position = namesByPosition(candidate.prompt);
  if (position !== undefined) return fail(`the prompt picks the value by position ("${position}")`);
  if (isMemberOf(key, context.given) || isUnderPath(key, context.given))
    return fail('the key is given context (a value the user supplies, or a path inside it)');
  if (blobNoValue(key, tools)) return fail('the key is an encoded blob, not a value');
  const inputs = boundArguments.flatMap((args) =>
    Object.values(args).flatMap((v) => (Array.isArray(v) ? v : [v])),
  );
  const restated = restatedInput(key, inputs);
  return restated === undefined ? undefined : fail(`the key mostly restates the input "${restated}"`);
}

function isBlob(key: unknown): boolean {
  return typeof key === 'string' && BLOB.test(key.trim());
}

/**
 * A blob from a tool that reads what the server holds re-encodes content: no value. One a tool
 * computes from its arguments (a digest, an encoding) is that tool's answer, and a key like any
 * other: the no-tools null decides whether a model could give it unaided.
 */
export function blobNoValue(key: unknown, tools: readonly ToolDescriptor[]): boolean {
  return isBlob(key) && !tools.some((tool) => toolAction(tool).action === 'compute');
}

/**
 * A key whose every number is a number we sent and that says little beside them ("10 seconds" after
 * `duration: 10`): the input echoed back, the one number it holds, is no fact of the server's.
 */
function echoedNumbers(key: string, inputs: readonly unknown[]): string | undefined {
  const sent = new Set(inputs.filter((v) => typeof v === 'number').map(String));
  const numbers = key.match(/-?\d+(?:\.\d+)?/g) ?? [];
  if (numbers.length === 0 || !numbers.every((n) => sent.has(n))) return undefined;
  const rest = key.replace(/-?\d+(?:\.\d+)?/g, '').replace(/[^\p{L}]+/gu, '');
  return rest.length < 8 ? numbers.join(', ') : undefined;
}

/** The input a key mostly consists of ("file:///srv/a.txt" for the path "/srv/a.txt"), if any. */
export function restatedInput(key: unknown, inputs: readonly unknown[]): string | undefined {
  const squashed = squash(keyText(key));
  const echoed = echoedNumbers(keyText(key), inputs);
  if (echoed !== undefined) return echoed;
  for (const value of inputs) {
    if (typeof value !== 'string') continue;
    const input = squash(value);
    if (input.length >= 8 && squashed.includes(input) && input.length * 2 >= squashed.length) return value;
  }
  return undefined;
}

/** key-unstable, before any re-execution: a timestamp is a different value at the next call. */
export function timeVarying(key: unknown): Rejection | undefined {
  return isTimeLike(key)
    ? reject('key-unstable', 'the key is a timestamp: time-varying values are never keys', { answerKey: key })
    : undefined;
}
