import { describe, expect, it } from 'vitest';
import { exploreWith } from '../../../test/support/suite/explore.js';
import { text } from '../../../test/support/suite/facts.js';
import { ExplorationLedger, ledgerFigures } from '../../record/exploration.js';
import type { ToolCaller, ToolSurface } from '../surface.js';
import { toolsNamed } from './named-tools.js';

const REQUIRED = JSON.stringify({
  error: 'PROJECT_CONTEXT_REQUIRED',
  message: 'You must call set_project_context before using any other tool.',
});

describe('toolsNamed', () => {
  const names = ['read_document', 'set_project_context', 'set_project', 'read'];
  it('finds the other tools an error names by their whole names, in a message or in result text', () => {
    expect(toolsNamed({ kind: 'result', result: text(REQUIRED) }, 'read_document', names)).toEqual([
      'set_project_context',
    ]);
    expect(
      toolsNamed({ kind: 'error', message: 'call read_document first' }, 'set_project_context', names),
    ).toEqual(['read_document']);
  });
  it('names neither the tool itself nor a name that is only part of a longer word', () => {
    expect(toolsNamed({ kind: 'error', message: 'read_document failed' }, 'read_document', names)).toEqual(
      [],
    );
    expect(toolsNamed({ kind: 'result', result: { content: [] } }, 'read_document', names)).toEqual([]);
  });
});

describe('explore/2 on a server that answers every call with another tool to call first', () => {
  const surface: ToolSurface = {
    tools: [
      {
        name: 'read_document',
        description: 'Read a document.',
        inputSchema: { type: 'object', properties: { uri: { type: 'string' } }, required: ['uri'] },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'set_project_context',
        description: 'Set the project context for the session.',
        inputSchema: { type: 'object', properties: { config: { type: 'object' } }, required: ['config'] },
      },
    ],
  };
  it('counts the errors naming that tool on the ledger, and the figures name it: it was never called', async () => {
    const caller: ToolCaller = async () => ({ kind: 'result', result: { ...text(REQUIRED), isError: true } });
    const result = await exploreWith(surface, caller);
    const read = result.ledger.tools.find((t) => t.tool === 'read_document');
    expect(read?.errors).toBeGreaterThan(0);
    expect(read?.errorsNaming).toEqual([{ tool: 'set_project_context', errors: read?.errors }]);
    expect(ledgerFigures(result.ledger)).toMatchObject({
      namedTool: 'set_project_context',
      namedToolErrors: read?.errors,
    });
  });

  it('keeps a tool named __proto__ through the record’s own schema: the counts are a list, not keys', async () => {
    const hostile: ToolSurface = {
      tools: [
        surface.tools[0] as ToolSurface['tools'][number],
        { ...(surface.tools[1] as ToolSurface['tools'][number]), name: '__proto__' },
      ],
    };
    const caller: ToolCaller = async () => ({
      kind: 'result',
      result: { ...text('You must call __proto__ before using any other tool.'), isError: true },
    });
    const result = await exploreWith(hostile, caller);
    const read = ExplorationLedger.parse(JSON.parse(JSON.stringify(result.ledger)));
    expect(ledgerFigures(read)).toMatchObject({ namedTool: '__proto__' });
  });
});
