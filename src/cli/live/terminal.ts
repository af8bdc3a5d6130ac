import { plain } from '../../core/escape/terminal.js';
import type { RunEvent } from '../../run/events.js';
import { type Display, displayLines, initialDisplay, reduceDisplay } from './display.js';

/** The terminal the block is drawn on (process.stderr, or a fake one in tests). */
export interface LiveStream {
  write(text: string): unknown;
  readonly columns?: number | undefined;
}

export interface LiveDisplay {
  /** A plain progress line: printed above the block, which is redrawn below it. */
  line(text: string): void;
  event(event: RunEvent): void;
  /** Erases the block and stops its clock; the plain lines stay. */
  close(): void;
}

export interface LiveOptions {
  now?: () => number;
  /** How often the clock redraws the block (elapsed, ETA); default 1 s. */
  tickMs?: number;
}

const ERASE_BELOW = '\x1b[J';

/** A line cut to the terminal's width, so the block never wraps and its height stays its line count. */
function toWidth(line: string, columns: number | undefined): string {
  if (columns === undefined || columns < 2 || line.length < columns) return line;
  return `${line.slice(0, columns - 2)}…`;
}

/**
 * One status block on a terminal, redrawn in place under the plain progress lines. The block's
 * content is `displayLines` of the reduced events; this only moves the cursor and writes. Every
 * line it is given and every line of the block is printed with `plain`: a server's name or an error
 * text in a progress line cannot move the cursor, forge a line or set the window title.
 */
export function liveDisplay(stream: LiveStream, options: LiveOptions = {}): LiveDisplay {
  const now = options.now ?? Date.now;
  let model: Display = initialDisplay(now());
  let drawn = 0;
  let open = true;
  const erase = () => (drawn > 0 ? `\x1b[${drawn}F${ERASE_BELOW}` : '');
  const block = () => {
    const lines = displayLines(model, now()).map((l) => toWidth(plain(l), stream.columns));
    drawn = lines.length;
    return lines.map((l) => `${l}\n`).join('');
  };
  const redraw = (above = '') => {
    if (!open) {
      if (above !== '') stream.write(above);
      return;
    }
    const before = erase();
    stream.write(`${before}${above}${block()}`);
  };
  const tick = setInterval(() => redraw(), options.tickMs ?? 1000);
  tick.unref();
  redraw();
  return {
    line: (text) => redraw(`${plain(text)}\n`),
    event(event) {
      try {
        model = reduceDisplay(model, event, now());
      } catch {
        // The display only shows the run: a usage row it cannot price must never stop the run
        // (the record prices the same rows and says why where it cannot).
        return;
      }
      redraw();
    },
    close() {
      if (!open) return;
      clearInterval(tick);
      stream.write(erase());
      drawn = 0;
      open = false;
    },
  };
}
