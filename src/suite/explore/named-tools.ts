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
