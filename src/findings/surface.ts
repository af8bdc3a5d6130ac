import { z } from 'zod';
import { parseSurface, type ToolDescriptor } from '../suite/surface.js';
import { messages, pairExchanges } from '../tape/pairing.js';
import type { TapeRecord } from '../tape/reader.js';

const ListResult = z.looseObject({ tools: z.unknown() });

/** A listed tool and the wire line of the tools/list response that listed it. */
export interface ListedTool {
  tool: ToolDescriptor;
  line: number;
}

/**
 * The surface the run measured, as the wire tape holds it: every page of the `surface` stage's
 * tools/list, parsed tool by tool like the run parsed it (a malformed entry is dropped).
 */
export function surfaceFromTape(wire: readonly TapeRecord[]): ListedTool[] {
  const byLine = new Map(wire.map((r) => [r.line, r]));
  const listed: ListedTool[] = [];
  const seen = new Set<string>();
  for (const x of pairExchanges(wire).exchanges) {
    if (x.method !== 'tools/list' || x.corrId !== 'surface' || x.outcome !== 'result') continue;
    const line = x.responseLine;
    const record = line === undefined ? undefined : byLine.get(line);
    if (line === undefined || record?.type !== 'message') continue;
    const message = messages(record.value.raw).find((m) => m.id === x.id);
    const result = ListResult.safeParse(message?.result);
    const tools = result.success ? result.data.tools : undefined;
    for (const tool of parseSurface({ tools }).surface.tools) {
      if (seen.has(tool.name)) continue;
      seen.add(tool.name);
      listed.push({ tool, line });
    }
  }
  return listed;
}
