/**
 * The words read-only inference reads a tool's sentences by (docs/design.md §5.2): who a clause
 * is about (the caller, the answer, the tool itself), what a tool hands back, the moments a clock
 * speaks of, and the parameters whose values are actions.
 */

export const CALLERS: ReadonlySet<string> = new Set([
  'you',
  'user',
  'users',
  'caller',
  'callers',
  'agent',
  'agents',
  'model',
  'models',
  'client',
  'clients',
  'llm',
  'assistant',
]);
export const ANSWER: ReadonlySet<string> = new Set([
  'output',
  'result',
  'results',
  'response',
  'responses',
  'answer',
  'reply',
  'listing',
]);
export const THE_TOOL: ReadonlySet<string> = new Set([
  'it',
  'this',
  'tool',
  'operation',
  'server',
  'function',
  'command',
]);
export const NAME_JOINERS: ReadonlySet<string> = new Set(['and', 'or', 'then']);
export const MOMENT: ReadonlySet<string> = new Set([
  'time',
  'date',
  'datetime',
  'timestamp',
  'day',
  'week',
  'month',
  'year',
  'hour',
  'moment',
  'clock',
]);

/** What a tool hands back: a verb that makes one of these ("generate task lists") makes its answer. */
export const MADE_ANSWERS: ReadonlySet<string> = new Set([
  ...ANSWER,
  'list',
  'report',
  'summary',
  'overview',
]);

/** Parameters that choose what the tool does: their values are actions ("start", "reset"). */
export const ACTION_PARAMS: ReadonlySet<string> = new Set([
  'action',
  'actions',
  'operation',
  'op',
  'command',
  'cmd',
  'subcommand',
  'mode',
  'method',
  'verb',
]);
