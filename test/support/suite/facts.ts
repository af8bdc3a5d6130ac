import { readFacts } from '../../../src/suite/facts/document.js';
import type { ToolResult } from '../../../src/suite/surface.js';

/** A tool result of text blocks. */
export const text = (...blocks: string[]): ToolResult => ({
  content: blocks.map((t) => ({ type: 'text' as const, text: t })),
});

/** The fact layer's document of a result; throws when no reader found facts. */
export function facts(result: ToolResult): unknown {
  const reading = readFacts(result);
  if (reading?.ok !== true) throw new Error(`no facts: ${JSON.stringify(reading)}`);
  return reading.document;
}

/** The readers that read a result (none when no document came of it). */
export function readersOf(result: ToolResult): string[] {
  const reading = readFacts(result);
  return reading?.ok === true ? reading.readers : [];
}
