import type { LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';
import { isRecord } from '../../core/json.js';
import { unwrapped } from '../../suite/extract.js';
import { documentOf } from '../../suite/facts/view.js';
import { ToolResult } from '../../suite/surface.js';

/** What the heuristic can read from one tool result, whatever shape the agent loop gave it. */
export interface ToolOutcome {
  ok: boolean;
  /** Joined text content ('' when none). */
  text: string;
  /** The result's document as the suite reads it (structuredContent, JSON text or the text's facts). */
  data?: unknown;
  /** structuredContent as the server sent it (not parsed from text). */
  structured?: unknown;
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const item of content) {
    if (isRecord(item) && item.type === 'text' && typeof item.text === 'string') parts.push(item.text);
  }
  return parts.join('\n');
}

function fromText(text: string, ok: boolean): ToolOutcome {
  return { ok, text, data: parseJson(text) };
}

// An MCP CallToolResult passed through as JSON: {content: [...], structuredContent?, isError?}.
function fromJson(value: unknown, ok: boolean): ToolOutcome {
  if (isRecord(value) && (Array.isArray(value.content) || 'structuredContent' in value)) {
    const structured = value.structuredContent ?? undefined;
    // The document the suite reads (the fact layer, through a result wrapped twice): the one `$from`
    // pointers and keys address.
    const parsed = ToolResult.safeParse(value);
    const result = parsed.success ? unwrapped(parsed.data) : undefined;
    const document = result === undefined ? undefined : documentOf(result)?.document;
    const text = result === undefined ? textOf(value.content) : textOf(result.content);
    return {
      ok: ok && value.isError !== true && result?.isError !== true,
      text,
      data: document ?? structured ?? parseJson(text),
      ...(structured === undefined ? {} : { structured }),
    };
  }
  if (typeof value === 'string') return fromText(value, ok);
  return { ok, text: '', data: value, structured: value };
}

export function readToolOutput(output: LanguageModelV3ToolResultOutput): ToolOutcome {
  switch (output.type) {
    case 'text':
      return fromText(output.value, true);
    case 'error-text':
      return fromText(output.value, false);
    case 'json':
      return fromJson(output.value, true);
    case 'error-json':
      return fromJson(output.value, false);
    case 'content':
      return fromText(textOf(output.value), true);
    default:
      return { ok: false, text: '' };
  }
}

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (isRecord(value)) return Object.values(value).every(isEmptyValue);
  return false;
}

/**
 * The text an answer is made from: the text content, or JSON of the structured content when the
 * result has no text. Undefined when the result is an error or carries nothing (`[]`, `{}`, '').
 */
export function relevantText(outcome: ToolOutcome): string | undefined {
  if (!outcome.ok) return undefined;
  const text = outcome.text.trim();
  if (text !== '') {
    const parsed = parseJson(text);
    return parsed !== undefined && isEmptyValue(parsed) ? undefined : text;
  }
  const data = outcome.structured ?? outcome.data;
  return isEmptyValue(data) ? undefined : JSON.stringify(data);
}
