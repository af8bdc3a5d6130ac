/**
 * Limits every frame from a server must keep before anything parses, records or validates it. A
 * frame nested deeper than MAX_JSON_DEPTH overflows the stack of recursive code (JSON.stringify
 * fails near depth 6,000, and a 16 KB frame can be that deep), so depth is bounded at the transport
 * for stdio and HTTP alike, with the same size limit on both.
 */
export const MAX_JSON_DEPTH = 128;
export const DEFAULT_MAX_FRAME_BYTES = 16 * 1024 * 1024;

/** Why a frame was refused, for the tape and the one-line error. */
export type FrameRefusal = { kind: 'size'; limit: number } | { kind: 'depth'; limit: number };

export class FrameRefusedError extends Error {
  constructor(readonly refusal: FrameRefusal) {
    super(describeRefusal(refusal));
    this.name = 'FrameRefusedError';
  }
}

export function describeRefusal(r: FrameRefusal): string {
  return r.kind === 'size'
    ? `a frame from the server exceeded the ${r.limit}-byte frame limit`
    : `a frame from the server was nested deeper than ${r.limit} levels`;
}

/**
 * Tracks bracket depth over JSON text fed in pieces, outside strings, in linear time. `reset()`
 * starts a new frame (an SSE event boundary). Exceeding `max` is sticky until reset.
 */
export class DepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  exceeded = false;

  constructor(private readonly max = MAX_JSON_DEPTH) {}

  reset(): void {
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.exceeded = false;
  }

  /** Feeds text; true once the depth limit has been passed. */
  feed(text: string): boolean {
    if (this.exceeded) return true;
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92) this.escaped = true;
        else if (c === 34) this.inString = false;
      } else if (c === 34) this.inString = true;
      else if (c === 91 || c === 123) {
        this.depth += 1;
        if (this.depth > this.max) {
          this.exceeded = true;
          return true;
        }
      } else if ((c === 93 || c === 125) && this.depth > 0) this.depth -= 1;
    }
    return false;
  }
}

/** True when one whole JSON text nests deeper than `max`. */
export function tooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  return new DepthScanner(max).feed(text);
}
