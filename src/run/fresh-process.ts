import { messageOf } from '../core/errors.js';
import type { IsolatedSession } from '../suite/admission/types.js';
import type { ToolCaller } from '../suite/surface.js';
import { watchedCaller } from './call-watch.js';
import type { RunContext } from './context.js';
import type { Connected } from './products.js';
import { openMainSession } from './run-session.js';
import type { Tally } from './tally.js';
import type { CallWatch } from './watched-calls.js';

/**
 * Admission's second execution of each read-only plan runs in a second, fresh server process
 * (docs/design.md §5.3), so a value of one process (its pid, an id it made at start) is never a
 * key: trials meet fresh processes too. Opened on the first re-execution, on the wire tape like every
 * session; over HTTP there is only the one server, so the re-execution uses the main session and
 * the record says so in a note. A process that cannot start is noted and the main session is used.
 */
export function recheckCaller(
  ctx: RunContext,
  connected: Connected,
  watch: CallWatch,
  tally: Tally,
): { caller: ToolCaller; close: () => Promise<void> } {
  const main = watchedCaller(ctx, connected, 'admit', watch);
  // An in-memory target builds a fresh server object per session, as a stdio one starts a process.
  if (ctx.config.target.kind === 'http') {
    tally.addNote({
      id: 'admission-recheck-process',
      text: 'Key stability was re-checked on the same HTTP server the run explored: a second, fresh process cannot be started over HTTP.',
    });
    return { caller: main, close: async () => undefined };
  }
  let opened: Promise<ToolCaller> | undefined;
  let session: Connected['main']['session'] | undefined;
  const open = async (): Promise<ToolCaller> => {
    try {
      session = await openMainSession(ctx, 'admit');
      return watchedCaller(ctx, { ...connected, main: { session } }, 'admit', watch);
    } catch (err) {
      tally.addNote({
        id: 'admission-recheck-process',
        text: `Key stability was re-checked in the process the run explored: a second server process could not start (${messageOf(err).slice(0, 300)}).`,
      });
      return main;
    }
  };
  const opening = (): Promise<ToolCaller> => {
    opened ??= open();
    return opened;
  };
  return {
    caller: async (name, args) => (await opening())(name, args),
    close: async () => {
      await opened;
      await session?.close().catch(() => undefined);
    },
  };
}

/**
 * A server session opened for one plan, as a trial gets one (a fresh process over stdio, a fresh
 * server object in memory): admission makes a read-only plan that failed in the exploration's
 * session again in one (docs/design.md §5.3). Absent over HTTP, where there is one server. A
 * process that cannot start is noted and the plan runs in the exploration's session.
 */
export function isolatedSessions(
  ctx: RunContext,
  connected: Connected,
  watch: CallWatch,
  tally: Tally,
): (() => Promise<IsolatedSession>) | undefined {
  if (ctx.config.target.kind === 'http') return undefined;
  const main = watchedCaller(ctx, connected, 'admit', watch);
  let noted = false;
  return async () => {
    try {
      const session = await openMainSession(ctx, 'admit');
      return {
        caller: watchedCaller(ctx, { ...connected, main: { session } }, 'admit', watch),
        close: () => session.close().catch(() => undefined),
      };
    } catch (err) {
      // One note however many plans met it: a record's note ids are unique.
      if (!noted)
        tally.addNote({
          id: 'admission-isolated-process',
          text: `A plan that failed in the explored process was made again there: a server process of its own could not start (${messageOf(err).slice(0, 300)}).`,
        });
      noted = true;
      return { caller: main, close: async () => undefined };
    }
  };
}
