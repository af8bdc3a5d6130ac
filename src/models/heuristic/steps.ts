/**
 * How a lexical agent reads a task that states its steps in order ("Using the tool that lists …,
 * take its name. Then, using the tool that searches … with that name, what is …?"): each step is a
 * call of its own, its tool chosen and its arguments filled from that step's words only, and what
 * one step says to take is handed to the next.
 */

// A step opens a sentence with a word that orders it after the one before.
const STEP_START = /(?<=[.!?])\s+(?=(?:then|next|after that|finally)\b)/i;

/** The steps a task states, in order; the whole task as one step when it states none. */
export function statedSteps(task: string): string[] {
  const steps = task
    .split(STEP_START)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return steps.length > 0 ? steps : [task];
}

// Values the task quotes: inputs it hands a tool, not words about which tool.
const QUOTED = /"[^"\n]*"|“[^”\n]*”|`[^`\n]*`|(?<![A-Za-z0-9])'[^'\n]*'(?![A-Za-z0-9])/g;

/** The words that choose a tool: the text without the values it quotes. */
export function choosingWords(text: string): string {
  return text.replace(QUOTED, ' ');
}

// A field's name: a quoted name, or plain words that do not run back over another "the".
const LABEL = String.raw`("[^"\n]+" field|[a-z](?:(?!\bthe\b)[a-z0-9 ])*?)`;
// "take its name." / "take its "id" field." — the field an earlier step hands on.
const TAKE_ITS = new RegExp(String.raw`\btake its ${LABEL}(?=[.,;]|$)`, 'i');
// "with the path of that entry" — the field a later step asks of the entry found before it.
const OF_THAT_ENTRY = new RegExp(String.raw`\bthe ${LABEL} of that entry\b`, 'i');

/** A later step's words with the handed field's name taken out: "the file path of that entry" names a field, it is no value. */
export function withoutHandOff(step: string): string {
  return step.replace(OF_THAT_ENTRY, 'that entry');
}

/**
 * The field one step hands to the next, as the task names it: "take its <field>" in the earlier
 * step, or "the <field> of that entry" in the later one. Undefined when neither names one.
 */
export function handedField(earlier: string, later: string): string | undefined {
  return (OF_THAT_ENTRY.exec(later)?.[1] ?? TAKE_ITS.exec(earlier)?.[1])?.trim();
}
