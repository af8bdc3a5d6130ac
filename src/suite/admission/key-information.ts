import { escapeRegex } from '../../core/escape/regex.js';
import { squash } from '../../core/leak.js';
import { keyIdentity, keyText } from '../normalise.js';
import type { ToolSurface } from '../surface.js';
import { isEmptyStateText } from './empty-state.js';
import { type HostFact, type Rejection, reject } from './types.js';

/**
 * The key rules that ask whether a key carries information only the server's data holds
 * (docs/design.md §5.3). A key is discriminating (its sibling group holds other values, which become
 * decoys) or a singleton that passes every singleton rule; these are the rules a value fails when it
 * is the same for every entry, a fact about the machine or the harness rather than the data, or the
 * server saying it has nothing.
 */

/**
 * key-constant: every other member of the key's sibling group holds the same value, so no decoy
 * can exist and pasting the whole listing passes.
 */
export function keyConstant(key: unknown, siblings: readonly unknown[]): Rejection | undefined {
  if (siblings.length === 0) return undefined;
  const text = keyIdentity(key);
  if (!siblings.every((s) => keyIdentity(s) === text)) return undefined;
  return reject(
    'key-constant',
    `every one of the ${siblings.length + 1} entries holds "${keyText(key).slice(0, 60)}": the value tells no entry from another`,
    { siblings: siblings.length },
  );
}

/**
 * key-environmental: the key is, or mostly consists of, a fact about the host or the harness (a
 * runtime version, the host name, a user, a home or working folder, our client's name, one of our
 * variables). Such a value describes where the run happened, not what the server holds.
 */
export function keyEnvironmental(key: unknown, host: readonly HostFact[]): Rejection | undefined {
  const found = hostFactIn(key, host);
  return found === undefined ? undefined : environmental(found.fact, found.how);
}

/** The host fact a value is, mostly is, or names a version of; undefined when it is none. */
function hostFactIn(
  key: unknown,
  host: readonly HostFact[],
): { fact: HostFact; how: 'is' | 'names' } | undefined {
  const text = keyText(key);
  const squashed = squash(text);
  if (squashed.length === 0) return undefined;
  for (const fact of host) {
    const value = squash(fact.value);
    if (value.length < 3) continue;
    const exact = value === squashed;
    const mostly = value.length >= 5 && squashed.includes(value) && value.length * 2 >= squashed.length;
    if (exact || mostly) return { fact, how: 'is' };
  }
  // A version this host runs, written anywhere in the key ("Python 3.11.7", "Node.js v20.20.2").
  for (const fact of host)
    for (const version of versionsIn(fact.value))
      if (new RegExp(String.raw`(?<![\w.])v?${escapeRegex(version)}(?![\w.])`).test(text))
        return { fact: { ...fact, value: version, unquoted: false }, how: 'names' };
  return undefined;
}

/**
 * key-environmental, by its group: a key whose siblings (the same field of the other entries, in a
 * listing or in parallel records) include what this machine says of its own software or hardware
 * sits in a description of the machine (`runtimes.node.version` is the host's Node, so
 * `runtimes.python.version` is the host's Python). Only a member that is, exactly, a version or
 * release this machine runs (five characters or more, with a digit) marks a group: a folder, a
 * variable's value, a platform word (`linux`) or a short number may well sit among the server's data.
 */
export function keyAmongHostFacts(
  key: unknown,
  group: readonly unknown[],
  host: readonly HostFact[],
): Rejection | undefined {
  const marks = host.filter((f) => f.machine === true && /\d/.test(f.value) && squash(f.value).length >= 5);
  for (const member of marks.length === 0 ? [] : group) {
    if (keyText(member) === keyText(key)) continue;
    const fact = marks.find((f) => squash(f.value) === squash(keyText(member)));
    if (fact === undefined) continue;
    return reject(
      'key-environmental',
      `the key sits beside ${fact.what} ("${keyText(member).slice(0, 40)}") in the same field of a parallel entry: the group describes this machine, not the server's data`,
      { what: fact.what },
    );
  }
  return undefined;
}

function environmental(fact: HostFact, how: 'is' | 'names'): Rejection {
  const quoted = fact.unquoted === true ? '' : ` ("${fact.value}")`;
  const said = how === 'is' ? `is ${fact.what}` : `names a version from ${fact.what}`;
  return reject('key-environmental', `the key ${said}${quoted}, not the server's data`, { what: fact.what });
}

/** Version numbers of three parts or more (`3.11.7`, `20.20.2`, `6.18.44-fc`) in a host value. */
function versionsIn(value: string): string[] {
  return [...value.matchAll(/(?<![\w.])\d+\.\d+\.\d+(?![\w.])/g)].map((m) => m[0]);
}

/** key-empty-state: the key is the server's way of saying it has nothing, not a value it holds. */
export function keyEmptyState(key: unknown): Rejection | undefined {
  const text = keyText(key);
  return isEmptyStateText(text)
    ? reject('key-empty-state', `the key "${text.slice(0, 80)}" is an empty-state message, not a value`, {})
    : undefined;
}

/** A tool's own name (any tool on the surface) is written where every agent reads it. */
export function keyIsToolName(key: unknown, surface: ToolSurface): Rejection | undefined {
  const squashed = squash(keyText(key));
  const tool = surface.tools.find((t) => squash(t.name) === squashed);
  if (tool !== undefined)
    return reject('key-uninformative', `the key is the name of the tool ${tool.name}`, { answerKey: key });
  const named = typeof key === 'string' ? namedTool(key, surface) : undefined;
  return named === undefined
    ? undefined
    : reject(
        'key-uninformative',
        `the key names the tool ${named.name}: it tells a caller how to use the server, not what its data holds`,
        { answerKey: key },
      );
}

/** A name no prose writes by chance: words joined by a separator or a change of case (`get_doc`, `startCourse`). */
function compound(name: string): boolean {
  return /[a-z0-9][-_.][a-z0-9]/i.test(name) || /[a-z][A-Z]/.test(name);
}

/**
 * The tool a text names as one of its words, in any case or separator ("Use `get_doc` with name
 * `number`", "Use INVOKE-API-ENDPOINT to call …"): a text about the server's own interface. Only a
 * compound name counts; a one-word tool (`search`) meets its word in data by chance.
 */
function namedTool(text: string, surface: ToolSurface): ToolSurface['tools'][number] | undefined {
  const words = new Set(
    text
      .split(/[^A-Za-z0-9_.-]+/)
      .map((w) => squash(w))
      .filter((w) => w.length > 0),
  );
  return surface.tools.find((t) => compound(t.name) && words.has(squash(t.name)));
}
