import type { Clause } from './sentences.js';

/** Words that open an item without being part of it ("or submit", "as implement"). */
const OPENERS = new Set(['and', 'or', 'nor', 'as', 'then']);

/** An item of a comma list: at most two words of its own ("set up,", "or submit."). */
function isItem(clause: Clause): boolean {
  const own = clause.words.filter((w) => !OPENERS.has(w));
  return own.length > 0 && own.length <= 2;
}

const endsSentence = (clause: Clause) => /[.!?]\s*$/.test(clause.text);

/** The words a clause ends with to introduce examples: "a task such as …", "formats including …". */
const INTRODUCERS = new Set(['such', 'including', 'like', 'namely']);

/**
 * Which clauses say what the tool does, by `about`, except that the items of a list a clause
 * introduces as examples continue that clause: "When the user asks to perform a task such as
 * implement, set up, configure, test, build, deploy, or submit" names tasks the user asks for, so its
 * items are about the tool only if the clause is. Items not so introduced ("If the file exists,
 * overwrite, truncate or append"; "Create, update, delete records.") are each judged on their own.
 */
export function clausesAboutTheTool(
  clauses: readonly Clause[],
  about: (clause: Clause) => boolean,
): boolean[] {
  const out: boolean[] = [];
  let governing: boolean | undefined;
  clauses.forEach((clause, i) => {
    const previous = clauses[i - 1];
    if (governing !== undefined && previous !== undefined && !endsSentence(previous) && isItem(clause)) {
      out.push(governing);
      return;
    }
    const verdict = about(clause);
    out.push(verdict);
    governing = !endsSentence(clause) && INTRODUCERS.has(clause.words.at(-1) ?? '') ? verdict : undefined;
  });
  return out;
}
