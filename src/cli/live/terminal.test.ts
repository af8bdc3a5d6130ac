import { describe, expect, it } from 'vitest';
import { liveDisplay } from './terminal.js';

/** A fake terminal: keeps what was written and replays the cursor moves the display uses. */
function fakeTty(columns = 200) {
  const writes: string[] = [];
  return {
    columns,
    writes,
    write(text: string) {
      writes.push(text);
      return true;
    },
    /** The screen after every write: lines, with `ESC[nF` (up n, column 0) and `ESC[J` (erase below). */
    screen(): string[] {
      const lines: string[] = [''];
      let row = 0;
      const text = writes.join('');
      let i = 0;
      while (i < text.length) {
        if (text.startsWith('\x1b[', i)) {
          let j = i + 2;
          while (/\d/.test(text[j] ?? '')) j += 1;
          const n = Number(text.slice(i + 2, j) || '1');
          if (text[j] === 'F') row = Math.max(0, row - n);
          else if (text[j] === 'J') {
            lines.splice(row + 1);
            lines[row] = '';
          } else throw new Error(`unexpected escape ${JSON.stringify(text.slice(i, j + 1))}`);
          i = j + 1;
          continue;
        }
        if (text[i] === '\n') {
          row += 1;
          lines[row] ??= '';
        } else lines[row] = (lines[row] ?? '') + text[i];
        i += 1;
      }
      return lines.at(-1) === '' ? lines.slice(0, -1) : lines;
    },
  };
}

describe('the live terminal display', () => {
  it('draws one block under the plain lines and redraws it in place', () => {
    let t = 0;
    const tty = fakeTty();
    const live = liveDisplay(tty, { now: () => t, tickMs: 60_000 });
    live.line('run demo-1: /tmp/runs/demo-1');
    live.event({ type: 'phase', phase: 'drive', registered: 4 });
    t = 2000;
    live.event({ type: 'trial', phase: 'drive', count: 'passed' });
    live.line('drive: 1/4 trials');
    expect(tty.screen()).toEqual([
      'run demo-1: /tmp/runs/demo-1',
      'drive: 1/4 trials',
      'drive: 1/4 trials · 1 passed, 0 failed · ETA 6s',
      'elapsed 2s · model calls 0 · spend $0.00',
    ]);
    live.close();
  });

  it('erases the block on close and leaves only the plain lines, even written later', () => {
    const tty = fakeTty();
    const live = liveDisplay(tty, { now: () => 0, tickMs: 60_000 });
    live.line('connect: done');
    live.event({ type: 'stopping', reason: 'aborted', detail: 'interrupted by SIGINT' });
    expect(tty.screen().at(-2)).toBe('stopping: finishing the record (VOID aborted)…');
    live.close();
    live.line('record: /tmp/x/record.json');
    expect(tty.screen()).toEqual(['connect: done', 'record: /tmp/x/record.json']);
  });

  it('cuts lines to the terminal width so the block never wraps', () => {
    const tty = fakeTty(20);
    const live = liveDisplay(tty, { now: () => 0, tickMs: 60_000 });
    live.event({ type: 'phase', phase: 'null-random-args', registered: 100 });
    for (const line of tty.screen()) expect(line.length).toBeLessThan(20);
    live.close();
  });

  it('redraws on its clock so elapsed time moves without events', async () => {
    let t = 0;
    const tty = fakeTty();
    const live = liveDisplay(tty, { now: () => t, tickMs: 5 });
    t = 61_000;
    await new Promise((r) => setTimeout(r, 30));
    expect(tty.screen().at(-1)).toMatch(/^elapsed 1m01s/);
    live.close();
    const n = tty.writes.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(tty.writes.length).toBe(n);
  });

  it('prints a progress line that quotes a hostile server inert: one line, no escape reaches the terminal', () => {
    const tty = fakeTty();
    const live = liveDisplay(tty, { now: () => 0, tickMs: 60_000 });
    live.line('signature: not written (server said\n::add-mask::x \x1b[2J\x1b]0;pwned\x07\u202e)');
    expect(tty.screen()).toEqual([
      'signature: not written (server said\\n::add-mask::x \\x1b[2J\\x1b]0;pwned\\x07\\u202e)',
      'connecting…',
      'elapsed 0s · model calls 0 · spend $0.00',
    ]);
    live.close();
  });
});
