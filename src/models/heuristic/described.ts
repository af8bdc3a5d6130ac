import { wordsOf } from '../../suite/verbs.js';

const DETERMINER = String.raw`(?:(?:the|a|an|its|their|this|that|each)\s+)?`;

/**
 * The entry's field the tools' own words say a parameter takes, as a model reads them: a sentence of
 * a description that equates one of the entry's fields with the parameter ("That path is the
 * design", "pass its id as the task"). A sentence that only names both ("lists the categories of a
 * project") says nothing about what the parameter takes. A field whose name is the parameter's own
 * is not looked for here: that one is taken by name. Undefined when no sentence equates them, or
 * when sentences equate different fields.
 */
export function describedField(
  descriptions: readonly string[],
  prop: string,
  fields: readonly string[],
): string | undefined {
  const param = wordsOf(prop).join(' ');
  if (param === '') return undefined;
  const texts = descriptions.flatMap(sentencesOf).map((s) => wordsOf(s).join(' '));
  const named = fields.filter((f) => {
    const field = wordsOf(f).join(' ');
    if (field === '' || field === param) return false;
    const equated = new RegExp(
      String.raw`\b(?:${field}\s+(?:is|are|as)\s+${DETERMINER}${param}|${param}\s+(?:is|are)\s+${DETERMINER}${field})\b`,
    );
    return texts.some((t) => equated.test(t));
  });
  return named.length === 1 ? named[0] : undefined;
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?:;])\s+|\n+/).filter((s) => s.trim() !== '');
}
