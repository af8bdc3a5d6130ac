import { sameJson } from '../../core/canonical.js';
import { isRecord } from '../../core/json.js';
import { resultDocument } from '../extract.js';
import { leavesOf } from '../facts/leaves.js';
import { keyText } from '../normalise.js';
import type { ExecutedStep, executePlan } from '../plan.js';
import type { Candidate } from '../schema.js';
import type { ToolSurface } from '../surface.js';
import { goodResult } from './earlier-step.js';
import { type Rejection, reject } from './types.js';

/** The value every made-up text input takes: no server holds data under it. */
export const MADE_UP_TEXT = 'zq-made-up-7x';

/** The tool's declared choices for a parameter: a value outside them is a bad call, not a made-up one. */
function declaresChoices(schema: unknown, param: string): boolean {
  const props = isRecord(schema) ? schema.properties : undefined;
  const node = isRecord(props) ? props[param] : undefined;
  if (!isRecord(node)) return false;
  const items = isRecord(node.items) ? node.items : undefined;
  return node.enum !== undefined || node.const !== undefined || items?.enum !== undefined;
}

/**
 * The last call's arguments with every free text input made up (a list of texts becomes one made-up
 * text); undefined when the call has no such input, so there is nothing to make up.
 */
export function madeUpArguments(
  args: Record<string, unknown>,
  schema: unknown,
): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = { ...args };
  let changed = false;
  for (const [param, value] of Object.entries(args)) {
    if (declaresChoices(schema, param)) continue;
    const texts = Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string');
    if ((typeof value === 'string' && value !== '' && value !== MADE_UP_TEXT) || texts) {
      out[param] = texts ? [MADE_UP_TEXT] : MADE_UP_TEXT;
      changed = true;
    }
  }
  return changed ? out : undefined;
}

type Execute = (candidate: Pick<Candidate, 'plan' | 'extract'>) => ReturnType<typeof executePlan>;

/**
 * key-input-independent: a key is information about the data only if it depends on the input that
 * selects it. The plan's last call is made again with its free text inputs made up; when the same
 * extraction still yields the key, the key is what the tool answers to anything (an error or an empty
 * state in any language, a fixed text, an input the tool ignores), and any call would find it.
 * Asked only of a key that stands alone: one that differs from its siblings picks a record out of
 * the answer, which is the server's data even when the tool ignores the input (a store read from
 * where the server started, whatever folder it is given).
 */
export async function keyInputIndependent(
  candidate: Candidate,
  key: unknown,
  lastArguments: Record<string, unknown> | undefined,
  surface: ToolSurface,
  execute: Execute,
): Promise<Rejection | undefined> {
  const last = candidate.plan.at(-1);
  if (last === undefined || lastArguments === undefined) return undefined;
  const schema = surface.tools.find((t) => t.name === last.tool)?.inputSchema;
  const madeUp = madeUpArguments(lastArguments, schema);
  if (madeUp === undefined) return undefined;
  const run = await execute({ plan: [{ tool: last.tool, arguments: madeUp }], extract: candidate.extract });
  const where =
    run.ok && sameJson(run.answerKey, key)
      ? 'the same key'
      : answerHolds(run.steps.at(-1), candidate.extract, key)
        ? 'the key, under another label,'
        : undefined;
  if (where === undefined) return undefined;
  return reject(
    'key-input-independent',
    `${last.tool} gave ${where} "${keyText(key).slice(0, 80)}" for made-up inputs: it answers anything so`,
    { madeUp },
  );
}

/**
 * Does a call's good answer hold the text `key` as one of its values, wherever it sits? A label can
 * carry the input (semiotic: `PASS LineChart: mobile visualization audit`, read at `/PASS LineChart`),
 * so the made-up call's `PASS zq-made-up-7x` is the same statement under a label the pointer does not
 * reach. Only a text key of a pointer is looked for: a number or a flag meets its equal by chance.
 */
function answerHolds(step: ExecutedStep | undefined, extract: Candidate['extract'], key: unknown): boolean {
  const result = goodResult(step);
  if (typeof key !== 'string' || extract.kind !== 'pointer' || result === undefined) return false;
  const document = resultDocument(result, extract.source);
  return leavesOf(document).some((leaf) => leaf.value === key);
}
