import { escapeRegex } from '../../core/escape/regex.js';
import { resultText, type ToolCallOutcome, ToolResult } from '../surface.js';

/** An error's text is read this far (the tools it names, the values it offers). */
const MAX_ERROR_CHARS = 2000;

/** The text an error answer carries, up to MAX_ERROR_CHARS: the JSON-RPC message, or the result's text blocks. */
export function errorText(outcome: ToolCallOutcome): string {
  if (outcome.kind === 'error') return outcome.message.slice(0, MAX_ERROR_CHARS);
  const result = ToolResult.safeParse(outcome.result);
  return result.success ? resultText(result.data).slice(0, MAX_ERROR_CHARS) : '';
}

/**
 * The other tools of the surface an error names, each once, by its whole name (amazon-devices
 * answered every call "You must call set_project_context before using any other tool"). What such a
 * tool is to the server is the server's to say; the count only lets a refusal name it.
 */
export function toolsNamed(outcome: ToolCallOutcome, self: string, names: readonly string[]): string[] {
  const text = errorText(outcome);
  if (text === '') return [];
  return names.filter(
    (name) => name !== self && new RegExp(`(?<![\\w-])${escapeRegex(name)}(?![\\w-])`).test(text),
  );
}

/** A sentence that puts a call before the rest: "call X before …", "X first", "X is required", "not initialized". */
const COMES_FIRST = /\b(?:before|first|prior to|initiali[sz]e[ds]?|requires?|required)\b/i;

/**
 * The other tools an error names in a sentence that says they come first ("You must call
 * set_project_context before using any other tool"), not those it points to instead ("Use
 * file_system_read_directory for directories"): the server's word that a session needs a call.
 */
export function toolsAskedFirst(outcome: ToolCallOutcome, self: string, names: readonly string[]): string[] {
  const sentences = errorText(outcome)
    .split(/(?<=[.!?])\s+|\n+/)
    .filter((sentence) => COMES_FIRST.test(sentence));
  return names.filter(
    (name) =>
      name !== self && sentences.some((s) => new RegExp(`(?<![\\w-])${escapeRegex(name)}(?![\\w-])`).test(s)),
  );
}

/** The errors that asked for one tool, and the texts of the first few (where a prescribed call is read). */
export interface FirstAsk {
  errors: number;
  texts: string[];
}

const KEPT_TEXTS = 4;

export function noteAsk(asks: Map<string, FirstAsk>, tool: string, text: string): void {
  const ask = asks.get(tool) ?? { errors: 0, texts: [] };
  ask.errors++;
  if (ask.texts.length < KEPT_TEXTS) ask.texts.push(text);
  asks.set(tool, ask);
}
