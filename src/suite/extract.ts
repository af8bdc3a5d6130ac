import { isRecord } from '../core/json.js';
import { type DocumentSource, MAX_FACT_TEXT, sourceDocument } from './facts/document.js';
import { jsonIn } from './facts/json.js';
import { resolvePointer } from './pointer.js';
import { compileRegex } from './regex.js';
import type { Extract } from './schema.js';
import { resultText, resultTextJson, ToolResult } from './surface.js';

export type Extracted = { ok: true; value: unknown } | { ok: false; detail: string };

/** The fields of a tool result: a JSON text holding only these (or an `isError`) is one. */
const RESULT_FIELDS = new Set(['content', 'structuredContent', 'isError', '_meta']);
const MAX_WRAPS = 3;

/**
 * A result whose one text block is itself a tool result (`{"content": [...], "isError": false}`: a
 * server that wrapped its answer twice) is read as that inner result, so its text is read by the
 * fact layer and its `isError` counts. A JSON text is a result only with a `content` array and
 * either an `isError` flag or no field a result does not have (a chat message's `role` is data).
 */
export function unwrapped(result: ToolResult, depth = 0): ToolResult {
  const [only, ...rest] = result.content;
  if (
    depth >= MAX_WRAPS ||
    rest.length > 0 ||
    only?.type !== 'text' ||
    result.structuredContent !== undefined
  )
    return result;
  // One text block: the result's text is that block's.
  const json = (only.text ?? '').length <= MAX_FACT_TEXT ? resultTextJson(result) : undefined;
  if (!isRecord(json) || !Array.isArray(json.content)) return result;
  const shaped = typeof json.isError === 'boolean' || Object.keys(json).every((k) => RESULT_FIELDS.has(k));
  const inner = shaped ? ToolResult.safeParse(json) : undefined;
  return inner?.success === true ? unwrapped(inner.data, depth + 1) : result;
}

/** Parses a raw call result; an `isError` result never yields a key. */
export function readResult(raw: unknown): { ok: true; result: ToolResult } | { ok: false; detail: string } {
  const parsed = ToolResult.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      detail: `result is not a tool result: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    };
  }
  const result = unwrapped(parsed.data);
  if (result.isError === true) {
    return { ok: false, detail: `tool returned isError: ${resultText(result).slice(0, 200)}` };
  }
  const said = saidFailure(resultTextJson(result) ?? embeddedJson(resultText(result)));
  if (said !== undefined) return { ok: false, detail: `tool said it failed in its JSON text: ${said}` };
  return { ok: true, result };
}

/** JSON after a prefix or in a fence ("Result: {…}"), read only from a text within the fact readers' cap. */
function embeddedJson(text: string): unknown {
  return text.length <= MAX_FACT_TEXT ? jsonIn(text) : undefined;
}

/**
 * A whole answer's `status` that reports the call failed: JSend's `fail` and `error` and their kin,
 * and a status code that names a failure (`task_not_found`, `invalid_argument`, `access_denied`).
 */
const FAILED_STATUS =
  /(?:^|[_\s-])(?:error|fail|failed|failure|not[_\s-]?found|invalid|denied|forbidden|unauthori[sz]ed)(?:$|[_\s-])/i;

/**
 * A JSON body that says it failed, in the fields JSON bodies use for that (`isError: true`,
 * `success: false`, `ok: false`, or a non-empty `error`), is an error whatever the MCP envelope says:
 * its text describes a failure, not the server's data. A whole answer (not an entry inside one,
 * where a job's `status: "failed"` is data) also says so with a failed `status`.
 */
export function saidFailure(json: unknown, scope: 'answer' | 'entry' = 'answer'): string | undefined {
  if (!isRecord(json)) return undefined;
  const body = json;
  const error = body.error;
  const message = typeof body.message === 'string' ? body.message : undefined;
  if (scope === 'answer' && typeof body.status === 'string' && FAILED_STATUS.test(body.status.trim()))
    return (message ?? JSON.stringify(json)).slice(0, 200);
  if (body.isError === true) return (message ?? JSON.stringify(json)).slice(0, 200);
  if (body.success === false || body.ok === false) return (message ?? JSON.stringify(json)).slice(0, 200);
  if (typeof error === 'string' && error.trim() !== '') return error.slice(0, 200);
  if (error !== null && typeof error === 'object' && Object.keys(error).length > 0)
    return JSON.stringify(error).slice(0, 200);
  return undefined;
}

/** The document a pointer reads: structuredContent, the text parsed as JSON, or the text's fact tree. */
export function resultDocument(result: ToolResult, source: DocumentSource): unknown {
  return sourceDocument(result, source);
}

/**
 * Applies an extract to a result. "Found nothing" includes null, the empty string and empty
 * containers: an empty key would make every check trivially satisfiable or unsatisfiable.
 */
export function applyExtract(extract: Extract, result: ToolResult): Extracted {
  if (extract.kind === 'pointer') {
    const document = resultDocument(result, extract.source);
    if (document === undefined) {
      return {
        ok: false,
        detail:
          extract.source === 'structured'
            ? 'no structuredContent'
            : extract.source === 'text-json'
              ? 'text is not JSON'
              : 'no facts in the text',
      };
    }
    const hit = resolvePointer(document, extract.pointer);
    if (!hit.found) return { ok: false, detail: `pointer ${extract.pointer} not found` };
    return nonEmpty(hit.value, `pointer ${extract.pointer}`);
  }
  const compiled = compileRegex(extract.pattern, extract.flags);
  if (!compiled.ok) return { ok: false, detail: `extract ${compiled.detail}` };
  const match = compiled.regex.exec(resultText(result));
  if (match === null) return { ok: false, detail: `regex /${extract.pattern}/ did not match the text` };
  const group = match.group(extract.group);
  return nonEmpty(group?.trim(), `regex group ${extract.group}`);
}

function nonEmpty(value: unknown, where: string): Extracted {
  if (value === undefined || value === null) return { ok: false, detail: `${where} is empty` };
  if (typeof value === 'string' && value.trim() === '') return { ok: false, detail: `${where} is empty` };
  if (Array.isArray(value) && value.length === 0) return { ok: false, detail: `${where} is empty` };
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) {
    return { ok: false, detail: `${where} is empty` };
  }
  return { ok: true, value };
}
