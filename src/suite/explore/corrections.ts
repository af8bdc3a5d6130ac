import { wordsOf } from '../explorable.js';
import type { ToolCallOutcome } from '../surface.js';
import { coerce } from './coerce.js';
import { listed } from './examples.js';
import { singular } from './fit.js';
import { errorText } from './named-tools.js';
import type { ParamSpec } from './params.js';
import type { ArgumentSet } from './synthesis.js';

/** At most this many offered values are tried for one refused value. */
const MAX_OFFERED = 3;
/** "Available servers: a, b", "Valid options are: x | y": the word that offers, what, and the list. */
const OFFER =
  /\b(?:available|valid|known|supported|allowed|possible|existing)\b([^:\n]{0,40}):[^\S\n]*([^\n]*)/gi;
/** The words that say a list is empty. */
const EMPTY_LIST = /^(?:none|nothing|n\/a|empty|\(none\)|-)$/i;
/** A list item on a line of its own, under an offer whose line ends at its colon. */
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+(.+)$/;

/** What an error's text (`errorText`, bounded) offers in place of what it refused: each list, with the noun it names ("servers"). */
export function offeredValues(text: string): { noun: string; values: string[] }[] {
  return [...text.matchAll(OFFER)].flatMap((m) => {
    const noun = (m[1] ?? '').trim().split(/\s+/).at(-1) ?? '';
    const inline = m[2] ?? '';
    const items =
      inline.trim() === '' ? bulletsAfter(text.slice((m.index ?? 0) + m[0].length)) : listed(inline);
    // "Available servers: none" lists nothing: a word for an empty list is not a value.
    const values = items.filter((v) => !EMPTY_LIST.test(v));
    return values.length > 0 ? [{ noun, values }] : [];
  });
}

/** The items of the bullet list that starts on the next line, up to ten lines. */
function bulletsAfter(rest: string): string[] {
  const items: string[] = [];
  for (const line of rest.split('\n').slice(1, 11)) {
    const item = BULLET.exec(line)?.[1];
    if (item === undefined) break;
    items.push(...listed(item));
  }
  return items;
}

/**
 * Principle: an error that names what it refused and lists what is available is the server's own
 * correction, and the call is made again with each value it offers in place of the one it refused
 * (my-cool-proxy: "Server 'mcp-sqlite-server' not found in session 'default'. Available servers:
 * allotments"). The refused parameter is one whose value the error quotes; of several, the ones
 * whose name holds the noun the offer names ("servers": `luaServerName`, not `luaToolName`). An
 * offered value is the server's runtime list of choices, so it is supplied as an enum value is.
 */
export function corrections(
  outcome: ToolCallOutcome,
  failed: ArgumentSet,
  params: readonly ParamSpec[],
): ArgumentSet[] {
  const text = errorText(outcome);
  const refused = params.filter((p) => {
    const value = failed.args[p.name];
    return typeof value === 'string' && value.length >= 2 && text.includes(value);
  });
  if (refused.length === 0) return [];
  return offeredValues(text).flatMap(({ noun, values }) => {
    const named = refused.filter((p) => wordsOf(p.name).includes(singular(noun.toLowerCase())));
    const targets = named.length > 0 ? named : refused;
    return targets.flatMap((param) =>
      values
        .filter((v) => v !== failed.args[param.name])
        .slice(0, MAX_OFFERED)
        .flatMap((v): ArgumentSet[] => {
          const value = coerce(v, param);
          if (value === undefined) return [];
          return [
            {
              args: { ...failed.args, [param.name]: value },
              supplies: { ...failed.supplies, [param.name]: { origin: 'enum', value } },
            },
          ];
        }),
    );
  });
}
