/**
 * Small linear helpers for reading JSON (or JSON lines) text token by token without parsing it:
 * a forward-only literal prefilter, string-token ends, whitespace runs, and an edit list that
 * builds the rewritten text only where something changed. Every search here is an indexOf whose
 * start only moves forward, so a whole pass over a text costs one read of it per literal.
 */

/** An occurrence of a literal counts only when `confirm` (if given) says it can start something. */
export interface Literal {
  literal: string;
  confirm?: (text: string, at: number) => boolean;
}

/**
 * Answers "does some literal of group g start within [from, to)?" for successive, non-decreasing
 * `from`. Group g is the first `groups[g]` literals, so one pointer per literal serves every group.
 * Pointers move lazily: a query stops at the first literal it confirms in range, and an occurrence
 * is confirmed only when a query reaches it, so each occurrence is searched for and checked once.
 */
export class Prefilter {
  /** Per literal: its next occurrence at or after the last `from` it was searched from (-1: none). */
  private readonly next: number[];
  /** Per literal: the occurrence at `next` has passed its `confirm` (or has none to pass). */
  private readonly sure: boolean[];
  /** Per group: a lower bound of its literals' `next` (-1: none left). */
  private readonly low: number[];

  constructor(
    private readonly text: string,
    private readonly literals: readonly Literal[],
    private readonly groups: readonly number[] = [literals.length],
  ) {
    this.next = literals.map(() => 0);
    this.sure = literals.map(() => false);
    this.low = groups.map(() => 0);
  }

  /** True when literal k has a confirmed occurrence in [from, to); its pointer never moves back. */
  private hit(k: number, from: number, to: number): boolean {
    const l = this.literals[k];
    let at = this.next[k] ?? -1;
    if (l === undefined || at === -1) return false;
    if (at < from) {
      at = this.text.indexOf(l.literal, from);
      this.sure[k] = false;
    }
    while (at !== -1 && at < to && !this.sure[k]) {
      if (l.confirm === undefined || l.confirm(this.text, at)) this.sure[k] = true;
      else at = this.text.indexOf(l.literal, at + 1);
    }
    this.next[k] = at;
    return at !== -1 && at < to && this.sure[k] === true;
  }

  any(from: number, to: number, group = 0): boolean {
    const low = this.low[group] ?? -1;
    if (low === -1 || low >= to) return false;
    const size = this.groups[group] ?? 0;
    let min = -1;
    for (let k = 0; k < size; k += 1) {
      let n = this.next[k] ?? -1;
      if (n === -1) continue;
      if (n < to) {
        if (this.hit(k, from, to)) return true;
        n = this.next[k] ?? -1;
        if (n === -1) continue;
      }
      if (min === -1 || n < min) min = n;
    }
    this.low[group] = min;
    return false;
  }
}

/** What `String.prototype.trim` removes: ECMAScript WhiteSpace and LineTerminator. */
export function isTrimmed(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 5760 ||
    (c >= 8192 && c <= 8202) ||
    c === 8232 ||
    c === 8233 ||
    c === 8239 ||
    c === 8287 ||
    c === 12288 ||
    c === 65279
  );
}

/** The first index in [from, to) that is not trimmed whitespace, or `to`. */
export function skipSpace(text: string, from: number, to: number): number {
  let j = from;
  while (j < to && isTrimmed(text.charCodeAt(j))) j += 1;
  return j;
}

/** True when text[from, to) is a single `:` with only whitespace around it. */
export function onlyColon(text: string, from: number, to: number): boolean {
  const c = skipSpace(text, from, to);
  return c < to && text.charCodeAt(c) === 58 && skipSpace(text, c + 1, to) === to;
}

/** Forward-only caches of the next newline and the next backslash. */
export class Cursor {
  private nl: number;
  private bs: number;
  constructor(private readonly text: string) {
    this.nl = text.indexOf('\n');
    this.bs = text.indexOf('\\');
  }

  /** The first newline at or after `at`, or -1. */
  newline(at: number): number {
    if (this.nl !== -1 && this.nl < at) this.nl = this.text.indexOf('\n', at);
    return this.nl;
  }

  /** True when a backslash lies in [from, to). */
  backslash(from: number, to: number): boolean {
    if (this.bs !== -1 && this.bs < from) this.bs = this.text.indexOf('\\', from);
    return this.bs !== -1 && this.bs < to;
  }
}

/** Where the string token opening at `q` ends (after its closing quote), or -1 when its line breaks first. */
export function tokenEnd(text: string, q: number, cursor: Cursor): number {
  const nl = cursor.newline(q);
  let j = text.indexOf('"', q + 1);
  while (j !== -1) {
    let slashes = 0;
    while (text.charCodeAt(j - 1 - slashes) === 92 /* \ */) slashes += 1;
    if (slashes % 2 === 0) break;
    j = text.indexOf('"', j + 1);
  }
  if (j === -1 || (nl !== -1 && nl < j)) return -1;
  return j + 1;
}

/** Replacements of [start, end) stretches, added in order; the text is rebuilt once at the end. */
export class Edits {
  private readonly pieces: string[] = [];
  private copied = 0;
  constructor(private readonly text: string) {}

  replace(start: number, end: number, by: string): void {
    this.pieces.push(this.text.slice(this.copied, start), by);
    this.copied = end;
  }

  /** The rewritten text; the original string itself when nothing was replaced. */
  result(): string {
    if (this.pieces.length === 0) return this.text;
    return this.pieces.join('') + this.text.slice(this.copied);
  }
}
