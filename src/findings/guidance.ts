import { z } from 'zod';
import { type Clause, clausesOf } from '../suite/sentences.js';
import type { ToolDescriptor } from '../suite/surface.js';
import { type Term, termsOf } from '../suite/terms.js';
import { THE_TOOL } from '../suite/tool-words.js';

/**
 * What a server says about using its own tools, read from each tool's description (and title,
 * annotations and `_meta`), clause by clause with the same tagger and clauses as read-only
 * inference (suite/sentences.ts). A proposal must never argue against it.
 *
 * Principles, one sentence each:
 * - **A tool is deprecated when the server says so of the tool itself**: a marker word (deprecated,
 *   obsolete, legacy, superseded) standing alone as a label ("DEPRECATED:", "(Deprecated)",
 *   "Legacy,"), leading its clause ("Deprecated in favour of …"), or said of the tool by a copula
 *   ("This tool is deprecated"), never negated; or a `deprecated` flag in its annotations or
 *   `_meta`. A marker describing something else ("Reads legacy .xls files") says nothing.
 * - **A tool defers to another when its description tells the agent to use that tool instead**:
 *   "use X instead", "use X rather", "use X" after a deprecation marker, "in favour of X",
 *   "superseded by X", "replaced by X"; "use this instead of X" is the opposite, and decides nothing
 *   here.
 */

const MARKERS = new Set(['deprecated', 'obsolete', 'legacy', 'superseded']);
const COPULAS = new Set(['is', 'are', 'was', 'were', 'been', 'be']);
const BETWEEN = new Set(['now', 'a', 'an', 'considered', 'being', 'marked', 'as']);
const LEAD_NEXT = new Set(['in', 'since', 'by', 'and', 'as', 'for', 'from']);
const PREFER = new Set(['use', 'prefer', 'call', 'try']);
const NEGATORS = new Set(['not', 'never', 'no', "don't", 'dont', "doesn't", 'cannot']);
const DETERMINERS = new Set(['the', 'a', 'an']);

export interface ToolGuidance {
  /** The server's own words that mark the tool deprecated; absent when it does not. */
  deprecated?: string;
  /** The tools its description tells the agent to use instead, each with the words that say so. */
  useInstead: { tool: string; text: string }[];
}

const Flagged = z.looseObject({ deprecated: z.union([z.literal(true), z.string().min(1)]) });
const Titled = z.looseObject({ title: z.string() });

const words = (c: Clause) => c.words.filter((w) => /[\p{L}\p{N}]/u.test(w));

/** The clause marks the tool it describes deprecated (as a label, a lead, or by a copula). */
function marksDeprecated(c: Clause): boolean {
  const w = words(c);
  const i = w.findIndex((x) => MARKERS.has(x));
  if (i < 0 || w.slice(0, i).some((x) => NEGATORS.has(x))) return false;
  if (w.length === 1) return true;
  if (i === 0) return c.kind === 'main' && LEAD_NEXT.has(w[1] ?? '');
  let j = i - 1;
  while (j >= 0 && BETWEEN.has(w[j] ?? '')) j--;
  if (!COPULAS.has(w[j] ?? '')) return false;
  const subject = w.slice(0, j).filter((x) => !DETERMINERS.has(x));
  return subject.every((x) => THE_TOOL.has(x));
}

/** The other tools a clause tells the agent to use instead (given whether the tool is deprecated). */
function deferrals(c: Clause, others: ReadonlySet<string>, deprecated: boolean): string[] {
  const w = words(c);
  const out: string[] = [];
  w.forEach((word, j) => {
    if (!others.has(word) || w.slice(0, j).some((x) => NEGATORS.has(x))) return;
    const before = w.slice(Math.max(0, j - 3), j).filter((x) => !DETERMINERS.has(x) && x !== 'tool');
    const prev = before.at(-1) ?? '';
    const prev2 = before.at(-2) ?? '';
    const replaced =
      prev === 'of' ? prev2 === 'favor' || prev2 === 'favour' : prev === 'by' && MARKERS.has(prev2);
    const after = w.slice(j + 1);
    const instead = after.some((x, k) => (x === 'instead' && after[k + 1] !== 'of') || x === 'rather');
    if (replaced || (PREFER.has(prev) && (instead || deprecated))) out.push(word);
  });
  return out;
}

