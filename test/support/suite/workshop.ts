import type { ToolCaller, ToolCallOutcome, ToolSurface } from '../../../src/suite/surface.js';
import { type Library, structured, toolError } from './library.js';

/**
 * An in-memory server that answers nothing until a session is prepared (amazon-devices' shape:
 * "You must call set_project_context before using any other tool"), with a board listing and a
 * board lookup behind it. `annotations` is what set_project_context declares.
 */
export function workshopSurface(annotations?: Record<string, boolean>): ToolSurface {
  return {
    tools: [
      {
        name: 'set_project_context',
        description: 'Sets the project context for this session from the project configuration.',
        inputSchema: {
          type: 'object',
          properties: { config: { type: 'object', properties: { project: { type: 'string' } } } },
          required: ['config'],
        },
        ...(annotations === undefined ? {} : { annotations }),
      },
      {
        name: 'list_boards',
        description: 'Lists the project boards with their ids and names.',
        inputSchema: { type: 'object', properties: {} },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'get_board',
        description: 'Shows one board, looked up by its id.',
        inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        annotations: { readOnlyHint: true },
      },
    ],
  };
}

const BOARDS = [
  { id: 'brd-7301', name: 'Kestrel rota', owner: 'Maud Ferris', columns: 5 },
  { id: 'brd-7302', name: 'Heron intake', owner: 'Teodor Vasquell', columns: 3 },
  { id: 'brd-7303', name: 'Tern backlog', owner: 'Parveen Ashdown', columns: 8 },
];

const NEEDS_CONTEXT = JSON.stringify({
  code: 'PROJECT_CONTEXT_REQUIRED',
  message:
    'You must call set_project_context before using any other tool. Read .board.json and call: set_project_context({ "config": <parsed file contents> }). If no .board.json exists, call: set_project_context({ "config": {} })',
});

const result = (value: Record<string, unknown>): ToolCallOutcome => ({
  kind: 'result',
  result: structured(value),
});

/** One server process: unprepared until set_project_context is called in it. */
export function workshop(): Library {
  const calls: Library['calls'] = [];
  let prepared = false;
  const caller: ToolCaller = async (name, args) => {
    calls.push({ name, args });
    if (name === 'set_project_context') {
      if (typeof args.config !== 'object' || args.config === null)
        return toolError('config must be an object');
      prepared = true;
      return result({ project: 'greenhouse', platform: 'default' });
    }
    if (!prepared) return toolError(NEEDS_CONTEXT);
    if (name === 'list_boards') return result({ boards: BOARDS.map(({ id, name }) => ({ id, name })) });
    if (name === 'get_board') {
      const board = BOARDS.find((b) => b.id === args.id);
      return board === undefined ? toolError(`no board ${String(args.id)}`) : result({ ...board });
    }
    return { kind: 'error', code: -32602, message: `Unknown tool: ${name}` };
  };
  return { caller, calls };
}
