import { describe, expect, it } from 'vitest';
import { catalogueServer } from '../../examples/servers/lib/catalogue-server.js';
import { memoryServer } from '../../test/support/memory-server.js';
import { freshRunContext } from '../../test/support/run-context.js';
import { connect } from './connect-stage.js';
import { isolatedSessions } from './fresh-process.js';
import { RunTally } from './tally.js';
import { CallWatch } from './watched-calls.js';

describe('a session of its own for one plan (admission)', () => {
  it('opens a fresh server per plan, and notes once however many plans found no process to start', async () => {
    let started = 0;
    const target = memoryServer('catalogue', () => {
      started++;
      // The run's own session and one plan's session start; every later one cannot.
      if (started > 2) throw new Error('spawn ENOENT');
      return () => catalogueServer('fixture-good');
    });
    const ctx = freshRunContext({ target });
    const connected = await connect(ctx);
    const tally = new RunTally(() => undefined);
    const open = isolatedSessions(ctx, connected, new CallWatch(), tally);
    if (open === undefined) throw new Error('an in-memory target has sessions of its own');
    const own = await open();
    expect(started).toBe(2);
    // The plan's session answers (this planted server lists no such tool: an error, from the server).
    expect(await own.caller('list_items', {})).toMatchObject({
      kind: expect.stringMatching(/^(result|error)$/),
    });
    await own.close();
    for (const _ of [1, 2]) await (await open()).close();
    expect(tally.ownNotes.map((n) => n.id)).toEqual(['admission-isolated-process']);
    expect(tally.ownNotes[0]?.text).toMatch(/could not start \(.*spawn ENOENT/);
    await connected.main.session.close();
    await target.closeAll();
  });

  it('is absent over HTTP, where there is one server', () => {
    const ctx = freshRunContext({ target: { kind: 'http', url: 'http://127.0.0.1:9/mcp' } });
    expect(
      isolatedSessions(ctx, {} as never, new CallWatch(), new RunTally(() => undefined)),
    ).toBeUndefined();
  });
});