/** A sentence's terms as written. */
const written = (terms: readonly Term[]) => terms.map((t) => `${t.pre}${t.text}${t.post}`).join('');

/** The sentence of `text` a clause stands in, as written, for quoting. */
function sentenceOf(text: string, clause: Clause): string {
  for (const terms of termsOf(text)) {
    const sentence = written(terms).trim();
    if (sentence.includes(clause.text)) return sentence;
  }
  return clause.text;
}

/** What the server says about using `tool`, given the names of its other tools. */
export function toolGuidance(tool: ToolDescriptor, toolNames: readonly string[]): ToolGuidance {
  const description = tool.description ?? '';
  const clauses = clausesOf(description);
  const others = new Set(toolNames.filter((n) => n !== tool.name).map((n) => n.toLowerCase()));
  const marker = clauses.find(marksDeprecated);
  const titles = [Titled.safeParse(tool), Titled.safeParse(tool.annotations)].flatMap((t) =>
    t.success ? [t.data.title] : [],
  );
  const titled = titles.find((t) => clausesOf(t).some(marksDeprecated));
  const flagged = [tool, tool.annotations, tool._meta].some((x) => Flagged.safeParse(x).success);
  const deprecated =
    marker !== undefined
      ? sentenceOf(description, marker)
      : titled !== undefined
        ? `its title "${titled}"`
        : flagged
          ? 'its deprecated flag'
          : undefined;
  const useInstead = clauses.flatMap((c) =>
    deferrals(c, others, deprecated !== undefined).map((name) => ({
      tool: toolNames.find((n) => n.toLowerCase() === name) ?? name,
      text: sentenceOf(description, c),
    })),
  );
  return { ...(deprecated === undefined ? {} : { deprecated }), useInstead };
}

/** What a proposed text tells the agent about the server's other tools, in its own new sentences. */
interface Steering {
  /** Tools it tells the agent to use ("use X", "in favour of X", "replaced by X"). */
  use: string[];
  /** Tools it tells the agent not to use in favour of this one ("not X", "instead of X", "rather than X", "never use X"). */
  avoid: string[];
}

const LISTING = new Set(['or', 'and', 'nor', 'tool', 'tools', ...DETERMINERS]);

/** The tools a sentence's words tell the agent not to use (each of a listed run: "not X or Y"). */
function avoided(w: readonly string[], others: ReadonlySet<string>): string[] {
  return w.filter((word, j) => {
    if (!others.has(word)) return false;
    let k = j - 1;
    while (k >= 0 && (others.has(w[k] ?? '') || LISTING.has(w[k] ?? ''))) k--;
    const prev = w[k] ?? '';
    const prev2 = w[k - 1] ?? '';
    return (
      prev === 'not' ||
      prev === 'over' ||
      (prev === 'of' && prev2 === 'instead') ||
      (prev === 'than' && (prev2 === 'rather' || prev2 === 'better')) ||
      (PREFER.has(prev) && w.slice(0, k).some((x) => NEGATORS.has(x)))
    );
  });
}

/** A sentence as a key that tells the server's own sentences from new ones. */
const sentenceKey = (terms: readonly Term[]) =>
  written(terms)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!;:]+$/, '')
    .trim();

/**
 * What `text` (a rewrite of `tool`) tells the agent about the other tools, read only in its
 * sentences that `kept` (the server's own words) does not already have: the server's own sentences
 * are its guidance, never a proposal's.
 */
export function steering(text: string, tool: string, toolNames: readonly string[], kept: string): Steering {
  const own = new Set(termsOf(kept).map(sentenceKey));
  const others = new Set(toolNames.filter((n) => n !== tool).map((n) => n.toLowerCase()));
  const fresh = termsOf(text).filter((terms) => !own.has(sentenceKey(terms)));
  const named = (ws: readonly string[]) =>
    [...new Set(ws)].map((w) => toolNames.find((n) => n.toLowerCase() === w) ?? w);
  return {
    use: named(
      fresh.flatMap((terms) => clausesOf(written(terms)).flatMap((c) => deferrals(c, others, true))),
    ),
    avoid: named(
      fresh.flatMap((terms) =>
        avoided(
          terms.map((t) => t.lower).filter((x) => /[\p{L}\p{N}]/u.test(x)),
          others,
        ),
      ),
    ),
  };
}
