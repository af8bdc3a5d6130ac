import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FitnessError, messageOf } from '../core/errors.js';
import { readRecord } from '../record/io.js';
import { RUN_FILES } from '../tape/file-names.js';
import { parseTape, readTape, type Tape } from '../tape/reader.js';
import { redactTapeText } from '../tape/redact.js';
import { finishedSpans, type OtlpTarget, sendSpans } from './otlp.js';
import { runSpans } from './run-spans.js';
import { type SpanNode, walk } from './span-tree.js';

export { type OtlpTarget, tracesUrl } from './otlp.js';
export type { SpanNode } from './span-tree.js';

export interface ExportOptions extends OtlpTarget {
  /** Arguments, results, prompts and model output as span attributes (off by default). */
  content?: boolean;
  /** Values scrubbed from the tapes before any content is taken from them (the redacted copy). */
  secrets?: readonly string[];
}

async function loadTape(path: string, content: boolean, secrets: readonly string[]): Promise<Tape> {
  if (!content) return readTape(path);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new FitnessError('TAPE_READ_FAILED', `${path}: cannot read tape (${messageOf(err)})`);
  }
  // Content is only ever taken from the redacted copy.
  return parseTape(redactTapeText(text, secrets), path);
}

/** A run directory as its span tree (nothing is sent; nothing in the directory changes). */
export async function runTree(
  dir: string,
  options: Pick<ExportOptions, 'content' | 'secrets'> = {},
): Promise<SpanNode> {
  const record = await readRecord(join(dir, RUN_FILES.record));
  const content = options.content === true;
  const secrets = options.secrets ?? [];
  const [wire, agent, judge] = await Promise.all(
    ['wire', 'agent', 'judge'].map((p) => loadTape(join(dir, `${p}.jsonl`), content, secrets)),
  );
  if (wire === undefined || agent === undefined)
    throw new FitnessError('RUN_INCOMPLETE', `${dir}: tapes missing`);
  return runSpans(record, { wire, agent, ...(judge ? { judge } : {}) }, content);
}

/** Exports a finished run to an OTLP/HTTP endpoint after the fact; reads the run, writes nothing. */
export async function exportRun(
  dir: string,
  options: ExportOptions,
): Promise<{ spans: number; traceId: string }> {
  const tree = await runTree(dir, options);
  const spans = finishedSpans(tree, options.serviceName);
  await sendSpans(spans, options);
  return { spans: walk(tree).length, traceId: spans[0]?.spanContext().traceId ?? '' };
}
