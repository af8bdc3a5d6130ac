/**
 * Principle: a value printed in a line of plain output (a terminal, a log, a CI job's log) stays one
 * inert, visible value: no control character or escape sequence reaches the terminal (ESC, CSI, OSC 8
 * links, title sets, bidi overrides), a newline inside it shows as `\n` so it cannot forge a line,
 * and it never starts a workflow command.
 */
import { reveal } from './visible.js';
import { noCommand } from './workflow.js';

/** One value (a server's tool name, a job key, an error text) as it may be printed inside a line. */
export function plain(value: string): string {
  return noCommand(reveal(value));
}
